// Account entries (docs/api/lists.md): each domain is looked up in
// the directory (an alias resolves to the company's primary domain, whose profile is kept on the
// entry) and linked to the workspace account of that domain, created when new: account_id is
// always set. One account once per list: the same company again updates its entry.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory, DirectoryCompany } from '../../providers/directory/index.ts';
import { ensureAccounts, escapeLike, primaryDomain } from '../people/accounts.service.ts';
import { normalizeDomain } from '../people/identifiers.ts';
import { DomainError } from '../shared/errors.ts';
import { failed, itemError, runItems, type BatchItem } from './lists.service.ts';
import { iso } from '../shared/time.ts';
import {
  accountEntryById,
  accountEntryPage,
  accountListExists,
  deleteAccountEntryRow,
  organizationAccountListIds,
  upsertAccountEntry,
  type AccountEntryRow,
} from './account-entries.queries.ts';

export interface AccountEntryInput {
  account_list_id: string;
  name: string;
  domain: string;
}

export type CompanyProfile = {
  name: string;
  domain: string;
  alias_domains: string[];
  industry: string;
  size_band: string;
  employee_count: number;
  country_code: string;
  company_type: string;
  technologies: string[];
};

export interface AccountEntryRecord {
  id: string;
  account_list_id: string;
  /** Null only on entries a custom-event signal takes from an unresolved event. */
  account_id: string | null;
  name: string;
  /** The primary domain. */
  domain: string;
  /** The directory's profile of the company, or null when the directory does not know the domain. */
  company: CompanyProfile | null;
  created_at: string;
  updated_at: string;
}

function toRecord(row: AccountEntryRow): AccountEntryRecord {
  return {
    id: row.id,
    account_list_id: row.account_list_id,
    account_id: row.account_id,
    name: row.name,
    domain: row.domain,
    company: (row.company as CompanyProfile | null) ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function profile(company: DirectoryCompany): CompanyProfile {
  return {
    name: company.name,
    domain: company.domain,
    alias_domains: company.aliasDomains,
    industry: company.industry,
    size_band: company.sizeBand,
    employee_count: company.employeeCount,
    country_code: company.countryCode,
    company_type: company.companyType,
    technologies: company.technologies,
  };
}

async function writeItem(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  input: AccountEntryInput,
): Promise<{ record: AccountEntryRecord; inserted: boolean }> {
  const name = input.name.trim();
  if (!name) throw DomainError.invalid('name', 'must not be blank');
  const domain = normalizeDomain(input.domain);
  if (!domain) throw DomainError.invalid('domain', 'is not a valid domain');
  const company = await directory.findCompanyByDomain(domain);
  const primary = company?.domain ?? domain;
  return em.transactional(async (tx) => {
    const now = new Date();
    // The account's name is set on creation only (as POST /v1/accounts): the name sent.
    const accountId = (await ensureAccounts(tx, organizationId, new Map([[primary, name]]))).get(primary)!;
    const row = await upsertAccountEntry(tx, {
      id: randomUUID(),
      organization_id: organizationId,
      account_list_id: input.account_list_id,
      account_id: accountId,
      name,
      domain: primary,
      company: company ? profile(company) : null,
      created_at: now,
      updated_at: now,
    });
    return { record: toRecord(row), inserted: row.inserted };
  });
}

/** POST /v1/account-entries for the items that passed the schema; each item's failure is its own. */
export async function addAccountEntries(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  items: { index: number; input: AccountEntryInput }[],
): Promise<BatchItem<AccountEntryRecord>[]> {
  const listIds = [...new Set(items.map((i) => i.input.account_list_id))];
  const lists = listIds.length ? await organizationAccountListIds(em, organizationId, listIds) : new Set<string>();
  const out: BatchItem<AccountEntryRecord>[] = [];
  const ready = items.filter(({ index, input }) => {
    if (lists.has(input.account_list_id)) return true;
    out.push(failed(index, { type: 'NotFoundIssue', message: 'account_list_id: Account list not found.' }));
    return false;
  });
  // The same company twice in a batch runs in order (the first creates, the next updates), an alias
  // and its primary domain included: items are keyed by the primary domain the directory knows.
  const keys = new Map<number, string>();
  await Promise.all(
    ready.map(async ({ index, input }) => {
      const typed = normalizeDomain(input.domain);
      keys.set(index, typed ? ((await directory.findCompanyByDomain(typed))?.domain ?? typed) : `#${index}`);
    }),
  );
  await runItems(
    ready,
    (i) => [keys.get(i.index)!],
    8,
    async ({ index, input }) => {
      try {
        const { record, inserted } = await writeItem(em.fork(), directory, organizationId, input);
        out.push({ index, status: inserted ? 'CREATED' : 'UPDATED', resource: record, error: null });
      } catch (error) {
        out.push(failed(index, itemError(error)));
      }
    },
  );
  return out;
}

export const ACCOUNT_ENTRY_SORT_FIELDS = ['created_at', 'updated_at', 'name', 'domain'] as const;
export type AccountEntrySort = (typeof ACCOUNT_ENTRY_SORT_FIELDS)[number];

export interface AccountEntryFilters {
  account_list_id: string;
  domain?: string;
  name?: string;
}

/** Entries of one list (404 when not the organization's); domain is exact (an alias resolves), name a case-insensitive substring. */
export async function listAccountEntries(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  filters: AccountEntryFilters,
  page: { limit: number; offset: number; sortBy?: AccountEntrySort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: AccountEntryRecord[]; total: number }> {
  if (!(await accountListExists(em, organizationId, filters.account_list_id)))
    throw DomainError.notFound('Account list');
  const domain =
    filters.domain === undefined ? undefined : (await primaryDomain(directory, filters.domain, 'domain')).domain;
  const namePattern = filters.name === undefined ? undefined : `%${escapeLike(filters.name)}%`;
  const { rows, total } = await accountEntryPage(
    em,
    { listId: filters.account_list_id, domain, namePattern },
    { ...page, sortBy: page.sortBy ?? 'created_at' },
  );
  return { items: rows.map(toRecord), total };
}

export async function getAccountEntry(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<AccountEntryRecord> {
  const row = await accountEntryById(em, organizationId, id);
  if (!row) throw DomainError.notFound('Account entry');
  return toRecord(row);
}

export async function deleteAccountEntry(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<AccountEntryRecord> {
  const row = await deleteAccountEntryRow(em, organizationId, id);
  if (!row) throw DomainError.notFound('Account entry');
  return toRecord(row);
}
