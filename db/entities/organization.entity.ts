// An organization (workspace): the tenant every other row belongs to.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export const OrganizationSchema = defineEntity({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    name: p.text(),
    /** Enrichment credits left; enrich calls spend one per answer with data. */
    enrichmentCredits: p.integer().default(0),
    /** Ceiling on imported leads per run (signals' max_per_run must stay within it). */
    leadLimit: p.integer().default(500),
    /** Ideal customer profile that qualification scores against (null: none set). */
    icpProfile: p.json<Record<string, string[]>>().nullable(),
    /** The host name tracking links and pixels use (its DNS points at the service); null: the public base URL. */
    trackingDomain: p.text().nullable(),
    /** Who sends, as the footer of every sequence email names it (a company's legal name); null: not set. */
    senderIdentity: p.text().nullable(),
    /** The sender's postal address, in the same footer (lines separated by newlines); null: not set. */
    postalAddress: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Organization extends OrganizationSchema.class {}
OrganizationSchema.setClass(Organization);
