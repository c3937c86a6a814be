// A domain an organization sends from through the shared transport, with its DKIM key pair: the
// private key sealed like other secrets (domain/sending/dkim.ts), the public key published by the
// organization in DNS (`<selector>._domainkey.<domain>` TXT). One organization per domain.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const SendingDomainSchema = defineEntity({
  name: 'SendingDomain',
  tableName: 'sending_domains',
  uniques: [{ name: 'sending_domains_domain_unique', properties: ['domain'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref().deleteRule('cascade'),
    /** Lower case, no trailing dot. */
    domain: p.text(),
    selector: p.text(),
    /** The public key, base64 DER (SubjectPublicKeyInfo): the TXT record's `p=`. */
    publicKey: p.text(),
    /** The private key (PKCS#8 PEM) sealed under WEBHOOK_SECRET_KEY, bound to this row. */
    privateKeySealed: p.text(),
    /** The last check that found the record published as it should be; null: never. */
    verifiedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class SendingDomain extends SendingDomainSchema.class {}
SendingDomainSchema.setClass(SendingDomain);
