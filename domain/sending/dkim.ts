// DKIM for the shared transport. An organization registers a sending domain: the service makes an
// RSA 2048 key pair, seals the private key under WEBHOOK_SECRET_KEY (SecretBox, bound to the row,
// as webhook secrets and mailbox credentials are) and prints the TXT record to publish; a check on
// request looks the record up and marks the domain verified. Every email the shared transport sends
// for a sender From their organization's verified domain is signed by nodemailer's DKIM support (dkimSigned below; no signing
// code of ours). Connected mailboxes are signed by their own provider, not here.
import { generateKeyPairSync } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Organization, SendingDomain, User } from '../../db/entities/index.ts';
import type { DkimKey, MailTransport, OutboundEmail } from '../../providers/mail/index.ts';
import { AdminError } from '../admin/admin.service.ts';
import { SecretBox } from '../webhooks/secrets.ts';
import { hostName, txtRecords, type DnsResolve } from './dns.ts';

/** The selector of the keys the service makes (`<selector>._domainkey.<domain>`). */
export const DKIM_SELECTOR = 'outreach1';

export interface SendingDomainRecord {
  id: string;
  organization_id: string;
  domain: string;
  selector: string;
  /** The record to publish. */
  dns_record: { name: string; type: 'TXT'; value: string };
  verified_at: string | null;
}

const boxOf = (secretKey: string) => new SecretBox(`dkim-keys:${secretKey}`);
const boundTo = (row: { id: string; domain: string }) => `sending-domain:${row.id}:${row.domain}`;

export function dnsRecordOf(row: Pick<SendingDomain, 'domain' | 'selector' | 'publicKey'>) {
  return {
    name: `${row.selector}._domainkey.${row.domain}`,
    type: 'TXT' as const,
    value: `v=DKIM1; k=rsa; p=${row.publicKey}`,
  };
}

function recordOf(row: SendingDomain): SendingDomainRecord {
  return {
    id: row.id,
    organization_id: row.organization.id,
    domain: row.domain,
    selector: row.selector,
    dns_record: dnsRecordOf(row),
    verified_at: row.verifiedAt?.toISOString() ?? null,
  };
}

function checkedDomain(domain: string): string {
  const name = hostName(domain);
  if (!name) throw new AdminError(`${JSON.stringify(domain)} is not a domain (for example example.com)`);
  return name;
}

/** Registers the domain for the organization with a new key pair; registering it again answers the same record. */
export async function registerSendingDomain(
  em: EntityManager,
  deps: { secretKey: string },
  organizationId: string,
  domain: string,
): Promise<SendingDomainRecord> {
  const name = checkedDomain(domain);
  if (!(await em.findOne(Organization, { id: organizationId })))
    throw new AdminError(`organization ${organizationId} not found`);
  const existing = await em.findOne(SendingDomain, { domain: name });
  if (existing) {
    if (existing.organization.id !== organizationId)
      throw new AdminError(`${name} is registered by another organization`);
    return recordOf(existing);
  }
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const row = em.create(SendingDomain, {
    organization: organizationId,
    domain: name,
    selector: DKIM_SELECTOR,
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKeySealed: '',
    verifiedAt: null,
    createdAt: new Date(),
  });
  row.privateKeySealed = boxOf(deps.secretKey).encrypt(
    privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    boundTo(row),
  );
  await em.flush();
  return recordOf(row);
}

/** Looks the TXT record up; verified when one carries this key. Throws, naming the record, when none does. */
export async function checkSendingDomain(
  em: EntityManager,
  deps: { resolve: DnsResolve },
  organizationId: string,
  domain: string,
): Promise<SendingDomainRecord> {
  const row = await em.findOne(SendingDomain, { domain: checkedDomain(domain), organization: organizationId });
  if (!row) throw new AdminError(`${domain} is not registered for organization ${organizationId}`);
  const record = dnsRecordOf(row);
  const published = await txtRecords(deps.resolve, record.name);
  const key = (txt: string) => /(?:^|;)\s*p=([^;]*)/.exec(txt)?.[1].replace(/\s+/g, '');
  if (!published.some((txt) => key(txt) === row.publicKey))
    throw new AdminError(`${record.name} TXT does not carry the key yet: publish "${record.value}" and check again`);
  row.verifiedAt = new Date();
  await em.flush();
  return recordOf(row);
}

/**
 * The DKIM key of the domain `email` is From when the sender's own organization registered it and
 * its record was found published (verified); null otherwise: a domain registered but not shown to be
 * the organization's signs nothing, and no organization signs another's mail.
 */
export async function dkimKeyFor(
  em: EntityManager,
  secretKey: string,
  email: string,
  senderId: string | null,
): Promise<DkimKey | null> {
  if (!senderId) return null;
  const domain = email.split('@').pop()?.toLowerCase() ?? '';
  const sender = await em.findOne(User, { id: senderId }, { fields: ['organization'] });
  if (!sender) return null;
  const row = await em.findOne(SendingDomain, {
    domain,
    organization: sender.organization,
    verifiedAt: { $ne: null },
  });
  if (!row) return null;
  return {
    domainName: row.domain,
    keySelector: row.selector,
    privateKey: boxOf(secretKey).decrypt(row.privateKeySealed, boundTo(row)),
  };
}

/** The shared transport for `senderId`'s emails, each From their organization's verified domain signed with its key (nodemailer's `dkim` option). */
export function dkimSigned(
  transport: MailTransport,
  deps: { em(): EntityManager; secretKey: string; senderId: string | null },
): MailTransport {
  const signed: MailTransport = {
    async send(message: OutboundEmail) {
      const dkim = await dkimKeyFor(deps.em(), deps.secretKey, message.from.email, deps.senderId);
      return transport.send(dkim ? { ...message, dkim } : message);
    },
  };
  if (transport.notSent) signed.notSent = (error) => transport.notSent!(error);
  if (transport.lookup) signed.lookup = (messageId) => transport.lookup!(messageId);
  return signed;
}
