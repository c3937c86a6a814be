// The outbox drain's contract: one singleton workflow per task queue that keeps delivering the
// workflow commands recorded beside committed changes (domain/workflow-commands).
import { defineQuery } from '@temporalio/workflow';

export const WORKFLOW_COMMANDS_WORKFLOW = 'workflowCommandsWorkflow';

/** One drain per task queue, so every worker start can ask for it and get the same run. */
export function workflowCommandsWorkflowId(taskQueue: string): string {
  return `workflow-commands/${taskQueue}`;
}

/** Commands wait out their fast path's grace (30 s) before the drain takes them: a pass every few seconds is enough. */
export const DRAIN_POLL_MS = 5_000;

export interface WorkflowCommandsInput {
  /** The pause when a pass found nothing due. */
  pollMs: number;
  /** Passes per workflow run before continue-as-new keeps history small (default 200). */
  passesPerExecution?: number;
  totals?: DrainTotals;
}

export interface DrainInput {
  /** Commands claimed per pass. */
  limit: number;
}

export interface DrainTotals {
  claimed: number;
  delivered: number;
  /** Deliveries that failed and wait for another pass. */
  failed: number;
}

export interface DrainStatus {
  passesThisExecution: number;
  totals: DrainTotals;
  lastError: string | null;
}

export const drainStatusQuery = defineQuery<DrainStatus>('status');
