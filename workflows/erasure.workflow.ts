// One erasure job (erasure.definitions.ts, domain/erasure/steps.ts): stop the person's runs, settle
// their sends (cancel the recorded ones, wait a bounded time for one in flight), wait for their runs'
// workflows to close, delete their CRM record, then erase every copy in the database. Every step is
// idempotent, so a worker killed mid-job leaves a workflow that finishes on another. A step that
// fails for good marks the job FAILED (asking again queues it anew).
import { ActivityFailure, proxyActivities, setHandler, setWorkflowOptions, sleep } from '@temporalio/workflow';
import type { RetryPolicy } from '@temporalio/workflow';
import type { ErasureActivities } from '../activities/erasure.activities.ts';
import { truncateText } from '../domain/shared/text.ts';
import {
  IN_FLIGHT_WAIT,
  IN_FLIGHT_WAIT_ATTEMPTS,
  erasureStatusQuery,
  type ErasureInput,
  type ErasureStatus,
} from './erasure.definitions.ts';
import { pinnedWhenVersioned } from './versioning.definitions.ts';

// Database steps are retried while the database does not answer (about 15 minutes); a data error is not retried.
const retry: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
  maximumAttempts: 20,
};
// Every step heartbeats: a step whose worker died is taken up by another within 20 s.
const { beginErasure, settleErasedEffects, awaitRunsClosed, eraseInCrm, eraseRows, failErasure } =
  proxyActivities<ErasureActivities>({ startToCloseTimeout: '10 minutes', heartbeatTimeout: '20 seconds', retry });

export async function erasureWorkflow(input: ErasureInput): Promise<ErasureStatus['phase']> {
  const status: ErasureStatus = { phase: 'STOPPING_RUNS' };
  setHandler(erasureStatusQuery, () => status);
  const job = { jobId: input.jobId };
  try {
    if (!(await beginErasure(job))) return (status.phase = 'DONE');
    status.phase = 'SETTLING_EFFECTS';
    let inFlight = await settleErasedEffects({ ...job, force: false });
    for (let attempt = 1; inFlight > 0 && attempt < IN_FLIGHT_WAIT_ATTEMPTS; attempt++) {
      await sleep(IN_FLIGHT_WAIT);
      inFlight = await settleErasedEffects({ ...job, force: false });
    }
    // Still in flight: its outcome was lost; it counts as done and is never sent again.
    if (inFlight > 0) await settleErasedEffects({ ...job, force: true });
    status.phase = 'WAITING_FOR_RUNS';
    await awaitRunsClosed(job);
    status.phase = 'ERASING_IN_CRM';
    await eraseInCrm(job);
    status.phase = 'ERASING_ROWS';
    await eraseRows(job);
    return (status.phase = 'DONE');
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    await failErasure({ ...job, error: truncateText(error.cause?.message ?? error.message, 1000) });
    return (status.phase = 'FAILED');
  }
}

// A job (seconds to minutes) finishes on the build that started it.
setWorkflowOptions(pinnedWhenVersioned, erasureWorkflow);
