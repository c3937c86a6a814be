// Contact lists and account lists with their entries. A contact list may carry a default sequence
// template that auto-enrolls its entries; a contact entry links one contact per list (unique) and
// keeps the fields it was sent with plus its lead import's state (enrichment_status); an account
// entry links one account per list and keeps the directory's company profile of its domain.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Account } from './account.entity.ts';
import { Contact } from './contact.entity.ts';
import { Organization } from './organization.entity.ts';
import { SequenceTemplate } from './sequence-template.entity.ts';

export const ENRICHMENT_STATUSES = ['PENDING', 'DONE', 'FAILED'] as const;
export type EnrichmentStatus = (typeof ENRICHMENT_STATUSES)[number];

const ContactListSchema = defineEntity({
  name: 'ContactList',
  tableName: 'contact_lists',
  indexes: [
    { name: 'contact_lists_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'contact_lists_organization_name_index', properties: ['organization', 'name'] },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    name: p.text(),
    defaultSequenceTemplate: () => p.manyToOne(SequenceTemplate).ref().nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class ContactList extends ContactListSchema.class {}
ContactListSchema.setClass(ContactList);

const AccountListSchema = defineEntity({
  name: 'AccountList',
  tableName: 'account_lists',
  indexes: [
    { name: 'account_lists_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'account_lists_organization_name_index', properties: ['organization', 'name'] },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    name: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class AccountList extends AccountListSchema.class {}
AccountListSchema.setClass(AccountList);

const ContactEntrySchema = defineEntity({
  name: 'ContactEntry',
  tableName: 'contact_entries',
  indexes: [
    { name: 'contact_entries_list_created_index', properties: ['contactList', 'createdAt', 'id'] },
    { name: 'contact_entries_contact_index', properties: ['contact'] },
    { name: 'contact_entries_organization_index', properties: ['organization'] },
  ],
  uniques: [{ name: 'contact_entries_list_contact_unique', properties: ['contactList', 'contact'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
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
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class ContactEntry extends ContactEntrySchema.class {}
ContactEntrySchema.setClass(ContactEntry);

const AccountEntrySchema = defineEntity({
  name: 'AccountEntry',
  tableName: 'account_entries',
  indexes: [
    { name: 'account_entries_list_created_index', properties: ['accountList', 'createdAt', 'id'] },
    { name: 'account_entries_account_index', properties: ['account'] },
    {
      name: 'account_entries_list_unlinked_domain_unique',
      expression: 'create unique index "account_entries_list_unlinked_domain_unique" on "account_entries" ("account_list_id", "domain") where "account_id" is null',
    },
  ],
  uniques: [{ name: 'account_entries_list_account_unique', properties: ['accountList', 'account'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    accountList: () => p.manyToOne(AccountList).ref().deleteRule('cascade'),
    /** Always set, except on entries a custom-event signal takes from an unresolved event (the raw domain, never linked later). */
    account: () => p.manyToOne(Account).ref().nullable().deleteRule('cascade'),
    name: p.text(),
    /** The primary domain (an alias sent resolves to it). */
    domain: p.text(),
    /** The directory's company profile of the domain, or null when the directory does not know it. */
    company: p.json<Record<string, unknown>>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class AccountEntry extends AccountEntrySchema.class {}
AccountEntrySchema.setClass(AccountEntry);
