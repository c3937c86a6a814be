// The enrollment workflow of one contact in one template (the email verification an enrollment
// waits for, then the enrollment): its derived id, input, the activity shapes and the `status`
// query. What an enrollment answers (EnrollmentResult, the refusal reasons) is the domain's
// (domain/sequences/enrollment/enrollment.types.ts).
import { defineQuery } from '@temporalio/workflow';
import type { EnrollmentOutcome, RefusalReason } from '../domain/sequences/enrollment/enrollment.types.ts';

export const ENROLLMENT_WORKFLOW = 'enrollmentWorkflow';

/** One enrollment of a contact in a template at a time: a concurrent identical request attaches to it. */
export function enrollmentWorkflowId(organizationId: string, contactId: string, sequenceTemplateId: string): string {
  return `enrollment/${organizationId}/${contactId}/${sequenceTemplateId}`;
}

export interface EnrollmentInput {
  organizationId: string;
  contactId: string;
  sequenceTemplateId: string;
  /** One verification attempt's timeout (the verifier's slowest answer plus a margin); the activity's is the policy's budget of all attempts. */
  verifyTimeoutMs: number;
  /**
   * The caller's name of the enrollment (a list entry's, a signal's, a playbook run's), which the
   * row keeps so the caller finds it; absent (the API): this workflow's run id.
   */
  enrollmentRunId?: string;
  /** The contact-list entry this enrollment comes from (list and signal enrollments); absent or null otherwise. */
  sourceContactEntryId?: string | null;
}

export interface VerifyInput {
  organizationId: string;
  contactId: string;
}

/** The enrollment after the verification: enroll() with verificationDone. */
export interface EnrollVerifiedInput {
  organizationId: string;
  contactId: string;
  sequenceTemplateId: string;
  enrollmentRunId: string;
  sourceContactEntryId?: string | null;
}

export interface EnrollmentStatus {
  phase: 'CHECKING' | 'VERIFYING' | 'DONE';
  outcome: EnrollmentOutcome | null;
  sequenceId: string | null;
  reason: RefusalReason | null;
}

export const enrollmentStatusQuery = defineQuery<EnrollmentStatus>('status');
