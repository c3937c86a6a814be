// Sequences: the reads, and the API's side of enrollment (checks, start of the enrollment workflow,
// bounded wait). The enrollment's own steps live in enrollment/; later status changes belong to the
// sequence workflow.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';
import type { Config } from '../../config.ts';
import type { EnrollmentInput } from '../../workflows/enrollment.definitions.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { DomainError } from '../shared/errors.ts';
import { SEQUENCE_RECORD_COLUMNS, toSequenceRecord, type SequenceRecord } from './record.ts';
import type { SequenceStatus } from './statuses.ts';
import { contactChannels, enrollable, templateRow } from './enrollment/eligibility.ts';
import { verifyAttemptTimeoutMs } from './enrollment-policy.ts';
import { runningSequenceId } from './enrollment/write.ts';
import { enrollKnownGood } from './enrollment/enroll-known-good.ts';
import type { Directory } from '../../providers/directory/index.ts';

export type { SequenceRecord } from './record.ts';

const COLUMNS = SEQUENCE_RECORD_COLUMNS;


// ---------------------------------------------------------------------------------------------
// Reads

// Read by every GET of a sequence and every enrollment's 201: compiled once.
const selectSequence = statement((db, organizationId: string, id: string) => db
  .selectFrom('sequences').select(COLUMNS)
  .where('id', '=', id).where('organization_id', '=', organizationId));

export async function getSequence(em: EntityManager, organizationId: string, id: string): Promise<SequenceRecord> {
  const row = (await selectSequence(em, organizationId, id)).rows[0];
  if (!row) throw DomainError.notFound('Sequence');
  return toSequenceRecord(row);
}

export const SEQUENCE_SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type SequenceSort = (typeof SEQUENCE_SORT_FIELDS)[number];

export interface SequenceFilters {
  contact_id?: string;
  sequence_template_id?: string;
  status?: SequenceStatus;
  created_at_before?: string;
  created_at_after?: string;
}

export async function listSequences(
  em: EntityManager,
  organizationId: string,
  filters: SequenceFilters,
  page: { limit: number; offset: number; sortBy?: SequenceSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: SequenceRecord[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('sequences')
    .where('organization_id', '=', organizationId)
    .$if(!!filters.contact_id, (q) => q.where('contact_id', '=', filters.contact_id!))
    .$if(!!filters.sequence_template_id, (q) => q.where('sequence_template_id', '=', filters.sequence_template_id!))
    .$if(!!filters.status, (q) => q.where('status', '=', filters.status!))
    .$if(!!filters.created_at_before, (q) => q.where('created_at', '<', new Date(filters.created_at_before!)))
    .$if(!!filters.created_at_after, (q) => q.where('created_at', '>', new Date(filters.created_at_after!)));
  const [rows, counted] = await Promise.all([
    matching.select(COLUMNS)
      .orderBy(page.sortBy ?? 'created_at', page.sortOrder).orderBy('id', page.sortOrder)
      .limit(page.limit).offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toSequenceRecord), total: Number(counted.total) };
}

// ---------------------------------------------------------------------------------------------
// The API side of POST /v1/sequences

export interface EnrollRequest {
  contact_id: string;
  sequence_template_id: string;
}

export interface EnrollmentPending {
  enrollment_run_id: string;
  contact_id: string;
  sequence_template_id: string;
}

/** The enrollment's outcome within the wait: the new sequence, or still running (the enrollment run to poll). */
export type EnrollResponse = { outcome: 'CREATED'; sequence: SequenceRecord } | { outcome: 'PENDING'; pending: EnrollmentPending };

export interface EnrollDeps {
  em: EntityManager;
  workflows: WorkflowClients;
  /** The eligibility check's exclusion lookups (an enrollment that needs no verification is checked in the request). */
  directory: Directory;
  config: Pick<Config, 'enrollmentWaitMs' | 'slowVerifyMs'>;
}

function duplicateError(sequenceId: string): DomainError {
  return DomainError.conflict('The contact already runs this sequence template.', { sequence_id: sequenceId });
}

/**
 * Enrolls a contact: checks ownership, the template and duplicates; enrolls at once when no email
 * verification is due (enrollKnownGood), else starts (or attaches to) the enrollment workflow and
 * waits up to `waitMs` (default config.enrollmentWaitMs) for its result.
 * `waitMs` is for tests; the API always uses the configured wait.
 */
export async function enroll(deps: EnrollDeps, organizationId: string, request: EnrollRequest, options: { waitMs?: number } = {}): Promise<EnrollResponse> {
  const { em } = deps;
  // The three reads at once (each on its own pooled connection); their answers are judged in order: 404, 404, 422, 409.
  const [contact, template, running] = await Promise.all([
    contactChannels(em, organizationId, request.contact_id),
    templateRow(em, organizationId, request.sequence_template_id),
    runningSequenceId(em, organizationId, request.contact_id, request.sequence_template_id),
  ]);
  if (!contact) throw DomainError.notFound('Contact');
  if (!template) throw DomainError.notFound('Sequence template');
  if (!enrollable(template)) {
    throw DomainError.invalid('sequence_template_id', `the template must be ACTIVE with at least one step (it is ${template.status} with ${template.steps.length} steps)`, 422);
  }
  if (running) throw duplicateError(running);

  const ids = { organizationId, contactId: request.contact_id, sequenceTemplateId: request.sequence_template_id };
  // No verification due: enrolled in this request (one transaction, the sequence workflow started
  // through its outbox command). Otherwise the enrollment workflow verifies, within the wait or not.
  const known = await enrollKnownGood({ em, directory: deps.directory, workflows: deps.workflows }, ids, { template, contact });
  let result = known?.result;
  if (!result) {
    const input: EnrollmentInput = { ...ids, verifyTimeoutMs: verifyAttemptTimeoutMs(deps.config.slowVerifyMs) };
    const run = await deps.workflows.enrollment.enroll(input, options.waitMs ?? deps.config.enrollmentWaitMs);
    if (!run.result) {
      return { outcome: 'PENDING', pending: { enrollment_run_id: run.runId, contact_id: request.contact_id, sequence_template_id: request.sequence_template_id } };
    }
    result = run.result;
  }
  if (result.outcome === 'DUPLICATE') throw duplicateError(result.sequenceId);
  if (result.outcome === 'REFUSED') {
    throw DomainError.business(`The contact cannot be enrolled: ${result.reason}.`, { reason: result.reason, sequence_id: result.sequenceId });
  }
  // Enrolled in this request: the row as written; through the workflow: read.
  return { outcome: 'CREATED', sequence: known?.sequence ?? await getSequence(em, organizationId, result.sequenceId) };
}
