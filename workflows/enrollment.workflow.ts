// Enrollment of one contact in one template: eligibility, an email verification when the address
// was never verified, then one transaction writing the sequence (or its REFUSED row) and its event.
import { ActivityFailure, allHandlersFinished, condition, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { EnrollmentActivities } from '../activities/enrollment.activities.ts';
import { enrollmentStatusQuery, type EnrollmentInput, type EnrollmentResult, type EnrollmentStatus } from './enrollment.definitions.ts';

// Database steps: retried until the database answers (they are idempotent).
const { checkEligibility, createSequence } = proxyActivities<EnrollmentActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export async function enrollmentWorkflow(input: EnrollmentInput): Promise<EnrollmentResult> {
  const status: EnrollmentStatus = { phase: 'CHECKING', outcome: null, sequenceId: null, reason: null };
  setHandler(enrollmentStatusQuery, () => status);
  const { verifyEmail } = proxyActivities<EnrollmentActivities>({
    startToCloseTimeout: input.verifyTimeoutMs,
    retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
  });
  const base = { organizationId: input.organizationId, contactId: input.contactId, sequenceTemplateId: input.sequenceTemplateId };

  let check = await checkEligibility({ ...base, verificationDone: false });
  if (!check.refusal && check.needsVerification) {
    status.phase = 'VERIFYING';
    let verified = true;
    try {
      await verifyEmail({ organizationId: input.organizationId, contactId: input.contactId });
    } catch (error) {
      // The verifier is down for good: the email stays UNVERIFIED and counts as usable; a bounce
      // at send time is the backstop. Anything else is a bug and fails the run.
      if (!(error instanceof ActivityFailure)) throw error;
      verified = false;
    }
    status.phase = 'CHECKING';
    check = await checkEligibility({ ...base, verificationDone: !verified });
  }
  const created = await createSequence({ ...base, enrollmentRunId: workflowInfo().runId, refusal: check.refusal });
  Object.assign(status, { phase: 'DONE', ...created });
  await condition(allHandlersFinished);
  return created;
}
