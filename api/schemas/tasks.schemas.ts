// Shapes of the task endpoints: the task record, the list filters, the to-do create/patch bodies,
// reassignment, complete, snooze, and execute's payload (discriminated by payload.type) and result.
import {
  COMPLETE_DISPOSITIONS,
  COMPLETION_SOURCES,
  TASK_DISPOSITIONS,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPES,
} from '../../db/entities/task.entity.ts';
import { MAX_SNOOZE_DAYS } from '../../domain/tasks/snooze.ts';
import { PAYLOAD_TASK_TYPES } from '../../domain/tasks/execute.ts';
import type { JsonSchema } from '../validation.ts';
import { nullable, nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { contactSummarySchema, ownerSchema } from './people.schemas.ts';
import { sequenceSchema } from './sequences.schemas.ts';
import { messageSchema } from '../routes/messages.routes.ts';
import { named } from './named.ts';

const nullableUuid: JsonSchema = { type: ['string', 'null'], format: 'uuid' };
const date: JsonSchema = { type: 'string', format: 'date', description: 'ISO date, YYYY-MM-DD.' };
const title: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  description: '1 to 200 characters, not blank.',
};
const notes: JsonSchema = { type: ['string', 'null'], maxLength: 10_000 };
const priority: JsonSchema = { type: 'string', enum: [...TASK_PRIORITIES], description: 'Default TODAY.' };
const taskType: JsonSchema = named('TaskType', { type: 'string', enum: [...TASK_TYPES] });
const taskPriority: JsonSchema = named('TaskPriority', { type: 'string', enum: [...TASK_PRIORITIES] });
const taskStatus: JsonSchema = named('TaskStatus', { type: 'string', enum: [...TASK_STATUSES] });

/** A sequence template by id and name, as tasks and events embed it. */
export const sequenceTemplateSummarySchema: JsonSchema = named('SequenceTemplateSummary', {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: uuid, name: { type: 'string' } },
});

export const taskSchema: JsonSchema = named('Task', {
  type: 'object',
  required: [
    'id',
    'organization_id',
    'type',
    'priority',
    'status',
    'sequence_id',
    'contact_id',
    'assignee_user_id',
    'message_id',
    'step_number',
    'title',
    'notes',
    'due_date',
    'disposition',
    'phone',
    'completion_source',
    'reopen_reason',
    'snoozed_until',
    'started_at',
    'completed_at',
    'skipped_at',
    'reopened_at',
    'created_at',
    'updated_at',
    'contact',
    'assignee',
    'sequence_template',
  ],
  properties: {
    id: uuid,
    organization_id: uuid,
    type: taskType,
    priority: taskPriority,
    status: taskStatus,
    sequence_id: nullableUuid,
    contact_id: { ...nullableUuid, description: "The task's contact, else its sequence's." },
    assignee_user_id: nullableUuid,
    message_id: { ...nullableUuid, description: 'Reply tasks: the INBOUND message to answer.' },
    step_number: { type: ['integer', 'null'], minimum: 1 },
    title: { type: ['string', 'null'] },
    notes: { type: ['string', 'null'] },
    due_date: { type: ['string', 'null'], format: 'date' },
    disposition: nullable(
      named('TaskDisposition', { type: 'string', enum: [...TASK_DISPOSITIONS] }),
      'Call outcome; null until set.',
    ),
    phone: { type: ['string', 'null'], description: 'CALL tasks: the number logged by execute `call`.' },
    completion_source: nullable(named('TaskCompletionSource', { type: 'string', enum: [...COMPLETION_SOURCES] })),
    reopen_reason: nullable(
      named('TaskReopenReason', { type: 'string', enum: ['REMINDER_RULE'] }),
      'REMINDER_RULE: the task came back from a snooze.',
    ),
    snoozed_until: { ...nullableTimestamp, description: 'Set while snoozed; cleared when the task comes back.' },
    started_at: nullableTimestamp,
    completed_at: nullableTimestamp,
    skipped_at: nullableTimestamp,
    reopened_at: nullableTimestamp,
    created_at: timestamp,
    updated_at: timestamp,
    contact: nullable(contactSummarySchema),
    assignee: nullable(ownerSchema),
    sequence_template: nullable(sequenceTemplateSummarySchema),
  },
});

export const taskListFilters: Record<string, JsonSchema> = {
  sequence_id: uuid,
  sequence_template_ids: {
    type: 'array',
    items: uuid,
    maxItems: 100,
    description: 'Repeat the parameter; any of them.',
  },
  types: { type: 'array', items: taskType, maxItems: 10, description: 'Repeat the parameter; any of them.' },
  status: taskStatus,
  priorities: { type: 'array', items: taskPriority, maxItems: 10, description: 'Repeat the parameter; any of them.' },
  assignee_user_id: uuid,
  contact_id: { ...uuid, description: "The task's contact or its sequence's contact." },
  created_after: { ...timestamp, description: 'Created strictly after.' },
  created_before: { ...timestamp, description: 'Created strictly before.' },
  due_date_after: { ...date, description: 'Due strictly after this date.' },
  due_date_before: { ...date, description: 'Due strictly before this date.' },
  snoozed: { type: 'boolean', description: 'true: only snoozed tasks; false: only tasks not snoozed; omitted: both.' },
};

