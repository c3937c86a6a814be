// An account list's entries: one account per list, keeping the directory's company profile of its domain.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Account } from './account.entity.ts';
import { AccountList } from './account-list.entity.ts';
import { Organization } from './organization.entity.ts';

export const AccountEntrySchema = defineEntity({
  name: 'AccountEntry',
  tableName: 'account_entries',
  indexes: [
    { name: 'account_entries_list_created_index', properties: ['accountList', 'createdAt', 'id'] },
    { name: 'account_entries_account_index', properties: ['account'] },
    {
      name: 'account_entries_list_unlinked_domain_unique',
      expression:
        'create unique index "account_entries_list_unlinked_domain_unique" on "account_entries" ("account_list_id", "domain") where "account_id" is null',
    },
  ],
  uniques: [{ name: 'account_entries_list_account_unique', properties: ['accountList', 'account'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
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
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class AccountEntry extends AccountEntrySchema.class {}
AccountEntrySchema.setClass(AccountEntry);
