// The one enrollment of a contact in a template, whoever asks: the API (POST /v1/sequences), list
// auto-enrollment (the lead import), a signal's check, a playbook run (ENROLL_IN_SEQUENCE), and the
// enrollment workflow once it has verified the email. It checks eligibility once and writes the
// row with its START_SEQUENCE outbox command in one transaction (write.ts); the command's fast path
// starts the sequence workflow right after the commit, and the outbox drain is its durable backup
// (a crash between the commit and the start is repaired by the drain). When an email verification
// is due it writes nothing and says so: the caller hands the enrollment to the enrollment workflow
// (handOver), the only place that verifies, which then calls enroll() again.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Directory } from '../../../providers/directory/index.ts';
import type { RequestAudit } from '../../audit/audit-log.ts';
import type { WorkflowClients } from '../../../workflows/clients.ts';
import type { EnrollmentRun } from '../../../workflows/enrollment.client.ts';
import type { EnrollmentInput } from '../../../workflows/enrollment.definitions.ts';
import { deliverRecorded } from '../../workflow-commands/deliver.ts';
import type { StoredCommand } from '../../workflow-commands/commands.ts';
import type { SequenceRecord } from '../record.ts';
import { checkEligibility, type KnownRows } from './eligibility.ts';
import { contactRow, rowOfEnrollmentRun, templateRow } from './enrollment.queries.ts';
import { REFUSAL_REASONS, type EnrollmentResult } from './enrollment.types.ts';
import { verifyAttemptTimeoutMs } from './policy.ts';
import { writeEnrollment } from './write.ts';

export interface EnrollmentDeps {
  directory: Directory;
  /** Its task queue's outbox takes the START_SEQUENCE command; its clients deliver it and start the enrollment workflow. */
  workflows: WorkflowClients;
  /** The verifier's slowest answer (config.slowVerifyMs): the enrollment workflow's attempt timeout. */
  slowVerifyMs: number;
  /** Where a start command's delivery that failed is reported (the command keeps the error too). */
  logger?: Pick<Logger, 'warn'>;
}

export interface EnrollInput {
  organizationId: string;
  contactId: string;
  sequenceTemplateId: string;
  /**
   * Names the enrollment (the row's enrollment_run_id): a call that finds the row of its run
   * answers it, so a retried caller enrolls once. Absent: a name made for this call (the API's
   * request, which has just looked for a running duplicate itself: `known.running`).
   */
  enrollmentRunId?: string;
  /** The contact-list entry the enrollment comes from (list auto-enrollment, a signal's list). */
  sourceContactEntryId?: string | null;
  /**
   * Set by the enrollment workflow after its verification (answered, or the verifier stayed down):
   * no verification is asked for again, and a still UNVERIFIED email counts as usable.
   */
  verificationDone?: boolean;
}

/** Rows the caller read moments ago (not read again); `running: null`: it found no running sequence of the template for the contact. */
export type KnownEnrollmentRows = KnownRows & { running?: null };

export type Enrollment =
  | { verificationDue: true }
  | {
      verificationDue: false;
      result: EnrollmentResult;
      /** The row as this call wrote it (null when it found its run's row, or a duplicate). */
      sequence: SequenceRecord | null;
      /**
       * The fast-path delivery of the START_SEQUENCE command, already under way; never rejects (a
       * failure is recorded on the command, which the drain delivers). The API does not wait for it;
       * callers inside a durable step do.
       */
      started: Promise<void>;
    };

const NOTHING_TO_START = Promise.resolve();

/**
 * Delivers the start commands just committed, without a claim (deliverRecorded); never rejects.
 * It begins on the next turn of the event loop, so a request's answer is written first.
 */
function deliverStart(
  em: EntityManager,
  deps: Pick<EnrollmentDeps, 'workflows' | 'logger'>,
  commands: StoredCommand[],
): Promise<void> {
  if (!commands.length) return NOTHING_TO_START;
  const delivery = new Promise<void>((next) => setImmediate(next)).then(() =>
    deliverRecorded(em.fork(), { workflows: deps.workflows, logger: deps.logger }, commands),
  );
  return delivery.then(
    () => undefined,
    (error: unknown) =>
      deps.logger?.warn(
        { err: error, commandIds: commands.map((c) => c.id) },
        "an enrollment's start command could not be settled; the drain delivers it",
      ),
  );
}

