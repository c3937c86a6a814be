// The call to an erasure job's workflow (`erasure/<job id>`): the outbox's ERASE_PERSON delivery
// starts it; a repeated start finds the running one (USE_EXISTING).
import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy } from '@temporalio/common';
import { temporalCall } from '../temporal/failures.ts';
import { organizationSearchAttributes } from '../temporal/search-attributes.ts';
import { ERASURE_WORKFLOW, erasureWorkflowId, type ErasureInput } from './erasure.definitions.ts';

export interface ErasureClient {
  start(organizationId: string, jobId: string): Promise<void>;
}

export function createErasureClient(temporal: Client, taskQueue: string): ErasureClient {
  return {
    async start(organizationId, jobId) {
      const args: [ErasureInput] = [{ jobId, organizationId }];
      await temporalCall(() =>
        temporal.workflow.start(ERASURE_WORKFLOW, {
          taskQueue,
          workflowId: erasureWorkflowId(jobId),
          args,
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
          typedSearchAttributes: organizationSearchAttributes({ organizationId }),
        }),
      );
    },
  };
}
