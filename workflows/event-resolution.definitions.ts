// The event-resolution workflow's contract: one singleton workflow per task queue
// that drains PENDING ingested events in batches every EVENT_RESOLUTION_INTERVAL_MS (about two
// minutes by default) and then carries out the PENDING playbook runs those events made. What its
// activities answer is the domain's (domain/events/resolution.types.ts, domain/playbooks/pending-runs.types.ts).
import { defineQuery, defineSignal } from '@temporalio/workflow';

export const EVENT_RESOLUTION_WORKFLOW = 'eventResolutionWorkflow';

/** One per task queue, so every worker start can ask for it and get the same run. */
export function eventResolutionWorkflowId(taskQueue: string): string {
  return `event-resolution/${taskQueue}`;
}

export interface EventResolutionInput {
  /** Sleep between drains. */
  intervalMs: number;
  /** Events per batch (one activity call, one transaction); a full batch is followed by the next at once. */
  batchSize: number;
  /** Only these organizations (tests; an operator draining one tenant). Absent: all. */
  organizationIds?: string[];
  /** Activity calls per workflow run before continue-as-new keeps the history short (default 500). */
  activitiesPerExecution?: number;
  /** Carried across continue-as-new for the status query. */
  totals?: ResolutionTotals;
}

export interface ResolveBatchInput {
  batchSize: number;
  organizationIds?: string[];
}

export interface RunPlaybooksInput {
  limit: number;
  organizationIds?: string[];
}

export interface ResolutionTotals {
  drains: number;
  batches: number;
  resolved: number;
  unresolved: number;
  playbookRunsMade: number;
  playbookRunsCarriedOut: number;
}

export interface ResolutionStatus {
  phase: 'draining' | 'running-playbooks' | 'sleeping';
  activitiesThisExecution: number;
  totals: ResolutionTotals;
  /** Batch sizes of the last drain, in order (a full batch is followed by another). */
  lastDrain: number[];
  /** Why the last drain failed for good, null once a drain works again. */
  lastError?: string | null;
}

export const resolutionStatusQuery = defineQuery<ResolutionStatus>('status');

/** Drain now instead of at the end of the interval (an approved playbook run, an operator). */
export const drainNowSignal = defineSignal('drainNow');

/** PENDING playbook runs carried out per activity call. */
export const PLAYBOOK_RUNS_PER_CALL = 200;
