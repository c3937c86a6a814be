// Account entries (docs/api/lists.md): each domain is looked up in
// the directory (an alias resolves to the company's primary domain, whose profile is kept on the
// entry) and linked to the workspace account of that domain, created when new: account_id is
// always set. One account once per list: the same company again updates its entry.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory, DirectoryCompany } from '../../providers/directory/index.ts';
import { escapeLike, primaryDomain } from '../people/accounts.service.ts';
import { normalizeDomain } from '../people/identifiers.ts';
import { DomainError } from '../shared/errors.ts';
import { failed, itemError, runItems, type BatchItem } from './lists.service.ts';
import { iso } from '../shared/time.ts';

export interface AccountEntryInput {
  account_list_id: string;
  name: string;
  domain: string;
}

export interface CompanyProfile {
  name: string;
  domain: string;
  alias_domains: string[];
  industry: string;
  size_band: string;
  employee_count: number;
  country_code: string;
  company_type: string;
  technologies: string[];
}

/** The entry's fields, with its times as `Time` (ISO strings in the record, Dates in the row). */
interface AccountEntryFields<Time> {
  id: string;
  account_list_id: string;
  /** Null only on entries a custom-event signal takes from an unresolved event. */
  account_id: string | null;
  name: string;
  /** The primary domain. */
  domain: string;
  /** The directory's profile of the company, or null when the directory does not know the domain. */
  company: CompanyProfile | null;
  created_at: Time;
  updated_at: Time;
}

export type AccountEntryRecord = AccountEntryFields<string>;

type EntryRow = AccountEntryFields<Date>;


function toRecord(row: EntryRow): AccountEntryRecord {
  return {
    id: row.id, account_list_id: row.account_list_id, account_id: row.account_id, name: row.name, domain: row.domain,
    company: row.company ?? null, created_at: iso(row.created_at), updated_at: iso(row.updated_at),
  };
}

function profile(company: DirectoryCompany): CompanyProfile {
  return {
    name: company.name, domain: company.domain, alias_domains: company.aliasDomains, industry: company.industry, size_band: company.sizeBand,
    employee_count: company.employeeCount, country_code: company.countryCode, company_type: company.companyType, technologies: company.technologies,
  };
}

const COLUMNS = sql.raw('id, account_list_id, account_id, name, domain, company, created_at, updated_at');

async function writeItem(em: EntityManager, directory: Directory, organizationId: string, input: AccountEntryInput): Promise<{ record: AccountEntryRecord; inserted: boolean }> {
  const name = input.name.trim();
  if (!name) throw DomainError.invalid('name', 'must not be blank');
  const domain = normalizeDomain(input.domain);
  if (!domain) throw DomainError.invalid('domain', 'is not a valid domain');
  const company = await directory.findCompanyByDomain(domain);
  const primary = company?.domain ?? domain;
  return em.transactional(async (tx) => {
    const db = tx.getKysely();
    const now = new Date();
    // The account's name is set on creation only (as POST /v1/accounts): the name sent.
    const account = await sql<{ id: string }>`
      INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at)
      VALUES (gen_random_uuid(), ${organizationId}, ${name}, ${primary}, ${now}, ${now}, ${now}, ${now})
      ON CONFLICT (organization_id, domain) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at RETURNING id`.execute(db);
    const { rows } = await sql<EntryRow & { inserted: boolean }>`
      INSERT INTO account_entries (id, organization_id, account_list_id, account_id, name, domain, company, created_at, updated_at)
      VALUES (gen_random_uuid(), ${organizationId}, ${input.account_list_id}, ${account.rows[0].id}, ${name}, ${primary},
              ${company ? JSON.stringify(profile(company)) : null}::jsonb, ${now}, ${now})
      ON CONFLICT (account_list_id, account_id) DO UPDATE SET name = EXCLUDED.name, company = EXCLUDED.company, updated_at = EXCLUDED.updated_at
      RETURNING ${COLUMNS}, (xmax = 0) AS inserted`.execute(db);
    return { record: toRecord(rows[0]), inserted: rows[0].inserted };
  });
}

/** POST /v1/account-entries for the items that passed the schema; each item's failure is its own. */
export async function addAccountEntries(
  em: EntityManager, directory: Directory, organizationId: string, items: { index: number; input: AccountEntryInput }[],
): Promise<BatchItem<AccountEntryRecord>[]> {
  const listIds = [...new Set(items.map((i) => i.input.account_list_id))];
  const { rows } = await sql<{ id: string }>`SELECT id FROM account_lists WHERE organization_id = ${organizationId} AND id = ANY (${listIds}::uuid[])`.execute(em.getKysely());
  const lists = new Set(rows.map((r) => r.id));
  const out: BatchItem<AccountEntryRecord>[] = [];
  const ready = items.filter(({ index, input }) => {
    if (lists.has(input.account_list_id)) return true;
    out.push(failed(index, { type: 'NotFoundIssue', message: 'account_list_id: Account list not found.' }));
    return false;
  });
  // The same company twice in a batch runs in order (the first creates, the next updates), an alias
  // and its primary domain included: items are keyed by the primary domain the directory knows.
  const keys = new Map<number, string>();
  await Promise.all(ready.map(async ({ index, input }) => {
    const typed = normalizeDomain(input.domain);
    keys.set(index, typed ? (await directory.findCompanyByDomain(typed))?.domain ?? typed : `#${index}`);
  }));
  await runItems(ready, (i) => [keys.get(i.index)!], 8, async ({ index, input }) => {
    try {
      const { record, inserted } = await writeItem(em.fork(), directory, organizationId, input);
      out.push({ index, status: inserted ? 'CREATED' : 'UPDATED', resource: record, error: null });
    } catch (error) {
      out.push(failed(index, itemError(error)));
    }
  });
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
  em: EntityManager, directory: Directory, organizationId: string, filters: AccountEntryFilters,
  page: { limit: number; offset: number; sortBy?: AccountEntrySort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: AccountEntryRecord[]; total: number }> {
  const db = em.getKysely();
  const list = await sql<{ id: string }>`SELECT id FROM account_lists WHERE id = ${filters.account_list_id} AND organization_id = ${organizationId}`.execute(db);
  if (!list.rows[0]) throw DomainError.notFound('Account list');
  const where = [sql`account_list_id = ${filters.account_list_id}`];
  if (filters.domain !== undefined) where.push(sql`domain = ${(await primaryDomain(directory, filters.domain, 'domain')).domain}`);
  if (filters.name !== undefined) where.push(sql`name ILIKE ${`%${escapeLike(filters.name)}%`}`);
  const condition = sql.join(where, sql` AND `);
  const column = sql.ref(page.sortBy ?? 'created_at');
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const [{ rows }, counted] = await Promise.all([
    sql<EntryRow>`SELECT ${COLUMNS} FROM account_entries WHERE ${condition} ORDER BY ${column} ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM account_entries WHERE ${condition}`.execute(db),
  ]);
  return { items: rows.map(toRecord), total: Number(counted.rows[0].total) };
}

export async function getAccountEntry(em: EntityManager, organizationId: string, id: string): Promise<AccountEntryRecord> {
  const { rows } = await sql<EntryRow>`SELECT ${COLUMNS} FROM account_entries WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Account entry');
  return toRecord(rows[0]);
}

export async function deleteAccountEntry(em: EntityManager, organizationId: string, id: string): Promise<AccountEntryRecord> {
  const { rows } = await sql<EntryRow>`DELETE FROM account_entries WHERE id = ${id} AND organization_id = ${organizationId} RETURNING ${COLUMNS}`.execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Account entry');
  return toRecord(rows[0]);
}
