// Where the enrollments of a benchmark spent their time, from their workflows' histories beside the
// client's clock: the API before the workflow started, the first workflow task waiting for a worker
// (schedule to start) and running (its local activities inside), any later workflow tasks, and from
// the answer's event in the history to the response.
import type { Client } from '@temporalio/client';
import { enrollmentWorkflowId } from '../../workflows/enrollment.definitions.ts';
import { percentile } from './harness.ts';
import { firstAt, timedEvents, type TimedEvent } from './history-times.ts';

export interface TimedEnrollment {
  contactId: string;
  /** Date.now() when the request was sent and when its response arrived. */
  sentMs: number;
  answeredMs: number;
}

const PHASES = ['api before start', 'task waits for worker', 'first task runs', 'later tasks', 'answer to response'] as const;

/** The phases of one enrollment in ms (NaN where its history lacks the event). */
function phases(events: TimedEvent[], run: TimedEnrollment): number[] {
  const started = firstAt(events, 'WORKFLOW_EXECUTION_STARTED');
  const scheduled = firstAt(events, 'WORKFLOW_TASK_SCHEDULED');
  const taskStarted = firstAt(events, 'WORKFLOW_TASK_STARTED');
  const taskCompleted = firstAt(events, 'WORKFLOW_TASK_COMPLETED');
  // The answer: the Update's completion when the enrollment answers through one, else the workflow's.
  const answered = Math.min(firstAt(events, 'WORKFLOW_EXECUTION_UPDATE_COMPLETED'), firstAt(events, 'WORKFLOW_EXECUTION_COMPLETED'))
    || firstAt(events, 'WORKFLOW_EXECUTION_COMPLETED');
  return [started - run.sentMs, taskStarted - scheduled, taskCompleted - taskStarted, answered - taskCompleted, run.answeredMs - answered];
}

/** Prints the p50 of each phase over `runs` (their histories read from Temporal). */
export async function printEnrollmentPhases(client: Client, organizationId: string, sequenceTemplateId: string, runs: TimedEnrollment[]): Promise<void> {
  const rows: number[][] = [];
  for (const run of runs) {
    const history = await client.workflow.getHandle(enrollmentWorkflowId(organizationId, run.contactId, sequenceTemplateId)).fetchHistory();
    rows.push(phases(timedEvents(history), run));
  }
  const medians = PHASES.map((name, i) => {
    const values = rows.map((r) => r[i]).filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
    return `${name} ${percentile(values, 50).toFixed(0)}`;
  });
  console.log(`    p50 of each phase (ms): ${medians.join(', ')}`);
}
