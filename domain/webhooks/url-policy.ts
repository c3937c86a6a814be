// Which webhook URLs the service will call (SSRF defence). Checked when a subscription is saved and
// again for every address a host name resolves to when a delivery is sent, so a name that later
// resolves to an internal address (DNS rebinding) is refused too.
import { BlockList, isIP } from 'node:net';

export interface UrlPolicy {
  /** http:// to a loopback host (local stack and tests). */
  allowHttpLoopback: boolean;
  /** Addresses in private, link-local, loopback or other non-public ranges. */
  allowPrivate: boolean;
}

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // No ::/96 or ::ffff:0:0/96 rule here: BlockList also applies IPv6 rules to IPv4 addresses in
  // their mapped form, so ::ffff:0:0/96 would refuse every IPv4 address. Both are handled in
  // isPrivateAddress: embedded IPv4 addresses are checked as IPv4, ::/96 is refused outright.
  // Local-use NAT64 (RFC 8215), discard-only, Teredo, documentation.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  // Unique local, link-local, deprecated site-local, multicast.
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0];
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const gap = text.indexOf('::');
  if (gap < 0) return parse(text);
  const left = parse(text.slice(0, gap));
  const right = parse(text.slice(gap + 2));
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The IPv4 address an IPv6 address (its groups) stands for when it embeds one the network may route to:
 * IPv4-mapped (::ffff:a.b.c.d), well-known NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
function embeddedIpv4(g: number[]): string | null {
  if (g.length !== 8) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6], g[7]);
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  return null;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

export function isLoopbackAddress(address: string): boolean {
  const bare = address.split('%')[0];
  return loopback.check(bare, family(bare));
}

export function isPrivateAddress(address: string): boolean {
  const bare = address.split('%')[0];
  const groups = ipv6Groups(bare);
  if (groups) {
    // An IPv6 literal skips DNS, so an IPv4 address hidden inside one is checked here.
    const v4 = embeddedIpv4(groups);
    if (v4 !== null && privateRanges.check(v4, 'ipv4')) return true;
    // ::/96: unspecified, loopback and the deprecated IPv4-compatible ::a.b.c.d.
    if (groups.slice(0, 6).every((x) => x === 0)) return true;
  }
  return privateRanges.check(bare, family(bare));
}

function hostOf(url: URL): string {
  // `localhost.` (fully qualified) is the same host as `localhost`.
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isLoopbackAddress(host));
}

/** Why a subscription URL is refused, or null when it is acceptable. */
export function urlProblem(raw: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  const host = hostOf(url);
  if (url.protocol === 'http:') {
    if (!(policy.allowHttpLoopback && isLoopbackHost(host)))
      return 'must use https (http is allowed only to loopback, when the service is configured for it)';
  } else if (url.protocol !== 'https:') {
    return 'must use https';
  }
  if (isLoopbackHost(host)) {
    return policy.allowHttpLoopback || policy.allowPrivate ? null : 'must not point at a loopback address';
  }
  if (isIP(host) !== 0 && isPrivateAddress(host) && !policy.allowPrivate)
    return 'must not point at a private or link-local address';
  return null;
}

/** Whether a resolved address may be called under the policy. */
export function addressAllowed(address: string, policy: UrlPolicy): boolean {
  if (isLoopbackAddress(address)) return policy.allowHttpLoopback || policy.allowPrivate;
  return !isPrivateAddress(address) || policy.allowPrivate;
}
