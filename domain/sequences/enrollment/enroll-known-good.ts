// Enrollment without the enrollment workflow, when nothing in it has to wait: the API's request
// checks eligibility and, when no email verification is due (the address was verified before, or
// the template sends no email), writes the sequence row, its event and the START_SEQUENCE outbox
// command in one transaction, then starts the sequence workflow at once through that command. The
// enrollment workflow remains for the verification, which may outlast the request's wait (202).
// A crash between the commit and the start leaves the command to the outbox drain; a concurrent
// enrollment of the same contact and template is caught by the running-sequence unique index.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory } from '../../../providers/directory/index.ts';
import type { WorkflowClients } from '../../../workflows/clients.ts';
import type { EnrollmentResult } from '../../../workflows/enrollment.definitions.ts';
import { deliverRecorded } from '../../workflow-commands/deliver.ts';
import type { SequenceRecord } from '../record.ts';
import { checkEligibility, type KnownRows } from './eligibility.ts';
import { writeEnrollment } from './write.ts';

export interface KnownGoodDeps {
  em: EntityManager;
  directory: Directory;
  /** Starts the sequence workflow; its task queue's outbox drain backs the start up. */
  workflows: WorkflowClients;
}

export interface KnownGoodInput {
  organizationId: string;
  contactId: string;
  sequenceTemplateId: string;
}

export interface KnownGoodOutcome {
  result: EnrollmentResult;
  /** The sequence row as written, for a CREATED result (the request answers it without reading it again). */
  sequence: SequenceRecord | null;
}

/**
 * Call it after the caller's own look for a running duplicate (writeEnrollment's freshRun);
 * `known` are the template and contact rows the caller has just read, if it has.
 * The enrollment's result when it needed no verification (CREATED, REFUSED or DUPLICATE, as the
 * workflow would answer), or null when an email verification is due: the caller runs the workflow.
 */
export async function enrollKnownGood(deps: KnownGoodDeps, input: KnownGoodInput, known: KnownRows = {}): Promise<KnownGoodOutcome | null> {
  const check = await checkEligibility(deps.em.fork(), deps.directory, { ...input, verificationDone: false }, known);
  if (!check.refusal && check.needsVerification) return null;
  // The row's enrollment_run_id: this request's own (no workflow run names it), so there is no
  // earlier row of it to find; the caller has just looked for a running duplicate.
  const written = await writeEnrollment(deps.em.fork(), { ...input, enrollmentRunId: randomUUID(), refusal: check.refusal },
    { outboxTaskQueue: deps.workflows.taskQueue, freshRun: true, template: known.template });
  // Never throws for a failed start: the command stays due and the drain delivers it.
  if (written.startCommands.length) await deliverRecorded(deps.em.fork(), { workflows: deps.workflows }, written.startCommands);
  return { result: written.result, sequence: written.sequence };
}
