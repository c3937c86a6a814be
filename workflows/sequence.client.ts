// The calls to a run's workflow (`sequence/<id>`): start it, the pauseState Update, the runChanged
// and taskCompleted Signals and the status Query, with Temporal's failures mapped to the domain's
// errors (an unreachable Temporal: 'unavailable'; a missing workflow: WorkflowNotRunningError). The
// API never waits on the run for a change: it writes the row, and these calls tell the run after.
import type { Client, WorkflowHandle } from '@temporalio/client';
import { WorkflowIdConflictPolicy } from '@temporalio/common';
import { temporalCall } from '../temporal/failures.ts';
import { organizationSearchAttributes } from '../temporal/search-attributes.ts';
import { SEQUENCE_WORKFLOW, type SequenceWorkflowInput } from './sequence.definitions.ts';
import {
  pauseStateUpdate,
  runChangedSignal,
  sequenceStatusQuery,
  sequenceWorkflowId,
  taskCompletedSignal,
  type SequenceRunStatus,
} from './sequence.definitions.ts';
import type { PauseState } from '../domain/sequences/pause-state.ts';
import { WorkflowNotRunningError } from '../domain/shared/errors.ts';

/** The run a start is for: its id and the ids its search attributes carry. */
export interface SequenceRunStart {
  sequenceId: string;
  contactId: string;
  sequenceTemplateId: string;
}

export interface SequenceClient {
  /** Starts the run's workflow; a second start finds the first (USE_EXISTING). */
  start(organizationId: string, run: SequenceRunStart): Promise<void>;
  /** pauseStateUpdate: the run's row was paused or resumed (committed); answers once the run has taken it. */
  pauseState(sequenceId: string, state: PauseState): Promise<void>;
  /** taskCompletedSignal: a CALL task of the run was completed or skipped. */
  taskCompleted(sequenceId: string, taskId: string): Promise<void>;
  /** runChangedSignal to one run, failures included (the outbox retries it; a missing workflow: WorkflowNotRunningError). */
  runChanged(sequenceId: string): Promise<void>;
  status(sequenceId: string): Promise<SequenceRunStatus>;
  /** True while the run's workflow is open (false when it closed or never existed). */
  isOpen(sequenceId: string): Promise<boolean>;
  /** Terminates the run's workflow (an erasure that cannot wait longer); a closed or missing one is left alone. */
  terminate(sequenceId: string, reason: string): Promise<void>;
}

const NOT_RUNNING = 'The sequence is not running.';

export function createSequenceClient(temporal: Client, taskQueue: string): SequenceClient {
  const handle = (sequenceId: string): WorkflowHandle => temporal.workflow.getHandle(sequenceWorkflowId(sequenceId));
  return {
    async start(organizationId, run) {
      const args: [SequenceWorkflowInput] = [{ sequenceId: run.sequenceId, organizationId }];
      await temporalCall(() =>
        temporal.workflow.start(SEQUENCE_WORKFLOW, {
          taskQueue,
          workflowId: sequenceWorkflowId(run.sequenceId),
          args,
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
          typedSearchAttributes: organizationSearchAttributes({
            organizationId,
            contactId: run.contactId,
            sequenceTemplateId: run.sequenceTemplateId,
          }),
        }),
      );
    },
    async pauseState(sequenceId, state) {
      await temporalCall(() => handle(sequenceId).executeUpdate(pauseStateUpdate, { args: [state] }), NOT_RUNNING);
    },
    async taskCompleted(sequenceId, taskId) {
      await temporalCall(() => handle(sequenceId).signal(taskCompletedSignal, { taskId }), NOT_RUNNING);
    },
    async runChanged(sequenceId) {
      await temporalCall(() => handle(sequenceId).signal(runChangedSignal), NOT_RUNNING);
    },
    status: (sequenceId) => temporalCall(() => handle(sequenceId).query(sequenceStatusQuery), NOT_RUNNING),
    async isOpen(sequenceId) {
      try {
        return (await temporalCall(() => handle(sequenceId).describe(), NOT_RUNNING)).status.name === 'RUNNING';
      } catch (error) {
        if (error instanceof WorkflowNotRunningError) return false;
        throw error;
      }
    },
    async terminate(sequenceId, reason) {
      try {
        await temporalCall(() => handle(sequenceId).terminate(reason), NOT_RUNNING);
      } catch (error) {
        if (!(error instanceof WorkflowNotRunningError)) throw error;
      }
    },
  };
}
