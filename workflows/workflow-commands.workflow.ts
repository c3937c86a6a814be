// The outbox drain: a singleton loop around the drainWorkflowCommands activity, which delivers due
// workflow commands to their workflows. Continues-as-new so its history stays short.
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
import type { WorkflowCommandActivities } from '../activities/workflow-commands.activities.ts';
import {
  drainStatusQuery,
  type DrainStatus,
  type DrainTotals,
  type WorkflowCommandsInput,
} from './workflow-commands.definitions.ts';

const { drainWorkflowCommands } = proxyActivities<WorkflowCommandActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
});
const PASS_LIMIT = 100;
const PAUSE_AFTER_FAILURE_MS = 30_000;

export async function workflowCommandsWorkflow(input: WorkflowCommandsInput): Promise<void> {
  const passes = input.passesPerExecution ?? 200;
  const totals: DrainTotals = { claimed: 0, delivered: 0, failed: 0, ...input.totals };
  const status: DrainStatus = { passesThisExecution: 0, totals, lastError: null };
  setHandler(drainStatusQuery, () => status);

  while (status.passesThisExecution < passes) {
    status.passesThisExecution += 1;
    try {
      const pass = await drainWorkflowCommands({ limit: PASS_LIMIT });
      status.lastError = null;
      totals.claimed += pass.claimed;
      totals.delivered += pass.delivered;
      totals.failed += pass.failed;
      if (pass.claimed < PASS_LIMIT) await sleep(input.pollMs);
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      status.lastError = error.cause?.message ?? error.message;
      log.error('a workflow-command drain pass failed for good; draining again after a pause', {
        error: status.lastError,
      });
      await sleep(PAUSE_AFTER_FAILURE_MS);
    }
  }
  await condition(allHandlersFinished);
  await continueAsNew<typeof workflowCommandsWorkflow>({ ...input, totals });
}
