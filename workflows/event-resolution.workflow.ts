// The event-resolution singleton: drain PENDING events batch after batch while batches come back
// full, carry out the PENDING playbook runs, sleep the interval (or until drainNow), repeat.
// Continues-as-new after `activitiesPerExecution` activity calls so its history stays short.
import {
  ActivityFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { EventResolutionActivities } from '../activities/event-resolution.activities.ts';
import {
  PLAYBOOK_RUNS_PER_CALL,
  drainNowSignal,
  resolutionStatusQuery,
  type EventResolutionInput,
  type ResolutionStatus,
  type ResolutionTotals,
} from './event-resolution.definitions.ts';

// A batch is one transaction, retried while the database does not answer (the claim is re-made each
// time), 20 attempts at most. A drain that fails for good (retries spent, a data error) is logged and
// kept in the status query; the loop sleeps its interval and drains again.
const { resolveEventBatch, runPendingPlaybooks } = proxyActivities<EventResolutionActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
});

export async function eventResolutionWorkflow(input: EventResolutionInput): Promise<void> {
  const limit = input.activitiesPerExecution ?? 500;
  const totals: ResolutionTotals = {
    drains: 0,
    batches: 0,
    resolved: 0,
    unresolved: 0,
    playbookRunsMade: 0,
    playbookRunsCarriedOut: 0,
    ...input.totals,
  };
  const status: ResolutionStatus = { phase: 'draining', activitiesThisExecution: 0, totals, lastDrain: [] };
  let poked = false;
  setHandler(resolutionStatusQuery, () => status);
  setHandler(drainNowSignal, () => {
    poked = true;
  });
  const scope = input.organizationIds ? { organizationIds: input.organizationIds } : {};

  while (status.activitiesThisExecution < limit) {
    poked = false;
    try {
      status.phase = 'draining';
      status.lastDrain = [];
      for (;;) {
        const batch = await resolveEventBatch({ batchSize: input.batchSize, ...scope });
        status.activitiesThisExecution++;
        status.lastDrain.push(batch.claimed);
        if (batch.claimed > 0) totals.batches++;
        totals.resolved += batch.resolved;
        totals.unresolved += batch.unresolved;
        totals.playbookRunsMade += batch.playbookRuns;
        if (batch.claimed < input.batchSize || status.activitiesThisExecution >= limit) break;
      }
      status.phase = 'running-playbooks';
      for (;;) {
        const runs = await runPendingPlaybooks({ limit: PLAYBOOK_RUNS_PER_CALL, ...scope });
        status.activitiesThisExecution++;
        totals.playbookRunsCarriedOut += runs.completed + runs.failed;
        // Runs left PENDING after an unexpected error wait for the next drain.
        if (runs.claimed < PLAYBOOK_RUNS_PER_CALL || runs.retrying > 0 || status.activitiesThisExecution >= limit)
          break;
      }
      status.lastError = null;
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      status.activitiesThisExecution++;
      status.lastError = error.cause?.message ?? error.message;
      log.error('an event-resolution drain failed for good; draining again after the interval', {
        error: status.lastError,
      });
    }
    totals.drains++;
    status.phase = 'sleeping';
    if (status.activitiesThisExecution >= limit) break;
    await condition(() => poked, input.intervalMs);
  }
  await condition(allHandlersFinished);
  await continueAsNew<typeof eventResolutionWorkflow>({ ...input, totals });
}
