// A signal's imports feed: one row per fact a check looked at (imported or skipped, and why). A
// fact is looked at once per signal (unique fact_key).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const IMPORT_KINDS = ['CONTACT', 'ACCOUNT'] as const;

export const IMPORT_STATUSES = ['IMPORTED', 'SKIPPED_DUPLICATE', 'SKIPPED_EXCLUDED', 'SKIPPED_CAP'] as const;

export const SignalImportSchema = defineEntity({
  name: 'SignalImport',
  tableName: 'signal_imports',
  indexes: [
    {
      name: 'signal_imports_fact_unique',
      expression: 'create unique index "signal_imports_fact_unique" on "signal_imports" ("signal_id", "fact_key")',
    },
    { name: 'signal_imports_organization_occurred_index', properties: ['organization', 'occurredAt', 'id'] },
    {
      name: 'signal_imports_base_key_index',
      expression: `create index "signal_imports_base_key_index" on "signal_imports" ("signal_id", split_part("fact_key", '|person:', 1))`,
    },
    {
      name: 'signal_imports_check_at_index',
      expression: `create index "signal_imports_check_at_index" on "signal_imports" ("signal_id", ("metadata" ->> 'check_at'))`,
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
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
