// The sync's reads and writes of its mailbox row: what it needs to log in and where its cursor is,
// the IMAP login's outcome on the status (AUTH_FAILED with the server's answer; CONNECTED again
// once an IMAP login works after an IMAP failure), the first cursor of a new mailbox, and the
// sync's own health (sync_error: the server unreachable, or the cursor still while mail waits),
// which is shown with the mailbox but never holds the sender's emails.
import type { EntityManager } from '@mikro-orm/postgresql';
import { truncateText } from '../shared/text.ts';
import {
  clearFailureWithPrefix,
  clearSyncError,
  setAuthFailed,
  setFirstCursor,
  setInboxWaiting,
  setSyncError,
  setSynced,
  syncMailboxRow,
} from './mailboxes.queries.ts';

/** last_error of a failure the inbox sync saw starts with this, so only the sync clears what it set. */
export const IMAP_ERROR_PREFIX = 'IMAP: ';
const ERROR_MAX = 1000;

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
  last_received_at: Date | null;
  sync_error: string | null;
}

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

export async function loadSyncMailbox(em: EntityManager, mailboxId: string): Promise<SyncMailboxRow | null> {
  const row = await syncMailboxRow(em, mailboxId);
  return row
    ? {
        ...row,
        created_at: new Date(row.created_at),
        last_synced_at: date(row.last_synced_at),
        last_received_at: date(row.last_received_at),
      }
    : null;
}

/** The IMAP server refused the login: AUTH_FAILED with its answer (a disconnected mailbox stays so). */
export async function markImapAuthFailed(em: EntityManager, mailboxId: string, message: string): Promise<void> {
  await setAuthFailed(em, mailboxId, truncateText(`${IMAP_ERROR_PREFIX}${message}`, ERROR_MAX));
}

/** An IMAP login worked: a failure the sync recorded earlier is over (one SMTP recorded stays). */
export async function markImapWorking(em: EntityManager, mailboxId: string): Promise<void> {
  await clearFailureWithPrefix(em, mailboxId, IMAP_ERROR_PREFIX);
}

/**
 * The sync cannot read the inbox (its server unreachable, its cursor still while mail waits):
 * sync_error says why, sync_error_since keeps when it began (`since`, else now), status is left as
 * it is, so the sender's emails keep going out.
 */
export async function markSyncBlind(
  em: EntityManager,
  mailboxId: string,
  message: string,
  since = new Date(),
): Promise<void> {
  await setSyncError(em, mailboxId, truncateText(`${IMAP_ERROR_PREFIX}${message}`, ERROR_MAX), since);
}

/** The sync reads the inbox again: no more sync_error. */
export async function markSyncSeeing(em: EntityManager, mailboxId: string): Promise<void> {
  await clearSyncError(em, mailboxId);
}

/**
 * A batch was recorded: the messages still waiting above the cursor, and the INTERNALDATE of the
 * last message read (never moved back), where a re-connect to another server starts.
 */
export async function noteRead(
  em: EntityManager,
  mailboxId: string,
  read: { waiting: number; lastReceivedAt: Date | null },
): Promise<void> {
  await setInboxWaiting(em, mailboxId, read.waiting, read.lastReceivedAt);
}

/**
 * A mailbox read for the first time starts with the mail that arrived since it was connected (its
 * older mail predates the service's emails from it), or, when its cursor was reset (connected again
 * to another server), since its last read: the cursor is set just below that (syncStartOf).
 */
export async function startCursor(
  em: EntityManager,
  mailboxId: string,
  uidValidity: string,
  lastUid: number,
): Promise<void> {
  await setFirstCursor(em, mailboxId, uidValidity, lastUid);
}

/**
 * Since when a mailbox without a cursor has mail to read: after the last message read (its
 * INTERNALDATE, kept when `connect` resets the cursor for another server, so a re-connect resumes
 * there and mail that reached only the new server meanwhile is read), else since the inbox was last
 * read to its end, else since the mailbox was connected.
 */
export function syncStartOf(row: Pick<SyncMailboxRow, 'created_at' | 'last_synced_at' | 'last_received_at'>): Date {
  return row.last_received_at ?? row.last_synced_at ?? row.created_at;
}

/** The inbox was read to its end just now: nothing waits, and the sync is not blind. */
export async function touchSynced(em: EntityManager, mailboxId: string, at: Date): Promise<void> {
  await setSynced(em, mailboxId, at);
}
