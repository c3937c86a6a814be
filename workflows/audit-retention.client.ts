// The call to the audit retention workflow (one per task queue): every worker asks for it at start;
// all but the first find it running.
import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy } from '@temporalio/common';
import { temporalCall } from '../temporal/failures.ts';
import {
  AUDIT_RETENTION_WORKFLOW,
  auditRetentionWorkflowId,
  type AuditRetentionInput,
} from './audit-retention.definitions.ts';

export function createAuditRetentionClient(temporal: Client, taskQueue: string) {
  return {
    /** Starts the task queue's retention workflow unless it runs. */
    async ensure(retentionDays: number): Promise<void> {
      const args: [AuditRetentionInput] = [{ retentionDays }];
      await temporalCall(() =>
        temporal.workflow.start(AUDIT_RETENTION_WORKFLOW, {
          taskQueue,
          workflowId: auditRetentionWorkflowId(taskQueue),
          args,
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        }),
      );
    },
  };
}
