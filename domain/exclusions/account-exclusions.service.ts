// Account exclusions: companies (by primary domain) kept out of outreach. Create, read, patch,
// delete, list.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory } from '../../providers/directory/index.ts';
import { primaryDomain } from '../people/accounts.service.ts';
import { DomainError, isUniqueViolation } from '../shared/errors.ts';
import {
  accountRecord,
  duplicate,
  patchColumns,
  type AccountExclusionInput,
  type AccountExclusionRecord,
  type ExclusionPatch,
} from './records.ts';
import { pageTotal } from '../shared/pagination.ts';
import { type AccountExclusionFilters, type ListPage } from './listing.ts';
import {
  ACCOUNT_EXCLUSION_SORT_COLUMNS,
  accountExclusionById,
  accountExclusionCount,
  accountExclusionOfDomain,
  accountExclusionPage,
  deleteAccountExclusionRow,
  insertAccountExclusion,
  updateAccountExclusion,
} from './exclusions.queries.ts';

/** Creates an account exclusion on the primary domain (an alias resolves through the directory). */
export async function createAccountExclusion(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  input: AccountExclusionInput,
): Promise<AccountExclusionRecord> {
  const { domain } = await primaryDomain(directory, input.domain, 'domain');
  try {
    return await em.transactional(async (tx) => {
      const existing = await accountExclusionOfDomain(tx, organizationId, domain);
      if (existing) throw duplicate({ id: existing.id, field: 'domain' });
      const now = new Date();
      const row = await insertAccountExclusion(tx, {
        id: randomUUID(),
        organization_id: organizationId,
        domain,
        reason: input.reason,
        message: input.message ?? null,
        until: input.until ? new Date(input.until) : null,
        created_at: now,
        updated_at: now,
      });
      return accountRecord(row);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await accountExclusionOfDomain(em, organizationId, domain);
    if (!existing) throw error;
    throw duplicate({ id: existing.id, field: 'domain' });
  }
}

export async function getAccountExclusion(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<AccountExclusionRecord> {
  const row = await accountExclusionById(em, organizationId, id);
  if (!row) throw DomainError.notFound('Account exclusion');
  return accountRecord(row);
}

export async function patchAccountExclusion(
  em: EntityManager,
  organizationId: string,
  id: string,
  patch: ExclusionPatch,
): Promise<AccountExclusionRecord> {
  return em.transactional(async (tx) => {
    const row = await updateAccountExclusion(tx, organizationId, id, patchColumns(patch, new Date()));
    if (!row) throw DomainError.notFound('Account exclusion');
    return accountRecord(row);
  });
}

export async function deleteAccountExclusion(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    if (!(await deleteAccountExclusionRow(tx, organizationId, id))) throw DomainError.notFound('Account exclusion');
  });
}

export type AccountExclusionSort = keyof typeof ACCOUNT_EXCLUSION_SORT_COLUMNS;
export const ACCOUNT_EXCLUSION_SORT_FIELDS = Object.keys(ACCOUNT_EXCLUSION_SORT_COLUMNS) as AccountExclusionSort[];

/** Default order: created_at ascending, like every other list. One statement (a second only past the end). */
export async function listAccountExclusions(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  filters: AccountExclusionFilters,
  page: ListPage<AccountExclusionSort>,
): Promise<{ items: AccountExclusionRecord[]; total: number }> {
  const domain =
    filters.domain === undefined ? undefined : (await primaryDomain(directory, filters.domain, 'domain')).domain;
  const where = {
    reason: filters.reason,
    domain,
    createdAfter: filters.created_at_after !== undefined ? new Date(filters.created_at_after) : undefined,
    createdBefore: filters.created_at_before !== undefined ? new Date(filters.created_at_before) : undefined,
  };
  const rows = await accountExclusionPage(em, organizationId, where, {
    ...page,
    sortColumn: ACCOUNT_EXCLUSION_SORT_COLUMNS[page.sortBy ?? 'created_at'],
  });
  const total = await pageTotal(rows, page.offset, () => accountExclusionCount(em, organizationId, where));
  return { items: rows.map(accountRecord), total };
}
