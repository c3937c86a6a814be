// One signal's lifetime (id `signal/<signal_id>`): check when due, then again a cadence later
// (DAILY: a day, WEEKLY: seven); a custom-event signal first polls within the hour of its creation
// (firstPollOffsetMs), then daily. The API changes the row and then sends `signalChanged`; the
// handler re-reads the row: PAUSE and ARCHIVE stop the checks, RESUME checks at once, UNARCHIVE
// leaves it PAUSED, EDIT keeps the slot (a cadence change moves it). An archived signal's workflow
// stays running idle (no timer, no history growth), so unarchive and resume work; it ends only when
// its row is gone. Continues-as-new after `checksPerExecution` checks or when Temporal suggests it.
import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  log,
  condition,
  continueAsNew,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { SignalActivities } from '../activities/signals.activities.ts';
import { SIGNAL_CHANGES } from '../domain/signals/signal-change.ts';
import {
  SIGNAL_INVALID_CHANGE,
  firstPollOffsetMs,
  signalChangedUpdate,
  signalStateQuery,
  type SignalRowState,
  type SignalRunState,
  type SignalWorkflowInput,
  type SignalWorkflowOptions,
} from './signal.definitions.ts';
import { DAY_MS } from '../domain/shared/time.ts';

// A check is idempotent (one feed row per fact, the entry in the same transaction): a transient
// failure is retried for about 8 hours (50 attempts, at most 10 minutes apart); a data error is not
// retried (activities/failures.ts). A check that fails for good is skipped: the state query says
// why (lastError) and the signal checks again at its next slot. It heartbeats as it goes, so a check
// cut off by a dead worker is retried within about 30 s, not after the 10-minute bound.
const acts = proxyActivities<SignalActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 50 },
});

/** The check's result, or FAILED (logged, kept in the state query) when it failed for good. */
async function checkOnce(
  input: Parameters<SignalActivities['checkSignal']>[0],
  state: SignalRunState,
): Promise<Awaited<ReturnType<SignalActivities['checkSignal']>> | { outcome: 'FAILED' }> {
  try {
    const result = await acts.checkSignal(input);
    state.lastError = null;
    return result;
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    state.lastError = error.cause?.message ?? error.message;
    log.error('a signal check failed for good; the signal checks again at its next slot', {
      signalId: input.signalId,
      error: state.lastError,
    });
    return { outcome: 'FAILED' };
  }
}

const now = () => new Date().getTime();

export async function signalWorkflow(input: SignalWorkflowInput & SignalWorkflowOptions): Promise<void> {
  const dayMs = input.dayMs ?? DAY_MS;
  const perExecution = input.checksPerExecution ?? 50;
  const ids = { signalId: input.signalId, organizationId: input.organizationId };
  const state: SignalRunState = {
    status: 'ACTIVE',
    nextCheckAt: null,
    lastCheckAt: input.carried?.lastCheckAt ?? null,
    checks: input.carried?.checks ?? 0,
  };
  let row: SignalRowState | null = null;
  let due: number | null = null;
  let woken = false;
  let checksThisExecution = 0;

  const period = (r: SignalRowState) => (r.cadence === 'WEEKLY' ? 7 : 1) * dayMs;
  /** The slot from the row: after the last check a cadence later, else creation (custom events: creation + offset). */
  const slotOf = (r: SignalRowState): number | null => {
    if (r.status !== 'ACTIVE') return null;
    if (r.lastCheckedAt) return Date.parse(r.lastCheckedAt) + (r.customEvent ? dayMs : period(r));
    return r.customEvent ? Date.parse(r.createdAt) + firstPollOffsetMs(input.signalId, dayMs) : now();
  };
  const publish = () => {
    state.status = row?.status ?? state.status;
    state.nextCheckAt = due === null ? null : new Date(due).toISOString();
  };

  /** Whether a read of the row is at least as new as the one held (reads of concurrent handlers finish in any order). */
  const newest = (fresh: SignalRowState, held: SignalRowState | null) => !held || fresh.updatedAt >= held.updatedAt;

  setHandler(signalStateQuery, () => state);
  setHandler(
    signalChangedUpdate,
    async ({ change }) => {
      const fresh = await acts.loadSignalState(ids);
      if (fresh && !newest(fresh, row)) {
        // An older read than the one another handler applied: the state already reflects this change.
        woken = true;
        publish();
        return { ...state };
      }
      if (!fresh) {
        row = null;
        due = null;
      } else {
        const previous = row;
        row = fresh;
        if (fresh.status !== 'ACTIVE') due = null;
        else if (change === 'RESUME' || previous?.status !== 'ACTIVE' || due === null)
          due = change === 'RESUME' ? now() : slotOf(fresh);
        else if (change === 'EDIT' && previous.cadence !== fresh.cadence) due = slotOf(fresh);
      }
      woken = true;
      publish();
      return { ...state };
    },
    {
      validator: (body) => {
        if (!body || !(SIGNAL_CHANGES as readonly string[]).includes(body.change)) {
          throw ApplicationFailure.create({
            type: SIGNAL_INVALID_CHANGE,
            message: 'change must be one of EDIT, PAUSE, RESUME, ARCHIVE, UNARCHIVE.',
            nonRetryable: true,
          });
        }
      },
    },
  );

  const initial = await acts.loadSignalState(ids);
  if (!initial) return;
  // An Update that ran during the first read has applied a newer row (and its slot) already.
  if (newest(initial, row)) {
    row = initial;
    due = input.carried?.resumeNow && row.status === 'ACTIVE' ? now() : slotOf(row);
  }
  publish();

  while (checksThisExecution < perExecution && !workflowInfo().continueAsNewSuggested) {
    if (row === null) break;
    if (due !== null && now() >= due) {
      const at = new Date(now()).toISOString();
      const result = await checkOnce({ ...ids, at, dayMs }, state);
      checksThisExecution++;
      state.checks++;
      if (result.outcome === 'NOT_FOUND') {
        row = null;
        break;
      }
      if (result.outcome === 'CHECKED') state.lastCheckAt = at;
      // An Update during the check (pause, archive, resume) has already set `due` from the row it read.
      const current = row as SignalRowState | null;
      if (current && current.status === 'ACTIVE' && due !== null && due <= Date.parse(at)) {
        due = Date.parse(at) + (current.customEvent ? dayMs : period(current));
      }
      publish();
      continue;
    }
    woken = false;
    if (due === null) await condition(() => woken);
    else await condition(() => woken, Math.max(1, due - now()));
  }
  if (row === null) {
    await condition(allHandlersFinished);
    return;
  }
  await condition(allHandlersFinished);
  await continueAsNew<typeof signalWorkflow>({
    ...input,
    carried: { checks: state.checks, lastCheckAt: state.lastCheckAt, resumeNow: due !== null && due <= now() },
  });
}
