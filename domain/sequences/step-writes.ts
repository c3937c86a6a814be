// The rows a sequence step writes under its run's lock: the CALL task a call step opens, and the
// message row of a step whose message went out. Timestamps of creation come from the database's clock.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely, type Row } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';
import { utcDate } from '../shared/time.ts';
import type { RunRow } from './runs.ts';

export interface CallTask {
  id: string;
  stepNumber: number;
  assigneeId: string | null;
  title: string;
  notes: string;
  /** The step's time: the task is due on its UTC day. */
  at: Date;
}

/** A PENDING CALL task of the run, due today. */
export async function insertCallTask(tx: EntityManager, row: Pick<RunRow, 'id' | 'organization_id' | 'contact_id'>, task: CallTask): Promise<void> {
  await typedKysely(tx).insertInto('tasks')
    .values((eb) => ({
      id: task.id, organization_id: row.organization_id, type: 'CALL', priority: 'TODAY', status: 'PENDING', sequence_id: row.id, contact_id: row.contact_id,
      assignee_id: task.assigneeId, step_number: task.stepNumber, title: task.title, notes: task.notes, due_date: utcDate(task.at),
      created_at: eb.fn<Date>('now'), updated_at: eb.fn<Date>('now'),
    }))
    .execute();
}

export type StepMessage = Pick<Row<'messages'>, 'id' | 'channel' | 'kind' | 'subject' | 'body' | 'step_number' | 'provider_message_id'> & { sent_at: Date };

/** The OUTBOUND message of a step; a retry that finds it written (the id is derived from the step) leaves it. */
export async function insertStepMessage(tx: EntityManager, row: Pick<RunRow, 'id' | 'organization_id' | 'contact_id'>, message: StepMessage): Promise<void> {
  await insertMessage(tx, message.id, row.organization_id, row.contact_id, row.id, message.channel, message.kind, message.subject, message.body,
    message.step_number, message.provider_message_id, message.sent_at);
}

// Every message step writes one: compiled once (db/statement.ts), each column a parameter.
const insertMessage = statement((
  db, id: string, organizationId: string, contactId: string, sequenceId: string, channel: StepMessage['channel'], kind: StepMessage['kind'],
  subject: StepMessage['subject'], body: StepMessage['body'], stepNumber: StepMessage['step_number'], providerMessageId: StepMessage['provider_message_id'], sentAt: Date,
) => db.insertInto('messages')
  .values((eb) => ({
    id, organization_id: organizationId, contact_id: contactId, sequence_id: sequenceId, direction: 'OUTBOUND', channel, kind, subject, body,
    step_number: stepNumber, provider_message_id: providerMessageId, sent_at: sentAt, created_at: eb.fn<Date>('now'),
  }))
  .onConflict((oc) => oc.column('id').doNothing()));
