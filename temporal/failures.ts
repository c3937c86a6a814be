// Temporal's own failures as the domain's errors, for the workflow client modules
// (workflows/*.client.ts): the API and the domain never see a Temporal error type.
import {
  ServiceError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { DomainError, WorkflowNotRunningError } from '../domain/shared/errors.ts';

/**
 * The domain error for a Temporal failure: a missing workflow is WorkflowNotRunningError (with
 * `notRunning` as its message), an unreachable service or an Update not taken up in time is
 * DomainError.workflowServiceUnavailable (the one 503 text), a start that found a closed run under
 * a reuse policy that refuses it is a conflict. Anything else (already a domain error, or a bug) is
 * returned as it is.
 */
export function toDomainError(error: unknown, notRunning = 'The workflow is not running.'): unknown {
  if (error instanceof DomainError) return error;
  if (error instanceof WorkflowNotFoundError) return new WorkflowNotRunningError(notRunning, { cause: error });
  if (error instanceof ServiceError || error instanceof WorkflowUpdateRPCTimeoutOrCancelledError) {
    return DomainError.workflowServiceUnavailable({ cause: error });
  }
  if (error instanceof WorkflowExecutionAlreadyStartedError) return DomainError.conflict(error.message);
  return error;
}

/** Runs one call to Temporal and rethrows its failure as toDomainError() maps it. */
export async function temporalCall<T>(call: () => Promise<T>, notRunning?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toDomainError(error, notRunning);
  }
}
