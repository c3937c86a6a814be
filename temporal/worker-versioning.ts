// Worker Versioning (Temporal's Worker Deployments): a release's workers poll as one version of a
// deployment, named by TEMPORAL_WORKER_DEPLOYMENT_NAME and TEMPORAL_WORKER_BUILD_ID (config.ts), so new
// workflow code can run beside the old while the old finishes its runs (docs/deployment.md,
// "Rolling out workflow code"). Unset, workers are unversioned, as on `npm start` and in tests.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@temporalio/client';
import type { WorkerOptions } from '@temporalio/worker';

export interface WorkerDeployment {
  name: string;
  buildId: string;
}

/**
 * The worker options of a versioned worker. A workflow that declares no behaviour of its own is
 * AUTO_UPGRADE: it moves to the current version at its next task, so a change to such a workflow
 * must still replay its open histories (patched()); the short ones (enrollment, lead import)
 * declare PINNED next to their definition and finish on the version that started them.
 */
export function workerVersioning(
  deployment: WorkerDeployment | undefined,
): Pick<WorkerOptions, 'workerDeploymentOptions'> {
  if (!deployment) return {};
  return {
    workerDeploymentOptions: {
      version: { deploymentName: deployment.name, buildId: deployment.buildId },
      useWorkerVersioning: true,
      defaultVersioningBehavior: 'AUTO_UPGRADE',
    },
  };
}

/**
 * Makes `deployment`'s version current, as an operator does with `temporal worker deployment
 * set-current-version`: every new run of its task queues goes to that build. The server refuses
 * until the version's workers have polled, so this retries until it accepts or `timeoutMs` passes.
 */
export async function makeVersionCurrent(
  client: Client,
  deployment: WorkerDeployment,
  { identity, timeoutMs = 60_000 }: { identity: string; timeoutMs?: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await client.workflowService.setWorkerDeploymentCurrentVersion({
        namespace: client.options.namespace,
        deploymentName: deployment.name,
        buildId: deployment.buildId,
        identity,
      });
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${deployment.name} build ${deployment.buildId} not made current: ${String(error)}`);
      await sleep(500);
    }
  }
}
