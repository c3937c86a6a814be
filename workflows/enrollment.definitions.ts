// The enrollment workflow of one contact in one template: its derived id, input,
// result, the refusal reasons the API documents, the activity shapes and the `status` query.
import { defineQuery } from '@temporalio/workflow';

export const ENROLLMENT_WORKFLOW = 'enrollmentWorkflow';
/** The sequence workflow (one per sequence), started by name once an ACTIVE row is written. */
export { SEQUENCE_WORKFLOW, sequenceWorkflowId } from './sequence.definitions.ts';

/** One enrollment of a contact in a template at a time: a concurrent identical request attaches to it. */
export function enrollmentWorkflowId(organizationId: string, contactId: string, sequenceTemplateId: string): string {
  return `enrollment/${organizationId}/${contactId}/${sequenceTemplateId}`;
}

/**
 * Why an enrollment is refused (422 BusinessIssue `data.reason`, and the REFUSED row's stopped_reason):
 * NO_IDENTIFIER: neither email nor LinkedIn URL. EXCLUDED: a contact or account exclusion is in force.
 * NO_CHANNEL: a channel a step needs is absent (no email, no LinkedIn URL) and the template stops on
 * missing data, or no step would be left. EMAIL_UNDELIVERABLE: the same for an email that exists but
 * is UNDELIVERABLE or BOUNCED (as stored, or as the verification just found).
 * TEMPLATE_NOT_ACTIVE: the template stopped being ACTIVE (or lost its steps) while the check ran.
 */
export const REFUSAL_REASONS = ['NO_IDENTIFIER', 'EXCLUDED', 'NO_CHANNEL', 'EMAIL_UNDELIVERABLE', 'TEMPLATE_NOT_ACTIVE'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export type EnrollmentOutcome = 'CREATED' | 'REFUSED' | 'DUPLICATE';

export interface EnrollmentInput {
  organizationId: string;
  contactId: string;
  sequenceTemplateId: string;
  /** One verification attempt's timeout (the verifier's slowest answer plus a margin); the activity's is the policy's budget of all attempts. */
  verifyTimeoutMs: number;
  /** The contact-list entry this enrollment comes from (list auto-enrollment); absent or null otherwise. */
  sourceContactEntryId?: string | null;
}

export interface EnrollmentResult {
  outcome: EnrollmentOutcome;
  /** The created, refused or already running sequence. */
  sequenceId: string;
  reason: RefusalReason | null;
}

export interface EligibilityInput {
  organizationId: string;
  contactId: string;
  sequenceTemplateId: string;
  /** After a verification that failed: treat a still UNVERIFIED email as usable, do not ask again. */
  verificationDone: boolean;
}

export interface EligibilityResult {
  refusal: RefusalReason | null;
  /** The email was never verified and an EMAIL step needs it. */
  needsVerification: boolean;
}

export interface VerifyInput {
  organizationId: string;
  contactId: string;
}

export interface CreateSequenceInput {
  organizationId: string;
  contactId: string;
  sequenceTemplateId: string;
  /** The enrollment run (the 202's enrollment_run_id): a retried activity finds its own row by it. */
  enrollmentRunId: string;
  /** Set: write a REFUSED row with this stopped_reason instead. */
  refusal: RefusalReason | null;
  /** The contact-list entry the sequence is sourced from (sequences.source_contact_entry_id); absent: null. */
  sourceContactEntryId?: string | null;
}

/** The first step of an enrollment: eligibility, then (unless a verification is needed first) the write; the step decides the refusal itself. */
export type CheckAndCreateInput = Omit<CreateSequenceInput, 'refusal'>;

/** The written enrollment, or null with `needsVerification` when the email must be verified first. */
export interface CheckAndCreateResult {
  created: EnrollmentResult | null;
  needsVerification: boolean;
}

export interface EnrollmentStatus {
  phase: 'CHECKING' | 'VERIFYING' | 'DONE';
  outcome: EnrollmentOutcome | null;
  sequenceId: string | null;
  reason: RefusalReason | null;
}

export const enrollmentStatusQuery = defineQuery<EnrollmentStatus>('status');

/** What sequenceWorkflow is started with (the contract with the sequence workflow). */
export interface SequenceWorkflowInput {
  sequenceId: string;
  organizationId: string;
}
