// Sequences: the reads, and the API's side of enrollment (checks, start of the enrollment workflow,
// bounded wait). The enrollment's own steps live in enrollment/; later status changes belong to the
// sequence workflow.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import type { SequenceStatus } from '../../db/entities/sequence.entity.ts';
import type { EnrollmentInput } from '../../workflows/enrollment.definitions.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { SequenceRecord as WorkflowSequenceRecord } from '../../workflows/sequence.definitions.ts';
import { DomainError } from '../shared/errors.ts';
import { toSequenceRecord as toRunRecord } from './runs.ts';
import { enrollable, templateRow } from './enrollment/eligibility.ts';
import { verifyAttemptTimeoutMs } from './enrollment-policy.ts';
import { runningSequenceId } from './enrollment/write.ts';

/** The record the API serves, as the sequence workflow's definitions describe it, with its status typed. */
export type SequenceRecord = Omit<WorkflowSequenceRecord, 'status'> & { status: SequenceStatus };

interface SequenceRow extends Omit<SequenceRecord, 'paused_until' | 'created_at' | 'updated_at' | 'ended_at'> {
  paused_until: Date | null;
  created_at: Date;
  updated_at: Date;
  ended_at: Date | null;
}

function toSequenceRecord(row: SequenceRow): SequenceRecord {
  return toRunRecord(row) as SequenceRecord;
}

const COLUMNS = sql.raw(`id, contact_id, account_id, sequence_template_id, status, stopped_reason, paused_until, current_step, variables,
  source_contact_entry_id, created_at, updated_at, ended_at, error`);


// ---------------------------------------------------------------------------------------------
// Reads

export async function getSequence(em: EntityManager, organizationId: string, id: string): Promise<SequenceRecord> {
  const { rows } = await sql<SequenceRow>`SELECT ${COLUMNS} FROM sequences WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Sequence');
  return toSequenceRecord(rows[0]);
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
  const where = [sql`organization_id = ${organizationId}`];
  if (filters.contact_id) where.push(sql`contact_id = ${filters.contact_id}`);
  if (filters.sequence_template_id) where.push(sql`sequence_template_id = ${filters.sequence_template_id}`);
  if (filters.status) where.push(sql`status = ${filters.status}`);
  if (filters.created_at_before) where.push(sql`created_at < ${new Date(filters.created_at_before)}`);
  if (filters.created_at_after) where.push(sql`created_at > ${new Date(filters.created_at_after)}`);
  const column = sql.ref(page.sortBy ?? 'created_at');
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const condition = sql.join(where, sql` AND `);
  const [{ rows }, counted] = await Promise.all([
    sql<SequenceRow>`SELECT ${COLUMNS} FROM sequences WHERE ${condition} ORDER BY ${column} ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`
      .execute(em.getKysely()),
    sql<{ total: string }>`SELECT count(*) AS total FROM sequences WHERE ${condition}`.execute(em.getKysely()),
  ]);
  return { items: rows.map(toSequenceRecord), total: Number(counted.rows[0].total) };
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
  workflows: Pick<WorkflowClients, 'enrollment'>;
  config: Pick<Config, 'enrollmentWaitMs' | 'slowVerifyMs'>;
}

function duplicateError(sequenceId: string): DomainError {
  return DomainError.conflict('The contact already runs this sequence template.', { sequence_id: sequenceId });
}

/**
 * Enrolls a contact: checks ownership, the template and duplicates, starts (or attaches to) the
 * enrollment workflow and waits up to `waitMs` (default config.enrollmentWaitMs) for its result.
 * `waitMs` is for tests; the API always uses the configured wait.
 */
export async function enroll(deps: EnrollDeps, organizationId: string, request: EnrollRequest, options: { waitMs?: number } = {}): Promise<EnrollResponse> {
  const { em } = deps;
  const contact = await sql<{ id: string }>`SELECT id FROM contacts WHERE id = ${request.contact_id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!contact.rows[0]) throw DomainError.notFound('Contact');
  const template = await templateRow(em, organizationId, request.sequence_template_id);
  if (!template) throw DomainError.notFound('Sequence template');
  if (!enrollable(template)) {
    throw DomainError.invalid('sequence_template_id', `the template must be ACTIVE with at least one step (it is ${template.status} with ${template.steps.length} steps)`, 422);
  }
  const running = await runningSequenceId(em, organizationId, request.contact_id, request.sequence_template_id);
  if (running) throw duplicateError(running);

  const input: EnrollmentInput = {
    organizationId, contactId: request.contact_id, sequenceTemplateId: request.sequence_template_id, verifyTimeoutMs: verifyAttemptTimeoutMs(deps.config.slowVerifyMs),
  };
  const { runId, result } = await deps.workflows.enrollment.enroll(input, options.waitMs ?? deps.config.enrollmentWaitMs);
  const pending: EnrollResponse = {
    outcome: 'PENDING',
    pending: { enrollment_run_id: runId, contact_id: request.contact_id, sequence_template_id: request.sequence_template_id },
  };
  if (!result) return pending;
  if (result.outcome === 'DUPLICATE') throw duplicateError(result.sequenceId);
  if (result.outcome === 'REFUSED') {
    throw DomainError.business(`The contact cannot be enrolled: ${result.reason}.`, { reason: result.reason, sequence_id: result.sequenceId });
  }
  return { outcome: 'CREATED', sequence: await getSequence(em, organizationId, result.sequenceId) };
}
