// The calls to a run's workflow (`sequence/<id>`): start it, the pauseState/stop/variables
// Updates, the runChanged and taskCompleted Signals and the status Query, with Temporal's failures
// mapped to the domain's errors (a refused Update: 409 or 400; a write it could not make in time
// or an unreachable Temporal: 503; a missing workflow: WorkflowNotRunningError).
import { WorkflowUpdateFailedError, type Client, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure, WorkflowIdConflictPolicy } from '@temporalio/common';
import { DomainError } from '../domain/shared/errors.ts';
import { temporalCall, toDomainError } from '../temporal/failures.ts';
import { organizationSearchAttributes } from '../temporal/search-attributes.ts';
import { SEQUENCE_WORKFLOW, type SequenceWorkflowInput } from './enrollment.definitions.ts';
import { DATA_ERROR, INVALID_INPUT } from './failures.definitions.ts';
import {
  SEQUENCE_INVALID_INPUT, SEQUENCE_NOT_PAUSED, SEQUENCE_TERMINAL, SEQUENCE_UPDATE_FAILED, pauseStateUpdate, runChangedSignal, sequenceStatusQuery,
  sequenceWorkflowId, setVariablesUpdate, stopUpdate, taskCompletedSignal,
  type PauseState, type SequenceRecord, type SequenceRunStatus, type SetVariablesInput, type StopInput,
} from './sequence.definitions.ts';

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
  stop(sequenceId: string, input: StopInput): Promise<SequenceRecord>;
  setVariables(sequenceId: string, input: SetVariablesInput): Promise<SequenceRecord>;
  /** taskCompletedSignal: a CALL task of the run was completed or skipped. */
  taskCompleted(sequenceId: string, taskId: string): Promise<void>;
  /** runChangedSignal to one run, failures included (the outbox retries it; a missing workflow: WorkflowNotRunningError). */
  runChanged(sequenceId: string): Promise<void>;
  status(sequenceId: string): Promise<SequenceRunStatus>;
}

const NOT_RUNNING = 'The sequence is not running.';

/** A refused or failed Update as the domain's error: 409 (terminal, not paused), 400 (the data), 503 (not written in time). */
function updateFailure(error: unknown): unknown {
  if (!(error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure)) return toDomainError(error, NOT_RUNNING);
  const { type, message } = error.cause;
  if (type === SEQUENCE_TERMINAL || type === SEQUENCE_NOT_PAUSED) return DomainError.conflict(message);
  if (type === SEQUENCE_INVALID_INPUT) return DomainError.invalid('body', message);
  if (type === SEQUENCE_UPDATE_FAILED) {
    // The run refused the data for good (400), or could not write it in a few quick attempts (503: retry).
    const cause = error.cause.details?.[0];
    if (cause === DATA_ERROR || cause === INVALID_INPUT) return DomainError.invalid('body', message);
    return DomainError.unavailable(`The sequence could not apply the change now: ${message}`, { cause: error });
  }
  return error;
}

export function createSequenceClient(temporal: Client, taskQueue: string): SequenceClient {
  const handle = (sequenceId: string): WorkflowHandle => temporal.workflow.getHandle(sequenceWorkflowId(sequenceId));
  async function update<T>(sequenceId: string, run: (workflow: WorkflowHandle) => Promise<T>): Promise<T> {
    try {
      return await run(handle(sequenceId));
    } catch (error) {
      throw updateFailure(error);
    }
  }
  return {
    async start(organizationId, run) {
      const args: [SequenceWorkflowInput] = [{ sequenceId: run.sequenceId, organizationId }];
      await temporalCall(() => temporal.workflow.start(SEQUENCE_WORKFLOW, {
        taskQueue,
        workflowId: sequenceWorkflowId(run.sequenceId),
        args,
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        typedSearchAttributes: organizationSearchAttributes({ organizationId, contactId: run.contactId, sequenceTemplateId: run.sequenceTemplateId }),
      }));
    },
    pauseState: (sequenceId, state) => update(sequenceId, (workflow) => workflow.executeUpdate(pauseStateUpdate, { args: [state] })),
    stop: (sequenceId, input) => update(sequenceId, (workflow) => workflow.executeUpdate(stopUpdate, { args: [input] })),
    setVariables: (sequenceId, input) => update(sequenceId, (workflow) => workflow.executeUpdate(setVariablesUpdate, { args: [input] })),
    async taskCompleted(sequenceId, taskId) {
      await temporalCall(() => handle(sequenceId).signal(taskCompletedSignal, { taskId }), NOT_RUNNING);
    },
    async runChanged(sequenceId) {
      await temporalCall(() => handle(sequenceId).signal(runChangedSignal), NOT_RUNNING);
    },
    status: (sequenceId) => temporalCall(() => handle(sequenceId).query(sequenceStatusQuery), NOT_RUNNING),
  };
}
