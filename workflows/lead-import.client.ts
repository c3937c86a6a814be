// The call to the lead-import workflow (`lead-import/<org>/<digest of the entry ids>`): one start
// per batch of entries; a retried start of the same batch attaches to the running import.
import { createHash } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy } from '@temporalio/common';
import { temporalCall } from '../temporal/failures.ts';
import { organizationSearchAttributes } from '../temporal/search-attributes.ts';
import { LEAD_IMPORT_WORKFLOW, leadImportWorkflowId, type LeadImportInput } from './lead-import.definitions.ts';

/** An enrollment chunk writes its runs and starts them (an email to verify is handed to the enrollment workflow): ample. */
const ENROLL_CHUNK_TIMEOUT_MS = 10 * 60_000;

export interface LeadImportClient {
  /** Starts one import for these entries (none: nothing started, null); answers its workflow id. */
  start(organizationId: string, importEntryIds: string[], enrollEntryIds: string[]): Promise<string | null>;
}

export function createLeadImportClient(temporal: Client, taskQueue: string): LeadImportClient {
  return {
    async start(organizationId, importEntryIds, enrollEntryIds) {
      if (!importEntryIds.length && !enrollEntryIds.length) return null;
      const entries = JSON.stringify([[...importEntryIds].sort(), [...enrollEntryIds].sort()]);
      const key = createHash('sha256').update(entries).digest('hex').slice(0, 40);
      const workflowId = leadImportWorkflowId(organizationId, key);
      const args: [LeadImportInput] = [
        { organizationId, importEntryIds, enrollEntryIds, enrollTimeoutMs: ENROLL_CHUNK_TIMEOUT_MS },
      ];
      await temporalCall(() =>
        temporal.workflow.start(LEAD_IMPORT_WORKFLOW, {
          taskQueue,
          workflowId,
          args,
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
          typedSearchAttributes: organizationSearchAttributes({ organizationId }),
        }),
      );
      return workflowId;
    },
  };
}