export const createTaskSchema: JsonSchema = named('TaskCreate', {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'due_date'],
  properties: {
    title,
    due_date: date,
    notes,
    contact_id: nullableUuid,
    assignee_user_id: { ...nullableUuid, description: "Default: the API key's user; null: unassigned." },
    priority,
  },
});

export const updateTaskSchema: JsonSchema = named('TaskUpdate', {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { title, due_date: date, notes, assignee_user_id: nullableUuid, priority },
});

export const reassignSchema: JsonSchema = named('TaskReassign', {
  type: 'object',
  additionalProperties: false,
  required: ['assignee_user_id'],
  properties: {
    assignee_user_id: uuid,
    scope: {
      type: 'string',
      enum: ['TASK', 'SEQUENCE'],
      default: 'TASK',
      description: "SEQUENCE also reassigns the open and later tasks of the task's sequence.",
    },
  },
});

export const completeSchema: JsonSchema = named('TaskComplete', {
  type: 'object',
  additionalProperties: false,
  properties: {
    completion_source: {
      type: 'string',
      enum: [...COMPLETION_SOURCES],
      default: 'TASK_EXECUTION',
      description: 'Optional for every task type; recorded on the task.',
    },
    disposition: { type: 'string', enum: [...COMPLETE_DISPOSITIONS], description: 'CALL tasks only.' },
  },
});

export const snoozeSchema: JsonSchema = named('TaskSnooze', {
  type: 'object',
  additionalProperties: false,
  required: ['snoozed_until'],
  properties: { snoozed_until: { ...timestamp, description: `In the future, within ${MAX_SNOOZE_DAYS} days.` } },
});

const PAYLOAD_TYPES = ['email_reply', 'linkedin_reply', 'call', 'new_lead_review', 'playbook_approval'];
const PAYLOAD_FIELDS = ['body', 'subject', 'phone', 'disposition', 'approved'];

/** A payload type's required fields, and none of the fields it does not take (PAYLOAD_TASK_TYPES). */
const requires = (type: string, fields: string[]): JsonSchema => ({
  if: { properties: { type: { const: type } }, required: ['type'] },
  then: {
    required: fields.filter((f) => PAYLOAD_TASK_TYPES[type as keyof typeof PAYLOAD_TASK_TYPES].fields.includes(f)),
    properties: Object.fromEntries(
      PAYLOAD_FIELDS.map((f) => [f, PAYLOAD_TASK_TYPES[type as keyof typeof PAYLOAD_TASK_TYPES].fields.includes(f)]),
    ),
  },
});

export const executeSchema: JsonSchema = named('TaskExecute', {
  type: 'object',
  additionalProperties: false,
  required: ['payload'],
  properties: {
    payload: named('TaskExecutePayload', {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      description:
        'Discriminated by `type`: email_reply {body, subject?} (EMAIL_REPLY), linkedin_reply {body} (LINKEDIN_REPLY), ' +
        'call {phone?, disposition?} (CALL), new_lead_review {approved} (NEW_LEAD_REVIEW), playbook_approval {approved} (PLAYBOOK_APPROVAL).',
      properties: {
        type: { type: 'string', enum: PAYLOAD_TYPES },
        body: {
          type: 'string',
          minLength: 1,
          maxLength: 50_000,
          pattern: '\\S',
          description: 'email_reply, linkedin_reply: the reply text.',
        },
        subject: {
          type: 'string',
          minLength: 1,
          maxLength: 300,
          description: 'email_reply: default "Re: " + the subject answered.',
        },
        phone: { type: 'string', minLength: 1, maxLength: 50, description: 'call: the number dialled.' },
        disposition: { type: 'string', enum: [...TASK_DISPOSITIONS], description: 'call: the outcome.' },
        approved: {
          type: 'boolean',
          description:
            "new_lead_review: true starts the sequence, false refuses it (LEAD_REJECTED). playbook_approval: true carries out the playbook run's action, false rejects the run.",
        },
      },
      allOf: [
        requires('email_reply', ['body']),
        requires('linkedin_reply', ['body']),
        requires('call', []),
        requires('new_lead_review', ['approved']),
        requires('playbook_approval', ['approved']),
      ],
    }),
  },
});

export const executeResultSchema: JsonSchema = named('TaskExecuteResult', {
  type: 'object',
  required: ['task', 'message', 'sequence'],
  properties: {
    task: taskSchema,
    message: nullable(messageSchema, 'Replies: the message sent.'),
    sequence: nullable(sequenceSchema, "The task's sequence after the execution."),
  },
});

export { messageSchema };
