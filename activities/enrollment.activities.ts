// Enrollment activities: the enrollment workflow's two steps, the email verification and then the
// enrollment itself (domain/sequences/enrollment/enroll.ts, the one function every enrollment goes
// through) with the verification done.
import type { WorkflowClients } from '../workflows/clients.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { enroll } from '../domain/sequences/enrollment/enroll.ts';
import type { EnrollmentResult } from '../domain/sequences/enrollment/enrollment.types.ts';
import { verifyAttemptTimeoutMs } from '../domain/sequences/enrollment/policy.ts';
import { verifyContactEmail, type VerificationOutcome } from '../domain/sequences/enrollment/verification.ts';
import type { Providers } from '../providers/index.ts';
import type { EnrollVerifiedInput, VerifyInput } from '../workflows/enrollment.definitions.ts';

export interface EnrollmentActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Config;
  /** Delivers the start command of an enrolled run (a client, not the worker's NativeConnection). */
  workflows: WorkflowClients;
  providers: Pick<Providers, 'directory' | 'verifier'>;
}

export function createEnrollmentActivities(deps: EnrollmentActivityDeps) {
  const { providers } = deps;
  const em = () => deps.orm.em.fork();

  return {
    /** Asks the verifier under the enrollment policy and stores its answer; a no-op when the email was verified meanwhile. */
    async verifyEmail(input: VerifyInput): Promise<VerificationOutcome> {
      const answer = await verifyContactEmail(em(), providers.verifier, input.organizationId, input.contactId, {
        attemptTimeoutMs: verifyAttemptTimeoutMs(deps.config.slowVerifyMs),
      });
      if (answer.outcome === 'VERIFIER_DOWN')
        deps.logger.warn(
          { contactId: input.contactId, error: answer.error },
          'the email verifier stayed down: the email stays UNVERIFIED and is used',
        );
      else deps.logger.debug({ contactId: input.contactId, ...answer }, 'email verified for enrollment');
      return answer;
    },

    /**
     * The enrollment once the email was verified (or the verifier stayed down): eligibility, the
     * one transaction, then the start command's delivery, waited for. Idempotent by the enrollment run id.
     */
    async enrollAfterVerification(input: EnrollVerifiedInput): Promise<EnrollmentResult> {
      const enrolled = await enroll(
        em(),
        { directory: providers.directory, workflows: deps.workflows, logger: deps.logger },
        { ...input, verificationDone: true },
      );
      if (enrolled.verificationDue) throw new Error('an enrollment after its verification asked for one again');
      await enrolled.started;
      return enrolled.result;
    },
  };
}

export type EnrollmentActivities = ReturnType<typeof createEnrollmentActivities>;
