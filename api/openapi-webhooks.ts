// The OpenAPI 3.1 `webhooks` of the document: what the service POSTs to a subscription's URL, one
// entry per event type (and the connectivity test), with the body's named schema, the Standard
// Webhooks signature headers (domain/webhooks/send.ts) and what the receiver's answer means to the
// retry schedule (domain/webhooks/schedule.ts). Receivers generate their types from it.
import { RETRY_DELAYS_MS, MAX_ATTEMPTS, JITTER } from '../domain/webhooks/schedule.ts';
import { MAX_RESPONSE_BYTES, MAX_RETRY_AFTER_MS } from '../domain/webhooks/send.ts';
import type { SchemaComponents } from './openapi-components.ts';
import { EVENT_PAYLOADS } from './schemas/event-payloads.schemas.ts';
import { webhookTestEventSchema } from './schemas/webhook-test-event.schemas.ts';
import type { JsonSchema } from './validation.ts';

export const WEBHOOK_TAG = 'Webhook events';

const SECOND = 1000;

/** `5 s`, `5 min`, `2 h`: a delay as the schedule states it. */
function spoken(ms: number): string {
  if (ms % (3600 * SECOND) === 0) return `${ms / (3600 * SECOND)} h`;
  if (ms % (60 * SECOND) === 0) return `${ms / (60 * SECOND)} min`;
  return `${ms / SECOND} s`;
}

const RETRIES =
  `${MAX_ATTEMPTS} attempts in all, each after the previous by ${RETRY_DELAYS_MS.map(spoken).join(', ')} ` +
  `(±${JITTER * 100}%); then the delivery is FAILED (\`GET /v1/webhooks/{webhook_id}/deliveries\`, replayable).`;

export const WEBHOOK_HEADERS = {
  WebhookId: {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The delivery id (`msg_...`), the same on every attempt and on a replay: deduplicate on it.',
    schema: { type: 'string' },
  },
  WebhookTimestamp: {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'Unix time in seconds of this attempt, signed with the body: refuse one too far from your clock (the standardwebhooks libraries allow 5 minutes).',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  WebhookSignature: {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      "Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<raw body>` under the subscription's secret " +
      '(`whsec_<base64 key>`): one, or two for 24 h after a secret rotation (the new and the old secret). Accept the delivery when one matches; ' +
      'verify on the raw body, before parsing.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
};

const headerRefs = Object.keys(WEBHOOK_HEADERS).map((name) => ({ $ref: `#/components/parameters/${name}` }));

const RETRIED = { description: `Not acknowledged: retried (also after a timeout or a connection failure). ${RETRIES}` };

const RESPONSES = {
  '2XX': {
    description: `Acknowledged: the delivery is DELIVERED. The answer's body is not used (at most ${MAX_RESPONSE_BYTES / 1024} KB of it is read).`,
  },
  410: {
    description:
      'Gone: the delivery fails at once and the subscription is PAUSED (`status_reason` `receiver answered 410 Gone`); set it ACTIVE again to resume.',
  },
  429: {
    description:
      `Retried after the \`Retry-After\` the answer carries (seconds or an HTTP date, at most ${spoken(MAX_RETRY_AFTER_MS)}) instead of the schedule's step; ` +
      `without one, as any other failure. ${RETRIES}`,
  },
  503: { description: 'As 429: `Retry-After`, when present, sets the wait before the next attempt.' },
  default: RETRIED,
};

/** `message.link_clicked` → `MessageLinkClicked`. */
const pascal = (type: string) =>
  type
    .split(/[._]/)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');

function delivery(type: string, schema: JsonSchema, components: SchemaComponents, summary: string) {
  return {
    post: {
      operationId: `webhook${pascal(type)}`,
      summary,
      description: `${String(schema.description)} Sent to every ACTIVE subscription that lists \`${type}\` in \`event_types\`.`,
      tags: [WEBHOOK_TAG],
      security: [],
      parameters: headerRefs,
      requestBody: { required: true, content: { 'application/json': { schema: components.use(schema) } } },
      responses: RESPONSES,
    },
  };
}

/** The `webhooks` map: every event type, then `webhook.test`. */
export function buildWebhooks(components: SchemaComponents): Record<string, unknown> {
  const events = EVENT_PAYLOADS.map(({ type, schema }) => [
    type,
    delivery(type, schema, components, `The ${type} event`),
  ]);
  const test = {
    post: {
      ...delivery('webhook.test', webhookTestEventSchema, components, 'The connectivity test').post,
      description:
        `${String(webhookTestEventSchema.description)} Signed like any delivery with a fresh \`webhook-id\`; sent once, neither stored nor retried: ` +
        "the test's answer reports what the receiver answered.",
      responses: {
        '2XX': { description: "Reported in the test's answer as `delivered: true`." },
        '4XX': {
          description:
            "Reported in the test's answer (`delivered: false`, `status_code`, `error`); not retried, and a 410 does not pause the subscription.",
        },
        default: {
          description:
            'Any other answer, a timeout or a connection failure: reported the same way (`status_code` null when nothing answered); not retried.',
        },
      },
    },
  };
  return Object.fromEntries([...events, ['webhook.test', test]]);
}
