// A task as the API answers it (TaskRecord), the row it is read from, and the one SELECT every
// read of a task goes through.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { COMPLETION_SOURCES, TASK_DISPOSITIONS, TASK_PRIORITIES, TaskStatus, TaskType } from '../../db/entities/task.entity.ts';
import type { ContactSummary, OwnerEmbed } from '../people/records.ts';

export type Disposition = (typeof TASK_DISPOSITIONS)[number];
export type CompletionSource = (typeof COMPLETION_SOURCES)[number];
export type Priority = (typeof TASK_PRIORITIES)[number];

export const OPEN_STATUSES: readonly TaskStatus[] = ['PENDING', 'IN_PROGRESS'];

/** The task's fields, with its times as `Time` (ISO strings in the record, Dates in the row). */
interface TaskFields<Time> {
  id: string;
  organization_id: string;
  type: TaskType;
  priority: Priority;
  status: TaskStatus;
  sequence_id: string | null;
  /** The task's contact, else its sequence's. */
  contact_id: string | null;
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
  snoozed_until: Time | null;
  started_at: Time | null;
  completed_at: Time | null;
  skipped_at: Time | null;
  reopened_at: Time | null;
  created_at: Time;
  updated_at: Time;
}

export interface TaskRecord extends TaskFields<string> {
  assignee_user_id: string | null;
  contact: ContactSummary | null;
  assignee: OwnerEmbed | null;
  sequence_template: { id: string; name: string } | null;
}

/** SELECT's row: the task, its contact's summary columns, template and assignee. */
export interface TaskRow extends TaskFields<Date>, Omit<ContactSummary, 'id'> {
  assignee_id: string | null;
  sequence_template_id: string | null;
  template_name: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
}

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

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
    contact: r.contact_id ? {
      id: r.contact_id, first_name: r.first_name, last_name: r.last_name, email: r.email, linkedin_url: r.linkedin_url,
      job_title: r.job_title, company_name: r.company_name, company_domain: r.company_domain,
    } : null,
    assignee: r.assignee_id && r.assignee_email !== null ? { id: r.assignee_id, email: r.assignee_email, name: r.assignee_name ?? '' } : null,
    sequence_template: r.sequence_template_id && r.template_name !== null ? { id: r.sequence_template_id, name: r.template_name } : null,
  };
}

export const SELECT = sql.raw(`
  SELECT t.id, t.organization_id, t.type, t.priority, t.status, t.sequence_id, coalesce(t.contact_id, s.contact_id) AS contact_id,
         t.assignee_id, t.message_id, t.step_number, t.title, t.notes, to_char(t.due_date, 'YYYY-MM-DD') AS due_date,
         t.disposition, t.phone, t.completion_source, t.reopen_reason, t.snoozed_until, t.started_at, t.completed_at, t.skipped_at, t.reopened_at,
         t.created_at, t.updated_at,
         s.sequence_template_id, st.name AS template_name,
         c.first_name, c.last_name, c.email, c.linkedin_url, c.job_title, coalesce(c.company_name, a.name) AS company_name, a.domain AS company_domain,
         u.email AS assignee_email, u.name AS assignee_name
    FROM tasks t
    LEFT JOIN sequences s ON s.id = t.sequence_id
    LEFT JOIN sequence_templates st ON st.id = s.sequence_template_id
    LEFT JOIN contacts c ON c.id = coalesce(t.contact_id, s.contact_id)
    LEFT JOIN accounts a ON a.id = c.account_id
    LEFT JOIN users u ON u.id = t.assignee_id`);

export async function findTask(em: EntityManager, organizationId: string, id: string): Promise<TaskRecord | null> {
  const { rows } = await sql<TaskRow>`${SELECT} WHERE t.id = ${id} AND t.organization_id = ${organizationId}`.execute(em.getKysely());
  return rows[0] ? toTaskRecord(rows[0]) : null;
}
