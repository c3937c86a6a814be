// Playbooks: request and response schemas (docs/api/playbooks.md).
import { PLAYBOOK_ACTION_TYPES, PLAYBOOK_STATUSES } from '../../db/entities/playbook.entity.ts';
import { PLAYBOOK_RUN_OUTCOMES, PLAYBOOK_RUN_STATUSES } from '../../db/entities/playbook-run.entity.ts';
import { TASK_PRIORITIES } from '../../db/entities/task.entity.ts';
import type { JsonSchema } from '../validation.ts';
import { nullable, nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { NOT_BLANK_PATTERN } from './identifiers.schemas.ts';
import { named } from './named.ts';

const nullableUuid: JsonSchema = { type: ['string', 'null'], format: 'uuid' };

const actionInput: JsonSchema = named('PlaybookActionInput', {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  description:
    'Discriminated by `type`: ENROLL_IN_SEQUENCE {sequence_template_id} enrolls the contact (as POST /v1/sequences does); ' +
    'CREATE_TASK {title, priority?, due_in_days?} creates a TODO task for the contact. A field of the other type is refused (400).',
  properties: {
    type: { type: 'string', enum: [...PLAYBOOK_ACTION_TYPES] },
    sequence_template_id: {
      ...uuid,
      description: 'ENROLL_IN_SEQUENCE: a sequence template of the organization (not archived; 422 otherwise).',
    },
    title: { type: 'string', minLength: 1, maxLength: 200, description: "CREATE_TASK: the to-do's title (not blank)." },
    priority: { type: 'string', enum: [...TASK_PRIORITIES], description: 'CREATE_TASK: default TODAY.' },
    due_in_days: {
      type: 'integer',
      minimum: 0,
      maximum: 365,
      description: 'CREATE_TASK: the due date is the resolution day plus this (default 0).',
    },
  },
  // Each type's own fields, and none of the other's (domain/playbooks/playbook-crud.ts actionOf).
  allOf: [
    {
      if: { type: 'object', required: ['type'], properties: { type: { const: 'ENROLL_IN_SEQUENCE' } } },
      then: {
        type: 'object',
        required: ['sequence_template_id'],
        properties: { sequence_template_id: {}, title: false, priority: false, due_in_days: false },
      },
    },
    {
      if: { type: 'object', required: ['type'], properties: { type: { const: 'CREATE_TASK' } } },
      then: {
        type: 'object',
        required: ['title'],
        properties: { title: { type: 'string', pattern: NOT_BLANK_PATTERN }, sequence_template_id: false },
      },
    },
  ],
});

const actionRecord: JsonSchema = named('PlaybookAction', {
  type: 'object',
  required: ['type'],
  description:
    'ENROLL_IN_SEQUENCE {type, sequence_template_id} or CREATE_TASK {type, title, priority, due_in_days} (defaults filled in).',
  properties: {
    type: { type: 'string', enum: [...PLAYBOOK_ACTION_TYPES] },
    sequence_template_id: uuid,
    title: { type: 'string' },
    priority: { type: 'string', enum: [...TASK_PRIORITIES] },
    due_in_days: { type: 'integer' },
  },
});

const fields = {
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: NOT_BLANK_PATTERN },
  event_name: {
    type: 'string',
    minLength: 1,
    maxLength: 255,
    description: 'The ingested event_name that triggers the playbook (exact, case-sensitive).',
  },
  action: actionInput,
  requires_approval: {
    type: 'boolean',
    description: 'true: each run waits for a person on a PLAYBOOK_APPROVAL task. Default false.',
  },
  status: {
    type: 'string',
    enum: [...PLAYBOOK_STATUSES],
    description: 'ACTIVE (default) runs on new resolutions; PAUSED does not (nothing is queued while paused).',
  },
} satisfies Record<string, JsonSchema>;

export const createPlaybookSchema: JsonSchema = named('PlaybookCreate', {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'event_name', 'action'],
  properties: fields,
});

export const updatePlaybookSchema: JsonSchema = named('PlaybookUpdate', {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...fields,
    action: {
      description: `Replaces the action as a whole. ${actionInput.description as string}`,
      allOf: [actionInput],
    },
  },
});

export const playbookSchema: JsonSchema = named('Playbook', {
  type: 'object',
  required: [
    'id',
    'name',
    'event_name',
    'action',
    'requires_approval',
    'status',
    'owner_user_id',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: uuid,
    name: { type: 'string' },
    event_name: { type: 'string' },
    action: actionRecord,
    requires_approval: { type: 'boolean' },
    status: { type: 'string', enum: [...PLAYBOOK_STATUSES] },
    owner_user_id: {
      ...nullableUuid,
      description: "The API key's user that created it: the assignee of the tasks its runs create.",
    },
    created_at: timestamp,
    updated_at: timestamp,
  },
});

export const playbookListFilters: Record<string, JsonSchema> = {
  event_name: { type: 'string', minLength: 1, maxLength: 255, description: 'Exact.' },
  status: { type: 'string', enum: [...PLAYBOOK_STATUSES] },
};

export const playbookRunSchema: JsonSchema = named('PlaybookRun', {
  type: 'object',
  required: [
    'id',
    'playbook_id',
    'event_id',
    'contact_id',
    'status',
    'action',
    'approval_task_id',
    'outcome',
    'sequence_id',
    'created_task_id',
    'error',
    'decided_at',
    'completed_at',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: uuid,
    playbook_id: uuid,
    event_id: { ...uuid, description: 'The ingested event that triggered the run.' },
    contact_id: { ...uuid, description: 'The contact the event resolved to: the one the action acts on.' },
    status: {
      type: 'string',
      enum: [...PLAYBOOK_RUN_STATUSES],
      description:
        'PENDING: to be carried out within seconds (an enrollment, new or approved); AWAITING_APPROVAL: its PLAYBOOK_APPROVAL task is open; ' +
        'COMPLETED: carried out (see outcome); REJECTED: declined at approval; FAILED: could not be carried out (see error).',
    },
    action: {
      description: "The playbook's action when the run was made (later edits of the playbook do not change it).",
      allOf: [actionRecord],
    },
    approval_task_id: { ...nullableUuid, description: 'The PLAYBOOK_APPROVAL task (requires_approval).' },
    outcome: nullable(named('PlaybookRunOutcome', { type: 'string', enum: [...PLAYBOOK_RUN_OUTCOMES] })),
    sequence_id: {
      ...nullableUuid,
      description: 'ENROLL_IN_SEQUENCE: the sequence written (ACTIVE, FOUND or REFUSED) or the one already running.',
    },
    created_task_id: { ...nullableUuid, description: 'CREATE_TASK: the TODO created.' },
    error: { type: ['string', 'null'], description: 'Why an enrollment was refused, or why the run FAILED.' },
    decided_at: nullableTimestamp,
    completed_at: nullableTimestamp,
    created_at: timestamp,
    updated_at: timestamp,
  },
});

export const playbookRunFilters: Record<string, JsonSchema> = {
  status: { type: 'string', enum: [...PLAYBOOK_RUN_STATUSES] },
  event_id: uuid,
  contact_id: uuid,
};
