// The inbox sync's activity: one run logs in to the mailbox's IMAP server, opens INBOX read-only,
// lists the UIDs above the cursor once per pass and records them in UID order, in batches bounded
// by count and bytes (providers/mail/inbox-batches.ts; each message in one transaction with the
// cursor, domain/mailboxes/inbox-record.ts), then waits for more (IDLE, or a NOOP every pollMs)
// until runMs has passed or the activity is cancelled, heartbeating the cursor throughout.
// A refused login marks the mailbox AUTH_FAILED and fails the run for good (MAILBOX_AUTH_FAILED).
// A server that cannot be reached marks the mailbox's sync_error and fails the attempt
// (MAILBOX_UNREACHABLE, retried); a cursor that stays still while mail waits is marked too. Neither
// holds the sender's emails: the sync's trouble is shown, not passed on to sending.
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { InboxMessageKind } from '../db/entities/mailbox-inbox-message.entity.ts';
import { MailboxCredentials } from '../domain/mailboxes/credentials.ts';
import {
  loadSyncMailbox,
  markImapAuthFailed,
  markImapWorking,
  markSyncBlind,
  markSyncSeeing,
  noteRead,
  startCursor,
  syncStartOf,
  touchSynced,
  type SyncMailboxRow,
} from '../domain/mailboxes/inbox-cursor.ts';
import { recordInboxMessage } from '../domain/mailboxes/inbox-record.ts';
import { withoutSecrets } from '../domain/mailboxes/mail-urls.ts';
import { ByteBudget } from '../providers/mail/fetch-budget.ts';
import { readBatches, type BatchLimits } from '../providers/mail/inbox-batches.ts';
import { ImapAuthError, ImapInbox, type ImapServer, type InboxState } from '../providers/mail/imap.ts';
import type { WorkflowClients } from '../workflows/clients.ts';
import {
  MAILBOX_AUTH_FAILED,
  MAILBOX_UNREACHABLE,
  type MailboxCursor,
  type SyncMode,
  type SyncRunInput,
  type SyncRunResult,
  type SyncTotals,
} from '../workflows/mailbox-sync.definitions.ts';
import { activityContext } from './heartbeat.ts';

export interface MailboxSyncActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Pick<
    Config,
    | 'webhookSecretKey'
    | 'mailboxSyncMode'
    | 'mailboxMessageMaxBytes'
    | 'mailboxBatchMaxBytes'
    | 'mailboxFetchBudgetBytes'
    | 'mailboxSyncStallMinutes'
    | 'reputation'
  >;
  workflows: WorkflowClients;
  /** The bytes of mail all syncs of this process may hold at once (one of its own when absent). */
  budget?: ByteBudget;
  /** Told of every message recorded, by kind (the worker's counter). */
  onRecorded?: (kind: InboxMessageKind) => void;
}

/** Messages fetched per batch at most (bytes bound it too: MAILBOX_BATCH_MAX_BYTES). */
const FETCH_BATCH = 50;
const HEARTBEAT_MS = 5_000;
/** last_synced_at is written at most this often while nothing arrives. */
const TOUCH_EVERY_MS = 60_000;
/** Allowance between the service's clock and the mail server's when the first sync looks for mail since the connection. */
const CLOCK_SKEW_MS = 60_000;
const MINUTE_MS = 60_000;

const emptyCounts = (): SyncTotals => ({
  processed: 0,
  replies: 0,
  bounces: 0,
  autoReplies: 0,
  ignored: 0,
  unreadable: 0,
});

const COUNTED: Record<string, Exclude<keyof SyncTotals, 'processed'>> = {
  REPLY: 'replies',
  BOUNCE: 'bounces',
  AUTO_REPLY: 'autoReplies',
  IGNORED: 'ignored',
  UNREADABLE: 'unreadable',
};

/** What an IMAP failure says, for the row and the workflow's history: never a password or login. */
function failureMessage(error: unknown, server: ImapServer): string {
  const e = error as { responseText?: string; message?: string; code?: string } | null;
  const said = e?.responseText ?? e?.message ?? String(error);
  const text = e?.code && !said.includes(e.code) ? `${said} (${e.code})` : said;
  return withoutSecrets(`imap${server.tls ? 's' : ''}://${server.host}:${server.port}: ${text}`, [
    { ...server, protocol: 'imap' },
  ]);
}

