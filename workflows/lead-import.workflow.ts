// The lead import of one contact-entry batch: enroll the entries that resolved during the request
// (known contacts), complete the new people's profiles from the directory (exclusions apply at
// enrollment, which refuses an excluded contact with a REFUSED row), mark them DONE with their
// contact_entry.resolved event, then enroll them. An import that keeps failing marks its entries
// FAILED with the reason instead of leaving them PENDING.
import { ActivityFailure, proxyActivities, setHandler, setWorkflowOptions, workflowInfo } from '@temporalio/workflow';
import type { LeadImportActivities } from '../activities/lead-import.activities.ts';
import { truncateText } from '../domain/shared/text.ts';
import {
  LEAD_IMPORT_CHUNK,
  leadImportStatusQuery,
  type LeadImportInput,
  type LeadImportResult,
  type LeadImportStatus,
} from './lead-import.definitions.ts';
import { pinnedWhenVersioned } from './versioning.definitions.ts';

const { importLeads, failEntries } = proxyActivities<LeadImportActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
});

function chunks(ids: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += LEAD_IMPORT_CHUNK) out.push(ids.slice(i, i + LEAD_IMPORT_CHUNK));
  return out;
}

export async function leadImportWorkflow(input: LeadImportInput): Promise<LeadImportResult> {
  const result: LeadImportResult = { resolved: 0, failed: 0, created: 0, refused: 0, skipped: 0 };
  const status: LeadImportStatus = { phase: 'ENROLLING_KNOWN', result };
  setHandler(leadImportStatusQuery, () => status);
  // Enrollment writes are idempotent per (run, entry), so they are retried while the database does
  // not answer, 20 attempts (about 15 minutes); a data error is not retried.
  const { enrollEntries } = proxyActivities<LeadImportActivities>({
    startToCloseTimeout: input.enrollTimeoutMs,
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
  });
  const { runId } = workflowInfo();
  const enroll = async (ids: string[]) => {
    for (const chunk of chunks(ids)) {
      const done = await enrollEntries({ organizationId: input.organizationId, entryIds: chunk, runId });
      result.created += done.created;
      result.refused += done.refused;
      result.skipped += done.skipped;
    }
  };

  await enroll(input.enrollEntryIds);
  status.phase = 'IMPORTING';
  const resolved: string[] = [];
  for (const chunk of chunks(input.importEntryIds)) {
    try {
      const imported = await importLeads({ organizationId: input.organizationId, entryIds: chunk });
      resolved.push(...imported.resolvedEntryIds);
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      const reason = truncateText(`The lead import failed: ${error.cause?.message ?? error.message}`, 500);
      const failed = await failEntries({ organizationId: input.organizationId, entryIds: chunk, reason });
      result.failed += failed;
    }
  }
  result.resolved = resolved.length;
  status.phase = 'ENROLLING_IMPORTED';
  await enroll(resolved);
  status.phase = 'DONE';
  return result;
}

// Under Worker Versioning a run (one batch, minutes) finishes on the build that started it; a new build
// takes only new runs (temporal/worker-versioning.ts).
setWorkflowOptions(pinnedWhenVersioned, leadImportWorkflow);
