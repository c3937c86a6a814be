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
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96]] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

export function isLoopbackAddress(address: string): boolean {
  return loopback.check(address, family(address));
}

export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6 && address.toLowerCase().startsWith('::ffff:')) {
    const mapped = address.slice(7);
    if (isIP(mapped) === 4) return privateRanges.check(mapped, 'ipv4');
  }
  return privateRanges.check(address, family(address));
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
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
    if (!(policy.allowHttpLoopback && isLoopbackHost(host))) return 'must use https (http is allowed only to loopback, when the service is configured for it)';
  } else if (url.protocol !== 'https:') {
    return 'must use https';
  }
  if (isLoopbackHost(host)) {
    return policy.allowHttpLoopback || policy.allowPrivate ? null : 'must not point at a loopback address';
  }
  if (isIP(host) !== 0 && isPrivateAddress(host) && !policy.allowPrivate) return 'must not point at a private or link-local address';
  return null;
}

/** Whether a resolved address may be called under the policy. */
export function addressAllowed(address: string, policy: UrlPolicy): boolean {
  if (isLoopbackAddress(address)) return policy.allowHttpLoopback || policy.allowPrivate;
  return !isPrivateAddress(address) || policy.allowPrivate;
}
