// Shapes of the activities endpoints. An activity's payload is its event's webhook body with every
// key camelCased: one variant per event type, derived from the webhook payload schemas
// (api/schemas/event-payloads.schemas.ts) and discriminated by `type`.
import { EVENT_TYPES } from '../../domain/activity/emit.ts';
import { ACTIVITY_SORT_FIELDS } from '../../domain/activity/stream.service.ts';
import { listQuerySchema } from '../pagination.ts';
import type { JsonSchema } from '../validation.ts';
import { timestamp, uuid } from './common.schemas.ts';
import { camelCased } from './camel-cased.ts';
import { channelSchema, EVENT_PAYLOADS, resourceTypeSchema } from './event-payloads.schemas.ts';
import { named, nameOf } from './named.ts';

/** The event types of the activity stream and of webhook subscriptions (more may be added within /v1). */
export const eventTypeSchema: JsonSchema = named('EventType', { type: 'string', enum: [...EVENT_TYPES] });

const ACTIVITY_PAYLOADS = EVENT_PAYLOADS.map(({ type, schema }) => ({ type, schema: camelCased(schema) }));

/** The payload variants by event type: camelCased twins of the webhook bodies. */
export const activityPayloadSchema: JsonSchema = named('ActivityPayload', {
  description:
    'The event as its webhook delivery carries it, with every key camelCased at any depth (organizationId, sequenceTemplateId, ' +
    'contact.firstName, message.sentAt, ...); values are unchanged. Discriminated by `type`: one variant per event type, the camelCase twin of ' +
    'its webhook payload schema (`ActivityMessageSentEvent` of `MessageSentEvent`, ...). New types may be added within /v1: ignore the ones you do not know.',
  oneOf: ACTIVITY_PAYLOADS.map(({ schema }) => schema),
  discriminator: {
    propertyName: 'type',
    mapping: Object.fromEntries(
      ACTIVITY_PAYLOADS.map(({ type, schema }) => [type, `#/components/schemas/${nameOf(schema)}`]),
    ),
  },
});

export const activitySchema: JsonSchema = named('Activity', {
  type: 'object',
  required: ['id', 'created_at', 'payload'],
  properties: {
    id: uuid,
    created_at: timestamp,
    payload: activityPayloadSchema,
  },
});

const baseQuery = listQuerySchema(ACTIVITY_SORT_FIELDS, {
  contact_id: { ...uuid, description: 'Activities of this contact.' },
  sequence_id: { ...uuid, description: 'Activities of this sequence.' },
  sequence_template_id: { ...uuid, description: 'Activities of sequences of this template.' },
  resource_type: resourceTypeSchema,
  channel: channelSchema,
  types: {
    type: 'array',
    items: eventTypeSchema,
    minItems: 1,
    maxItems: EVENT_TYPES.length,
    description:
      'Event types to include (repeat the parameter: `types=message.sent&types=message.replied`); omitted, all types.',
  },
  created_after: { type: 'string', format: 'date-time', description: 'Strictly after.' },
  created_before: { type: 'string', format: 'date-time', description: 'Strictly before.' },
});

/** The stream reads newest first unless asked otherwise, unlike the other lists. */
export const activityListQuery: JsonSchema = {
  ...baseQuery,
  properties: {
    ...(baseQuery.properties as Record<string, JsonSchema>),
    sort_order: {
      type: 'string',
      enum: ['asc', 'desc'],
      default: 'desc',
      description: 'Default `desc` (newest first) for the activity stream.',
    },
  },
};
