// What an enrollment answers: the refusal reasons, the outcome, and the eligibility check's input
// and answer. Pure (no I/O): the enrollment workflow and its definitions import it too.

/**
 * Why an enrollment is refused (422 BusinessIssue `data.reason`, and the REFUSED row's stopped_reason):
 * NO_IDENTIFIER: neither email nor LinkedIn URL. EXCLUDED: a contact or account exclusion is in force.
 * NO_CHANNEL: a channel a step needs is absent (no email, no LinkedIn URL) and the template stops on
 * missing data, or no step would be left. EMAIL_UNDELIVERABLE: the same for an email that exists but
 * is UNDELIVERABLE or BOUNCED (as stored, or as the verification just found).
 * TEMPLATE_NOT_ACTIVE: the template stopped being ACTIVE (or lost its steps) while the check ran.
 */
export const REFUSAL_REASONS = [
  'NO_IDENTIFIER',
  'EXCLUDED',
  'NO_CHANNEL',
  'EMAIL_UNDELIVERABLE',
  'TEMPLATE_NOT_ACTIVE',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export type EnrollmentOutcome = 'CREATED' | 'REFUSED' | 'DUPLICATE';

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
  /**
   * The email has been through the enrollment workflow's verification (answered, or the verifier
   * stayed down): it is not asked for again, and a still UNVERIFIED email counts as usable.
   */
  verificationDone: boolean;
}

export interface EligibilityResult {
  refusal: RefusalReason | null;
  /** The email was never verified and an EMAIL step needs it. */
  needsVerification: boolean;
}
