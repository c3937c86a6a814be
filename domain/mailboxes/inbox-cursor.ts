// The sync's reads and writes of its mailbox row: what it needs to log in and where its cursor is,
// the IMAP login's outcome on the status (AUTH_FAILED with the server's answer; CONNECTED again
// once an IMAP login works after an IMAP failure), and the first cursor of a new mailbox.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import { truncateText } from '../shared/text.ts';

/** last_error of a failure the inbox sync saw starts with this, so only the sync clears what it set. */
export const IMAP_ERROR_PREFIX = 'IMAP: ';

export interface SyncMailboxRow {
  id: string;
  organization_id: string;
  user_id: string;
  status: string;
  imap_url_encrypted: string;
  uid_validity: string | null;
  last_uid: string | null;
  last_error: string | null;
  created_at: Date;
  last_synced_at: Date | null;
}

export async function loadSyncMailbox(em: EntityManager, mailboxId: string): Promise<SyncMailboxRow | null> {
  const row = await typedKysely(em).selectFrom('mailboxes')
    .select(['id', 'organization_id', 'user_id', 'status', 'imap_url_encrypted', 'uid_validity', 'last_uid', 'last_error', 'created_at', 'last_synced_at'])
    .where('id', '=', mailboxId)
    .executeTakeFirst();
  return row ? { ...row, created_at: new Date(row.created_at), last_synced_at: row.last_synced_at === null ? null : new Date(row.last_synced_at) } : null;
}

/** The IMAP server refused the login: AUTH_FAILED with its answer (a disconnected mailbox stays so). */
export async function markImapAuthFailed(em: EntityManager, mailboxId: string, message: string): Promise<void> {
  await typedKysely(em).updateTable('mailboxes')
    .set({ status: 'AUTH_FAILED', last_error: truncateText(`${IMAP_ERROR_PREFIX}${message}`, 1000), updated_at: new Date() })
    .where('id', '=', mailboxId).where('status', '<>', 'DISCONNECTED')
    .execute();
}

/** An IMAP login worked: a failure the sync recorded earlier is over (one SMTP recorded stays). */
export async function markImapWorking(em: EntityManager, mailboxId: string): Promise<void> {
  await typedKysely(em).updateTable('mailboxes')
    .set({ status: 'CONNECTED', last_error: null, updated_at: new Date() })
    .where('id', '=', mailboxId).where('status', 'in', ['AUTH_FAILED', 'ERROR']).where('last_error', 'like', `${IMAP_ERROR_PREFIX}%`)
    .execute();
}

/**
 * A mailbox read for the first time starts with the mail that arrived since it was connected (its
 * older mail predates the service's emails from it), or, when its cursor was reset (connected again
 * to another server), since its last read: the cursor is set just below that (syncStartOf).
 */
export async function startCursor(em: EntityManager, mailboxId: string, uidValidity: string, lastUid: number): Promise<void> {
  await typedKysely(em).updateTable('mailboxes')
    .set({ uid_validity: uidValidity, last_uid: String(lastUid), last_synced_at: new Date(), updated_at: new Date() })
    .where('id', '=', mailboxId).where('uid_validity', 'is', null)
    .execute();
}

/** Since when a mailbox without a cursor has mail to read. */
export function syncStartOf(row: Pick<SyncMailboxRow, 'created_at' | 'last_synced_at'>): Date {
  return row.last_synced_at ?? row.created_at;
}

/** The inbox was read to its end just now. */
export async function touchSynced(em: EntityManager, mailboxId: string, at: Date): Promise<void> {
  await typedKysely(em).updateTable('mailboxes').set({ last_synced_at: at }).where('id', '=', mailboxId).execute();
}
