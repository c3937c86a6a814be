// Shapes of the activities endpoints. The payload is described loosely on purpose: its variants
// are the documented event types (docs/api/activity.md), new ones may appear within /v1, and
// clients must ignore unknown fields.
import { CHANNELS, EVENT_TYPES, RESOURCE_TYPES } from '../../domain/activity/emit.ts';
import { ACTIVITY_SORT_FIELDS } from '../../domain/activity/stream.service.ts';
import { listQuerySchema } from '../pagination.ts';
import type { JsonSchema } from '../validation.ts';
import { timestamp, uuid } from './common.schemas.ts';
import { named } from './named.ts';

/** The event types of the activity stream and of webhook subscriptions (more may be added within /v1). */
export const eventTypeSchema: JsonSchema = named('EventType', { type: 'string', enum: [...EVENT_TYPES] });

export const activitySchema: JsonSchema = named('Activity', {
  type: 'object',
  required: ['id', 'created_at', 'payload'],
  properties: {
    id: uuid,
    created_at: timestamp,
    payload: named('ActivityPayload', {
      type: 'object',
      required: ['type', 'organizationId'],
      description: 'The event as its webhook delivery carries it, with every key camelCased (organizationId, contactId, sequenceId, sequenceTemplateId, '
        + 'resourceType, channel, messageId, hotLeadId, calendarEventId, taskId, contact, sequenceTemplate, message: {sentAt, stepNumber, ...}); values are unchanged. '
        + 'Discriminated by `type`; unknown types may be added within /v1.',
      properties: { type: { type: 'string', description: `One of ${EVENT_TYPES.join(', ')} (more may be added).` }, organizationId: uuid },
    }),
  },
});

const baseQuery = listQuerySchema(ACTIVITY_SORT_FIELDS, {
  contact_id: { ...uuid, description: 'Activities of this contact.' },
  sequence_id: { ...uuid, description: 'Activities of this sequence.' },
  sequence_template_id: { ...uuid, description: 'Activities of sequences of this template.' },
  resource_type: { type: 'string', enum: [...RESOURCE_TYPES] },
  channel: { type: 'string', enum: [...CHANNELS] },
  types: {
    type: 'array', items: eventTypeSchema, minItems: 1, maxItems: EVENT_TYPES.length,
    description: 'Event types to include (repeat the parameter: `types=message.sent&types=message.replied`); omitted, all types.',
  },
  created_after: { type: 'string', format: 'date-time', description: 'Strictly after.' },
  created_before: { type: 'string', format: 'date-time', description: 'Strictly before.' },
});

/** The stream reads newest first unless asked otherwise, unlike the other lists. */
export const activityListQuery: JsonSchema = {
  ...baseQuery,
  properties: {
    ...(baseQuery.properties as Record<string, JsonSchema>),
    sort_order: { type: 'string', enum: ['asc', 'desc'], default: 'desc', description: 'Default `desc` (newest first) for the activity stream.' },
  },
};
