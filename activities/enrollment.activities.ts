// Enrollment activities: the enrollment workflow's steps (eligibility, email verification, the
// transaction that writes the sequence and its event, then the sequence workflow's start; the first
// and the last as one step when no verification comes between them).
import type { WorkflowClients } from '../workflows/clients.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { checkEligibility } from '../domain/sequences/enrollment/eligibility.ts';
import { verifyAttemptTimeoutMs } from '../domain/sequences/enrollment-policy.ts';
import { verifyContactEmail, type VerificationOutcome } from '../domain/sequences/enrollment/verification.ts';
import { writeEnrollment } from '../domain/sequences/enrollment/write.ts';
import { createProviders, type Providers } from '../providers/index.ts';
import type {
  CheckAndCreateInput, CheckAndCreateResult, CreateSequenceInput, EligibilityInput, EligibilityResult, EnrollmentResult, VerifyInput,
} from '../workflows/enrollment.definitions.ts';

export interface EnrollmentActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Config;
  /** Starts sequence workflows (a client, not the worker's NativeConnection). */
  workflows: WorkflowClients;
  /** Defaults to the configured providers (the sandbox ones offline). */
  providers?: Pick<Providers, 'directory' | 'verifier'>;
}

export function createEnrollmentActivities(deps: EnrollmentActivityDeps) {
  const providers = deps.providers ?? createProviders({ orm: deps.orm, config: deps.config });
  const em = () => deps.orm.em.fork();
  async function createSequence(input: CreateSequenceInput): Promise<EnrollmentResult> {
    const written = await writeEnrollment(em(), input);
    if (written.start) await deps.workflows.sequence.start(input.organizationId, written.start);
    return written.result;
  }

  return {
    async checkEligibility(input: EligibilityInput): Promise<EligibilityResult> {
      return checkEligibility(em(), providers.directory, input);
    },

    /** Asks the verifier under the enrollment policy and stores its answer; a no-op when the email was verified meanwhile. */
    async verifyEmail(input: VerifyInput): Promise<VerificationOutcome> {
      const answer = await verifyContactEmail(em(), providers.verifier, input.organizationId, input.contactId, {
        attemptTimeoutMs: verifyAttemptTimeoutMs(deps.config.slowVerifyMs),
      });
      if (answer.outcome === 'VERIFIER_DOWN') deps.logger.warn({ contactId: input.contactId, error: answer.error }, 'the email verifier stayed down: the email stays UNVERIFIED and is used');
      else deps.logger.debug({ contactId: input.contactId, ...answer }, 'email verified for enrollment');
      return answer;
    },

    /** Writes the row (idempotent per enrollment run), then starts the sequence workflow of an ACTIVE one. */
    createSequence,

    /**
     * checkEligibility then createSequence in one step (one local activity, one database session)
     * when the email needs no verification; otherwise only the check, and the workflow verifies.
     */
    async checkAndCreateSequence(input: CheckAndCreateInput): Promise<CheckAndCreateResult> {
      const check = await checkEligibility(em(), providers.directory, { ...input, verificationDone: false });
      if (!check.refusal && check.needsVerification) return { created: null, needsVerification: true };
      return { created: await createSequence({ ...input, refusal: check.refusal }), needsVerification: false };
    },
  };
}

export type EnrollmentActivities = ReturnType<typeof createEnrollmentActivities>;