export function createMailboxSyncActivities(deps: MailboxSyncActivityDeps) {
  const credentials = new MailboxCredentials(deps.config.webhookSecretKey);
  const em = () => deps.orm.em.fork();
  // One budget per worker process: every sync's batches share it.
  const budget = deps.budget ?? new ByteBudget(deps.config.mailboxFetchBudgetBytes);
  const limits: BatchLimits = {
    maxCount: FETCH_BATCH,
    maxBytes: deps.config.mailboxBatchMaxBytes,
    messageMaxBytes: deps.config.mailboxMessageMaxBytes,
  };
  const stallMs = deps.config.mailboxSyncStallMinutes * MINUTE_MS;

  /**
   * Logs in. A refused login marks the mailbox and becomes the non-retryable failure; a server that
   * cannot be reached marks the sync blind and becomes a retryable failure that says why.
   */
  async function open(row: SyncMailboxRow, inbox: ImapInbox, server: ImapServer): Promise<InboxState> {
    try {
      const state = await inbox.open();
      await markImapWorking(em(), row.id);
      return state;
    } catch (error) {
      const message =
        error instanceof ImapAuthError
          ? withoutSecrets(error.message, [{ ...server, protocol: 'imap' }])
          : failureMessage(error, server);
      if (error instanceof ImapAuthError) {
        await markImapAuthFailed(em(), row.id, message);
        throw ApplicationFailure.create({ type: MAILBOX_AUTH_FAILED, message, nonRetryable: true });
      }
      await markSyncBlind(em(), row.id, message);
      throw ApplicationFailure.create({ type: MAILBOX_UNREACHABLE, message });
    }
  }

  return {
    async syncMailbox(input: SyncRunInput): Promise<SyncRunResult> {
      const counts = emptyCounts();
      const row = await loadSyncMailbox(em(), input.mailboxId);
      if (!row || row.status === 'DISCONNECTED') {
        return {
          stopped: true,
          cursor: { uidValidity: row?.uid_validity ?? null, lastUid: row?.last_uid ? Number(row.last_uid) : null },
          mode: null,
          counts,
          rescanned: false,
        };
      }
      const context = activityContext();
      const signal = context?.cancellationSignal;
      const deadline = Date.now() + input.runMs;
      const server = credentials.open(row.id, 'imap', row.imap_url_encrypted);
      const inbox = new ImapInbox(server, deps.config.mailboxMessageMaxBytes);
      const cursor: MailboxCursor = {
        uidValidity: row.uid_validity,
        lastUid: row.last_uid === null ? null : Number(row.last_uid),
      };
      let mode: SyncMode | null = null;
      // The sync's health as this run sees it: what waits, when the cursor last moved or reached the end.
      let waiting: number | null = null;
      let progressAt = (row.last_synced_at ?? row.created_at).getTime();
      let readToEndAt: number | null = null;
      let stalledSince: number | null = null;
      // Whether the row may say the sync is blind (it did when loaded, or this run marked it): only then is it cleared.
      let maybeBlind = row.sync_error !== null;
      const seeing = async () => {
        stalledSince = null;
        if (maybeBlind) await markSyncSeeing(em(), row.id);
        maybeBlind = false;
      };
      const heartbeat = () => context?.heartbeat({ cursor, mode, counts, waiting });
      heartbeat();
      const timer = setInterval(heartbeat, HEARTBEAT_MS);
      const health = () => ({
        waiting,
        readToEndAt: readToEndAt === null ? null : new Date(readToEndAt).toISOString(),
        stalledSince: stalledSince === null ? null : new Date(stalledSince).toISOString(),
      });

      /** After a SEARCH: nothing waits (read to the end), mail waits with the cursor still for too long (stalled), or the sync sees. */
      const judge = async (found: number) => {
        waiting = found;
        const now = Date.now();
        if (found === 0) progressAt = readToEndAt = now;
        else await noteRead(em(), row.id, { waiting: found, lastReceivedAt: null });
        if (found > 0 && now - progressAt >= stallMs) {
          stalledSince = progressAt;
          maybeBlind = true;
          const minutes = Math.floor((now - progressAt) / MINUTE_MS);
          await markSyncBlind(
            em(),
            row.id,
            `the cursor has not moved for ${minutes} minutes while ${found === 1 ? '1 message waits' : `${found} messages wait`}`,
            new Date(progressAt),
          );
          deps.logger.warn(
            { mailboxId: row.id, waiting: found, minutes },
            'inbox sync stalled: mail waits and the cursor does not move',
          );
        } else {
          // Whoever marked it (a sync that could not connect, the watch of unread inboxes), the sync sees again.
          await seeing();
        }
      };

      try {
        const state = await open(row, inbox, server);
        mode = state.idle && input.mode !== 'POLL' && deps.config.mailboxSyncMode !== 'poll' ? 'IDLE' : 'POLL';
        let rescanned = false;
        if (cursor.uidValidity === null) {
          const first = await inbox.firstUidSince(new Date(syncStartOf(row).getTime() - CLOCK_SKEW_MS));
          const start = first === null ? state.uidNext - 1 : first - 1;
          await startCursor(em(), row.id, state.uidValidity, start);
          Object.assign(cursor, { uidValidity: state.uidValidity, lastUid: start });
          progressAt = Date.now();
        } else if (cursor.uidValidity !== state.uidValidity) {
          // The server renumbered the INBOX: read it all again (one pass); messages already recorded are known by their Message-ID.
          deps.logger.warn(
            { mailboxId: row.id, was: cursor.uidValidity, now: state.uidValidity },
            'UIDVALIDITY changed: the inbox is read again from the start',
          );
          Object.assign(cursor, { uidValidity: state.uidValidity, lastUid: 0 });
          rescanned = true;
        }
        const mailbox = { id: row.id, organizationId: row.organization_id, userId: row.user_id };
        let touchedAt = 0;
        // Each wait is short enough that a healthy sync writes last_synced_at well within the stall limit.
        const longestWait = Math.max(1000, Math.floor(stallMs / 2));
        // The first pass runs even when opening the inbox took the run's whole time: a slow server
        // is still read (one batch at least) instead of being dropped run after run.
        for (let first = true; !signal?.aborted && (first || Date.now() < deadline); first = false) {
          let readAll = true;
          for await (const batch of readBatches(inbox, cursor.lastUid ?? 0, limits, budget, judge)) {
            let lastReceivedAt: Date | null = null;
            for (const fetched of batch.messages) {
              const recorded = await recordInboxMessage(
                { em: em(), workflows: deps.workflows, logger: deps.logger, reputation: deps.config.reputation },
                mailbox,
                { ...fetched, uidValidity: state.uidValidity },
              );
              cursor.lastUid = fetched.uid;
              lastReceivedAt = fetched.receivedAt;
              if (recorded.recorded) {
                deps.onRecorded?.(recorded.kind);
                counts.processed += 1;
                counts[COUNTED[recorded.kind] ?? 'ignored'] += 1;
              }
            }
            waiting = batch.remaining;
            if (batch.messages.length) {
              progressAt = Date.now();
              await seeing();
            }
            await noteRead(em(), row.id, { waiting: batch.remaining, lastReceivedAt });
            heartbeat();
            // A run out of time or cancelled stops between batches; the cursor is where the last one left it.
            if (Date.now() >= deadline || signal?.aborted) {
              readAll = batch.remaining === 0;
              break;
            }
          }
          if (!readAll) break;
          // Every UID the pass listed is recorded, or was expunged before it could be fetched.
          waiting = 0;
          readToEndAt = progressAt = Date.now();
          if (Date.now() - touchedAt > TOUCH_EVERY_MS) {
            touchedAt = Date.now();
            await touchSynced(em(), row.id, new Date());
          }
          const waitMs = Math.min(
            Math.max(0, deadline - Date.now()),
            mode === 'IDLE' ? input.idleMs : input.pollMs,
            longestWait,
          );
          if (waitMs <= 0) break;
          const outcome = await inbox.waitForMail(waitMs, mode === 'IDLE', signal);
          if (outcome === 'closed')
            throw ApplicationFailure.create({
              type: MAILBOX_UNREACHABLE,
              message: failureMessage(new Error('the IMAP server closed the connection'), server),
            });
        }
        if (signal?.aborted) throw new CancelledFailure('the mailbox sync was cancelled');
        return { stopped: false, cursor, mode, counts, rescanned, ...health() };
      } finally {
        clearInterval(timer);
        await inbox.close();
      }
    },
  };
}

export type MailboxSyncActivities = ReturnType<typeof createMailboxSyncActivities>;
