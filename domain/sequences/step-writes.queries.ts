// The queries of what a run's step writes: its CALL task and its OUTBOUND message, each at the
// database's clock (step-writes.ts holds the rules). The message insert, run by every message step,
// is compiled once (db/statement.ts); each runs on the `em` it is given (its transaction, if any).
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely, type Row } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';
import type { RunRow } from './runs.queries.ts';

/** A PENDING CALL task of the run, due on `dueDate` (YYYY-MM-DD); created at the database's clock. */
export async function insertCallTaskRow(
  tx: EntityManager,
  row: Pick<RunRow, 'id' | 'organization_id' | 'contact_id'>,
  task: { id: string; assigneeId: string | null; stepNumber: number; title: string; notes: string; dueDate: string },
): Promise<void> {
  await typedKysely(tx)
    .insertInto('tasks')
    .values((eb) => ({
      id: task.id,
      organization_id: row.organization_id,
      type: 'CALL',
      priority: 'TODAY',
      status: 'PENDING',
      sequence_id: row.id,
      contact_id: row.contact_id,
      assignee_id: task.assigneeId,
      step_number: task.stepNumber,
      title: task.title,
      notes: task.notes,
      due_date: task.dueDate,
      created_at: eb.fn<Date>('now'),
      updated_at: eb.fn<Date>('now'),
    }))
    .execute();
}

export type StepMessage = Pick<
  Row<'messages'>,
  'id' | 'channel' | 'kind' | 'subject' | 'body' | 'step_number' | 'provider_message_id' | 'sender_id' | 'variant'
> & { sent_at: Date };

/** The OUTBOUND message of a step, created at the database's clock; one already written (same id) is left. */
export async function insertStepMessageRow(
  tx: EntityManager,
  row: Pick<RunRow, 'id' | 'organization_id' | 'contact_id'>,
  message: StepMessage,
): Promise<void> {
  await insertMessage(
    tx,
    message.id,
    row.organization_id,
    row.contact_id,
    row.id,
    message.channel,
    message.kind,
    message.subject,
    message.body,
    message.step_number,
    message.provider_message_id,
    message.sent_at,
    message.sender_id,
    message.variant,
  );
}

// Every message step writes one: compiled once (db/statement.ts), each column a parameter.
const insertMessage = statement(
  (
    db,
    id: string,
    organizationId: string,
    contactId: string,
    sequenceId: string,
    channel: StepMessage['channel'],
    kind: StepMessage['kind'],
    subject: StepMessage['subject'],
    body: StepMessage['body'],
    stepNumber: StepMessage['step_number'],
    providerMessageId: StepMessage['provider_message_id'],
    sentAt: Date,
    senderId: StepMessage['sender_id'],
    variant: StepMessage['variant'],
  ) =>
    db
      .insertInto('messages')
      .values((eb) => ({
        id,
        organization_id: organizationId,
        contact_id: contactId,
        sequence_id: sequenceId,
        direction: 'OUTBOUND',
        channel,
        kind,
        subject,
        body,
        step_number: stepNumber,
        provider_message_id: providerMessageId,
        sent_at: sentAt,
        sender_id: senderId,
        variant,
        created_at: eb.fn<Date>('now'),
      }))
      .onConflict((oc) => oc.column('id').doNothing()),
);
