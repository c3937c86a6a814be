// The admin CLI's sending commands (scripts/admin.ts hands them over, with its flags; their usage
// lines are these): an organization's tracking domain. DNS lookups go through the system's
// resolver, or the servers of DNS_SERVERS (comma-separated `host[:port]`) when set.
//   npm run --silent admin -- org tracking-domain --org ORG_ID --set HOST|none [--json]
//     HOST must already resolve to the service (a CNAME to PUBLIC_BASE_URL's host, or its addresses);
//     click links and open pixels of the organization's emails then use https://HOST. none: back to PUBLIC_BASE_URL.
import { promises as dns } from 'node:dns';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.ts';
import { AdminError } from '../domain/admin/admin.service.ts';
import { systemResolve, type DnsResolve } from '../domain/sending/dns.ts';
import { setTrackingDomain } from '../domain/sending/tracking-domain.ts';

const COMMANDS = new Set(['org tracking-domain']);

export const isSendingCommand = (command: string[]) => COMMANDS.has(command.join(' '));

/** The usage lines of this file (its `//   ` comment lines), for the CLI's help. */
export const SENDING_USAGE = (await import('node:fs'))
  .readFileSync(new URL(import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('//   '))
  .map((l) => `\n${l.slice(5)}`)
  .join('');

/** The resolver of DNS_SERVERS, else the system's. */
export function dnsResolve(env: Record<string, string | undefined>): DnsResolve {
  const servers = env.DNS_SERVERS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!servers?.length) return systemResolve;
  const resolver = new dns.Resolver({ timeout: 3000, tries: 2 });
  resolver.setServers(servers);
  return (name, rrtype) => resolver.resolve(name, rrtype) as Promise<unknown[]>;
}

function need(flags: Record<string, unknown>, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '') throw new AdminError(`--${name} is required`);
  return value;
}

export async function runSendingCommand(
  em: EntityManager,
  config: Config,
  command: string[],
  flags: Record<string, unknown>,
): Promise<unknown> {
  const resolve = dnsResolve(process.env);
  switch (command.join(' ')) {
    case 'org tracking-domain': {
      const domain = need(flags, 'set');
      return setTrackingDomain(
        em,
        { resolve, publicBaseUrl: config.publicBaseUrl },
        need(flags, 'org'),
        domain === 'none' ? null : domain,
      );
    }
    default:
      throw new AdminError(`unknown command: ${command.join(' ')}`);
  }
}
