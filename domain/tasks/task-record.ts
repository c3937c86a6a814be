// A task as the API answers it (TaskRecord), made from the row every read of a task goes through
// (taskQuery, tasks.queries.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  COMPLETION_SOURCES,
  TASK_DISPOSITIONS,
  TASK_PRIORITIES,
  TaskStatus,
  TaskType,
} from '../../db/entities/task.entity.ts';
import type { ContactSummary, OwnerEmbed } from '../people/records.ts';
import { iso } from '../shared/time.ts';
import { taskRow, type TaskRow } from './tasks.queries.ts';

export type Disposition = (typeof TASK_DISPOSITIONS)[number];
export type CompletionSource = (typeof COMPLETION_SOURCES)[number];
export type Priority = (typeof TASK_PRIORITIES)[number];

export const OPEN_STATUSES: readonly TaskStatus[] = ['PENDING', 'IN_PROGRESS'];

/** The task as the API answers it: its columns with times as ISO strings, and the embeds. */
export interface TaskRecord {
  id: string;
  organization_id: string;
  type: TaskType;
  priority: Priority;
  status: TaskStatus;
  sequence_id: string | null;
  /** The task's contact, else its sequence's. */
  contact_id: string | null;
  assignee_user_id: string | null;
  /** Reply tasks: the INBOUND message to answer. */
  message_id: string | null;
  step_number: number | null;
  title: string | null;
  notes: string | null;
  due_date: string | null;
  disposition: Disposition | null;
  phone: string | null;
  completion_source: CompletionSource | null;
  reopen_reason: 'REMINDER_RULE' | null;
  snoozed_until: string | null;
  started_at: string | null;
  completed_at: string | null;
  skipped_at: string | null;
  reopened_at: string | null;
  created_at: string;
  updated_at: string;
  contact: ContactSummary | null;
  assignee: OwnerEmbed | null;
  sequence_template: { id: string; name: string } | null;
}

export function toTaskRecord(r: TaskRow): TaskRecord {
  return {
    id: r.id,
    organization_id: r.organization_id,
    type: r.type,
    priority: r.priority,
    status: r.status,
    sequence_id: r.sequence_id,
    contact_id: r.contact_id,
    assignee_user_id: r.assignee_id,
    message_id: r.message_id,
    step_number: r.step_number,
    title: r.title,
    notes: r.notes,
    due_date: r.due_date,
    disposition: r.disposition,
    phone: r.phone,
    completion_source: r.completion_source,
    reopen_reason: r.reopen_reason,
    snoozed_until: iso(r.snoozed_until),
    started_at: iso(r.started_at),
    completed_at: iso(r.completed_at),
    skipped_at: iso(r.skipped_at),
    reopened_at: iso(r.reopened_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    contact: r.contact_id
      ? {
          id: r.contact_id,
          first_name: r.first_name,
          last_name: r.last_name,
          email: r.email,
          linkedin_url: r.linkedin_url,
          job_title: r.job_title,
          company_name: r.company_name,
          company_domain: r.company_domain,
        }
      : null,
    assignee:
      r.assignee_id && r.assignee_email !== null
        ? { id: r.assignee_id, email: r.assignee_email, name: r.assignee_name ?? '' }
        : null,
    sequence_template:
      r.sequence_template_id && r.template_name !== null ? { id: r.sequence_template_id, name: r.template_name } : null,
  };
}

export async function findTask(em: EntityManager, organizationId: string, id: string): Promise<TaskRecord | null> {
  const row = await taskRow(em, organizationId, id);
  return row ? toTaskRecord(row) : null;
}
