// The inbox sync's activity: one run logs in to the mailbox's IMAP server, opens INBOX read-only,
// records every message above the cursor in UID order (domain/mailboxes/inbox-record.ts, each in
// one transaction with the cursor), then waits for more (IDLE, or a NOOP every pollMs) until runMs
// has passed or the activity is cancelled, heartbeating the cursor throughout. A refused login marks
// the mailbox AUTH_FAILED and fails the run for good (MAILBOX_AUTH_FAILED); anything else throws
// for the activity's retry, which logs in again and goes on from the cursor.
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { MailboxCredentials } from '../domain/mailboxes/credentials.ts';
import { loadSyncMailbox, markImapAuthFailed, markImapWorking, startCursor, syncStartOf, touchSynced, type SyncMailboxRow } from '../domain/mailboxes/inbox-cursor.ts';
import { recordInboxMessage } from '../domain/mailboxes/inbox-record.ts';
import { ImapAuthError, ImapInbox, type InboxState } from '../providers/mail/imap.ts';
import type { WorkflowClients } from '../workflows/clients.ts';
import { MAILBOX_AUTH_FAILED, type MailboxCursor, type SyncMode, type SyncRunInput, type SyncRunResult, type SyncTotals } from '../workflows/mailbox-sync.definitions.ts';
import { activityContext } from './heartbeat.ts';

export interface MailboxSyncActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Pick<Config, 'webhookSecretKey' | 'mailboxSyncMode'>;
  workflows: WorkflowClients;
}

/** Messages fetched per round trip; a full batch is followed by another at once. */
const FETCH_BATCH = 50;
const HEARTBEAT_MS = 5_000;
/** last_synced_at is written at most this often while nothing arrives. */
const TOUCH_EVERY_MS = 60_000;
/** Allowance between the service's clock and the mail server's when the first sync looks for mail since the connection. */
const CLOCK_SKEW_MS = 60_000;

const emptyCounts = (): SyncTotals => ({ processed: 0, replies: 0, bounces: 0, autoReplies: 0, ignored: 0 });

const COUNTED = { REPLY: 'replies', BOUNCE: 'bounces', AUTO_REPLY: 'autoReplies', IGNORED: 'ignored' } as const;

export function createMailboxSyncActivities(deps: MailboxSyncActivityDeps) {
  const credentials = new MailboxCredentials(deps.config.webhookSecretKey);
  const em = () => deps.orm.em.fork();

  /** Logs in; a refused login marks the mailbox and becomes the non-retryable failure. */
  async function open(row: SyncMailboxRow, inbox: ImapInbox): Promise<InboxState> {
    try {
      const state = await inbox.open();
      await markImapWorking(em(), row.id);
      return state;
    } catch (error) {
      if (!(error instanceof ImapAuthError)) throw error;
      await markImapAuthFailed(em(), row.id, error.message);
      throw ApplicationFailure.create({ type: MAILBOX_AUTH_FAILED, message: error.message, nonRetryable: true });
    }
  }

  return {
    async syncMailbox(input: SyncRunInput): Promise<SyncRunResult> {
      const counts = emptyCounts();
      const row = await loadSyncMailbox(em(), input.mailboxId);
      if (!row || row.status === 'DISCONNECTED') {
        return { stopped: true, cursor: { uidValidity: row?.uid_validity ?? null, lastUid: row?.last_uid ? Number(row.last_uid) : null }, mode: null, counts, rescanned: false };
      }
      const context = activityContext();
      const signal = context?.cancellationSignal;
      const deadline = Date.now() + input.runMs;
      const inbox = new ImapInbox(credentials.open('imap', row.imap_url_encrypted));
      const cursor: MailboxCursor = { uidValidity: row.uid_validity, lastUid: row.last_uid === null ? null : Number(row.last_uid) };
      let mode: SyncMode | null = null;
      const heartbeat = () => context?.heartbeat({ cursor, mode, counts });
      heartbeat();
      const timer = setInterval(heartbeat, HEARTBEAT_MS);
      try {
        const state = await open(row, inbox);
        mode = state.idle && input.mode !== 'POLL' && deps.config.mailboxSyncMode !== 'poll' ? 'IDLE' : 'POLL';
        let rescanned = false;
        if (cursor.uidValidity === null) {
          const first = await inbox.firstUidSince(new Date(syncStartOf(row).getTime() - CLOCK_SKEW_MS));
          const start = first === null ? state.uidNext - 1 : first - 1;
          await startCursor(em(), row.id, state.uidValidity, start);
          Object.assign(cursor, { uidValidity: state.uidValidity, lastUid: start });
        } else if (cursor.uidValidity !== state.uidValidity) {
          // The server renumbered the INBOX: read it all again; messages already recorded are known by their Message-ID.
          deps.logger.warn({ mailboxId: row.id, was: cursor.uidValidity, now: state.uidValidity }, 'UIDVALIDITY changed: the inbox is read again from the start');
          Object.assign(cursor, { uidValidity: state.uidValidity, lastUid: 0 });
          rescanned = true;
        }
        const mailbox = { id: row.id, organizationId: row.organization_id, userId: row.user_id };
        let touchedAt = 0;
        while (Date.now() < deadline && !signal?.aborted) {
          const batch = await inbox.fetchAfter(cursor.lastUid ?? 0, FETCH_BATCH);
          for (const fetched of batch) {
            const recorded = await recordInboxMessage({ em: em(), workflows: deps.workflows, logger: deps.logger }, mailbox, { ...fetched, uidValidity: state.uidValidity });
            cursor.lastUid = fetched.uid;
            if (recorded.recorded) {
              counts.processed += 1;
              counts[COUNTED[recorded.kind]] += 1;
            }
          }
          if (batch.length === FETCH_BATCH) continue;
          if (Date.now() - touchedAt > TOUCH_EVERY_MS) {
            touchedAt = Date.now();
            await touchSynced(em(), row.id, new Date());
          }
          const waitMs = Math.min(Math.max(0, deadline - Date.now()), mode === 'IDLE' ? input.idleMs : input.pollMs);
          if (waitMs <= 0) break;
          const outcome = await inbox.waitForMail(waitMs, mode === 'IDLE', signal);
          if (outcome === 'closed') throw new Error('the IMAP server closed the connection');
        }
        if (signal?.aborted) throw new CancelledFailure('the mailbox sync was cancelled');
        return { stopped: false, cursor, mode, counts, rescanned };
      } finally {
        clearInterval(timer);
        await inbox.close();
      }
    },
  };
}

export type MailboxSyncActivities = ReturnType<typeof createMailboxSyncActivities>;
