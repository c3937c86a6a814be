// The webhook dispatcher's contract: one singleton workflow per task queue that keeps the
// `dispatchDueDeliveries` activity running (first attempts of every delivery, in batches).
import { defineQuery } from '@temporalio/workflow';

export const WEBHOOK_DISPATCHER_WORKFLOW = 'webhookDispatcherWorkflow';

/** One dispatcher per task queue, so every worker start can ask for it and get the same run. */
export function webhookDispatcherWorkflowId(taskQueue: string): string {
  return `webhooks-dispatcher/${taskQueue}`;
}

export interface DispatcherInput {
  /** How long the activity sleeps when nothing is due. */
  pollMs: number;
  /** How long one activity run lasts before it hands back (default 60 s). */
  maxRunMs?: number;
  /** Activity runs per workflow run before continue-as-new keeps history small (default 100). */
  runsPerExecution?: number;
  /** Carried across continue-as-new for the status query. */
  totals?: DispatchTotals;
}

export interface DispatchInput {
  maxRunMs: number;
  pollMs: number;
  /** Sends in flight at once (default 64). */
  concurrency?: number;
}

export interface DispatchTotals {
  claimed: number;
  delivered: number;
  /** Handed to a retry workflow after a failed first attempt. */
  retrying: number;
  /** Failed for good: 410 Gone, or the subscription no longer active. */
  failed: number;
}

export interface DispatchResult extends DispatchTotals {
  runMs: number;
}

export interface DispatcherStatus {
  phase: 'dispatching' | 'backing-off';
  runsThisExecution: number;
  totals: DispatchTotals;
  lastRun: DispatchResult | null;
  /** Why the last run failed for good, null once a run works again. */
  lastError?: string | null;
}

export const dispatcherStatusQuery = defineQuery<DispatcherStatus>('status');
