// The mailboxes feature's queries on mailbox rows in typed Kysely: the sync's cursor and health, the
// sending route's read, the rows sync workflows follow, and the runs a mailbox lets go. Entities
// (connect, disconnect, test) go through MikroORM in mailboxes.service.ts. Each runs on the `em` it
// is given (its transaction, if any); the use cases beside this file hold the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely, type Row } from '../../db/kysely.ts';

// ---- Runs and routes

/** The organization's runs in one of `statuses` that this user sends (their own sender, or their template's when the run has none). */
export function runsSentBy(
  tx: EntityManager,
  organizationId: string,
  userId: string,
  statuses: readonly Row<'sequences'>['status'][],
) {
  return typedKysely(tx)
    .selectFrom('sequences as s')
    .innerJoin('sequence_templates as t', 't.id', 's.sequence_template_id')
    .select('s.id')
    .where('s.organization_id', '=', organizationId)
    .where((eb) => eb(eb.fn.coalesce('s.sender_id', 't.sender_user_id'), '=', userId))
    .where('s.status', 'in', statuses)
    .execute();
}

/** A mailbox not DISCONNECTED, by its id or its user: what sending through it needs. */
export function sendingMailbox(em: EntityManager, where: { userId: string } | { id: string }) {
  let query = typedKysely(em)
    .selectFrom('mailboxes')
    .select(['id', 'status', 'last_error', 'smtp_url_encrypted', 'imap_url_encrypted'])
    .where('status', '<>', 'DISCONNECTED');
  query = 'id' in where ? query.where('id', '=', where.id) : query.where('user_id', '=', where.userId);
  return query.executeTakeFirst();
}

// ---- Sync workflows

/** Every mailbox that is not DISCONNECTED. */
export function syncedMailboxes(em: EntityManager) {
  return typedKysely(em)
    .selectFrom('mailboxes')
    .select(['id', 'organization_id'])
    .where('status', '<>', 'DISCONNECTED')
    .execute();
}

export async function mailboxStatus(
  em: EntityManager,
  mailboxId: string,
): Promise<Row<'mailboxes'>['status'] | undefined> {
  return (await typedKysely(em).selectFrom('mailboxes').select('status').where('id', '=', mailboxId).executeTakeFirst())
    ?.status;
}

/**
 * Marks with a sync_error every CONNECTED mailbox without one whose inbox was not read to its end
 * (last_synced_at, else created_at) since `before`: `prefix`, then how many minutes before `now`,
 * then why; sync_error_since is that time. Answers how many were marked.
 */
export async function markUnread(em: EntityManager, prefix: string, now: Date, before: Date): Promise<number> {
  const since = sql<Date>`coalesce("last_synced_at", "created_at")`;
  const minutes = sql<string>`floor(extract(epoch from (${now}::timestamptz - ${since})) / 60)::int`;
  const marked = await typedKysely(em)
    .updateTable('mailboxes')
    .set({
      sync_error: sql<string>`${prefix} || 'the inbox has not been read for ' || ${minutes} || ' minutes: no sync is reading it (mailbox worker down, out of slots, or stuck)'`,
      sync_error_since: since,
    })
    .where('status', '=', 'CONNECTED')
    .where('sync_error', 'is', null)
    .where(since, '<', before)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows);
}

// ---- The sync's cursor and health

export function syncMailboxRow(em: EntityManager, mailboxId: string) {
  return typedKysely(em)
    .selectFrom('mailboxes')
    .select([
      'id',
      'organization_id',
      'user_id',
      'status',
      'imap_url_encrypted',
      'uid_validity',
      'last_uid',
      'last_error',
      'created_at',
      'last_synced_at',
      'last_received_at',
      'sync_error',
    ])
    .where('id', '=', mailboxId)
    .executeTakeFirst();
}