/**
 * Enrolls the contact: the row of its enrollment run if there is one; else eligibility, then (no
 * verification due) the one write and the start command's delivery, or (a verification due)
 * nothing written and `verificationDue`. With the API request's `audit`, a run enrolled here commits
 * with its entry (write.ts).
 */
export async function enroll(
  caller: EntityManager,
  deps: Pick<EnrollmentDeps, 'directory' | 'workflows' | 'logger'>,
  input: EnrollInput,
  known: KnownEnrollmentRows = {},
  audit?: RequestAudit,
): Promise<Enrollment> {
  const { organizationId, contactId, sequenceTemplateId } = input;
  const em = caller.fork(); // callers enroll several contacts at once on one EntityManager
  // The run's own row, the template and the contact at once: the check and the write read nothing more.
  const [own, template, contact] = await Promise.all([
    input.enrollmentRunId ? rowOfEnrollmentRun(em, organizationId, input.enrollmentRunId) : undefined,
    known.template !== undefined ? known.template : templateRow(em, organizationId, sequenceTemplateId),
    known.contact ?? contactRow(em, organizationId, contactId),
  ]);
  if (own) {
    const reason = own.status === 'REFUSED' ? (REFUSAL_REASONS.find((r) => r === own.stopped_reason) ?? null) : null;
    return {
      verificationDue: false,
      result: { outcome: own.status === 'REFUSED' ? 'REFUSED' : 'CREATED', sequenceId: own.id, reason },
      sequence: null,
      started: NOTHING_TO_START,
    };
  }
  const check = await checkEligibility(
    em,
    deps.directory,
    { organizationId, contactId, sequenceTemplateId, verificationDone: input.verificationDone ?? false },
    { template, contact },
  );
  if (!check.refusal && check.needsVerification) return { verificationDue: true };
  const written = await writeEnrollment(
    em,
    {
      organizationId,
      contactId,
      sequenceTemplateId,
      enrollmentRunId: input.enrollmentRunId ?? randomUUID(),
      refusal: check.refusal,
      sourceContactEntryId: input.sourceContactEntryId,
    },
    { outboxTaskQueue: deps.workflows.taskQueue, freshRun: known.running === null, template, contact, audit },
  );
  return {
    verificationDue: false,
    result: written.result,
    sequence: written.sequence,
    started: deliverStart(em, deps, written.startCommands),
  };
}

/**
 * Hands an enrollment whose verification is due to the enrollment workflow (id
 * enrollment/<org>/<contact>/<template>; a running one is attached to), which verifies and then
 * enrolls under the same enrollment run id; waits up to `waitMs` for its result (0: not at all).
 */
export function handOver(
  deps: Pick<EnrollmentDeps, 'workflows' | 'slowVerifyMs'>,
  input: EnrollInput,
  waitMs: number,
): Promise<EnrollmentRun> {
  const run: EnrollmentInput = {
    organizationId: input.organizationId,
    contactId: input.contactId,
    sequenceTemplateId: input.sequenceTemplateId,
    verifyTimeoutMs: verifyAttemptTimeoutMs(deps.slowVerifyMs),
    ...(input.enrollmentRunId ? { enrollmentRunId: input.enrollmentRunId } : {}),
    ...(input.sourceContactEntryId ? { sourceContactEntryId: input.sourceContactEntryId } : {}),
  };
  return deps.workflows.enrollment.enroll(run, waitMs);
}

/**
 * enroll() for a caller inside a durable step of its own (list auto-enrollment, a signal's check,
 * a playbook run), named by its enrollment run id: waits for the start command's delivery (the
 * step ends with its run started, or its command left to the drain); a due verification is handed
 * over (handOver, waiting up to `waitMs`). The result, or null while the enrollment workflow goes on.
 */
export async function enrollInStep(
  em: EntityManager,
  deps: EnrollmentDeps,
  input: EnrollInput & { enrollmentRunId: string },
  waitMs = 0,
): Promise<EnrollmentResult | null> {
  const enrolled = await enroll(em, deps, input);
  if (!enrolled.verificationDue) {
    await enrolled.started;
    return enrolled.result;
  }
  return (await handOver(deps, input, waitMs)).result;
}
