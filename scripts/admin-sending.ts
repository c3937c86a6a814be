// The admin CLI's sending commands (scripts/admin.ts hands them over, with its flags; their usage
// lines are these): an organization's tracking domain, sender address and DKIM sending domains. DNS lookups go through the system's
// resolver, or the servers of DNS_SERVERS (comma-separated `host[:port]`) when set.
//   npm run --silent admin -- org tracking-domain --org ORG_ID --set HOST|none [--json]
//     HOST must already resolve to the service (a CNAME to PUBLIC_BASE_URL's host, or its addresses);
//     click links and open pixels of the organization's emails then use https://HOST. none: back to PUBLIC_BASE_URL.
//   npm run --silent admin -- org sender-address --org ORG_ID --file PATH|--json-value '{"sender_identity":"Acme Inc.","postal_address":"1 Main St\nSpringfield"}' [--json]
//     in the footer of every sequence email, with the unsubscribe link; both null clears them.
//   npm run --silent admin -- domain register --org ORG_ID --set DOMAIN [--json]
//     makes the DKIM key pair and prints the TXT record to publish; emails From DOMAIN through the shared transport are signed.
//   npm run --silent admin -- domain check --org ORG_ID --set DOMAIN [--json]
//     looks the TXT record up; verified_at is set when it carries the key.
import { promises as dns } from 'node:dns';
import { readFileSync } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.ts';
import { AdminError } from '../domain/admin/admin.service.ts';
import { systemResolve, type DnsResolve } from '../domain/sending/dns.ts';
import { setTrackingDomain } from '../domain/sending/tracking-domain.ts';
import { setSenderAddress } from '../domain/sending/sender-address.ts';
import { checkSendingDomain, registerSendingDomain } from '../domain/sending/dkim.ts';

const COMMANDS = new Set(['org tracking-domain', 'org sender-address', 'domain register', 'domain check']);

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

/** The JSON document of --file or --json-value, exactly one. */
function jsonDocument(flags: Record<string, unknown>): unknown {
  const file = flags.file as string | undefined;
  const inline = flags['json-value'] as string | undefined;
  if ((file === undefined) === (inline === undefined))
    throw new AdminError('give exactly one of --file or --json-value');
  let text: string;
  try {
    text = file !== undefined ? readFileSync(file, 'utf8') : inline!;
  } catch (error) {
    throw new AdminError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AdminError(`${file ?? '--json-value'} is not valid JSON`);
  }
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
    case 'org sender-address':
      return setSenderAddress(em, need(flags, 'org'), jsonDocument(flags));
    case 'domain register':
      return registerSendingDomain(em, { secretKey: config.webhookSecretKey }, need(flags, 'org'), need(flags, 'set'));
    case 'domain check':
      return checkSendingDomain(em, { resolve }, need(flags, 'org'), need(flags, 'set'));
    default:
      throw new AdminError(`unknown command: ${command.join(' ')}`);
  }
}