/** AUTH_FAILED with this last_error, unless the mailbox is DISCONNECTED. */
export async function setAuthFailed(em: EntityManager, mailboxId: string, lastError: string): Promise<void> {
  await typedKysely(em)
    .updateTable('mailboxes')
    .set({ status: 'AUTH_FAILED', last_error: lastError, updated_at: new Date() })
    .where('id', '=', mailboxId)
    .where('status', '<>', 'DISCONNECTED')
    .execute();
}

/** CONNECTED again, when it is AUTH_FAILED or ERROR with a last_error starting with `prefix`. */
export async function clearFailureWithPrefix(em: EntityManager, mailboxId: string, prefix: string): Promise<void> {
  await typedKysely(em)
    .updateTable('mailboxes')
    .set({ status: 'CONNECTED', last_error: null, updated_at: new Date() })
    .where('id', '=', mailboxId)
    .where('status', 'in', ['AUTH_FAILED', 'ERROR'])
    .where('last_error', 'like', `${prefix}%`)
    .execute();
}

/** sync_error this text, sync_error_since kept (else `since`), unless the mailbox is DISCONNECTED. */
export async function setSyncError(
  em: EntityManager,
  mailboxId: string,
  syncError: string,
  since: Date,
): Promise<void> {
  await typedKysely(em)
    .updateTable('mailboxes')
    .set({ sync_error: syncError, sync_error_since: sql<Date>`coalesce("sync_error_since", ${since})` })
    .where('id', '=', mailboxId)
    .where('status', '<>', 'DISCONNECTED')
    .execute();
}

export async function clearSyncError(em: EntityManager, mailboxId: string): Promise<void> {
  await typedKysely(em)
    .updateTable('mailboxes')
    .set({ sync_error: null, sync_error_since: null })
    .where('id', '=', mailboxId)
    .where('sync_error', 'is not', null)
    .execute();
}

/** inbox_waiting, and last_received_at moved to `lastReceivedAt` when later (never back). */
export async function setInboxWaiting(
  em: EntityManager,
  mailboxId: string,
  waiting: number,
  lastReceivedAt: Date | null,
): Promise<void> {
  const at = lastReceivedAt;
  await typedKysely(em)
    .updateTable('mailboxes')
    .set({
      inbox_waiting: waiting,
      ...(at ? { last_received_at: sql<Date>`greatest(coalesce("last_received_at", ${at}), ${at})` } : {}),
    })
    .where('id', '=', mailboxId)
    .execute();
}

/** The first cursor, for a mailbox that has none. */
export async function setFirstCursor(
  em: EntityManager,
  mailboxId: string,
  uidValidity: string,
  lastUid: number,
): Promise<void> {
  await typedKysely(em)
    .updateTable('mailboxes')
    .set({ uid_validity: uidValidity, last_uid: String(lastUid), last_synced_at: new Date(), updated_at: new Date() })
    .where('id', '=', mailboxId)
    .where('uid_validity', 'is', null)
    .execute();
}

/** Read to its end at `at`: nothing waits, no sync_error. */
export async function setSynced(em: EntityManager, mailboxId: string, at: Date): Promise<void> {
  await typedKysely(em)
    .updateTable('mailboxes')
    .set({ last_synced_at: at, inbox_waiting: 0, sync_error: null, sync_error_since: null })
    .where('id', '=', mailboxId)
    .execute();
}

/** The cursor moves to `uid` (never back within the same UIDVALIDITY; a new UIDVALIDITY starts it there). */
export async function moveCursor(
  tx: EntityManager,
  mailboxId: string,
  uidValidity: string,
  uid: number,
  now: Date,
): Promise<void> {
  await typedKysely(tx)
    .updateTable('mailboxes')
    .set({
      last_uid: sql<string>`case when "uid_validity" = ${uidValidity} then greatest(coalesce("last_uid", 0), ${uid}) else ${uid} end`,
      uid_validity: uidValidity,
      last_synced_at: now,
      updated_at: now,
    })
    .where('id', '=', mailboxId)
    .execute();
}
