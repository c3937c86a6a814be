// The enrollment of one contact in one template whose email must be verified first: started by
// whoever enrolls (domain/sequences/enrollment/enroll.ts said a verification is due, nothing was
// written). It verifies the email, then enrolls through the same function as every other
// enrollment, with the verification done (a verifier that stayed down leaves the email UNVERIFIED,
// which then counts as usable): one transaction writes the row (or its REFUSED row) with its start
// command, delivered at once.
import {
  allHandlersFinished,
  condition,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  setWorkflowOptions,
  workflowInfo,
} from '@temporalio/workflow';
import type { EnrollmentActivities } from '../activities/enrollment.activities.ts';
import type { EnrollmentResult } from '../domain/sequences/enrollment/enrollment.types.ts';
import { STEP_RETRY, verifyBudgetMs } from '../domain/sequences/enrollment/policy.ts';
import { enrollmentStatusQuery, type EnrollmentInput, type EnrollmentStatus } from './enrollment.definitions.ts';
import { pinnedWhenVersioned } from './versioning.definitions.ts';

// The enrollment policy (domain/sequences/enrollment/policy.ts): the verification retries the
// verifier itself and reports a verifier that stayed down; its database failures, and the
// enrollment's, are retried (idempotent by the enrollment run id); a data error is not retried and
// fails the enrollment. The enrollment runs as a local activity: in the worker, inside the workflow
// task, with no activity task round trip through the server.
const { enrollAfterVerification } = proxyLocalActivities<EnrollmentActivities>({
  startToCloseTimeout: '1 minute',
  retry: STEP_RETRY,
});

export async function enrollmentWorkflow(input: EnrollmentInput): Promise<EnrollmentResult> {
  const status: EnrollmentStatus = { phase: 'VERIFYING', outcome: null, sequenceId: null, reason: null };
  setHandler(enrollmentStatusQuery, () => status);
  const { verifyEmail } = proxyActivities<EnrollmentActivities>({
    startToCloseTimeout: verifyBudgetMs(input.verifyTimeoutMs),
    retry: STEP_RETRY,
  });

  await verifyEmail({ organizationId: input.organizationId, contactId: input.contactId });
  status.phase = 'CHECKING';
  const result = await enrollAfterVerification({
    organizationId: input.organizationId,
    contactId: input.contactId,
    sequenceTemplateId: input.sequenceTemplateId,
    enrollmentRunId: input.enrollmentRunId ?? workflowInfo().runId,
    ...(input.sourceContactEntryId ? { sourceContactEntryId: input.sourceContactEntryId } : {}),
  });
  Object.assign(status, { phase: 'DONE', ...result });
  await condition(allHandlersFinished);
  return result;
}

// Under Worker Versioning a run (a verification of minutes) finishes on the build that started it; a new build
// takes only new runs (temporal/worker-versioning.ts).
setWorkflowOptions(pinnedWhenVersioned, enrollmentWorkflow);
