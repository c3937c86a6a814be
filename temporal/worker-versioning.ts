// Worker Versioning (Temporal's Worker Deployments): a release's workers poll as one version of a
// deployment, named by TEMPORAL_WORKER_DEPLOYMENT_NAME and TEMPORAL_WORKER_BUILD_ID (config.ts), so new
// workflow code can run beside the old while the old finishes its runs (docs/deployment.md,
// "Rolling out workflow code"). Unset, workers are unversioned, as on `npm start` and in tests.
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
