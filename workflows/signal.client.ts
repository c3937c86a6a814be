// The two calls to a signal's workflow (`signal/<id>`), made by the delivery of SIGNAL_CHANGED
// commands: start it (create, duplicate) and tell it about a change (`signalChanged` Update: edit,
// pause, resume, archive, unarchive). The row is the truth and is committed, with its command,
// before either call; the workflow re-reads it whatever the change, so a repeated call is harmless.
//
// Failures: a workflow that is missing (never started, or ended) is started instead of updated (it
// reads the row at start). Temporal unreachable, or an Update not accepted within
// SIGNAL_UPDATE_TIMEOUT_MS (no worker polling), is the domain's 'unavailable' error; the command
// stays in the outbox with it and the drain delivers it again. The API never answers it: the
// change is committed before either call.
import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowNotFoundError } from '@temporalio/common';
import { temporalCall, toDomainError } from '../temporal/failures.ts';
import { organizationSearchAttributes } from '../temporal/search-attributes.ts';
import type { SignalChange } from '../domain/signals/signal-change.ts';
import {
  SIGNAL_WORKFLOW,
  signalChangedUpdate,
  signalWorkflowId,
  type SignalWorkflowInput,
} from './signal.definitions.ts';

/** How long an Update may wait for the workflow to accept it before the call counts as unavailable. */
export const SIGNAL_UPDATE_TIMEOUT_MS = 10_000;

export interface SignalClient {
  /** Starts the signal's workflow; a running one with the same id is kept (USE_EXISTING). */
  start(organizationId: string, signalId: string): Promise<void>;
  /**
   * Tells the workflow about a change (the `signalChanged` Update, waited for until accepted and
   * completed). A missing workflow is started instead. 'unavailable' when Temporal cannot be
   * reached or the Update is not taken up within `timeoutMs`.
   */
  changed(organizationId: string, signalId: string, change: SignalChange['change'], timeoutMs?: number): Promise<void>;
}

export function createSignalClient(temporal: Client, taskQueue: string): SignalClient {
  async function start(organizationId: string, signalId: string): Promise<void> {
    const args: [SignalWorkflowInput] = [{ signalId, organizationId }];
    await temporalCall(() =>
      temporal.workflow.start(SIGNAL_WORKFLOW, {
        workflowId: signalWorkflowId(signalId),
        taskQueue,
        args,
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        typedSearchAttributes: organizationSearchAttributes({ organizationId }),
      }),
    );
  }
  return {
    start,
    async changed(organizationId, signalId, change, timeoutMs = SIGNAL_UPDATE_TIMEOUT_MS) {
      try {
        await temporal.withDeadline(Date.now() + timeoutMs, () =>
          temporal.workflow
            .getHandle(signalWorkflowId(signalId))
            .executeUpdate(signalChangedUpdate, { args: [{ change }] }),
        );
      } catch (error) {
        if (error instanceof WorkflowNotFoundError) {
          await start(organizationId, signalId);
          return;
        }
        // An Update not taken up in time (no worker polling) is answered as an unreachable Temporal is.
        throw toDomainError(error);
      }
    },
  };
}
