// The API's two calls to a signal's workflow (`signal/<id>`): start it (create, duplicate) and tell
// it about a change (`signalChanged` Update: edit, pause, resume, archive, unarchive). The row is
// the truth and is committed before either call; the workflow re-reads it whatever the change.
//
// Failures: a workflow that is missing (never started, or ended) is started instead of updated (it
// reads the row at start). Temporal unreachable, or an Update not accepted within
// SIGNAL_UPDATE_TIMEOUT_MS (no worker polling), is a ServiceError, which the API answers 503
// UnavailableIssue; callers undo their row change first, so a 503 leaves nothing half-written, and
// then ask the workflow to re-read the restored row (in case the Update was applied and only its
// answer was lost).
import { ServiceError, WorkflowUpdateRPCTimeoutOrCancelledError, type Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowNotFoundError } from '@temporalio/common';
import { OrganizationIdKey } from '../../temporal/search-attributes.ts';
import {
  SIGNAL_WORKFLOW, signalChangedUpdate, signalWorkflowId, type SignalChange, type SignalWorkflowInput,
} from '../../workflows/signal.definitions.ts';

export interface SignalWorkflowDeps {
  temporal: Client;
  taskQueue: string;
}

/** How long an Update may wait for the workflow to accept it before the call counts as unavailable. */
export const SIGNAL_UPDATE_TIMEOUT_MS = 10_000;
/** The re-read a failed change sends after its undo (signals.service.ts notifyOrUndo): short, it only adds to a 503. */
export const SIGNAL_RESYNC_TIMEOUT_MS = 2_000;

/** Starts the signal's workflow; a running one with the same id is kept (USE_EXISTING). */
export async function startSignalWorkflow(deps: SignalWorkflowDeps, organizationId: string, signalId: string): Promise<void> {
  const args: [SignalWorkflowInput] = [{ signalId, organizationId }];
  await deps.temporal.workflow.start(SIGNAL_WORKFLOW, {
    workflowId: signalWorkflowId(signalId),
    taskQueue: deps.taskQueue,
    args,
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    typedSearchAttributes: [{ key: OrganizationIdKey, value: organizationId }],
  });
}

/**
 * Tells the workflow about a change (the `signalChanged` Update, waited for until accepted and
 * completed). A missing workflow is started instead. Throws ServiceError when Temporal cannot be
 * reached or the Update is not taken up in time.
 */
export async function notifySignalChanged(
  deps: SignalWorkflowDeps, organizationId: string, signalId: string, change: SignalChange['change'], timeoutMs = SIGNAL_UPDATE_TIMEOUT_MS,
): Promise<void> {
  try {
    await deps.temporal.withDeadline(Date.now() + timeoutMs, () =>
      deps.temporal.workflow.getHandle(signalWorkflowId(signalId)).executeUpdate(signalChangedUpdate, { args: [{ change }] }));
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) {
      await startSignalWorkflow(deps, organizationId, signalId);
      return;
    }
    if (error instanceof WorkflowUpdateRPCTimeoutOrCancelledError) {
      throw new ServiceError(`The signal workflow did not take the ${change} change within ${timeoutMs} ms.`, { cause: error });
    }
    throw error;
  }
}
