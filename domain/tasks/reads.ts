// Reads of tasks: one task, the filtered list, and a task's message thread.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskStatus, TaskType } from '../../db/entities/task.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { listMessages, type MessageRecord } from '../engagement/messages.service.ts';
import { asDate, findTask, selectTask, taskFrom, toTaskRecord, type Priority, type TaskRecord } from './task-record.ts';

export async function getTask(em: EntityManager, organizationId: string, id: string): Promise<TaskRecord> {
  const task = await findTask(em, organizationId, id);
  if (!task) throw DomainError.notFound('Task');
  return task;
}

export const TASK_SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type TaskSort = (typeof TASK_SORT_FIELDS)[number];

export interface TaskFilters {
  sequence_id?: string;
  sequence_template_ids?: string[];
  types?: TaskType[];
  status?: TaskStatus;
  priorities?: Priority[];
  assignee_user_id?: string;
  contact_id?: string;
  created_after?: string;
  created_before?: string;
  due_date_after?: string;
  due_date_before?: string;
  snoozed?: boolean;
}

export async function listTasks(
  em: EntityManager,
  organizationId: string,
  filters: TaskFilters,
  page: { limit: number; offset: number; sortBy?: TaskSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: TaskRecord[]; total: number }> {
  const matching = taskFrom(em)
    .where('t.organization_id', '=', organizationId)
    .$if(!!filters.sequence_id, (q) => q.where('t.sequence_id', '=', filters.sequence_id!))
    .$if(!!filters.sequence_template_ids?.length, (q) => q.where('s.sequence_template_id', 'in', filters.sequence_template_ids!))
    .$if(!!filters.types?.length, (q) => q.where('t.type', 'in', filters.types!))
    .$if(!!filters.status, (q) => q.where('t.status', '=', filters.status!))
    .$if(!!filters.priorities?.length, (q) => q.where('t.priority', 'in', filters.priorities!))
    .$if(!!filters.assignee_user_id, (q) => q.where('t.assignee_id', '=', filters.assignee_user_id!))
    .$if(!!filters.contact_id, (q) => q.where((eb) => eb.or([eb('t.contact_id', '=', filters.contact_id!), eb('s.contact_id', '=', filters.contact_id!)])))
    .$if(!!filters.created_after, (q) => q.where('t.created_at', '>', new Date(filters.created_after!)))
    .$if(!!filters.created_before, (q) => q.where('t.created_at', '<', new Date(filters.created_before!)))
    .$if(!!filters.due_date_after, (q) => q.where('t.due_date', '>', asDate(filters.due_date_after!)))
    .$if(!!filters.due_date_before, (q) => q.where('t.due_date', '<', asDate(filters.due_date_before!)))
    .$if(filters.snoozed !== undefined, (q) => q.where('t.snoozed_until', filters.snoozed ? 'is not' : 'is', null));
  const sortBy = page.sortBy ?? 'created_at';
  const [rows, counted] = await Promise.all([
    selectTask(matching).orderBy(`t.${sortBy}`, page.sortOrder).orderBy('t.id', page.sortOrder).limit(page.limit).offset(page.offset).execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toTaskRecord), total: Number(counted.total) };
}

/**
 * The thread of a task, oldest first, as the messages API serves messages: for a reply task the
 * messages of its sequence on the reply's channel (EMAIL_REPLY: EMAIL, LINKEDIN_REPLY: LINKEDIN);
 * for another sequence task every message of the sequence; a task without a sequence: the
 * contact's messages on the channel of the message it answers, else none.
 */
export async function taskThread(
  em: EntityManager, organizationId: string, id: string, page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ items: MessageRecord[]; total: number }> {
  const task = await getTask(em, organizationId, id);
  const channel = task.type === 'EMAIL_REPLY' ? 'EMAIL' : task.type === 'LINKEDIN_REPLY' ? 'LINKEDIN' : undefined;
  const window = { limit: page.limit, offset: page.offset, sortBy: 'sent_at' as const, sortOrder: page.sortOrder };
  if (task.sequence_id) return listMessages(em, organizationId, { sequence_id: task.sequence_id, channel }, window);
  if (task.contact_id && task.message_id && channel) return listMessages(em, organizationId, { contact_id: task.contact_id, channel }, window);
  return { items: [], total: 0 };
}
