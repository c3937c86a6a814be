// Account exclusions: companies (by primary domain) kept out of outreach. Create, read, patch,
// delete, list.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import type { Directory } from '../../providers/directory/index.ts';
import { primaryDomain } from '../people/accounts.service.ts';
import { DomainError, isUniqueViolation } from '../shared/errors.ts';
import { accountRecord, duplicate, patchColumns, type AccountExclusionInput, type AccountExclusionRecord, type ExclusionPatch } from './records.ts';
import { pageTotal } from '../shared/pagination.ts';
import { type AccountExclusionFilters, type ListPage } from './listing.ts';

async function existingAccountExclusion(em: EntityManager, organizationId: string, domain: string) {
  const row = await typedKysely(em)
    .selectFrom('account_exclusions').selectAll()
    .where('organization_id', '=', organizationId).where('domain', '=', domain)
    .executeTakeFirst();
  return row ?? null;
}

/** Creates an account exclusion on the primary domain (an alias resolves through the directory). */
export async function createAccountExclusion(em: EntityManager, directory: Directory, organizationId: string, input: AccountExclusionInput): Promise<AccountExclusionRecord> {
  const { domain } = await primaryDomain(directory, input.domain, 'domain');
  try {
    return await em.transactional(async (tx) => {
      const existing = await existingAccountExclusion(tx, organizationId, domain);
      if (existing) throw duplicate({ id: existing.id, field: 'domain' });
      const now = new Date();
      const row = await typedKysely(tx)
        .insertInto('account_exclusions')
        .values({
          id: randomUUID(), organization_id: organizationId, domain, reason: input.reason, message: input.message ?? null,
          until: input.until ? new Date(input.until) : null, created_at: now, updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return accountRecord(row);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await existingAccountExclusion(em, organizationId, domain);
    if (!existing) throw error;
    throw duplicate({ id: existing.id, field: 'domain' });
  }
}

export async function getAccountExclusion(em: EntityManager, organizationId: string, id: string): Promise<AccountExclusionRecord> {
  const row = await typedKysely(em)
    .selectFrom('account_exclusions').selectAll()
    .where('id', '=', id).where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!row) throw DomainError.notFound('Account exclusion');
  return accountRecord(row);
}

export async function patchAccountExclusion(em: EntityManager, organizationId: string, id: string, patch: ExclusionPatch): Promise<AccountExclusionRecord> {
  return em.transactional(async (tx) => {
    const row = await typedKysely(tx)
      .updateTable('account_exclusions').set(patchColumns(patch, new Date()))
      .where('id', '=', id).where('organization_id', '=', organizationId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw DomainError.notFound('Account exclusion');
    return accountRecord(row);
  });
}

export async function deleteAccountExclusion(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await typedKysely(tx)
      .deleteFrom('account_exclusions')
      .where('id', '=', id).where('organization_id', '=', organizationId)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw DomainError.notFound('Account exclusion');
  });
}

const accountSortColumns = { created_at: 'created_at', updated_at: 'updated_at', domain: 'domain', reason: 'reason' } as const;
export type AccountExclusionSort = keyof typeof accountSortColumns;
export const ACCOUNT_EXCLUSION_SORT_FIELDS = Object.keys(accountSortColumns) as AccountExclusionSort[];

/** Default order: created_at ascending, like every other list. One statement (a second only past the end). */
export async function listAccountExclusions(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  filters: AccountExclusionFilters,
  page: ListPage<AccountExclusionSort>,
): Promise<{ items: AccountExclusionRecord[]; total: number }> {
  const domain = filters.domain === undefined ? undefined : (await primaryDomain(directory, filters.domain, 'domain')).domain;
  const matching = typedKysely(em)
    .selectFrom('account_exclusions')
    .where('organization_id', '=', organizationId)
    .$if(filters.reason !== undefined, (q) => q.where('reason', '=', filters.reason!))
    .$if(filters.created_at_after !== undefined, (q) => q.where('created_at', '>', new Date(filters.created_at_after!)))
    .$if(filters.created_at_before !== undefined, (q) => q.where('created_at', '<', new Date(filters.created_at_before!)))
    .$if(domain !== undefined, (q) => q.where('domain', '=', domain!));
  const rows = await matching
    .selectAll()
    .select((eb) => eb.fn.countAll().over().as('total'))
    .orderBy(accountSortColumns[page.sortBy ?? 'created_at'], page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await pageTotal(rows, page.offset, async () => (await matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow()).total);
  return { items: rows.map(accountRecord), total };
}
