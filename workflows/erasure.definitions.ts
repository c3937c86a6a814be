// The erasure workflow's contract: one workflow per erasure job (`erasure/<job id>`), started from
// the outbox (ERASE_PERSON). Its input is the job id only: the person's identifiers stay in the
// job's row (cleared when it succeeds), never in Temporal's history.
import { defineQuery } from '@temporalio/workflow';

export const ERASURE_WORKFLOW = 'erasureWorkflow';

export function erasureWorkflowId(jobId: string): string {
  return `erasure/${jobId}`;
}

export interface ErasureInput {
  jobId: string;
  organizationId: string;
}

/** How long the job waits for a send already handed to a provider before counting it as done (never repeated). */
export const IN_FLIGHT_WAIT_ATTEMPTS = 30;

/** The pause between two looks at a send in flight. */
export const IN_FLIGHT_WAIT = '2 seconds';

export interface ErasureJobInput {
  jobId: string;
}

/** Where a job's workflow is (its status query). */
export interface ErasureStatus {
  phase:
    'STOPPING_RUNS' | 'SETTLING_EFFECTS' | 'WAITING_FOR_RUNS' | 'ERASING_IN_CRM' | 'ERASING_ROWS' | 'DONE' | 'FAILED';
}

export const erasureStatusQuery = defineQuery<ErasureStatus>('status');
