// What runs in Temporal, for the admin's reconcile: the running workflows of a type (optionally of
// one organization, by its search attribute), whether one workflow runs now, and terminating an
// orphan. Failures map to the domain's errors like every client module's.
import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { temporalCall } from '../temporal/failures.ts';

export interface WorkflowInventoryClient {
  /** Running workflows of the type: workflow id → its OrganizationId attribute (null when it has none). */
  listRunning(workflowType: string, organizationId?: string): Promise<Map<string, string | null>>;
  /** Whether the workflow runs now; asks the workflow itself, since visibility can lag a fresh start. */
  isRunning(workflowId: string): Promise<boolean>;
  terminate(workflowId: string, reason: string): Promise<void>;
}

/** A value safe inside a visibility query's quotes: ids and type names only hold these characters. */
const quoted = (value: string) => `'${value.replace(/[^A-Za-z0-9_.:/-]/g, '')}'`;

export function createWorkflowInventoryClient(temporal: Client): WorkflowInventoryClient {
  return {
    listRunning: (workflowType, organizationId) =>
      temporalCall(async () => {
        const org = organizationId ? ` AND OrganizationId = ${quoted(organizationId)}` : '';
        const running = new Map<string, string | null>();
        for await (const w of temporal.workflow.list({
          query: `WorkflowType = ${quoted(workflowType)} AND ExecutionStatus = 'Running'${org}`,
        })) {
          const value = w.searchAttributes?.OrganizationId;
          running.set(w.workflowId, Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null);
        }
        return running;
      }),
    isRunning: (workflowId) =>
      temporalCall(async () => {
        try {
          return (await temporal.workflow.getHandle(workflowId).describe()).status.name === 'RUNNING';
        } catch (error) {
          if (error instanceof WorkflowNotFoundError) return false;
          throw error;
        }
      }),
    terminate: (workflowId, reason) =>
      temporalCall(async () => {
        await temporal.workflow.getHandle(workflowId).terminate(reason);
      }),
  };
}
