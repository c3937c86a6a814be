// Contact exclusions: people (by normalised email or canonical LinkedIn URL) kept out of outreach,
// permanently or until a time. An exclusion whose `until` has passed is simply not in force:
// nothing flips it.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const EXCLUSION_REASONS = [
  'UNSUBSCRIBED',
  'CONTACT_REFUSED',
  'BOUNCED',
  'WRONG_PERSON',
  'LEFT_COMPANY',
  'BAD_TIMING',
  'OUT_OF_OFFICE',
  'MEETING',
  'INTERESTED',
  'COMPETITOR',
  'REFERRAL',
  'EXCLUDE_FROM_SEARCH',
  'EXCLUDE_FROM_CRM',
  'OTHER',
  'UNKNOWN',
] as const;

export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

export const ContactExclusionSchema = defineEntity({
  name: 'ContactExclusion',
  tableName: 'contact_exclusions',
  indexes: [
    {
      name: 'contact_exclusions_organization_email_unique',
      expression:
        'create unique index "contact_exclusions_organization_email_unique" on "contact_exclusions" ("organization_id", "email") where "email" is not null',
    },
    {
      name: 'contact_exclusions_organization_linkedin_unique',
      expression:
        'create unique index "contact_exclusions_organization_linkedin_unique" on "contact_exclusions" ("organization_id", "linkedin_url") where "linkedin_url" is not null',
    },
    { name: 'contact_exclusions_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    email: p.text().nullable(),
    linkedinUrl: p.text().nullable(),
    reason: p.enum(EXCLUSION_REASONS),
    message: p.text().nullable(),
    until: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class ContactExclusion extends ContactExclusionSchema.class {}
ContactExclusionSchema.setClass(ContactExclusion);
