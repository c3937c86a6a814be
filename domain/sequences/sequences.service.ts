// Sequences: the reads, and the API's side of enrollment (its early answers, then the one
// enrollment of enrollment/enroll.ts, or the enrollment workflow's bounded wait when the email must
// be verified first). Later status changes belong to the sequence workflow.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { DomainError } from '../shared/errors.ts';
import type { RequestAudit } from '../audit/audit-log.ts';
import { toSequenceRecord, type SequenceRecord } from './record.ts';
import { sequencePage, sequenceRecordRow, type SequenceListWhere } from './sequences.queries.ts';
import { enrollable } from './enrollment/eligibility.ts';
import { enrollmentRows } from './enrollment/enrollment.queries.ts';
import { enroll as enrollContact, handOver } from './enrollment/enroll.ts';
import type { Directory } from '../../providers/directory/index.ts';
import type { Logger } from 'pino';
import { nextSendOf } from '../mailboxes/send-slots.queries.ts';
import { iso } from '../shared/time.ts';

export type { SequenceRecord } from './record.ts';

// ---------------------------------------------------------------------------------------------
// Reads

export async function getSequence(em: EntityManager, organizationId: string, id: string): Promise<SequenceRecord> {
  const row = await sequenceRecordRow(em, organizationId, id);
  if (!row) throw DomainError.notFound('Sequence');
  return toSequenceRecord(row);
}

/** The record and the send slot of its email waiting to go out (a paced mailbox's), or null. */
export async function getSequenceDetail(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<SequenceRecord & { next_send_at: string | null }> {
  const record = await getSequence(em, organizationId, id);
  return { ...record, next_send_at: iso(await nextSendOf(em, id)) };
}

export const SEQUENCE_SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type SequenceSort = (typeof SEQUENCE_SORT_FIELDS)[number];

export type SequenceFilters = SequenceListWhere;

export async function listSequences(
  em: EntityManager,
  organizationId: string,
  filters: SequenceFilters,
  page: { limit: number; offset: number; sortBy?: SequenceSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: SequenceRecord[]; total: number }> {
  const { rows, total } = await sequencePage(em, organizationId, filters, {
    ...page,
    sortBy: page.sortBy ?? 'created_at',
  });
  return { items: rows.map(toSequenceRecord), total };
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
export type EnrollResponse =
  { outcome: 'CREATED'; sequence: SequenceRecord } | { outcome: 'PENDING'; pending: EnrollmentPending };

export interface EnrollDeps {
  em: EntityManager;
  workflows: WorkflowClients;
  /** The eligibility check's exclusion lookups (an enrollment that needs no verification is checked in the request). */
  directory: Directory;
  config: Pick<Config, 'enrollmentWaitMs' | 'slowVerifyMs'>;
  /** Where a start command's delivery that failed is reported (the command keeps the error too). */
  logger?: Pick<Logger, 'warn'>;
}

function duplicateError(sequenceId: string): DomainError {
  return DomainError.conflict('The contact already runs this sequence template.', { sequence_id: sequenceId });
}

/**
 * Enrolls a contact: checks ownership, the template and duplicates, then enrolls (enrollment/enroll.ts).
 * With no verification due the answer is the committed row: the sequence workflow's start command
 * is delivered after the commit without this call waiting for it (the drain is its backup).
 * Otherwise the enrollment workflow verifies first, and this call waits for it up to `waitMs`
 * (default config.enrollmentWaitMs; `waitMs` is for tests). With the request's `audit`, a run enrolled
 * in the request commits with its audit entry.
 */
export async function enroll(
  deps: EnrollDeps,
  organizationId: string,
  request: EnrollRequest,
  options: { waitMs?: number; audit?: RequestAudit } = {},
): Promise<EnrollResponse> {
  const { em } = deps;
  // The contact, the template and a running sequence in one read; judged in order: 404, 404, 422, 409.
  const {
    contact,
    template,
    runningId: running,
  } = await enrollmentRows(em, organizationId, request.contact_id, request.sequence_template_id);
  if (!contact) throw DomainError.notFound('Contact');
  if (!template) throw DomainError.notFound('Sequence template');
  if (!enrollable(template)) {
    throw DomainError.invalid(
      'sequence_template_id',
      `the template must be ACTIVE with at least one step (it is ${template.status} with ${template.steps.length} steps)`,
      422,
    );
  }
  if (running) throw duplicateError(running);

  const ids = { organizationId, contactId: request.contact_id, sequenceTemplateId: request.sequence_template_id };
  const enrolled = await enrollContact(em, deps, ids, { template, contact, running: null }, options.audit);
  // enrolled.started (the start command's delivery) goes on after the answer: the request does not wait for Temporal.
  let result = enrolled.verificationDue ? null : enrolled.result;
  if (!result) {
    const run = await handOver(
      { workflows: deps.workflows, slowVerifyMs: deps.config.slowVerifyMs },
      ids,
      options.waitMs ?? deps.config.enrollmentWaitMs,
    );
    if (!run.result) {
      return {
        outcome: 'PENDING',
        pending: {
          enrollment_run_id: run.runId,
          contact_id: request.contact_id,
          sequence_template_id: request.sequence_template_id,
        },
      };
    }
    result = run.result;
  }
  if (result.outcome === 'DUPLICATE') throw duplicateError(result.sequenceId);
  if (result.outcome === 'REFUSED') {
    throw DomainError.business(`The contact cannot be enrolled: ${result.reason}.`, {
      reason: result.reason,
      sequence_id: result.sequenceId,
    });
  }
  // Enrolled in this request: the row as written; through the enrollment workflow: read.
  const written = enrolled.verificationDue ? null : enrolled.sequence;
  return { outcome: 'CREATED', sequence: written ?? (await getSequence(em, organizationId, result.sequenceId)) };
}
