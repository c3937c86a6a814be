// The versioning behaviour of the short workflows (enrollment, lead import): PINNED on a versioned
// worker (temporal/worker-versioning.ts), so a run finishes on the build that started it; nothing
// on an unversioned one (npm start, the tests' servers), which has no build to pin to.
import type { WorkflowDefinitionOptions } from '@temporalio/common';
import { workflowInfo } from '@temporalio/workflow';

export function pinnedWhenVersioned(): WorkflowDefinitionOptions {
  // An unversioned worker still reports a build id (of its bundle) but no deployment name.
  return workflowInfo().currentDeploymentVersion?.deploymentName ? { versioningBehavior: 'PINNED' } : {};
}
