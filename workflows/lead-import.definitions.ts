// The lead import of one contact-entry batch: its derived id, input, result and
// the activity shapes. One workflow per batch (or per default-template change of a list), never
// one per entry: it completes the profiles of new people from the directory, then enrolls the
// entries of lists with a default template and emits contact_entry.resolved.
import { defineQuery } from '@temporalio/workflow';

export const LEAD_IMPORT_WORKFLOW = 'leadImportWorkflow';

/** Entries per activity call: a batch of the API is at most 100; a list backfill is cut in chunks. */
export const LEAD_IMPORT_CHUNK = 100;

/**
 * The workflow id, derived from what it works on (`key`: a digest of the entry ids, computed by the
 * starter): a retried start of the same batch attaches to the running import instead of doubling it.
 */
export function leadImportWorkflowId(organizationId: string, key: string): string {
  return `lead-import/${organizationId}/${key}`;
}

export interface LeadImportInput {
  organizationId: string;
  /** Entries of people that were new to the workspace: their profile is completed, then they resolve. */
  importEntryIds: string[];
  /** Entries already resolved (known contacts, or a list that just got a default template): enrolled only. */
  enrollEntryIds: string[];
  /** Start-to-close timeout of an enrollment chunk (an email to verify is handed to the enrollment workflow, not waited for). */
  enrollTimeoutMs: number;
}

export interface LeadImportResult {
  /** Entries this run resolved (DONE) and failed (FAILED). */
  resolved: number;
  failed: number;
  /** Enrollment outcomes of this run's entries. */
  created: number;
  refused: number;
  skipped: number;
}

export interface ImportLeadsInput {
  organizationId: string;
  entryIds: string[];
}

export interface ImportLeadsResult {
  /** Entries now DONE (their contact_entry.resolved emitted in the same transaction). */
  resolvedEntryIds: string[];
}

export interface FailEntriesInput {
  organizationId: string;
  entryIds: string[];
  reason: string;
}

export interface EnrollEntriesInput {
  organizationId: string;
  entryIds: string[];
  /** The workflow run: with the entry id it names each enrollment (a retried chunk finds its rows). */
  runId: string;
}

export interface EnrollEntriesResult {
  /** Enrolled, or handed to the enrollment workflow to verify the email first (which may still refuse it). */
  created: number;
  refused: number;
  /** No default template (any more), entry gone or not resolved, or the contact already runs the template. */
  skipped: number;
}

export interface LeadImportStatus {
  phase: 'ENROLLING_KNOWN' | 'IMPORTING' | 'ENROLLING_IMPORTED' | 'DONE';
  result: LeadImportResult;
}

export const leadImportStatusQuery = defineQuery<LeadImportStatus>('status');
