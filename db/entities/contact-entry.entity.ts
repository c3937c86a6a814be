// A contact list's entries: one contact per list (unique), keeping the fields it was sent with
// plus its lead import's state (enrichment_status).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Contact } from './contact.entity.ts';
import { ContactList } from './contact-list.entity.ts';
import { Organization } from './organization.entity.ts';

export const ENRICHMENT_STATUSES = ['PENDING', 'DONE', 'FAILED'] as const;
export type EnrichmentStatus = (typeof ENRICHMENT_STATUSES)[number];

export const ContactEntrySchema = defineEntity({
  name: 'ContactEntry',
  tableName: 'contact_entries',
  indexes: [
    { name: 'contact_entries_list_created_index', properties: ['contactList', 'createdAt', 'id'] },
    { name: 'contact_entries_contact_index', properties: ['contact'] },
    { name: 'contact_entries_organization_index', properties: ['organization'] },
  ],
  uniques: [{ name: 'contact_entries_list_contact_unique', properties: ['contactList', 'contact'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    contactList: () => p.manyToOne(ContactList).ref().deleteRule('cascade'),
    /** Null only for entries a custom-event signal takes from an unresolved event. */
    contact: () => p.manyToOne(Contact).ref().nullable().deleteRule('cascade'),
    email: p.text().nullable(),
    linkedinUrl: p.text().nullable(),
    externalContactId: p.text().nullable(),
    firstName: p.text().nullable(),
    lastName: p.text().nullable(),
    companyName: p.text().nullable(),
    companyDomain: p.text().nullable(),
    jobTitle: p.text().nullable(),
    phone: p.text().nullable(),
    /** The lead import's state: PENDING until the profile is completed, then DONE (or FAILED). */
    enrichmentStatus: p.enum(ENRICHMENT_STATUSES).default('PENDING'),
    enrichmentError: p.text().nullable(),
    resolvedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class ContactEntry extends ContactEntrySchema.class {}
ContactEntrySchema.setClass(ContactEntry);
