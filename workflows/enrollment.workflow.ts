// Enrollment of one contact in one template: eligibility, an email verification when the address
// was never verified, then one transaction writing the sequence (or its REFUSED row) and its event.
import { ActivityFailure, allHandlersFinished, condition, patched, proxyActivities, proxyLocalActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { EnrollmentActivities } from '../activities/enrollment.activities.ts';
import { enrollmentStatusQuery, type EnrollmentInput, type EnrollmentResult, type EnrollmentStatus } from './enrollment.definitions.ts';

// Database steps: retried while the database does not answer (they are idempotent), 10 attempts
// (about 5 minutes); a data error is not retried and fails the enrollment (the API answers 422).
// They run as local activities (in the worker, inside the workflow task: no activity task round
// trip through the server, which is most of an enrollment's latency); histories from before the
// change keep their regular activities (the `enrollment-local-activities` patch).
const dbRetry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 } as const;
const remote = proxyActivities<EnrollmentActivities>({ startToCloseTimeout: '1 minute', retry: dbRetry });
const local = proxyLocalActivities<EnrollmentActivities>({ startToCloseTimeout: '1 minute', retry: dbRetry });

export async function enrollmentWorkflow(input: EnrollmentInput): Promise<EnrollmentResult> {
  const status: EnrollmentStatus = { phase: 'CHECKING', outcome: null, sequenceId: null, reason: null };
  setHandler(enrollmentStatusQuery, () => status);
  const { verifyEmail } = proxyActivities<EnrollmentActivities>({
    startToCloseTimeout: input.verifyTimeoutMs,
    retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
  });
  const base = { organizationId: input.organizationId, contactId: input.contactId, sequenceTemplateId: input.sequenceTemplateId };
  const { checkEligibility, createSequence } = patched('enrollment-local-activities') ? local : remote;

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
  // Histories recorded before list auto-enrollment carry no sourceContactEntryId: it stays out of the input then.
  const source = input.sourceContactEntryId ? { sourceContactEntryId: input.sourceContactEntryId } : {};
  const created = await createSequence({ ...base, enrollmentRunId: workflowInfo().runId, refusal: check.refusal, ...source });
  Object.assign(status, { phase: 'DONE', ...created });
  await condition(allHandlersFinished);
  return created;
}
