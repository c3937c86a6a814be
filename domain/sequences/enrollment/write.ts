// The one write of an enrollment, in one transaction: the sequence row (ACTIVE, FOUND awaiting a
// lead review, or REFUSED with its reason) with its sender (a template's pool gives the run one of
// its members: rotation.ts), its sequence.created event, a lead review's task, an ACTIVE row's
// START_SEQUENCE outbox command, and the API request's audit entry. A concurrent enrollment of the
// same contact and template is a DUPLICATE (the running-sequence unique index).
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SequenceStatus } from '../../../db/entities/sequence.entity.ts';
import { activityRowOf, emitEvent } from '../../activity/emit.ts';
import type { RequestAudit } from '../../audit/audit-log.ts';
import { auditEntryValues, insertAuditEntry } from '../../audit/audit.queries.ts';
import { contactSummaryFromRow } from '../../people/records.ts';
import { DomainError, isUniqueViolation } from '../../shared/errors.ts';
import { truncateText } from '../../shared/text.ts';
import { utcDate } from '../../shared/time.ts';
import { commandWorkflowId, type StoredCommand } from '../../workflow-commands/commands.ts';
import type { WorkflowCommand } from '../../workflow-commands/command.types.ts';
import { commandRowOf, storedCommandOf } from '../../workflow-commands/outbox.ts';
import { toSequenceRecord, type SequenceRecord } from '../record.ts';
import { contactRow, runningSequenceId, templateRow, type ContactRow, type TemplateRow } from './enrollment.queries.ts';
import {
  insertEnrollment,
  insertLeadReviewTask,
  insertSequence,
  lockSourceEntry,
  type NewSequence,
} from './enrollment-write.queries.ts';
import type { EnrollmentResult, RefusalReason } from './enrollment.types.ts';
import { rotatedSender } from './rotation.ts';

export interface WriteEnrollmentInput {
  organizationId: string;
  contactId: string;
  sequenceTemplateId: string;
  /** The row's enrollment_run_id: the name a retried caller finds it by. */
  enrollmentRunId: string;
  /** Set: write a REFUSED row with this stopped_reason instead. */
  refusal: RefusalReason | null;
  /** The contact-list entry the enrollment comes from (sequences.source_contact_entry_id); absent: null. */
  sourceContactEntryId?: string | null;
}

export interface WrittenEnrollment {
  result: EnrollmentResult;
  /** The START_SEQUENCE command written with an ACTIVE row (its fast path delivers it). */
  startCommands: StoredCommand[];
  /** The row as this call wrote it (null for a duplicate). */
  sequence: SequenceRecord | null;
}

export interface WriteEnrollmentOptions {
  /** The task queue whose outbox takes the START_SEQUENCE command (the sequence workflow runs there). */
  outboxTaskQueue: string;
  /**
   * The caller has just looked for a running duplicate: the read is not repeated before the write
   * (the unique index still catches a concurrent enrollment).
   */
  freshRun?: boolean;
  /** The template and contact rows the caller read moments ago (its eligibility check): not read again. */
  template?: TemplateRow | null;
  contact?: ContactRow;
  /**
   * The API request's audit entry: written with a run this call enrolls (ACTIVE or FOUND, a 201) in
   * its statement or transaction, so the row and its entry commit together. A refusal's entry is
   * the API's to write (it answers 422 after this write).
   */
  audit?: RequestAudit;
}

const duplicateOf = (sequenceId: string): WrittenEnrollment => ({
  result: { outcome: 'DUPLICATE', sequenceId, reason: null },
  startCommands: [],
  sequence: null,
});

/**
 * The write: the ACTIVE row with sequence.created and its START_SEQUENCE command, or the REFUSED row
 * with stopped_reason (no event: nothing was enrolled), each in one statement; a FOUND row (the
 * template requires lead review) with its event, its review task and the task's event in one
 * transaction. A template with a pool of senders: the ACTIVE or FOUND write runs in a transaction
 * that first gives the run its pool member (rotation.ts) and holds the members' rotation locks
 * until it commits. A source entry deleted meanwhile (its delete ends the runs it sourced) leaves
 * nothing to enroll: DomainError not found.
 */
