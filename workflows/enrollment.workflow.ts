// Enrollment of one contact in one template: eligibility, an email verification when the address
// was never verified, then one transaction writing the sequence (or its REFUSED row) and its event.
import { ActivityFailure, allHandlersFinished, condition, patched, proxyActivities, proxyLocalActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { EnrollmentActivities } from '../activities/enrollment.activities.ts';
import { STEP_RETRY, verifyBudgetMs } from '../domain/sequences/enrollment-policy.ts';
import { enrollmentStatusQuery, type EligibilityResult, type EnrollmentInput, type EnrollmentResult, type EnrollmentStatus } from './enrollment.definitions.ts';

// The enrollment policy (domain/sequences/enrollment-policy.ts): database steps are retried while
// the database does not answer (they are idempotent); a data error is not retried and fails the
// enrollment (the API answers 422). The verification retries the verifier itself and reports a
// verifier that stayed down. The database steps run as local activities (in the worker, inside the workflow task: no activity task round
// trip through the server, which is most of an enrollment's latency); histories from before the
// change keep their regular activities (the `enrollment-local-activities` patch). An address that
// needs no verification is checked and enrolled in one local activity (the `enrollment-one-step`
// patch): one activity slot, one activation less; older histories keep the check and the write apart.
const remote = proxyActivities<EnrollmentActivities>({ startToCloseTimeout: '1 minute', retry: STEP_RETRY });
const local = proxyLocalActivities<EnrollmentActivities>({ startToCloseTimeout: '1 minute', retry: STEP_RETRY });

export async function enrollmentWorkflow(input: EnrollmentInput): Promise<EnrollmentResult> {
  const status: EnrollmentStatus = { phase: 'CHECKING', outcome: null, sequenceId: null, reason: null };
  setHandler(enrollmentStatusQuery, () => status);
  const { verifyEmail } = proxyActivities<EnrollmentActivities>({
    startToCloseTimeout: verifyBudgetMs(input.verifyTimeoutMs),
    retry: STEP_RETRY,
  });
  const base = { organizationId: input.organizationId, contactId: input.contactId, sequenceTemplateId: input.sequenceTemplateId };
  const { checkEligibility, createSequence } = patched('enrollment-local-activities') ? local : remote;
  // Histories recorded before list auto-enrollment carry no sourceContactEntryId: it stays out of the input then.
  const source = input.sourceContactEntryId ? { sourceContactEntryId: input.sourceContactEntryId } : {};
  const done = async (created: EnrollmentResult): Promise<EnrollmentResult> => {
    Object.assign(status, { phase: 'DONE', ...created });
    await condition(allHandlersFinished);
    return created;
  };

  let check: EligibilityResult;
  if (patched('enrollment-one-step')) {
    const first = await local.checkAndCreateSequence({ ...base, enrollmentRunId: workflowInfo().runId, ...source });
    if (first.created) return done(first.created);
    check = { refusal: null, needsVerification: true };
  } else {
    check = await checkEligibility({ ...base, verificationDone: false });
  }
  if (!check.refusal && check.needsVerification) {
    status.phase = 'VERIFYING';
    let verified = true;
    try {
      // A verifier that stayed down leaves the email UNVERIFIED and usable; a bounce at send time is the backstop.
      const answer = await verifyEmail({ organizationId: input.organizationId, contactId: input.contactId });
      if (answer?.outcome === 'VERIFIER_DOWN') verified = false;
    } catch (error) {
      if (!(error instanceof ActivityFailure)) throw error;
      // Runs from before the policy took any failure of the step for a dead verifier; since, the
      // step reports a dead verifier itself and its failure is the database's: the run fails.
      if (patched('enrollment-verifier-outcome')) throw error;
      verified = false;
    }
    status.phase = 'CHECKING';
    check = await checkEligibility({ ...base, verificationDone: !verified });
  }
  return done(await createSequence({ ...base, enrollmentRunId: workflowInfo().runId, refusal: check.refusal, ...source }));
}
