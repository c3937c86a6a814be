// The enrollment of one contact in one template, run inside a caller's durable step (list
// auto-enrollment, a signal's check, a playbook run): eligibility, the email verification under the
// enrollment policy, a second look at eligibility, the one transaction, then the sequence
// workflow's start. The API's enrollment workflow runs the same steps as its activities.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Directory } from '../../../providers/directory/index.ts';
import type { EmailVerifier } from '../../../providers/verifier/index.ts';
import type { WorkflowClients } from '../../../workflows/clients.ts';
import type { EnrollmentResult, RefusalReason } from '../../../workflows/enrollment.definitions.ts';
import { checkEligibility } from './eligibility.ts';
import { verifyAttemptTimeoutMs } from '../enrollment-policy.ts';
import { verifyContactEmail, type VerifyOptions } from './verification.ts';
import { writeEnrollment } from './write.ts';

export interface EnrollmentDeps {
  directory: Directory;
  verifier: EmailVerifier;
  workflows: WorkflowClients;
  /** The verifier's slowest answer (config.slowVerifyMs): one attempt's timeout adds the policy's margin. */
  slowVerifyMs: number;
  /** Where a verifier that stayed down is reported. */
  logger?: Pick<Logger, 'warn'>;
  /** The caller's heartbeat, between verification attempts. */
  heartbeat?: () => void;
  /** Pauses between verification attempts; tests shorten them. */
  sleep?: VerifyOptions['sleep'];
}

export interface EnrollContactInput {
  organizationId: string;
  contactId: string;
  sequenceTemplateId: string;
  /** Names the enrollment: a retried call finds the row it wrote. */
  enrollmentRunId: string;
  sourceContactEntryId?: string | null;
}

export interface EnrollContactOptions {
  /** Asked once the row of a CREATED enrollment is written, before an ACTIVE one's workflow starts: false leaves the run to the caller. */
  onCreated?: (result: EnrollmentResult) => Promise<boolean>;
}

/** The refusal, or null, after eligibility and (when it asks for one) the verification. */
export async function decideEnrollment(em: EntityManager, deps: EnrollmentDeps, input: EnrollContactInput): Promise<RefusalReason | null> {
  const base = { organizationId: input.organizationId, contactId: input.contactId, sequenceTemplateId: input.sequenceTemplateId };
  const check = await checkEligibility(em.fork(), deps.directory, { ...base, verificationDone: false });
  if (check.refusal || !check.needsVerification) return check.refusal;
  const verified = await verifyContactEmail(em.fork(), deps.verifier, input.organizationId, input.contactId, {
    attemptTimeoutMs: verifyAttemptTimeoutMs(deps.slowVerifyMs), heartbeat: deps.heartbeat, sleep: deps.sleep,
  });
  if (verified.outcome === 'VERIFIER_DOWN') {
    deps.logger?.warn({ contactId: input.contactId, enrollmentRunId: input.enrollmentRunId, error: verified.error },
      'the email verifier stayed down: the email stays UNVERIFIED and is used');
  }
  const again = await checkEligibility(em.fork(), deps.directory, { ...base, verificationDone: verified.outcome === 'VERIFIER_DOWN' });
  return again.refusal;
}

/** Enrolls the contact (idempotent by enrollmentRunId) and starts the sequence workflow of an ACTIVE row. */
export async function enrollContact(em: EntityManager, deps: EnrollmentDeps, input: EnrollContactInput, options: EnrollContactOptions = {}): Promise<EnrollmentResult> {
  const refusal = await decideEnrollment(em, deps, input);
  const written = await writeEnrollment(em.fork(), { ...input, refusal });
  const goOn = written.result.outcome !== 'CREATED' || !options.onCreated || await options.onCreated(written.result);
  if (goOn && written.start) await deps.workflows.sequence.start(input.organizationId, written.start);
  return written.result;
}
