// DNS lookups of the sending setup (a tracking domain pointing at the service, a DKIM record
// published), behind one function of the shape of node's `dns.promises.resolve(name, rrtype)`, so
// tests answer them from a table (a test resolver) and never ask the internet. mailauth takes the
// same shape for its verifications.
import { promises as dns } from 'node:dns';

export type DnsResolve = (name: string, rrtype: 'A' | 'AAAA' | 'CNAME' | 'TXT') => Promise<unknown[]>;

/** The system's resolver. */
export const systemResolve: DnsResolve = (name, rrtype) => dns.resolve(name, rrtype) as Promise<unknown[]>;

/** The records of one type, none when the name has none (NXDOMAIN, NODATA); other failures throw. */
export async function records(resolve: DnsResolve, name: string, rrtype: 'A' | 'AAAA' | 'CNAME'): Promise<string[]> {
  try {
    return (await resolve(name, rrtype)).map(String);
  } catch (error) {
    if (['ENOTFOUND', 'ENODATA'].includes((error as { code?: string }).code ?? '')) return [];
    throw error;
  }
}

/** TXT records of a name, each joined from its strings; none when the name has none. */
export async function txtRecords(resolve: DnsResolve, name: string): Promise<string[]> {
  try {
    return (await resolve(name, 'TXT')).map((r) => (Array.isArray(r) ? r.join('') : String(r)));
  } catch (error) {
    if (['ENOTFOUND', 'ENODATA'].includes((error as { code?: string }).code ?? '')) return [];
    throw error;
  }
}

/** A host name as stored: lower case, no trailing dot; null when it is not a DNS name with a letter TLD. */
export function hostName(value: string): string | null {
  const name = value.trim().toLowerCase().replace(/\.$/, '');
  const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
  return name.length <= 253 && new RegExp(`^(?:${label}\\.)+[a-z][a-z0-9-]*[a-z0-9]$`).test(name) ? name : null;
}

/** Whether `name` reaches `target`: a CNAME to it, or an address (A, AAAA) of its own. */
export async function pointsAt(resolve: DnsResolve, name: string, target: string): Promise<boolean> {
  const cnames = (await records(resolve, name, 'CNAME')).map((c) => c.toLowerCase().replace(/\.$/, ''));
  if (cnames.includes(target)) return true;
  const addresses = async (host: string) => [
    ...(await records(resolve, host, 'A')),
    ...(await records(resolve, host, 'AAAA')),
  ];
  const wanted = new Set(await addresses(target));
  return (await addresses(name)).some((a) => wanted.has(a));
}
