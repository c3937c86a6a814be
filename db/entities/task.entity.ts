// Tasks (docs/api/tasks.md): manual action items of sequences (CALL steps, replies to answer, leads to
// review, playbook approvals) and standalone to-dos. The tasks API (domain/tasks/) owns
// their state machine; sequence code only inserts them.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Contact } from './contact.entity.ts';
import { Organization } from './organization.entity.ts';
import { Message } from './message.entity.ts';
import { Sequence } from './sequence.entity.ts';
import { User } from './user.entity.ts';
import { statsTriggersOf } from '../migrations/Migration20261202100000_stats_cheap_triggers.sql.ts';

export const TASK_TYPES = [
  'CALL',
  'EMAIL_REPLY',
  'LINKEDIN_REPLY',
  'NEW_LEAD_REVIEW',
  'PLAYBOOK_APPROVAL',
  'TODO',
] as const;
export const TASK_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'SKIPPED'] as const;
export const TASK_PRIORITIES = ['HOT', 'TODAY', 'EXTRA'] as const;
/** Call outcomes: the first three are what POST .../complete takes; execute `call` takes all six. */
export const TASK_DISPOSITIONS = [
  'ANSWERED',
  'VOICEMAIL_LEFT',
  'NO_ANSWER',
  'INTERESTED',
  'NOT_INTERESTED',
  'WRONG_NUMBER',
] as const;
export const COMPLETE_DISPOSITIONS = ['ANSWERED', 'VOICEMAIL_LEFT', 'NO_ANSWER'] as const;
export const COMPLETION_SOURCES = [
  'TASK_EXECUTION',
  'EXTERNAL_REPLY',
  'SEQUENCE_TRANSITION',
  'EXTERNAL_CRM',
  'PLAYBOOK_RESOLUTION',
] as const;
export const REOPEN_REASONS = ['REMINDER_RULE'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TaskSchema = defineEntity({
  name: 'Task',
  tableName: 'tasks',
  indexes: [
    { name: 'tasks_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'tasks_organization_updated_index', properties: ['organization', 'updatedAt', 'id'] },
    { name: 'tasks_organization_assignee_index', properties: ['organization', 'assignee', 'status'] },
    { name: 'tasks_organization_contact_index', properties: ['organization', 'contact'] },
    { name: 'tasks_sequence_index', properties: ['sequence'] },
    {
      name: 'tasks_title_trgm',
      expression: 'create index "tasks_title_trgm" on "tasks" using gin (lower("title") gin_trgm_ops)',
    },
  ],
  // Keep the sequence_stats_daily counters (db/migrations/Migration20261202100000_stats_cheap_triggers.sql.ts).
  triggers: statsTriggersOf('tasks'),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    type: p.enum(TASK_TYPES),
    priority: p.enum(TASK_PRIORITIES).default('TODAY'),
    status: p.enum(TASK_STATUSES).default('PENDING'),
    sequence: () => p.manyToOne(Sequence).ref().nullable().deleteRule('cascade'),
    contact: () => p.manyToOne(Contact).ref().nullable().deleteRule('cascade'),
    assignee: () => p.manyToOne(User).ref().nullable(),
    stepNumber: p.integer().nullable(),
    title: p.text().nullable(),
    notes: p.text().nullable(),
    dueDate: p.date().nullable(),
    /** CALL tasks: the outcome of the call. */
    disposition: p.enum(TASK_DISPOSITIONS).nullable(),
    /** CALL tasks: the number dialled, as logged by execute `call`. */
    phone: p.text().nullable(),
    completionSource: p.enum(COMPLETION_SOURCES).nullable(),
    /** REMINDER_RULE: the task came back from a snooze. */
    reopenReason: p.enum(REOPEN_REASONS).nullable(),
    /** Set by POST .../snooze; the task-reminder workflow brings the task back then (and clears it). */
    snoozedUntil: p.datetime().nullable(),
    startedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    skippedAt: p.datetime().nullable(),
    reopenedAt: p.datetime().nullable(),
    /** Reply tasks: the INBOUND message to answer. */
    message: () => p.manyToOne(Message).ref().nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Task extends TaskSchema.class {}
TaskSchema.setClass(Task);
