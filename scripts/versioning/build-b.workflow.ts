// Build B of the rollout check's release (scripts/versioning/rollout-check.ts).
import { versionedWorkflows } from './versioned.ts';

export const { pinnedWorkflow, upgradingWorkflow } = versionedWorkflows('B');
