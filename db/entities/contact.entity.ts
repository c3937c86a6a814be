// A workspace contact (person). Matched inside its organization on the normalised email, then the
// canonical LinkedIn URL; both are stored normalised, so a partial unique index keeps one contact
// per identifier. company_domain is the linked account's domain, not a copy.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Account } from './account.entity.ts';
import { Organization } from './organization.entity.ts';
import { User } from './user.entity.ts';

export const EMAIL_STATUSES = ['UNVERIFIED', 'DELIVERABLE', 'UNDELIVERABLE', 'RISKY', 'BOUNCED'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const ContactSchema = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  // Declared here (with the SQL of the migration) so the schema diff knows them.
  indexes: [
    {
      name: 'contacts_organization_email_unique',
      expression:
        'create unique index "contacts_organization_email_unique" on "contacts" ("organization_id", "email") where "email" is not null',
    },
    {
      name: 'contacts_organization_linkedin_unique',
      expression:
        'create unique index "contacts_organization_linkedin_unique" on "contacts" ("organization_id", "linkedin_url") where "linkedin_url" is not null',
    },
    { name: 'contacts_organization_account_index', properties: ['organization', 'account'] },
    { name: 'contacts_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'contacts_organization_last_seen_index', properties: ['organization', 'lastSeenAt'] },
    {
      name: 'contacts_search_trgm',
      expression:
        'create index "contacts_search_trgm" on "contacts" using gin (contact_search_text("first_name", "last_name", "email", "company_name", "job_title") gin_trgm_ops)',
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    account: () => p.manyToOne(Account).ref().nullable(),
    email: p.text().nullable(),
    linkedinUrl: p.text().nullable(),
    firstName: p.text().nullable(),
    lastName: p.text().nullable(),
    jobTitle: p.text().nullable(),
    companyName: p.text().nullable(),
    phone: p.text().nullable(),
    /** Set by the API (IANA); when null the zone is inferred from the location on read (domain/people/timezone-inference.ts). */
    timezone: p.text().nullable(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: p.text().nullable(),
    region: p.text().nullable(),
    city: p.text().nullable(),
    owner: () => p.manyToOne(User).ref().nullable(),
    emailStatus: p.enum(EMAIL_STATUSES).default('UNVERIFIED'),
    emailVerifiedAt: p.datetime().nullable(),
    firstSeenAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime().onCreate(() => new Date()),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Contact extends ContactSchema.class {}
ContactSchema.setClass(Contact);
