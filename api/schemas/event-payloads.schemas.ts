// The bodies of webhook deliveries: one named schema per event type (`MessageSentEvent`, ...), each
// a shared base (`SequenceEventBase` for sequence-tied events, `ResourceEventBase` for resource
// events) plus its own part: `type` fixed, its fields and embeds (`MessageSummary`, ...). The same
// schemas, camelCased, describe the activity stream's payloads (api/schemas/activities.schemas.ts).
// Response shapes, so open: a receiver ignores fields it does not know, and new fields and types
// may come within /v1.
import { RESOLUTION_STATUSES } from '../../db/entities/ingested-event.entity.ts';
import { MESSAGE_CHANNELS, MESSAGE_DIRECTIONS } from '../../db/entities/message.entity.ts';
import { CHANNELS, RESOURCE_TYPES, type EventType } from '../../domain/activity/emit.ts';
import { replyCategorySchema } from '../routes/messages.routes.ts';
import type { JsonSchema } from '../validation.ts';
import { nullable, nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { exclusionReasonSchema } from './exclusions.schemas.ts';
import { named } from './named.ts';
import { variantWonEvent } from './ab-test.schemas.ts';
import { messageVariantSchema } from './message-variant.schemas.ts';
import { contactSummarySchema } from './people.schemas.ts';
import { sequenceStatusSchema } from './sequences.schemas.ts';
import { sequenceTemplateSummarySchema, taskSchema } from './tasks.schemas.ts';

const nullableUuid: JsonSchema = { type: ['string', 'null'], format: 'uuid' };
const stepNumber: JsonSchema = { type: 'integer', minimum: 1, description: 'The sequence step (from 1).' };
const eventTime: JsonSchema = { ...timestamp, description: "When the event was recorded (the activity's created_at)." };

export const resourceTypeSchema: JsonSchema = named('ActivityResourceType', {
  type: 'string',
  enum: [...RESOURCE_TYPES],
  description: 'What the event is about.',
});
export const channelSchema: JsonSchema = named('ActivityChannel', {
  type: 'string',
  enum: [...CHANNELS],
  description: 'The channel of the event: EMAIL, LINKEDIN or MANUAL (tasks, meetings).',
});

export const sequenceEventBase: JsonSchema = named('SequenceEventBase', {
  type: 'object',
  description:
    "The fields every sequence-tied event has besides `type`, which each event's schema fixes. The id fields are null when they " +
    'do not apply; `contact.id` equals `contact_id`, `sequence_template.id` equals `sequence_template_id`. The task.* events of a standalone ' +
    'to-do have the sequence fields null.',
  required: [
    'organization_id',
    'contact_id',
    'sequence_id',
    'sequence_template_id',
    'resource_type',
    'channel',
    'message_id',
    'hot_lead_id',
    'calendar_event_id',
    'task_id',
    'contact',
    'sequence_template',
    'activity_id',
    'created_at',
  ],
  properties: {
    organization_id: uuid,
    contact_id: { ...nullableUuid, description: 'Null only for a to-do without a contact.' },
    sequence_id: nullableUuid,
    sequence_template_id: nullableUuid,
    resource_type: resourceTypeSchema,
    channel: nullable(channelSchema),
    message_id: nullableUuid,
    hot_lead_id: nullableUuid,
    calendar_event_id: nullableUuid,
    task_id: nullableUuid,
    contact: nullable(contactSummarySchema),
    sequence_template: nullable(sequenceTemplateSummarySchema),
    activity_id: {
      ...uuid,
      description: 'The activity of the stream that records this event (GET /v1/activities/{activity_id}).',
    },
    created_at: eventTime,
  },
});

export const resourceEventBase: JsonSchema = named('ResourceEventBase', {
  type: 'object',
  description:
    "The fields every resource event has besides `type`, which each event's schema fixes: no sequence fields; `contact` only when a contact is known.",
  required: ['organization_id', 'contact_id', 'activity_id', 'created_at'],
  properties: {
    organization_id: uuid,
    contact_id: nullableUuid,
    contact: contactSummarySchema,
    activity_id: {
      ...uuid,
      description: 'The activity of the stream that records this event (GET /v1/activities/{activity_id}).',
    },
    created_at: eventTime,
  },
});

const messageSummary: JsonSchema = named('MessageSummary', {
  type: 'object',
  description: 'The message the event is about; `id` equals `message_id`.',
  required: ['id', 'subject', 'body', 'channel', 'direction', 'sent_at', 'step_number'],
  properties: {
    id: uuid,
    subject: { type: ['string', 'null'], description: 'Emails only.' },
    body: { type: 'string', description: 'As rendered, variables substituted.' },
    channel: { type: 'string', enum: [...MESSAGE_CHANNELS] },
    direction: {
      type: 'string',
      enum: [...MESSAGE_DIRECTIONS],
      description: '`OUTBOUND` for team messages, `INBOUND` for replies.',
    },
    sent_at: timestamp,
    step_number: { type: ['integer', 'null'], minimum: 1 },
    variant: messageVariantSchema,
  },
});

const meetingSummary: JsonSchema = named('MeetingSummary', {
  type: 'object',
  description: 'The meeting booked; `id` equals `calendar_event_id`.',
  required: ['id', 'title', 'start_time', 'end_time', 'timezone'],
  properties: {
    id: uuid,
    title: { type: 'string' },
    start_time: timestamp,
    end_time: timestamp,
    timezone: { type: 'string', description: 'IANA time zone name.' },
  },
});

const hotLeadSummary: JsonSchema = named('HotLeadSummary', {
  type: 'object',
  description: 'The hot lead; `id` equals `hot_lead_id`.',
  required: ['id', 'engagement_score'],
  properties: {
    id: uuid,
    engagement_score: {
      type: 'integer',
      minimum: 0,
      description: "The run's engagement score when it became a hot lead.",
    },
  },
});

/** task.created's embed: a to-do's whole Task; a task a sequence made, its main fields. */
const taskSummary: JsonSchema = named('TaskSummary', {
  type: 'object',
  description:
    "The task created: a standalone to-do's is the whole `Task`; a task a sequence creates (a CALL step, a reply to answer, a lead to review) " +
    'has `id`, `type`, `status` and `title`, with `priority` and `step_number` when the step gives them.',
  required: ['id', 'type', 'status', 'title'],
  properties: taskSchema.properties,
});

interface EventSpec {
  name: string;
  base: JsonSchema;
  description: string;
  required?: string[];
  /** The type's own fields: never one of the base's, so every generator can merge the two (allOf). */
  properties?: Record<string, JsonSchema>;
}

/** `spec.base` and the type's own part: `type` fixed, its fields. */
function eventSchema(type: string, spec: EventSpec): JsonSchema {
  return named(spec.name, {
    type: 'object',
    description: spec.description,
    allOf: [
      spec.base,
      {
        type: 'object',
        required: ['type', ...(spec.required ?? [])],
        properties: { type: fixed(type), ...spec.properties },
      },
    ],
  });
}

const fixed = (value: string): JsonSchema => ({ type: 'string', const: value });
const sequenceEvent = (
  name: string,
  description: string,
  required: string[] = [],
  properties: Record<string, JsonSchema> = {},
): EventSpec => ({
  name,
  base: sequenceEventBase,
  description,
  required,
  properties,
});
const messageEvent = (
  name: string,
  description: string,
  required: string[] = [],
  properties: Record<string, JsonSchema> = {},
): EventSpec =>
  sequenceEvent(
    name,
    `${description} \`resource_type\` MESSAGE; \`message_id\` is \`message.id\`.`,
    ['message', ...required],
    { message: messageSummary, ...properties },
  );
const sequenceChange = (
  name: string,
  description: string,
  required: string[] = [],
  properties: Record<string, JsonSchema> = {},
): EventSpec =>
  sequenceEvent(name, `${description} \`resource_type\` SEQUENCE, \`channel\` null.`, required, properties);
const taskChange = (
  name: string,
  description: string,
  required: string[] = [],
  properties: Record<string, JsonSchema> = {},
): EventSpec =>
  sequenceEvent(
    name,
    `${description} \`resource_type\` TASK, \`channel\` MANUAL; \`status\` is the task's status after the change.`,
    ['task', 'status', ...required],
    { task: taskSchema, status: taskField('status'), ...properties },
  );

/** A field of Task as the task.* events repeat it beside the embed (the same named enumerations). */
const taskField = (name: string): JsonSchema => (taskSchema.properties as Record<string, JsonSchema>)[name];

const SPECS: Record<EventType, EventSpec> = {
  'message.sent': messageEvent(
    'MessageSentEvent',
    "An email or LinkedIn message went out: a sequence step's (with `step_number`) or the team's answer to a reply " +
      '(with `in_reply_to_message_id`, and `task_id` the reply task it completes).',
    [],
    {
      step_number: stepNumber,
      in_reply_to_message_id: { ...uuid, description: 'An answer to a reply: the INBOUND message answered.' },
    },
  ),
  'message.opened': messageEvent(
    'MessageOpenedEvent',
    'An email was opened for the first time (its tracking pixel loaded); `channel` EMAIL.',
  ),
  'message.link_clicked': messageEvent(
    'MessageLinkClickedEvent',
    'A tracked link of an email was followed (every click); `channel` EMAIL.',
    ['url'],
    {
      url: { type: ['string', 'null'], description: 'The link followed.' },
    },
  ),
  'message.replied': messageEvent(
    'MessageRepliedEvent',
    'The contact replied; `message` is the INBOUND reply.',
    ['reply_category', 'in_reply_to_message_id'],
    {
      reply_category: replyCategorySchema,
      in_reply_to_message_id: { ...uuid, description: 'The message replied to.' },
    },
  ),
  'invitation.sent': sequenceEvent(
    'InvitationSentEvent',
    'A LinkedIn connection request went out: `resource_type` INVITATION, `channel` LINKEDIN, ' +
      '`message_id` the invitation.',
    ['step_number'],
    { step_number: stepNumber },
  ),
  'invitation.accepted': sequenceEvent(
    'InvitationAcceptedEvent',
    'The contact accepted the LinkedIn connection request `message_id`: `resource_type` INVITATION, ' +
      '`channel` LINKEDIN.',
    ['step_number'],
    { step_number: { ...stepNumber, type: ['integer', 'null'] } },
  ),
  'hot_lead.created': sequenceEvent(
    'HotLeadCreatedEvent',
    "The run's engagement score reached the hot-lead threshold (once per run): `resource_type` HOT_LEAD, " +
      "`hot_lead_id` is `hot_lead.id`, `channel` the engagement's.",
    ['hot_lead'],
    { hot_lead: hotLeadSummary },
  ),
  'meeting.created': sequenceEvent(
    'MeetingCreatedEvent',
    "A meeting was booked with the contact (on the contact's latest sequence): `resource_type` MEETING, " +
      '`channel` MANUAL, `calendar_event_id` is `meeting.id`.',
    ['meeting'],
    { meeting: meetingSummary },
  ),
  'sequence.created': sequenceChange('SequenceCreatedEvent', 'The contact was enrolled: a new sequence.'),
  'sequence.paused': sequenceChange(
    'SequencePausedEvent',
    'A running sequence was paused (by the API, or by an out-of-office reply until its return date); ' +
      '`status` is its status while paused.',
    ['status', 'paused_until'],
    {
      status: sequenceStatusSchema,
      paused_until: { ...nullableTimestamp, description: 'When it resumes by itself; null: until resumed.' },
      reason: { type: 'string', const: 'OUT_OF_OFFICE', description: 'Present when an out-of-office reply paused it.' },
    },
  ),
  'sequence.resumed': sequenceChange(
    'SequenceResumedEvent',
    'A paused sequence runs again; `status` is the status it resumed to.',
    ['status', 'automatic'],
    {
      status: sequenceStatusSchema,
      automatic: { type: 'boolean', description: 'true when `paused_until` came; false when resumed through the API.' },
    },
  ),
  'sequence.stopped': sequenceChange(
    'SequenceStoppedEvent',
    'The sequence ended before its last step (won, lost, a meeting booked, bounced, unsubscribed, ' +
      'excluded, ...); `status` is its final status.',
    ['status', 'stopped_reason'],
    {
      status: sequenceStatusSchema,
      stopped_reason: { type: ['string', 'null'], description: 'Why it ended.' },
    },
  ),
  'sequence.completed': sequenceChange('SequenceCompletedEvent', 'The sequence ran all its steps.', ['status'], {
    status: fixed('COMPLETED'),
  }),
  'task.created': sequenceEvent(
    'TaskCreatedEvent',
    'A task was created: a CALL step (with `step_number`), a reply to answer (`message_id`: the reply), ' +
      'a lead to review, or a standalone to-do (sequence fields null). `resource_type` TASK, `channel` MANUAL, `task_id` is `task.id`.',
    ['task'],
    {
      task: taskSummary,
      step_number: stepNumber,
    },
  ),
  'task.completed': taskChange(
    'TaskCompletedEvent',
    'A task was completed: `completion_source` says how, `disposition` is the call outcome when one was logged.',
    ['completion_source', 'disposition'],
    {
      completion_source: taskField('completion_source'),
      disposition: taskField('disposition'),
    },
  ),
  'task.skipped': taskChange('TaskSkippedEvent', 'A task was skipped.'),
  'task.reopened': taskChange(
    'TaskReopenedEvent',
    'A completed or skipped task was reopened (`reopen_reason` null), or a snoozed task came back (REMINDER_RULE).',
    ['reopen_reason'],
    {
      reopen_reason: taskField('reopen_reason'),
    },
  ),
  'contact_entry.resolved': {
    name: 'ContactEntryResolvedEvent',
    base: resourceEventBase,
    description:
      'A contact-list entry was linked to a workspace contact (at once for a known contact, after the lead import for a new one).',
    required: ['contact_entry_id', 'contact_list_id', 'external_contact_id'],
    properties: { contact_entry_id: uuid, contact_list_id: uuid, external_contact_id: { type: ['string', 'null'] } },
  },
  'event.resolved': {
    name: 'EventResolvedEvent',
    base: resourceEventBase,
    description: 'An ingested first-party event finished subject resolution.',
    required: ['event_id', 'event_name', 'resolution_status', 'account_id', 'external_event_id'],
    properties: {
      event_id: uuid,
      event_name: { type: 'string' },
      resolution_status: { type: 'string', enum: RESOLUTION_STATUSES.filter((s) => s !== 'PENDING') },
      account_id: nullableUuid,
      external_event_id: { type: ['string', 'null'] },
    },
  },
  'contact_exclusion.created': {
    name: 'ContactExclusionCreatedEvent',
    base: resourceEventBase,
    description:
      'A contact exclusion was created (through the API, an unenroll or an unsubscribe); `contact` when a workspace contact has its email or LinkedIn URL.',
    required: ['exclusion_id', 'email', 'linkedin_url', 'reason'],
    properties: {
      exclusion_id: uuid,
      email: { type: ['string', 'null'] },
      linkedin_url: { type: ['string', 'null'] },
      reason: exclusionReasonSchema,
    },
  },
  'contact.erased': {
    name: 'ContactErasedEvent',
    base: resourceEventBase,
    description:
      "A person was erased at a privacy request (`POST /v1/contacts/{contact_id}/erase`, or an operator's `admin erase`): every copy of them is gone. " +
      '`contact_id` names the erased contact (null when the person was not one) and `contact` carries only that id; nothing else of the person is sent.',
    required: ['erasure_job_id'],
    properties: { erasure_job_id: uuid },
  },
  'sequence_template.variant_won': { ...variantWonEvent, base: resourceEventBase },
};

/** Every event type's payload schema, in the order of EVENT_TYPES. */
export const EVENT_PAYLOADS: readonly { type: EventType; schema: JsonSchema }[] = Object.entries(SPECS).map(
  ([type, spec]) => ({ type: type as EventType, schema: eventSchema(type, spec) }),
);