export async function writeEnrollment(
  em: EntityManager,
  input: WriteEnrollmentInput,
  options: WriteEnrollmentOptions,
): Promise<WrittenEnrollment> {
  const { organizationId, contactId, sequenceTemplateId } = input;
  const duplicate = async (): Promise<WrittenEnrollment | null> => {
    const id = await runningSequenceId(em, organizationId, contactId, sequenceTemplateId);
    return id ? duplicateOf(id) : null;
  };
  const [running, template, contact] = await Promise.all([
    !input.refusal && !options.freshRun ? duplicate() : null,
    options.template !== undefined ? options.template : templateRow(em, organizationId, sequenceTemplateId),
    options.contact ?? contactRow(em, organizationId, contactId),
  ]);
  if (running) return running;
  if (!template || !contact) throw DomainError.notFound(template ? 'Contact' : 'Sequence template');
  const status: SequenceStatus = input.refusal ? 'REFUSED' : template.requires_lead_review ? 'FOUND' : 'ACTIVE';
  const row: NewSequence = {
    id: randomUUID(),
    organizationId,
    contactId,
    accountId: contact.account_id,
    sequenceTemplateId,
    status,
    stoppedReason: input.refusal,
    senderId: template.sender_user_id,
    enrollmentRunId: input.enrollmentRunId,
    sourceContactEntryId: input.sourceContactEntryId ?? null,
    now: new Date(),
  };
  const audit = input.refusal ? undefined : options.audit;
  const write = (tx: EntityManager, written: NewSequence) =>
    status === 'FOUND'
      ? writeFound(tx, written, template, contact, audit)
      : writeOne(tx, written, template, contact, options.outboxTaskQueue, audit);
  // A pool gives a run that will send one of its members, chosen and written in one transaction.
  const pool = input.refusal ? null : template.sender_user_ids;
  try {
    if (!pool?.length) return await write(em, row);
    return await em.transactional(async (tx) => {
      const senderId = (await rotatedSender(tx, organizationId, pool, row.now)) ?? row.senderId;
      return write(tx, { ...row, senderId });
    });
  } catch (error) {
    // A concurrent enrollment wrote the running row first; the partial unique index caught it.
    if (!isUniqueViolation(error)) throw error;
    const existing = await duplicate();
    if (!existing) throw error;
    return existing;
  }
}

const createdEvent = (row: NewSequence, template: TemplateRow, contact: ContactRow) => ({
  organizationId: row.organizationId,
  contact: contactSummaryFromRow(contact),
  sequenceId: row.id,
  sequenceTemplate: { id: template.id, name: template.name },
});

/** An ACTIVE or REFUSED enrollment: one statement (with the request's audit entry, when given). */
async function writeOne(
  em: EntityManager,
  row: NewSequence,
  template: TemplateRow,
  contact: ContactRow,
  taskQueue: string,
  audit: RequestAudit | undefined,
): Promise<WrittenEnrollment> {
  const active = row.status === 'ACTIVE';
  const event = active
    ? activityRowOf(
        { ...createdEvent(row, template, contact), type: 'sequence.created', resourceType: 'SEQUENCE', channel: null },
        row.now,
      )
    : null;
  const start: WorkflowCommand = {
    kind: 'START_SEQUENCE',
    organizationId: row.organizationId,
    sequenceId: row.id,
    contactId: row.contactId,
    sequenceTemplateId: row.sequenceTemplateId,
  };
  const command = active ? commandRowOf(start, commandWorkflowId(start, taskQueue), row.now) : null;
  const entry = audit ? auditEntryValues(audit.entry(201, row.id)) : null;
  const written = await insertEnrollment(em, row, event, command, entry);
  if (!written) throw DomainError.notFound('Contact entry');
  return {
    result: { outcome: active ? 'CREATED' : 'REFUSED', sequenceId: row.id, reason: row.stoppedReason },
    startCommands: command ? [storedCommandOf(command)] : [],
    sequence: toSequenceRecord(written),
  };
}

/**
 * A FOUND enrollment: the row, sequence.created, the lead's NEW_LEAD_REVIEW task and task.created
 * (and the request's audit entry, when given), in one transaction (the task's approval starts the run).
 */
async function writeFound(
  em: EntityManager,
  row: NewSequence,
  template: TemplateRow,
  contact: ContactRow,
  audit: RequestAudit | undefined,
): Promise<WrittenEnrollment> {
  return em.transactional(async (tx) => {
    if (row.sourceContactEntryId && !(await lockSourceEntry(tx, row.organizationId, row.sourceContactEntryId)))
      throw DomainError.notFound('Contact entry');
    const written = await insertSequence(tx, row);
    const base = createdEvent(row, template, contact);
    await emitEvent(tx, { ...base, type: 'sequence.created', resourceType: 'SEQUENCE', channel: null });
    const taskId = randomUUID();
    const name =
      [contact.first_name, contact.last_name].filter(Boolean).join(' ') ||
      contact.email ||
      contact.linkedin_url ||
      'lead';
    const title = truncateText(`Review lead ${name} for ${template.name}`, 200);
    await insertLeadReviewTask(tx, {
      id: taskId,
      organizationId: row.organizationId,
      sequenceId: row.id,
      contactId: row.contactId,
      assigneeId: row.senderId,
      title,
      dueDate: utcDate(row.now),
      now: row.now,
    });
    await emitEvent(tx, {
      ...base,
      type: 'task.created',
      resourceType: 'TASK',
      channel: 'MANUAL',
      taskId,
      embeds: { task: { id: taskId, type: 'NEW_LEAD_REVIEW', status: 'PENDING', title } },
    });
    if (audit) await insertAuditEntry(tx, ...auditEntryValues(audit.entry(201, row.id)));
    return {
      result: { outcome: 'CREATED', sequenceId: row.id, reason: null },
      startCommands: [],
      sequence: toSequenceRecord(written),
    };
  });
}
