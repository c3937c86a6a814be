// Shapes of the webhook subscription endpoints (docs/api/webhooks.md); they follow the API's
// conventions: snake_case, the envelope, webhooks:read / webhooks:write.
import { DELIVERY_STATUSES } from '../../db/entities/webhook-delivery.entity.ts';
import { SUBSCRIPTION_STATUSES } from '../../db/entities/webhook-subscription.entity.ts';
import { listQuerySchema } from '../pagination.ts';
import { eventTypeSchema } from './activities.schemas.ts';
import type { JsonSchema } from '../validation.ts';
import { nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { ci, LABEL, NUL_FREE_PATTERNS, PATTERN_MESSAGES, TLD } from './identifiers.schemas.ts';
import { named, sameName } from './named.ts';

const webhookStatus: JsonSchema = named('WebhookStatus', { type: 'string', enum: [...SUBSCRIPTION_STATUSES] });
const deliveryStatus: JsonSchema = named('WebhookDeliveryStatus', { type: 'string', enum: [...DELIVERY_STATUSES] });

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const URL_MAX = 2048;
export const EVENT_TYPES_MAX = 50;
export const TEMPLATE_IDS_MAX = 100;

const fields: Record<string, JsonSchema> = {
  name: { type: 'string', minLength: 1, maxLength: NAME_MAX, pattern: '\\S', description: 'Shown in lists; trimmed.' },
  description: { type: ['string', 'null'], maxLength: DESCRIPTION_MAX },
  url: {
    type: 'string',
    minLength: 1,
    maxLength: URL_MAX,
    description:
      'Where deliveries are POSTed. https only, without credentials, not a private, link-local or loopback address ' +
      '(http to a loopback host only when the service runs with WEBHOOK_ALLOW_HTTP_LOOPBACK). Every address a host name resolves to is checked again at each delivery.',
  },
  event_types: {
    type: 'array',
    minItems: 1,
    maxItems: EVENT_TYPES_MAX,
    uniqueItems: true,
    items: eventTypeSchema,
    description:
      'Event types delivered to this subscription. Resource events: `contact_entry.resolved`, `event.resolved`, and `contact_exclusion.created` ' +
      '(a contact exclusion created by the API, an unenroll or an unsubscribe; changes to an exclusion, a PATCH or an unenroll extending its `until`, ' +
      'are not events), and `contact.erased` (a person erased at a privacy request).',
  },
  sequence_template_ids: {
    type: ['array', 'null'],
    minItems: 1,
    maxItems: TEMPLATE_IDS_MAX,
    items: uuid,
    description:
      'null (default): events of every sequence template, and resource events. A list: sequence-tied events of these templates only, and no resource events ' +
      'nor the task.* events of a standalone to-do (they have no template). ' +
      'Every id must be a sequence template of the organization (422 ValidationIssue naming sequence_template_ids otherwise).',
  },
  status: {
    type: 'string',
    enum: [...SUBSCRIPTION_STATUSES],
    description:
      'ACTIVE: delivered. PAUSED: suspended, events meanwhile are not queued. DISABLED: administratively off.',
  },
};

export const subscriptionSchema: JsonSchema = named('Webhook', {
  type: 'object',
  required: [
    'id',
    'name',
    'description',
    'url',
    'event_types',
    'sequence_template_ids',
    'status',
    'status_reason',
    'secret_prefix',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: uuid,
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    url: { type: 'string' },
    event_types: { type: 'array', items: { type: 'string' } },
    sequence_template_ids: { type: ['array', 'null'], items: uuid },
    status: webhookStatus,
    status_reason: {
      type: ['string', 'null'],
      description:
        'Why the service paused the subscription (e.g. the receiver answered 410, or failed for days); null when a client set the status.',
    },
    secret_prefix: {
      type: 'string',
      description: 'The first characters of the current secret, to tell secrets apart; never enough to sign.',
    },
    created_at: timestamp,
    updated_at: timestamp,
  },
});

export const subscriptionWithSecretSchema: JsonSchema = named('WebhookWithSecret', {
  ...subscriptionSchema,
  required: [...(subscriptionSchema.required as string[]), 'secret'],
  properties: {
    ...(subscriptionSchema.properties as Record<string, JsonSchema>),
    secret: {
      type: 'string',
      description:
        'The signing secret (`whsec_...`), shown only in this answer; the service keeps it encrypted and never returns it again.',
    },
  },
});

export const subscriptionCreateSchema: JsonSchema = named('WebhookCreate', {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'url', 'event_types'],
  properties: fields,
});

