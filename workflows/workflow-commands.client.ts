// The outbox drain of workflow commands (`workflow-commands/<task queue>`): every worker asks for
// the one drain of its task queue at boot; all but the first find it running.
import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy } from '@temporalio/common';
import { temporalCall } from '../temporal/failures.ts';
import {
  DRAIN_POLL_MS,
  WORKFLOW_COMMANDS_WORKFLOW,
  workflowCommandsWorkflowId,
  type WorkflowCommandsInput,
} from './workflow-commands.definitions.ts';

export interface WorkflowCommandsClient {
  /** Starts the task queue's drain unless it runs. */
  ensureDrain(): Promise<void>;
}

export function createWorkflowCommandsClient(temporal: Client, taskQueue: string): WorkflowCommandsClient {
  return {
    async ensureDrain() {
      const args: [WorkflowCommandsInput] = [{ pollMs: DRAIN_POLL_MS }];
      await temporalCall(() =>
        temporal.workflow.start(WORKFLOW_COMMANDS_WORKFLOW, {
          taskQueue,
          workflowId: workflowCommandsWorkflowId(taskQueue),
          args,
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        }),
      );
    },
  };
}
