// The webhook dispatcher: a singleton loop around the dispatchDueDeliveries activity, which claims
// due first attempts in batches and sends them. Continues-as-new so its history stays short.
import {
  ActivityFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  log,
  proxyActivities,
  setHandler,
  sleep,
} from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks.activities.ts';
import {
  dispatcherStatusQuery,
  type DispatcherInput,
  type DispatcherStatus,
  type DispatchResult,
  type DispatchTotals,
} from './webhook-dispatcher.definitions.ts';

// The activity heartbeats every poll, so a worker that dies is noticed in seconds and the run
// moves to another worker; its claims come back when their lease ends. A run that fails for good
// (20 attempts, or a data error) is logged and kept in the status query; the loop goes on after a pause.
const { dispatchDueDeliveries } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '90 seconds',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 20 },
});
const PAUSE_AFTER_FAILURE_MS = 30_000;

export async function webhookDispatcherWorkflow(input: DispatcherInput): Promise<void> {
  const runsPerExecution = input.runsPerExecution ?? 100;
  const totals: DispatchTotals = { claimed: 0, delivered: 0, retrying: 0, failed: 0, ...input.totals };
  const status: DispatcherStatus = { phase: 'dispatching', runsThisExecution: 0, totals, lastRun: null };
  setHandler(dispatcherStatusQuery, () => status);

  while (status.runsThisExecution < runsPerExecution) {
    let run: DispatchResult;
    try {
      run = await dispatchDueDeliveries({ maxRunMs: input.maxRunMs ?? 60_000, pollMs: input.pollMs });
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      status.runsThisExecution += 1;
      status.lastError = error.cause?.message ?? error.message;
      log.error('a webhook dispatch run failed for good; dispatching again after a pause', { error: status.lastError });
      await sleep(PAUSE_AFTER_FAILURE_MS);
      continue;
    }
    status.lastError = null;
    status.runsThisExecution += 1;
    status.lastRun = run;
    totals.claimed += run.claimed;
    totals.delivered += run.delivered;
    totals.retrying += run.retrying;
    totals.failed += run.failed;
  }
  await condition(allHandlersFinished);
  await continueAsNew<typeof webhookDispatcherWorkflow>({ ...input, totals });
}
