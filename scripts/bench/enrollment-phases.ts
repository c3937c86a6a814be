// Where the enrollments of a benchmark spent their time, from their workflows' histories beside the
// client's clock. An enrollment that needed no verification runs no enrollment workflow: the request
// checks and writes, answers at commit, and its start command starts the sequence workflow right
// after (phases, both from the request's sending: the response, and the run's start). One that ran
// the enrollment workflow: the API before its start, its first workflow task waiting for a worker
// and running, any later tasks, and its answer to the response.
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { enrollmentWorkflowId } from '../../workflows/enrollment.definitions.ts';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { percentile } from './harness.ts';
import { firstAt, timedEvents, type TimedEvent } from './history-times.ts';

export interface TimedEnrollment {
  contactId: string;
  /** The sequence the 201 answered. */
  sequenceId: string;
  /** Date.now() when the request was sent and when its response arrived. */
  sentMs: number;
  answeredMs: number;
}

const IN_REQUEST = ['sent to the response', "sent to the run's start"] as const;
const THROUGH_WORKFLOW = [
  'api before start',
  'task waits for worker',
  'first task runs',
  'later tasks',
  'answer to response',
] as const;

/** The phases of one enrollment through the enrollment workflow, in ms (NaN where its history lacks the event). */
function workflowPhases(events: TimedEvent[], run: TimedEnrollment): number[] {
  const started = firstAt(events, 'WORKFLOW_EXECUTION_STARTED');
  const scheduled = firstAt(events, 'WORKFLOW_TASK_SCHEDULED');
  const taskStarted = firstAt(events, 'WORKFLOW_TASK_STARTED');
  const taskCompleted = firstAt(events, 'WORKFLOW_TASK_COMPLETED');
  const answered = firstAt(events, 'WORKFLOW_EXECUTION_COMPLETED');
  return [
    started - run.sentMs,
    taskStarted - scheduled,
    taskCompleted - taskStarted,
    answered - taskCompleted,
    run.answeredMs - answered,
  ];
}

async function historyOrNull(client: Client, workflowId: string) {
  try {
    return await client.workflow.getHandle(workflowId).fetchHistory();
  } catch (error) {
    if (error instanceof WorkflowNotFoundError || (error as { code?: number }).code === 5) return null;
    throw error;
  }
}

function medians(names: readonly string[], rows: number[][]): string {
  return names
    .map((name, i) => {
      const values = rows
        .map((r) => r[i])
        .filter((v) => Number.isFinite(v))
        .sort((a, b) => a - b);
      return `${name} ${percentile(values, 50).toFixed(0)}`;
    })
    .join(', ');
}

/** Prints the p50 of each phase over `runs`, separately for the two paths (histories read from Temporal). */
export async function printEnrollmentPhases(
  client: Client,
  organizationId: string,
  sequenceTemplateId: string,
  runs: TimedEnrollment[],
): Promise<void> {
  const inRequest: number[][] = [];
  const throughWorkflow: number[][] = [];
  for (const run of runs) {
    const enrollment = await historyOrNull(
      client,
      enrollmentWorkflowId(organizationId, run.contactId, sequenceTemplateId),
    );
    if (enrollment) {
      throughWorkflow.push(workflowPhases(timedEvents(enrollment), run));
      continue;
    }
    const sequence = await historyOrNull(client, sequenceWorkflowId(run.sequenceId));
    const started = sequence ? firstAt(timedEvents(sequence), 'WORKFLOW_EXECUTION_STARTED') : Number.NaN;
    inRequest.push([run.answeredMs - run.sentMs, started - run.sentMs]);
  }
  if (inRequest.length)
    console.log(
      `    p50 of each phase (ms), ${inRequest.length} enrolled in the request: ${medians(IN_REQUEST, inRequest)}`,
    );
  if (throughWorkflow.length)
    console.log(
      `    p50 of each phase (ms), ${throughWorkflow.length} through the enrollment workflow: ${medians(THROUGH_WORKFLOW, throughWorkflow)}`,
    );
}
