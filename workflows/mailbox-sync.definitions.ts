// The mailbox sync's contract: one MailboxSyncWorkflow per connected mailbox (`mailbox-sync:<id>`)
// that keeps the syncMailbox activity running. Each activity run logs in, reads the INBOX from the
// durable cursor (mailboxes.uid_validity, last_uid) and waits for new mail with IDLE, or by polling
// every 15 s, heartbeating all along, until its time is up; the workflow loops it and continues as
// new before its history grows large. Its activities run on a task queue of their own
// (mailboxSyncTaskQueue), served by a worker whose slots fit many idle connections.
import { defineQuery, defineSignal } from '@temporalio/workflow';

export const MAILBOX_SYNC_WORKFLOW = 'mailboxSyncWorkflow';
/** The activity failure of a refused IMAP login: no retry of the same attempt helps. */
export const MAILBOX_AUTH_FAILED = 'MailboxAuthFailed';
/** The activity failure of an IMAP server that cannot be reached or dropped the session: retried. */
export const MAILBOX_UNREACHABLE = 'MailboxUnreachable';

export function mailboxSyncWorkflowId(mailboxId: string): string {
  return `mailbox-sync:${mailboxId}`;
}

/** The task queue of the sync activities of the workflows on `taskQueue`. */
export function mailboxSyncTaskQueue(taskQueue: string): string {
  return `${taskQueue}-mailboxes`;
}

export type SyncMode = 'IDLE' | 'POLL';

export interface MailboxCursor {
  /** The INBOX's UIDVALIDITY the UIDs belong to (decimal string), null before the first sync. */
  uidValidity: string | null;
  /** The highest UID recorded. */
  lastUid: number | null;
}

export interface MailboxSyncInput {
  mailboxId: string;
  organizationId: string;
  /** Where the syncMailbox activity runs (default: the workflow's task queue). */
  syncTaskQueue?: string;
  /** AUTO uses IDLE when the server offers it; POLL always polls. */
  mode?: 'AUTO' | 'POLL';
  /** How long one activity run lasts before it hands back (default 10 minutes). */
  runMs?: number;
  /** The pause between two polls (default 15 s). */
  pollMs?: number;
  /** The longest single IDLE before it is renewed (default 5 minutes; servers drop IDLE after 30). */
  idleMs?: number;
  /** Activity runs per workflow run before continue-as-new (default 50). */
  runsPerExecution?: number;
  /** Carried across continue-as-new for the status query. */
  cursor?: MailboxCursor;
  totals?: SyncTotals;
  /** How the last run waited for mail, carried for the status query. */
  lastMode?: SyncMode | null;
  /** What the last run saw of the inbox, carried for the status query. */
  health?: SyncHealth;
  /** Login failures in a row, carried so the backoff goes on growing. */
  authFailures?: number;
}

export interface SyncTotals {
  processed: number;
  replies: number;
  bounces: number;
  autoReplies: number;
  ignored: number;
  /** Messages that could not be parsed or stored: recorded UNREADABLE and passed. */
  unreadable: number;
}

/** What a run saw of the inbox's state as it ended (absent from runs recorded before these fields). */
export interface SyncHealth {
  /** Messages above the cursor the run left (0: it read to the end), null when it never listed them. */
  waiting?: number | null;
  /** When the run last saw the inbox read to its end (ISO 8601). */
  readToEndAt?: string | null;
  /** Since when the cursor has not moved while mail waits (ISO 8601), null when it moves. */
  stalledSince?: string | null;
}

export interface SyncRunInput {
  mailboxId: string;
  mode: 'AUTO' | 'POLL';
  runMs: number;
  pollMs: number;
  idleMs: number;
}

export interface SyncRunResult extends SyncHealth {
  /** True when the mailbox is gone or DISCONNECTED: the workflow ends. */
  stopped: boolean;
  cursor: MailboxCursor;
  mode: SyncMode | null;
  counts: SyncTotals;
  /** The INBOX's UIDVALIDITY changed since the last run: it was read again from the start (deduplicated by Message-ID). */
  rescanned: boolean;
}

export interface MailboxSyncStatus {
  phase: 'SYNCING' | 'WAITING_AFTER_FAILURE' | 'STOPPED';
  /** Messages above the cursor when the last run ended (0: read to the end); null before one ended. */
  waiting: number | null;
  /**
   * When a run last saw the inbox read to its end (ISO 8601): the sync's lag is now minus this. As of
   * the last run's end; the live figure is the mailbox's last_synced_at and the lag metric.
   */
  readToEndAt: string | null;
  /** Since when the cursor has not moved while mail waited (ISO 8601), null while it moves. */
  stalledSince: string | null;
  /** Since when runs fail in a row (ISO 8601): the server unreachable, the login refused; null once one works. */
  failingSince: string | null;
  cursor: MailboxCursor;
  /** How the last run waited for mail; null before the first run logged in. */
  mode: SyncMode | null;
  runsThisExecution: number;
  totals: SyncTotals;
  /** Why the last run failed (a refused login, an unreachable server), null once one works again. */
  lastError: string | null;
  /** While waiting after a failure: when the next attempt starts (ISO 8601). */
  retryAt: string | null;
}

export const mailboxSyncStatusQuery = defineQuery<MailboxSyncStatus>('status');
/** The mailbox was connected or tested again: a wait after a failure ends now. */
export const mailboxSyncWakeSignal = defineSignal('wake');
