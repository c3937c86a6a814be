// The queries of account entries (account-entries.service.ts holds the rules), in typed Kysely.
// Each runs on the `em` it is given (its transaction, if any).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely, type Row } from '../../db/kysely.ts';

/** The entry columns the API answers. */
export const ACCOUNT_ENTRY_COLUMNS = [
  'id',
  'account_list_id',
  'account_id',
  'name',
  'domain',
  'company',
  'created_at',
  'updated_at',
] as const;

export type AccountEntryRow = Pick<Row<'account_entries'>, (typeof ACCOUNT_ENTRY_COLUMNS)[number]>;

export interface NewAccountEntry {
  id: string;
  organization_id: string;
  account_list_id: string;
  account_id: string;
  name: string;
  domain: string;
  company: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
}

/** Inserts the entry, or updates the list's entry of that account (name, company); the row and whether it was inserted. */
export function upsertAccountEntry(em: EntityManager, entry: NewAccountEntry) {
  return (
    typedKysely(em)
      .insertInto('account_entries')
      .values(entry)
      .onConflict((oc) =>
        oc.columns(['account_list_id', 'account_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          company: eb.ref('excluded.company'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      // Raw: whether the upsert inserted is only visible as the system column xmax, which the builder does not know.
      .returning([...ACCOUNT_ENTRY_COLUMNS, sql<boolean>`(xmax = 0)`.as('inserted')])
      .executeTakeFirstOrThrow()
  );
}

/** Which of these account lists are the organization's. */
export async function organizationAccountListIds(
  em: EntityManager,
  organizationId: string,
  listIds: string[],
): Promise<Set<string>> {
  const rows = await typedKysely(em)
    .selectFrom('account_lists')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', listIds)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Whether the organization has this account list. */
export async function accountListExists(em: EntityManager, organizationId: string, listId: string): Promise<boolean> {
  const list = await typedKysely(em)
    .selectFrom('account_lists')
    .select('id')
    .where('id', '=', listId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return !!list;
}

/** One page of a list's entries (domain exact, name a case-insensitive LIKE pattern), and the total: two statements, in parallel. */
export async function accountEntryPage(
  em: EntityManager,
  where: { listId: string; domain?: string; namePattern?: string },
  page: {
    limit: number;
    offset: number;
    sortBy: 'created_at' | 'updated_at' | 'name' | 'domain';
    sortOrder: 'asc' | 'desc';
  },
): Promise<{ rows: AccountEntryRow[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('account_entries')
    .where('account_list_id', '=', where.listId)
    .$if(where.domain !== undefined, (q) => q.where('domain', '=', where.domain!))
    .$if(where.namePattern !== undefined, (q) => q.where('name', 'ilike', where.namePattern!));
  const [rows, counted] = await Promise.all([
    matching
      .select(ACCOUNT_ENTRY_COLUMNS)
      .orderBy(page.sortBy, page.sortOrder)
      .orderBy('id', page.sortOrder)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** One entry of the organization, or undefined. */
export function accountEntryById(em: EntityManager, organizationId: string, id: string) {
  return typedKysely(em)
    .selectFrom('account_entries')
    .select(ACCOUNT_ENTRY_COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Deletes one entry of the organization; the row as it was, or undefined. */
export function deleteAccountEntryRow(em: EntityManager, organizationId: string, id: string) {
  return typedKysely(em)
    .deleteFrom('account_entries')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .returning(ACCOUNT_ENTRY_COLUMNS)
    .executeTakeFirst();
}
