// The queries of contact lists and account lists (lists.service.ts holds the rules), in typed
// Kysely. Each runs on the `em` it is given (its transaction, if any).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SequenceStatus } from '../../db/entities/sequence.entity.ts';
import { typedKysely, type Row } from '../../db/kysely.ts';

export type ListKind = 'contact' | 'account';

/** A list row (either kind; an account list has no template) with its entry count. */
export type ListRow = Pick<Row<'account_lists'>, 'id' | 'name' | 'created_at' | 'updated_at'> &
  Partial<Pick<Row<'contact_lists'>, 'default_sequence_template_id'>> & {
    entries_count: string | number | bigint | null;
  };

const contactListTable = (em: EntityManager) => typedKysely(em).selectFrom('contact_lists as l');
const accountListTable = (em: EntityManager) => typedKysely(em).selectFrom('account_lists as l');

/** A contact list's columns and entry count. */
function contactLists(lists: ReturnType<typeof contactListTable>) {
  return lists
    .select(['l.id', 'l.name', 'l.default_sequence_template_id', 'l.created_at', 'l.updated_at'])
    .select((eb) =>
      eb
        .selectFrom('contact_entries as e')
        .select(eb.fn.countAll().as('count'))
        .whereRef('e.contact_list_id', '=', 'l.id')
        .as('entries_count'),
    );
}

/** An account list's columns and entry count. */
function accountLists(lists: ReturnType<typeof accountListTable>) {
  return lists
    .select(['l.id', 'l.name', 'l.created_at', 'l.updated_at'])
    .select((eb) =>
      eb
        .selectFrom('account_entries as e')
        .select(eb.fn.countAll().as('count'))
        .whereRef('e.account_list_id', '=', 'l.id')
        .as('entries_count'),
    );
}

/** One list of the organization with its entry count (`lock`: FOR UPDATE), or undefined. */
export async function listRow(
  em: EntityManager,
  kind: ListKind,
  organizationId: string,
  id: string,
  lock = false,
): Promise<ListRow | undefined> {
  return kind === 'contact'
    ? contactLists(contactListTable(em))
        .where('l.id', '=', id)
        .where('l.organization_id', '=', organizationId)
        .$if(lock, (q) => q.forUpdate('l'))
        .executeTakeFirst()
    : accountLists(accountListTable(em))
        .where('l.id', '=', id)
        .where('l.organization_id', '=', organizationId)
        .$if(lock, (q) => q.forUpdate('l'))
        .executeTakeFirst();
}

/** A template of the organization with its status and step count, or undefined. */
export function templateStepCount(em: EntityManager, organizationId: string, templateId: string) {
  return typedKysely(em)
    .selectFrom('sequence_templates')
    .select((eb) => ['status', eb.fn<number>('jsonb_array_length', ['steps']).as('steps')])
    .where('id', '=', templateId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export interface NewList {
  id: string;
  organization_id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}

export async function insertContactList(
  em: EntityManager,
  list: NewList & { default_sequence_template_id: string | null },
): Promise<void> {
  await typedKysely(em).insertInto('contact_lists').values(list).execute();
}

export async function insertAccountList(em: EntityManager, list: NewList): Promise<void> {
  await typedKysely(em).insertInto('account_lists').values(list).execute();
}

export interface ListWhere {
  name?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

export type ListPage = {
  limit: number;
  offset: number;
  sortBy: 'created_at' | 'updated_at' | 'name';
  sortOrder: 'asc' | 'desc';
};

/** One page of the organization's lists of a kind, and the total: two statements, in parallel. */
export async function listPage(
  em: EntityManager,
  kind: ListKind,
  organizationId: string,
  where: ListWhere,
  page: ListPage,
): Promise<{ rows: ListRow[]; total: number }> {
  // The same filters, then the page and the count, on either kind's table.
  if (kind === 'contact') {
    const matching = contactListTable(em)
      .where('l.organization_id', '=', organizationId)
      .$if(where.name !== undefined, (q) => q.where('l.name', '=', where.name!))
      .$if(where.createdAfter !== undefined, (q) => q.where('l.created_at', '>', where.createdAfter!))
      .$if(where.createdBefore !== undefined, (q) => q.where('l.created_at', '<', where.createdBefore!));
    const [rows, counted] = await Promise.all([
      contactLists(matching)
        .orderBy(`l.${page.sortBy}`, page.sortOrder)
        .orderBy('l.id', page.sortOrder)
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(counted.total) };
  }
  const matching = accountListTable(em)
    .where('l.organization_id', '=', organizationId)
    .$if(where.name !== undefined, (q) => q.where('l.name', '=', where.name!))
    .$if(where.createdAfter !== undefined, (q) => q.where('l.created_at', '>', where.createdAfter!))
    .$if(where.createdBefore !== undefined, (q) => q.where('l.created_at', '<', where.createdBefore!));
  const [rows, counted] = await Promise.all([
    accountLists(matching)
      .orderBy(`l.${page.sortBy}`, page.sortOrder)
      .orderBy('l.id', page.sortOrder)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

export async function updateContactList(
  em: EntityManager,
  id: string,
  set: { updated_at: Date; name?: string; default_sequence_template_id?: string | null },
): Promise<void> {
  await typedKysely(em).updateTable('contact_lists').set(set).where('id', '=', id).execute();
}

export async function updateAccountList(
  em: EntityManager,
  id: string,
  set: { updated_at: Date; name?: string },
): Promise<void> {
  await typedKysely(em).updateTable('account_lists').set(set).where('id', '=', id).execute();
}

/** The ids of a contact list's resolved entries (DONE, with a contact), oldest first. */
export async function resolvedEntryIds(em: EntityManager, listId: string): Promise<string[]> {
  const rows = await typedKysely(em)
    .selectFrom('contact_entries')
    .select('id')
    .where('contact_list_id', '=', listId)
    .where('enrichment_status', '=', 'DONE')
    .where('contact_id', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Sequences in one of `statuses` sourced from one contact entry, or from any entry of one list. */
export async function sequencesSourcedFrom(
  em: EntityManager,
  organizationId: string,
  where: { entryId?: string; listId?: string },
  statuses: readonly SequenceStatus[],
): Promise<string[]> {
  const rows = await typedKysely(em)
    .selectFrom('contact_entries as e')
    .innerJoin('sequences as s', (join) =>
      join
        .onRef('s.organization_id', '=', 'e.organization_id')
        .onRef('s.contact_id', '=', 'e.contact_id')
        .onRef('s.source_contact_entry_id', '=', 'e.id'),
    )
    .select('s.id')
    .where('e.organization_id', '=', organizationId)
    .$if(!!where.entryId, (q) => q.where('e.id', '=', where.entryId!))
    .$if(!where.entryId, (q) => q.where('e.contact_list_id', '=', where.listId!))
    .where('s.status', 'in', [...statuses])
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes a list row. */
export async function deleteListRow(em: EntityManager, kind: ListKind, id: string): Promise<void> {
  if (kind === 'contact') await typedKysely(em).deleteFrom('contact_lists').where('id', '=', id).execute();
  else await typedKysely(em).deleteFrom('account_lists').where('id', '=', id).execute();
}