export const subscriptionPatchSchema: JsonSchema = named('WebhookUpdate', {
  type: 'object',
  additionalProperties: false,
  description:
    'Only fields sent change. A status change clears status_reason; status ACTIVE re-enables a PAUSED or DISABLED subscription.',
  properties: fields,
});

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const PORT = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?';

/**
 * The subscription URLs the service calls under its policy (domain/webhooks/url-policy.ts), as a
 * pattern: https to a DNS name (the last label starts with a letter, so it is no IP address), no
 * user info; with WEBHOOK_ALLOW_HTTP_LOOPBACK also http(s) to localhost, 127.x.x.x or [::1]; with
 * WEBHOOK_ALLOW_PRIVATE also https to an IPv4 address. What a name resolves to is checked at each delivery.
 */
export function webhookUrlPattern(policy: { allowHttpLoopback: boolean; allowPrivate: boolean }): string {
  const hosts = [`${ci('https')}://(?:${LABEL}\\.)+${TLD}\\.?`];
  if (policy.allowHttpLoopback)
    hosts.push(`${ci('http')}[Ss]?://(?:${ci('localhost')}|127\\.${OCTET}\\.${OCTET}\\.${OCTET}|\\[::1\\])`);
  if (policy.allowPrivate) hosts.push(`${ci('https')}://${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}`);
  const pattern = `^(?:${hosts.join('|')})${PORT}(?:[/?#][!-~]*)?$`;
  NUL_FREE_PATTERNS.add(pattern);
  PATTERN_MESSAGES[pattern] =
    'is not a URL the service may call: https to a public host name, no credentials' +
    (policy.allowHttpLoopback ? ' (or http to a loopback host)' : '');
  return pattern;
}

/** A create or patch body with the url rule of this deployment (under the body's name). */
export function withUrlPolicy(
  body: JsonSchema,
  policy: { allowHttpLoopback: boolean; allowPrivate: boolean },
): JsonSchema {
  const properties = body.properties as Record<string, JsonSchema>;
  return sameName(body, {
    ...body,
    properties: { ...properties, url: { ...properties.url, pattern: webhookUrlPattern(policy) } },
  });
}

export const subscriptionListQuery: JsonSchema = listQuerySchema(['created_at', 'updated_at', 'name'], {
  status: webhookStatus,
});

export const testResultSchema: JsonSchema = named('WebhookTestResult', {
  type: 'object',
  required: ['delivered', 'error', 'status_code'],
  properties: {
    delivered: { type: 'boolean', description: 'The receiver answered 2xx.' },
    error: {
      type: ['string', 'null'],
      description: 'Why not (receiver status, connection error, timeout, refused address).',
    },
    status_code: { type: ['integer', 'null'], description: "The receiver's HTTP status; null when no answer came." },
  },
});

export const deliverySchema: JsonSchema = named('WebhookDelivery', {
  type: 'object',
  required: [
    'id',
    'activity_id',
    'event_type',
    'status',
    'attempts',
    'last_response_code',
    'last_error',
    'next_attempt_at',
    'delivered_at',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: {
      type: 'string',
      description: 'The `webhook-id` header of every attempt (`msg_...`); receivers deduplicate on it.',
    },
    activity_id: uuid,
    event_type: { type: 'string' },
    status: deliveryStatus,
    attempts: { type: 'integer', minimum: 0 },
    last_response_code: { type: ['integer', 'null'] },
    last_error: { type: ['string', 'null'] },
    next_attempt_at: nullableTimestamp,
    delivered_at: nullableTimestamp,
    created_at: timestamp,
    updated_at: timestamp,
  },
});

const deliveryBase = listQuerySchema(['created_at'], { status: deliveryStatus });

/** Deliveries read newest first unless asked otherwise. */
export const deliveryListQuery: JsonSchema = {
  ...deliveryBase,
  properties: {
    ...(deliveryBase.properties as Record<string, JsonSchema>),
    sort_order: {
      type: 'string',
      enum: ['asc', 'desc'],
      default: 'desc',
      description: 'Default `desc` (newest first).',
    },
  },
};

export const webhookParams: JsonSchema = { type: 'object', required: ['webhook_id'], properties: { webhook_id: uuid } };

export const deliveryParams: JsonSchema = {
  type: 'object',
  required: ['webhook_id', 'delivery_id'],
  properties: {
    webhook_id: uuid,
    delivery_id: { type: 'string', minLength: 1, maxLength: 100, description: 'The delivery id (`msg_...`).' },
  },
};
