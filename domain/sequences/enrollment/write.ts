// The one transaction of an enrollment: the sequence row (ACTIVE, FOUND awaiting a lead review, or
// REFUSED with its reason), its sequence.created event and a lead review's task. Idempotent by the
// enrollment run id, and a concurrent enrollment of the same contact and template is a DUPLICATE.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../../db/kysely.ts';
import { statement } from '../../../db/statement.ts';
import type { SequenceStatus } from '../../../db/entities/sequence.entity.ts';
import { RUNNING_STATUSES } from '../statuses.ts';
import { REFUSAL_REASONS, type CreateSequenceInput, type EnrollmentResult, type RefusalReason } from '../../../workflows/enrollment.definitions.ts';
import { DomainError, isUniqueViolation } from '../../shared/errors.ts';
import { emitEvent } from '../../activity/emit.ts';
import { contactSummaryFromRow } from '../../people/records.ts';
import { truncateText } from '../../shared/text.ts';
import { utcDate } from '../../shared/time.ts';
import { templateRow, type TemplateRow } from './eligibility.ts';
import { recordStoredCommands } from '../../workflow-commands/outbox.ts';
import type { StoredCommand } from '../../workflow-commands/commands.ts';
import { SEQUENCE_RECORD_COLUMNS, toSequenceRecord, type SequenceRecord } from '../record.ts';
import type { SequenceRunStart } from '../../../workflows/sequence.client.ts';

/** The running sequence (FOUND, ACTIVE, WAITING_FOR_LEAD, WAITING_FOR_USER) of the template for the contact. */
// Asked by every enrollment: compiled once (db/statement.ts).
const selectRunning = statement((db, organizationId: string, contactId: string, sequenceTemplateId: string) => db
  .selectFrom('sequences').select('id')
  .where('organization_id', '=', organizationId).where('contact_id', '=', contactId).where('sequence_template_id', '=', sequenceTemplateId)
  .where('status', 'in', RUNNING_STATUSES));

export async function runningSequenceId(em: EntityManager, organizationId: string, contactId: string, sequenceTemplateId: string): Promise<string | null> {
  return (await selectRunning(em, organizationId, contactId, sequenceTemplateId)).rows[0]?.id ?? null;
}


// The statements of every enrollment's transaction: compiled once (db/statement.ts).
const selectContactSummary = statement((db, organizationId: string, contactId: string) => db
  .selectFrom('contacts as c')
  .leftJoin('accounts as a', 'a.id', 'c.account_id')
  .select(['c.id', 'c.first_name', 'c.last_name', 'c.email', 'c.linkedin_url', 'c.job_title', 'c.company_name', 'c.account_id', 'a.name as account_name', 'a.domain as account_domain'])
  .where('c.id', '=', contactId).where('c.organization_id', '=', organizationId));

const insertSequence = statement((
  db, id: string, organizationId: string, contactId: string, accountId: string | null, sequenceTemplateId: string, status: SequenceStatus,
  stoppedReason: RefusalReason | null, senderId: string | null, enrollmentRunId: string, sourceContactEntryId: string | null, now: Date,
) => db.insertInto('sequences').values({
  id, organization_id: organizationId, contact_id: contactId, account_id: accountId, sequence_template_id: sequenceTemplateId,
  status, stopped_reason: stoppedReason, current_step: 0, variables: {}, sender_id: senderId,
  enrollment_run_id: enrollmentRunId, source_contact_entry_id: sourceContactEntryId, created_at: now, updated_at: now,
}).returning(SEQUENCE_RECORD_COLUMNS));

/** The sequence to start, or null; plus the result. */
export interface WrittenEnrollment {
  result: EnrollmentResult;
  /** Set when an ACTIVE row exists that needs its sequence workflow. */
  start: SequenceRunStart | null;
  /** The START_SEQUENCE outbox command written with the row (only with `options.outboxTaskQueue`). */
  startCommands: StoredCommand[];
  /** The row as this call wrote it (null when it found an earlier one, or a duplicate). */
  sequence: SequenceRecord | null;
}

export interface WriteEnrollmentOptions {
  /**
   * When set, an ACTIVE row's START_SEQUENCE command is recorded in the same transaction (the
   * outbox of this task queue): for a caller that is not a retried durable step, the start then
   * cannot be lost between the commit and the call to Temporal.
   */
  outboxTaskQueue?: string;
  /**
   * The enrollment run id was made for this call and the caller has just looked for a running
   * duplicate: neither read is repeated before the transaction (the unique index still catches a
   * concurrent enrollment).
   */
  freshRun?: boolean;
  /** The template row the caller read moments ago (its eligibility check): not read again. */
  template?: TemplateRow;
}

