// The signals feature's queries on the signal itself (its row as the API and a check read it, the
// list, create, patch and status writes, the destination lists, and the lookups create needs), in
// typed Kysely. Each runs on the `em` it is given (its transaction, if any); the use cases beside
// this file hold the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Insertable, Updateable } from 'kysely';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';

// ---- The signal as the API answers it

/** The columns of a signal record and detail. */
export const SIGNAL_COLUMNS = [
  'id',
  'organization_id',
  'name',
  'signal_type',
  'status',
  'cadence',
  'search_filters',
  'import_search_filters',
  'import_target',
  'event_subject',
  'event_name',
  'sequence_template_id',
  'enrich_email',
  'enrich_phones',
  'max_per_run',
  'max_companies_per_run',
  'max_contacts_per_company',
  'max_per_day',
  'imported_count',
  'contact_list_id',
  'account_list_id',
  'last_checked_at',
  'created_at',
  'updated_at',
  'archived_at',
] as const;
export type SignalRow = Pick<Row<'signals'>, (typeof SIGNAL_COLUMNS)[number]>;

/** The organization's signal, locked (FOR UPDATE) when `lock`; undefined when there is none. */
export function signalRow(
  em: EntityManager,
  organizationId: string,
  id: string,
  lock = false,
): Promise<SignalRow | undefined> {
  return typedKysely(em)
    .selectFrom('signals')
    .select(SIGNAL_COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Whether the organization has this signal. */
export async function isOrganizationSignal(em: EntityManager, organizationId: string, id: string): Promise<boolean> {
  return !!(await typedKysely(em)
    .selectFrom('signals')
    .select('id')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst());
}

/** One page of the organization's signals (archived ones only when asked), created_at then id in `direction`, and how many match. */
export async function signalListPage(
  em: EntityManager,
  organizationId: string,
  includeArchived: boolean,
  page: { limit: number; offset: number; direction: 'asc' | 'desc' },
): Promise<{ rows: SignalRow[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('signals')
    .where('organization_id', '=', organizationId)
    .$if(!includeArchived, (q) => q.where('status', '<>', 'ARCHIVED'));
  const [rows, counted] = await Promise.all([
    matching
      .select(SIGNAL_COLUMNS)
      .orderBy('created_at', page.direction)
      .orderBy('id', page.direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

// ---- Writes

/** Inserts a signal and answers its row. */
export function insertSignal(tx: EntityManager, values: Insertable<DB['signals']>): Promise<SignalRow> {
  return typedKysely(tx).insertInto('signals').values(values).returning(SIGNAL_COLUMNS).executeTakeFirstOrThrow();
}

/** Writes `sets` on the signal and answers its row. */
export function updateSignal(tx: EntityManager, id: string, sets: Updateable<DB['signals']>): Promise<SignalRow> {
  return typedKysely(tx)
    .updateTable('signals')
    .set(sets)
    .where('id', '=', id)
    .returning(SIGNAL_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function insertContactList(tx: EntityManager, values: Insertable<DB['contact_lists']>): Promise<void> {
  await typedKysely(tx).insertInto('contact_lists').values(values).execute();
}

export async function insertAccountList(tx: EntityManager, values: Insertable<DB['account_lists']>): Promise<void> {
  await typedKysely(tx).insertInto('account_lists').values(values).execute();
}

export async function renameContactList(tx: EntityManager, id: string, name: string, now: Date): Promise<void> {
  await typedKysely(tx).updateTable('contact_lists').set({ name, updated_at: now }).where('id', '=', id).execute();
}

export async function renameAccountList(tx: EntityManager, id: string, name: string, now: Date): Promise<void> {
  await typedKysely(tx).updateTable('account_lists').set({ name, updated_at: now }).where('id', '=', id).execute();
}

// ---- What create and patch look up

/** The organization's signal that watches this event name (archived ones included), if any. */
export function signalOfEventName(em: EntityManager, organizationId: string, eventName: string) {
  return typedKysely(em)
    .selectFrom('signals')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('event_name', '=', eventName)
    .executeTakeFirst();
}

/** The organization's lead limit (undefined when there is no such organization). */
export async function organizationLeadLimit(em: EntityManager, organizationId: string) {
  return (
    await typedKysely(em)
      .selectFrom('organizations')
      .select('lead_limit')
      .where('id', '=', organizationId)
      .executeTakeFirst()
  )?.lead_limit;
}

/** Whether the organization has this sequence template. */
export async function isOrganizationTemplate(
  em: EntityManager,
  organizationId: string,
  templateId: string,
): Promise<boolean> {
  return !!(await typedKysely(em)
    .selectFrom('sequence_templates')
    .select('id')
    .where('id', '=', templateId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst());
}

// ---- The signal as a check reads it

const CHECK_COLUMNS = [
  'id',
  'organization_id',
  'signal_type',
  'status',
  'cadence',
  'search_filters',
  'import_search_filters',
  'import_target',
  'event_subject',
  'event_name',
  'sequence_template_id',
  'enrich_email',
  'enrich_phones',
  'max_companies_per_run',
  'max_contacts_per_company',
  'max_per_day',
  'contact_list_id',
  'account_list_id',
  'last_checked_at',
  'watermark',
  'created_at',
  'updated_at',
] as const;
export type SignalCheckRow = Pick<Row<'signals'>, (typeof CHECK_COLUMNS)[number]>;

/** The organization's signal as a check reads it; undefined when there is none. */
export function signalCheckRow(
  em: EntityManager,
  organizationId: string,
  signalId: string,
): Promise<SignalCheckRow | undefined> {
  return typedKysely(em)
    .selectFrom('signals')
    .select(CHECK_COLUMNS)
    .where('id', '=', signalId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Records the time of the signal's last check. */
export async function markChecked(em: EntityManager, id: string, at: Date): Promise<void> {
  await typedKysely(em)
    .updateTable('signals')
    .set({ last_checked_at: at, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The poll's watermark: the last event it read. */
export async function setWatermark(
  tx: EntityManager,
  id: string,
  watermark: { received_at: string; id: string },
): Promise<void> {
  await typedKysely(tx).updateTable('signals').set({ watermark }).where('id', '=', id).execute();
}
