// The task a person's reply creates: EMAIL_REPLY or LINKEDIN_REPLY, HOT, for the run's task
// assignee (default the sender), due today, with task.created.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Row } from '../../db/kysely.ts';
import { emitEvent } from '../activity/emit.ts';
import { sequenceEvent, taskAssignee, type RunRow } from '../sequences/runs.ts';
import { truncateText } from '../shared/text.ts';
import { utcDate } from '../shared/time.ts';
import { insertTask } from './engagement.queries.ts';

/** Creates the reply's task under the run (locked by the caller); answers its id. */
export async function replyTask(
  tx: EntityManager,
  run: RunRow,
  reply: Pick<Row<'messages'>, 'id' | 'channel' | 'step_number'>,
  at: Date,
): Promise<string> {
  const taskId = randomUUID();
  const type = reply.channel === 'LINKEDIN' ? 'LINKEDIN_REPLY' : 'EMAIL_REPLY';
  const name =
    [run.first_name, run.last_name].filter(Boolean).join(' ') || run.email || run.linkedin_url || 'the contact';
  const title = truncateText(`Reply to ${name}`, 200);
  await insertTask(tx, {
    id: taskId,
    organization_id: run.organization_id,
    type,
    priority: 'HOT',
    status: 'PENDING',
    sequence_id: run.id,
    contact_id: run.contact_id,
    assignee_id: taskAssignee(run),
    step_number: reply.step_number,
    title,
    due_date: utcDate(at),
    message_id: reply.id,
    created_at: at,
    updated_at: at,
  });
  await emitEvent(
    tx,
    sequenceEvent(run, 'task.created', {
      resourceType: 'TASK',
      channel: 'MANUAL',
      taskId,
      messageId: reply.id,
      embeds: { task: { id: taskId, type, status: 'PENDING', priority: 'HOT', title, step_number: reply.step_number } },
    }),
  );
  return taskId;
}