/**
 * One transaction: refuse a duplicate, write the ACTIVE row (FOUND when the template requires lead
 * review) and emit sequence.created; or, for a refusal, write the REFUSED row with stopped_reason
 * (no event: nothing was enrolled). Idempotent: a retry finds the row of its enrollment run.
 */
export async function writeEnrollment(em: EntityManager, input: CreateSequenceInput, options: WriteEnrollmentOptions = {}): Promise<WrittenEnrollment> {
  const { organizationId, contactId, sequenceTemplateId } = input;
  const written = (id: string, status: string, reason: RefusalReason | null, startCommands: StoredCommand[] = [], sequence: SequenceRecord | null = null): WrittenEnrollment => ({
    result: { outcome: status === 'REFUSED' ? 'REFUSED' : 'CREATED', sequenceId: id, reason },
    start: status === 'ACTIVE' ? { sequenceId: id, contactId, sequenceTemplateId } : null,
    startCommands,
    sequence,
  });
  const own = options.freshRun ? undefined : await typedKysely(em)
    .selectFrom('sequences').select(['id', 'status', 'stopped_reason'])
    .where('organization_id', '=', organizationId).where('enrollment_run_id', '=', input.enrollmentRunId)
    .executeTakeFirst();
  if (own) return written(own.id, own.status, own.status === 'REFUSED' ? (REFUSAL_REASONS.find((r) => r === own.stopped_reason) ?? null) : null);
  const duplicate = async (): Promise<WrittenEnrollment | null> => {
    const id = await runningSequenceId(em, organizationId, contactId, sequenceTemplateId);
    return id ? { result: { outcome: 'DUPLICATE', sequenceId: id, reason: null }, start: null, startCommands: [], sequence: null } : null;
  };
  if (!input.refusal && !options.freshRun) {
    const existing = await duplicate();
    if (existing) return existing;
  }
  try {
    return await em.transactional(async (tx) => {
      const template = options.template ?? await templateRow(tx, organizationId, sequenceTemplateId);
      const [contact] = (await selectContactSummary(tx, organizationId, contactId)).rows;
      if (!template || !contact) throw DomainError.notFound(template ? 'Contact' : 'Sequence template');
      const status: SequenceStatus = input.refusal ? 'REFUSED' : template.requires_lead_review ? 'FOUND' : 'ACTIVE';
      const id = randomUUID();
      const now = new Date();
      const [row] = (await insertSequence(tx, id, organizationId, contactId, contact.account_id, sequenceTemplateId, status, input.refusal, template.sender_user_id,
        input.enrollmentRunId, input.sourceContactEntryId ?? null, now)).rows;
      if (!input.refusal) {
        const base = { organizationId, contact: contactSummaryFromRow(contact), sequenceId: id, sequenceTemplate: { id: template.id, name: template.name } };
        await emitEvent(tx, { ...base, type: 'sequence.created', resourceType: 'SEQUENCE', channel: null });
        if (status === 'FOUND') {
          // The lead waits for a person's approval (the task's new_lead_review execute starts the run).
          const taskId = randomUUID();
          const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ') || contact.email || contact.linkedin_url || 'lead';
          const title = truncateText(`Review lead ${name} for ${template.name}`, 200);
          await typedKysely(tx).insertInto('tasks').values({
            id: taskId, organization_id: organizationId, type: 'NEW_LEAD_REVIEW', priority: 'TODAY', status: 'PENDING', sequence_id: id, contact_id: contactId,
            assignee_id: template.sender_user_id, title, due_date: utcDate(now), created_at: now, updated_at: now,
          }).execute();
          await emitEvent(tx, {
            ...base, type: 'task.created', resourceType: 'TASK', channel: 'MANUAL', taskId,
            embeds: { task: { id: taskId, type: 'NEW_LEAD_REVIEW', status: 'PENDING', title } },
          });
        }
      }
      const startCommands = status === 'ACTIVE' && options.outboxTaskQueue
        ? await recordStoredCommands(tx, options.outboxTaskQueue, [{ kind: 'START_SEQUENCE', organizationId, sequenceId: id, contactId, sequenceTemplateId }])
        : [];
      return written(id, status, input.refusal, startCommands, toSequenceRecord(row));
    });
  } catch (error) {
    // A concurrent enrollment wrote the running row first; the partial unique index caught it.
    if (!isUniqueViolation(error)) throw error;
    const existing = await duplicate();
    if (!existing) throw error;
    return existing;
  }
}
