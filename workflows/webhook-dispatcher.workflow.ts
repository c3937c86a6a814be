// The webhook dispatcher: a singleton loop around the dispatchDueDeliveries activity, which claims
// due first attempts in batches and sends them. Continues-as-new so its history stays short.
import { allHandlersFinished, condition, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks.activities.ts';
import {
  dispatcherStatusQuery, type DispatcherInput, type DispatcherStatus, type DispatchResult, type DispatchTotals,
} from './webhook-dispatcher.definitions.ts';

// The activity heartbeats every poll, so a worker that dies is noticed in seconds and the run
// moves to another worker; its claims come back when their lease ends.
const { dispatchDueDeliveries } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '90 seconds',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

export async function webhookDispatcherWorkflow(input: DispatcherInput): Promise<void> {
  const runsPerExecution = input.runsPerExecution ?? 100;
  const totals: DispatchTotals = { claimed: 0, delivered: 0, retrying: 0, failed: 0, ...input.totals };
  const status: DispatcherStatus = { phase: 'dispatching', runsThisExecution: 0, totals, lastRun: null };
  setHandler(dispatcherStatusQuery, () => status);

  while (status.runsThisExecution < runsPerExecution) {
    const run: DispatchResult = await dispatchDueDeliveries({ maxRunMs: input.maxRunMs ?? 60_000, pollMs: input.pollMs });
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
