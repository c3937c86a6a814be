// One sequence run: each step after its delay (durable timer) inside the template's sending window
// (in the template's or the prospect's zone, public holidays skipped when asked: dates an activity
// computes), an email of a paced mailbox at the send slot its step reserved (durable timer), CALL steps waiting for their task's Signal. All reads and writes of the row (and its events)
// happen in activities; the row holds the status. The API changes the row itself (pause, resume,
// stop, variables, and every change outside the run) and then tells the run: the pauseState Update
// carries a pause's state, the runChanged Signal makes it re-read its row.
import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
} from '@temporalio/workflow';
import type { SequenceActivities } from '../activities/sequences.activities.ts';
import {
  ALL_HOURS,
  calendarRunsOut,
  localDate,
  nextAllowedTime,
  type HolidayCalendar,
} from '../domain/sequences/schedule-window.ts';
import { isEndedStatus } from '../domain/sequences/statuses.ts';
import { DAY_MS } from '../domain/shared/time.ts';
import {
  SEQUENCE_INVALID_INPUT,
  pauseStateUpdate,
  runChangedSignal,
  sequenceStatusQuery,
  taskCompletedSignal,
  type SequenceInput,
  type SequencePlan,
  type RunStepResult,
  type SequenceRunStatus,
  type WaitingFor,
} from './sequence.definitions.ts';
import type { PauseState } from '../domain/sequences/pause-state.ts';

// The run's own steps. A transient failure (the database, a provider) is retried for about a day
// (300 attempts, at most 5 minutes apart); a data or input error is non-retryable (activities/
// failures.ts). Either way a step that fails for good ends the run with stopped_reason ERROR. A step
// heartbeats while it sends, so a worker that died mid-step is noticed in 20 s, not 2 minutes.
const STEP_RETRY_POLICY = {
  initialInterval: '2 seconds',
  backoffCoefficient: 2,
  maximumInterval: '5 minutes',
  maximumAttempts: 300,
} as const;
const acts = proxyActivities<SequenceActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '20 seconds',
  retry: STEP_RETRY_POLICY,
});
// The run's first read of its row, as a local activity in its first workflow task (no activity task
// through the server, one workflow task less before the first step's timer). Later reads stay activities.
const firstPlan = proxyLocalActivities<SequenceActivities>({
  startToCloseTimeout: '2 minutes',
  retry: STEP_RETRY_POLICY,
});
// Ending a failed run must happen however long the database takes to come back.
const last = proxyActivities<SequenceActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

/** The message of an activity's failure, from its cause when it has one. */
function failureMessage(error: ActivityFailure): string {
  const cause = error.cause;
  return cause instanceof ApplicationFailure && cause.type
    ? `${cause.type}: ${cause.message}`
    : (cause?.message ?? error.message);
}

const now = () => new Date().getTime();

/** The pauses between tries of an email held by the sender's mailbox. */
const MAILBOX_RETRY_FIRST_MS = 30_000;
const MAILBOX_RETRY_MAX_MS = 15 * 60_000;

