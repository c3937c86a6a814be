// MailboxSyncWorkflow: loops the syncMailbox activity of one mailbox. A refused login (the
// activity marked the mailbox AUTH_FAILED) or a server that stays unreachable (the activity marked
// the mailbox's sync_error) waits with a growing backoff, shown by the status query with since when
// runs fail, then tries again (at once on the wake signal: the mailbox was connected or tested
// again); a mailbox disconnected (the activity says stopped) or a cancelled workflow ends the loop.
// The cursor lives in PostgreSQL; the workflow carries the last one it heard, with what the last run
// saw waiting, across continue-as-new for the status query.
import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  isCancellation,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { MailboxSyncActivities } from '../activities/mailbox-sync.activities.ts';
import {
  MAILBOX_AUTH_FAILED,
  mailboxSyncStatusQuery,
  mailboxSyncWakeSignal,
  type MailboxSyncInput,
  type MailboxSyncStatus,
  type SyncRunResult,
  type SyncTotals,
} from './mailbox-sync.definitions.ts';

const MINUTE_MS = 60_000;
/** After a refused login: 1, 2, 4 ... minutes, at most 30. */
const AUTH_BACKOFF = { firstMs: MINUTE_MS, maxMs: 30 * MINUTE_MS };
/** After a run that failed otherwise (its own retries spent): 30 s, 1, 2 ... minutes, at most 10. */
const ERROR_BACKOFF = { firstMs: 30_000, maxMs: 10 * MINUTE_MS };

const backoffMs = (policy: { firstMs: number; maxMs: number }, failures: number) =>
  Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures - 1));

function addCounts(totals: SyncTotals, counts: SyncTotals): void {
  totals.processed += counts.processed;
  totals.replies += counts.replies;
  totals.bounces += counts.bounces;
  totals.autoReplies += counts.autoReplies;
  totals.ignored += counts.ignored;
  totals.unreadable += counts.unreadable ?? 0;
}

export async function mailboxSyncWorkflow(input: MailboxSyncInput): Promise<void> {
  const runMs = input.runMs ?? 10 * MINUTE_MS;
  const runsPerExecution = input.runsPerExecution ?? 50;
  const totals: SyncTotals = {
    processed: 0,
    replies: 0,
    bounces: 0,
    autoReplies: 0,
    ignored: 0,
    unreadable: 0,
    ...input.totals,
  };
  const status: MailboxSyncStatus = {
    phase: 'SYNCING',
    cursor: input.cursor ?? { uidValidity: null, lastUid: null },
    mode: input.lastMode ?? null,
    runsThisExecution: 0,
    totals,
    lastError: null,
    retryAt: null,
    waiting: input.health?.waiting ?? null,
    readToEndAt: input.health?.readToEndAt ?? null,
    stalledSince: input.health?.stalledSince ?? null,
    failingSince: null,
  };
  setHandler(mailboxSyncStatusQuery, () => status);
  let woken = false;
  setHandler(mailboxSyncWakeSignal, () => {
    woken = true;
  });

  // The activity heartbeats every few seconds while it waits on the server, so a worker that dies
  // is noticed within the heartbeat timeout and the run moves to another worker.
  const { syncMailbox } = proxyActivities<MailboxSyncActivities>({
    ...(input.syncTaskQueue ? { taskQueue: input.syncTaskQueue } : {}),
    startToCloseTimeout: runMs + 2 * MINUTE_MS,
    heartbeatTimeout: '30 seconds',
    retry: {
      initialInterval: '1 second',
      backoffCoefficient: 2,
      maximumInterval: '1 minute',
      maximumAttempts: 5,
      nonRetryableErrorTypes: [MAILBOX_AUTH_FAILED],
    },
  });

  let authFailures = input.authFailures ?? 0;
  let failures = 0;
  try {
    while (status.runsThisExecution < runsPerExecution && !workflowInfo().continueAsNewSuggested) {
      status.runsThisExecution += 1;
      let run: SyncRunResult;
      try {
        run = await syncMailbox({
          mailboxId: input.mailboxId,
          mode: input.mode ?? 'AUTO',
          runMs,
          pollMs: input.pollMs ?? 15_000,
          idleMs: input.idleMs ?? 5 * MINUTE_MS,
        });
      } catch (error) {
        if (isCancellation(error) || !(error instanceof ActivityFailure)) throw error;
        const refused = error.cause instanceof ApplicationFailure && error.cause.type === MAILBOX_AUTH_FAILED;
        const delay = refused ? backoffMs(AUTH_BACKOFF, ++authFailures) : backoffMs(ERROR_BACKOFF, ++failures);
        status.phase = 'WAITING_AFTER_FAILURE';
        status.lastError = error.cause?.message ?? error.message;
        status.failingSince ??= new Date().toISOString();
        status.retryAt = new Date(new Date().getTime() + delay).toISOString();
        woken = false;
        await condition(() => woken, delay);
        status.phase = 'SYNCING';
        status.retryAt = null;
        continue;
      }
      authFailures = 0;
      failures = 0;
      status.lastError = null;
      status.failingSince = null;
      status.cursor = run.cursor;
      status.mode = run.mode;
      status.waiting = run.waiting ?? null;
      status.readToEndAt = run.readToEndAt ?? status.readToEndAt;
      status.stalledSince = run.stalledSince ?? null;
      addCounts(totals, run.counts);
      if (run.stopped) {
        status.phase = 'STOPPED';
        await condition(allHandlersFinished);
        return;
      }
    }
  } catch (error) {
    // Cancelled (the mailbox was disconnected): end quietly, nothing is left half done.
    if (!isCancellation(error)) throw error;
    status.phase = 'STOPPED';
    return;
  }
  await condition(allHandlersFinished);
  const health = { waiting: status.waiting, readToEndAt: status.readToEndAt, stalledSince: status.stalledSince };
  await continueAsNew<typeof mailboxSyncWorkflow>({
    ...input,
    cursor: status.cursor,
    totals,
    authFailures,
    lastMode: status.mode,
    health,
  });
}
