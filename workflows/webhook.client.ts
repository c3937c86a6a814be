// The calls to the webhook workflows: the dispatcher (one per task queue; every worker asks for it
// at start, all but the first find it running) and the retry workflow of one failing delivery
// (`webhook-delivery/<delivery id>`).
import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';
import { temporalCall } from '../temporal/failures.ts';
import { organizationSearchAttributes } from '../temporal/search-attributes.ts';
import {
  WEBHOOK_DISPATCHER_WORKFLOW,
  webhookDispatcherWorkflowId,
  type DispatcherInput,
} from './webhook-dispatcher.definitions.ts';
import { WEBHOOK_RETRY_WORKFLOW, webhookRetryWorkflowId, type RetryInput } from './webhook-retry.definitions.ts';

export interface WebhookClient {
  /** Starts the task queue's dispatcher unless it runs. */
  ensureDispatcher(pollMs: number): Promise<void>;
  /**
   * Starts (or finds) the delivery's retry workflow on `taskQueue` (default the client's); answers
   * its workflow id. The ids name the search attributes it carries.
   */
  startRetry(
    input: RetryInput,
    ids: { contactId: string | null; sequenceTemplateId: string | null },
    taskQueue?: string,
  ): Promise<string>;
}

export function createWebhookClient(temporal: Client, defaultTaskQueue: string): WebhookClient {
  return {
    async ensureDispatcher(pollMs) {
      const args: [DispatcherInput] = [{ pollMs }];
      await temporalCall(() =>
        temporal.workflow.start(WEBHOOK_DISPATCHER_WORKFLOW, {
          taskQueue: defaultTaskQueue,
          workflowId: webhookDispatcherWorkflowId(defaultTaskQueue),
          args,
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        }),
      );
    },
    async startRetry(input, ids, taskQueue = defaultTaskQueue) {
      const workflowId = webhookRetryWorkflowId(input.deliveryId);
      const args: [RetryInput] = [input];
      await temporalCall(() =>
        temporal.workflow.start(WEBHOOK_RETRY_WORKFLOW, {
          taskQueue,
          workflowId,
          args,
          // A retried activity finds the running workflow; a closed one means the delivery was
          // replayed (PENDING again), which deserves a new run under the same id.
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
          workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
          // The event's contact and template too, when it has them (a resource event has no template).
          typedSearchAttributes: organizationSearchAttributes({ organizationId: input.organizationId, ...ids }),
        }),
      );
      return workflowId;
    },
  };
}