export async function sequenceWorkflow(input: SequenceInput): Promise<void> {
  const status: SequenceRunStatus = {
    sequenceId: input.sequenceId,
    currentStep: 0,
    stepCount: 0,
    waitingFor: null,
    nextWakeUp: null,
    paused: false,
    pausedUntil: null,
    ended: false,
    taskId: null,
    error: null,
  };
  const completedTasks: string[] = [];
  /** The row changed outside the workflow (runChanged): re-read it at the next wake-up. */
  let changed = false;
  /** A reply halted automatic steps: a person takes the run from here (or it is stopped). */
  let halted = false;
  /** Tries of the current email that found the sender's mailbox needing a fix. */
  let mailboxWaits = 0;
  /**
   * The row revision of the pause state the run holds (-1: none yet). The API's pauseState Updates,
   * re-reads of the row and steps that found the row paused can reach the run in any order: the
   * newest revision wins.
   */
  let pauseRevision = -1;
  const takePause = (state: PauseState): void => {
    if (state.revision < pauseRevision) return;
    pauseRevision = state.revision;
    status.paused = state.paused;
    status.pausedUntil = state.pausedUntil;
  };

  // Handlers first, before any await: an Update or Signal arriving with the first task finds them.
  // A paused run waits for its resume whatever else it was waiting for (a pause that comes during a
  // step's delay, the window or a task is only acted on when that wait ends): the query says PAUSE,
  // waking at paused_until (null: until resumed). Computed in the query, from the flags the run keeps anyway.
  setHandler(sequenceStatusQuery, (): SequenceRunStatus =>
    status.paused && !status.ended ? { ...status, waitingFor: 'PAUSE', nextWakeUp: status.pausedUntil } : { ...status },
  );
  setHandler(taskCompletedSignal, ({ taskId }) => {
    completedTasks.push(taskId);
  });
  setHandler(runChangedSignal, () => {
    changed = true;
  });
  const invalid = (message: string) =>
    ApplicationFailure.create({ type: SEQUENCE_INVALID_INPUT, message, nonRetryable: true });

  // The row was paused or resumed (committed): take its state, unless a newer one is known. An ended
  // run has nothing left to hold; it accepts and ignores it.
  setHandler(
    pauseStateUpdate,
    (state) => {
      if (!status.ended) takePause(state);
    },
    {
      validator: (state) => {
        if (!state || !Number.isSafeInteger(state.revision) || state.revision < 0 || typeof state.paused !== 'boolean')
          throw invalid('a pause state needs a revision and paused.');
        const until = state.pausedUntil;
        if (until !== null && (typeof until !== 'string' || Number.isNaN(Date.parse(until))))
          throw invalid('pausedUntil must be an ISO date-time or null.');
      },
    },
  );

  const waitFor = (kind: WaitingFor, untilMs: number | null) => {
    status.waitingFor = kind;
    status.nextWakeUp = untilMs === null ? null : new Date(untilMs).toISOString();
  };

  /** Takes the row's view of the run: ended, paused (until), halted by a reply. */
  function applyPlan(plan: SequencePlan): void {
    if (isEndedStatus(plan.status)) status.ended = true;
    takePause({ revision: plan.revision, paused: plan.paused, pausedUntil: plan.pausedUntil });
    halted = plan.halted;
  }
  /** The run's steps, from the row's current step to its end. */
  async function run(): Promise<void> {
    const plan = await firstPlan.loadSequencePlan({ sequenceId: input.sequenceId });
    status.currentStep = plan.currentStep;
    status.stepCount = plan.steps.length;
    applyPlan(plan);
    // skip_holidays: the window also closes on the holiday dates, asked from an activity for the next
    // months from workflow time (so a replay reads them from history) and again when they run out.
    const window = plan.schedule ?? (plan.holidayCountry ? ALL_HOURS : null);
    let holidays: HolidayCalendar | null = null;

    let stepIndex = plan.currentStep;
    while (!status.ended && stepIndex < plan.steps.length) {
      const step = plan.steps[stepIndex];
      await sleepUntil('DELAY', now() + step.delay_days * DAY_MS);
      let runStep = true;
      // An email due while the window is closed asks once for its send slot (a paced sender's mailbox
      // reserves it now, so slots go earliest due first); unpaced, it waits for the window as before.
      let askedSlot = false;
      while (runStep && !status.ended) {
        await waitWhilePaused();
        await waitWhileHalted();
        if (status.ended) break;
        let result: RunStepResult | null = null;
        if (window) {
          if (plan.holidayCountry && (!holidays || calendarRunsOut(holidays, now(), plan.timezone)))
            holidays = await acts.holidayCalendar({
              country: plan.holidayCountry,
              from: localDate(now(), plan.timezone),
            });
          const allowed = nextAllowedTime(now(), plan.timezone, window, holidays?.dates);
          if (allowed === null) {
            // A window that never opens: the run waits (a template edit, a stop or archiving ends it).
            waitFor('WINDOW', null);
            await waitUntil(() => false);
            continue;
          }
          if (allowed > now() && step.type === 'EMAIL' && !askedSlot) {
            askedSlot = true;
            waitFor('STEP', null);
            const early = await acts.runStep({
              sequenceId: input.sequenceId,
              stepNumber: stepIndex + 1,
              at: new Date().toISOString(),
              reserveOnly: true,
            });
            if (early.outcome !== 'WINDOW') result = early;
          }
          if (!result) await sleepUntil('WINDOW', allowed);
        }
        if (!result) {
          if (status.ended) break;
          if (status.paused || halted) continue;
          waitFor('STEP', null);
          result = await acts.runStep({
            sequenceId: input.sequenceId,
            stepNumber: stepIndex + 1,
            at: new Date().toISOString(),
          });
        }
        if (result.outcome === 'SLOT') {
          // The email is recorded with its paced mailbox's send slot: a durable timer until then.
          await sleepUntil('SEND_SLOT', result.slotAt ? Date.parse(result.slotAt) : now());
          continue;
        }
        if (result.outcome === 'PAUSED') {
          // The row was paused: take its pause (unless a newer state arrived meanwhile) and wait for its end.
          if (result.pause) takePause(result.pause);
          continue;
        }
        if (result.outcome === 'HALTED') {
          halted = true;
          continue;
        }
        if (result.outcome === 'HELD') {
          // The template is not running (INACTIVE): its change back signals runChanged.
          waitFor('TEMPLATE', null);
          await waitUntil(() => false);
          continue;
        }
        if (result.outcome === 'DEFERRED') {
          await sleepUntil('SEND_LIMIT', result.retryAt ? Date.parse(result.retryAt) : now() + DAY_MS);
          continue;
        }
        if (result.outcome === 'MAILBOX' || result.outcome === 'REPUTATION') {
          // The sender's mailbox must be fixed or resumed: that wakes the run (runChanged); meanwhile it
          // tries again after a growing pause (30 s doubling to 15 min), in case the fault cleared itself.
          const pause = Math.min(MAILBOX_RETRY_MAX_MS, MAILBOX_RETRY_FIRST_MS * 2 ** Math.min(mailboxWaits, 10));
          mailboxWaits += 1;
          waitFor(result.outcome, now() + pause);
          await waitUntil(() => false, pause);
          continue;
        }
        mailboxWaits = 0;
        runStep = false;
        if (result.outcome === 'ENDED') {
          status.ended = true;
          break;
        }
        status.currentStep = stepIndex + 1;
        if (result.outcome === 'TASK' && result.taskId) {
          const taskId = result.taskId;
          status.taskId = taskId;
          waitFor('TASK', null);
          while (!completedTasks.includes(taskId) && !status.ended)
            await waitUntil(() => completedTasks.includes(taskId));
          status.taskId = null;
          if (!status.ended) await acts.taskDone({ sequenceId: input.sequenceId, taskId });
        }
      }
      stepIndex += 1;
    }
    while (!status.ended) {
      await waitWhilePaused();
      await waitWhileHalted();
      if (status.ended || status.paused) continue;
      // A reply that came in after the last step halts the run instead of completing it.
      const done = await acts.completeSequence({ sequenceId: input.sequenceId });
      if (done.halted) halted = true;
      else status.ended = true;
    }
  }

  /** After a runChanged signal: re-read the row. */
  async function refreshIfChanged(): Promise<void> {
    if (!changed || status.ended) return;
    changed = false;
    applyPlan(await acts.loadSequencePlan({ sequenceId: input.sequenceId }));
  }
  /** Waits for `done`, a change of the row or the end (and `ms` when given); re-reads the row when it changed. */
  async function waitUntil(done: () => boolean, ms?: number): Promise<void> {
    const wake = () => done() || changed || status.ended;
    if (ms === undefined) await condition(wake);
    else await condition(wake, ms);
    await refreshIfChanged();
  }

  /** While a reply halts the run: until it is stopped (a person answers through the reply task). */
  async function waitWhileHalted(): Promise<void> {
    while (halted && !status.ended) {
      waitFor('PERSON', null);
      await waitUntil(() => false);
    }
  }

  /** While paused: until resumed or stopped; a pause with paused_until resumes by itself then. */
  async function waitWhilePaused(): Promise<void> {
    while (status.paused && !status.ended) {
      const until = status.pausedUntil ? Date.parse(status.pausedUntil) : null;
      waitFor('PAUSE', until);
      if (until === null) {
        await waitUntil(() => !status.paused);
      } else if (until <= now()) {
        // The row resumes only if it still holds this pause. A newer pause state that arrived meanwhile
        // (the row holds it too) stands; otherwise the run goes on.
        const taken = pauseRevision;
        await acts.resumeSequence({ sequenceId: input.sequenceId, pausedUntil: status.pausedUntil });
        if (pauseRevision === taken) {
          status.paused = false;
          status.pausedUntil = null;
        }
      } else {
        const pausedUntil = status.pausedUntil;
        // Wake early on a resume, a stop, or a new pause with another time.
        await waitUntil(() => !status.paused || status.pausedUntil !== pausedUntil, until - now());
      }
    }
  }

  /** A durable timer that a stop or a halting reply ends early; a pause does not stop the clock (the step then waits for the resume). */
  async function sleepUntil(kind: WaitingFor, untilMs: number): Promise<void> {
    while (!status.ended && !halted && untilMs > now()) {
      waitFor(kind, untilMs);
      await waitUntil(() => false, untilMs - now());
    }
  }

  try {
    await run();
  } catch (error) {
    // A step failed for good: the run ends visibly (row, event, status query) instead of waiting forever.
    if (!(error instanceof ActivityFailure)) throw error;
    status.error = failureMessage(error);
    await last.failSequence({ sequenceId: input.sequenceId, error: status.error });
    status.ended = true;
  }
  waitFor(null, null);
  await condition(allHandlersFinished);
}
