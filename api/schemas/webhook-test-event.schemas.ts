// The body of a subscription's connectivity test (POST /v1/webhooks/{webhook_id}/test): not an event
// of the stream (api/schemas/event-payloads.schemas.ts holds those).
import type { JsonSchema } from '../validation.ts';
import { timestamp, uuid } from './common.schemas.ts';
import { named } from './named.ts';

/** What `POST /v1/webhooks/{webhook_id}/test` sends: not an event of the stream, never stored nor retried. */
export const webhookTestEventSchema: JsonSchema = named('WebhookTestEvent', {
  type: 'object',
  description:
    "The connectivity check `POST /v1/webhooks/{webhook_id}/test` sends, whatever the subscription's event types and status.",
  required: ['type', 'organization_id', 'webhook_id', 'created_at'],
  properties: {
    type: { type: 'string', const: 'webhook.test' },
    organization_id: uuid,
    webhook_id: uuid,
    created_at: timestamp,
  },
});
