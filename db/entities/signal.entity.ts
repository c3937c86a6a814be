// Buying signals (SPEC 'Signal'): a preset watched with filters, feeding a destination contact or
// account list on a cadence; and the imports feed, one row per fact a check looked at (imported or
// skipped, and why). A fact is looked at once per signal (unique fact_key).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const SIGNAL_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED'] as const;
export const SIGNAL_CADENCES = ['DAILY', 'WEEKLY'] as const;
export const IMPORT_TARGETS = ['PEOPLE', 'COMPANIES'] as const;
export const IMPORT_KINDS = ['CONTACT', 'ACCOUNT'] as const;
export const IMPORT_STATUSES = ['IMPORTED', 'SKIPPED_DUPLICATE', 'SKIPPED_EXCLUDED', 'SKIPPED_CAP'] as const;

const SignalSchema = defineEntity({
  name: 'Signal',
  tableName: 'signals',
  indexes: [
    { name: 'signals_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'signals_event_name_unique', expression: 'create unique index "signals_event_name_unique" on "signals" ("organization_id", "event_name") where "event_name" is not null' },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    name: p.text(),
    signalType: p.text(),
    status: p.enum(SIGNAL_STATUSES).default('ACTIVE'),
    cadence: p.enum(SIGNAL_CADENCES).default('DAILY'),
    searchFilters: p.json<Record<string, string[]>>(),
    importSearchFilters: p.json<Record<string, string[]>>(),
    importTarget: p.enum(IMPORT_TARGETS),
    /** CUSTOM_EVENT only: PEOPLE or COMPANIES. */
    eventSubject: p.text().nullable(),
    /** CUSTOM_EVENT only: the watched first_party_event_name (one signal per name per organization, archived ones included). */
    eventName: p.text().nullable(),
    sequenceTemplateId: p.uuid().nullable(),
    enrichEmail: p.boolean().default(true),
    enrichPhones: p.boolean().default(true),
    maxPerRun: p.integer().nullable(),
    maxCompaniesPerRun: p.integer().nullable(),
    maxContactsPerCompany: p.integer().nullable(),
    /** The ceiling a check enforces, resolved from the caps (domain/signals). */
    maxPerDay: p.integer(),
    importedCount: p.integer().default(0),
    contactListId: p.uuid().nullable(),
    accountListId: p.uuid().nullable(),
    lastCheckedAt: p.datetime().nullable(),
    /** CUSTOM_EVENT: the poll watermark (received_at and id of the last event read), null before the first poll. */
    watermark: p.json<{ received_at: string; id: string }>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    archivedAt: p.datetime().nullable(),
  },
});

export class Signal extends SignalSchema.class {}
SignalSchema.setClass(Signal);

const SignalImportSchema = defineEntity({
  name: 'SignalImport',
  tableName: 'signal_imports',
  indexes: [
    { name: 'signal_imports_fact_unique', expression: 'create unique index "signal_imports_fact_unique" on "signal_imports" ("signal_id", "fact_key")' },
    { name: 'signal_imports_organization_occurred_index', properties: ['organization', 'occurredAt', 'id'] },
    { name: 'signal_imports_base_key_index', expression: `create index "signal_imports_base_key_index" on "signal_imports" ("signal_id", split_part("fact_key", '|person:', 1))` },
    { name: 'signal_imports_check_at_index', expression: `create index "signal_imports_check_at_index" on "signal_imports" ("signal_id", ("metadata" ->> 'check_at'))` },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    signalId: p.uuid(),
    /** The provider's stable id of the fact (or `event:<id>` / the dedup key for custom events). */
    factKey: p.text(),
    kind: p.enum(IMPORT_KINDS),
    status: p.enum(IMPORT_STATUSES),
    /** When the underlying fact occurred (the feed's order). */
    occurredAt: p.datetime(),
    firstName: p.text().nullable(),
    lastName: p.text().nullable(),
    email: p.text().nullable(),
    jobTitle: p.text().nullable(),
    linkedinUrl: p.text().nullable(),
    companyName: p.text().nullable(),
    companyDomain: p.text().nullable(),
    accountName: p.text().nullable(),
    accountDomain: p.text().nullable(),
    contactId: p.uuid().nullable(),
    accountId: p.uuid().nullable(),
    metadata: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class SignalImport extends SignalImportSchema.class {}
SignalImportSchema.setClass(SignalImport);
