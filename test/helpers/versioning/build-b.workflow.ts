// Build B of the rollout test's release.
import { versionedWorkflows } from './versioned.ts';

export const { pinnedWorkflow, upgradingWorkflow } = versionedWorkflows('B');
