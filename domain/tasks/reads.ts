// Reads of tasks: one task, the filtered list, and a task's message thread.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../shared/errors.ts';
import { listMessages, type MessageRecord } from '../engagement/messages.service.ts';
import { findTask, toTaskRecord, type TaskRecord } from './task-record.ts';
import { taskListPage, type TaskFilters, type TaskSort } from './tasks.queries.ts';

/** The list's filters and sort fields are the query's. */
export { TASK_SORT_FIELDS, type TaskFilters, type TaskSort } from './tasks.queries.ts';

export async function getTask(em: EntityManager, organizationId: string, id: string): Promise<TaskRecord> {
  const task = await findTask(em, organizationId, id);
  if (!task) throw DomainError.notFound('Task');
  return task;
}

export async function listTasks(
  em: EntityManager,
  organizationId: string,
  filters: TaskFilters,
  page: { limit: number; offset: number; sortBy?: TaskSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: TaskRecord[]; total: number }> {
  const { rows, total } = await taskListPage(em, organizationId, filters, {
    ...page,
    sortBy: page.sortBy ?? 'created_at',
  });
  return { items: rows.map(toTaskRecord), total };
}

/**
 * The thread of a task, oldest first, as the messages API serves messages: for a reply task the
 * messages of its sequence on the reply's channel (EMAIL_REPLY: EMAIL, LINKEDIN_REPLY: LINKEDIN);
 * for another sequence task every message of the sequence; a task without a sequence: the
 * contact's messages on the channel of the message it answers, else none.
 */
export async function taskThread(
  em: EntityManager,
  organizationId: string,
  id: string,
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ items: MessageRecord[]; total: number }> {
  const task = await getTask(em, organizationId, id);
  const channel = task.type === 'EMAIL_REPLY' ? 'EMAIL' : task.type === 'LINKEDIN_REPLY' ? 'LINKEDIN' : undefined;
  const window = { limit: page.limit, offset: page.offset, sortBy: 'sent_at' as const, sortOrder: page.sortOrder };
  if (task.sequence_id) return listMessages(em, organizationId, { sequence_id: task.sequence_id, channel }, window);
  if (task.contact_id && task.message_id && channel)
    return listMessages(em, organizationId, { contact_id: task.contact_id, channel }, window);
  return { items: [], total: 0 };
}
