// Webhook subscriptions (docs/api/webhooks.md): CRUD, secret rotation, the
// connectivity test, the deliveries of a subscription and their replay.
import type { Config } from '../../config.ts';
import type { DeliveryStatus } from '../../db/entities/webhook-delivery.entity.ts';
import type { SubscriptionStatus } from '../../db/entities/webhook-subscription.entity.ts';
import * as webhooks from '../../domain/webhooks/subscriptions.service.ts';
import { envelope, envelopeSchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import {
  deliveryListQuery,
  deliveryParams,
  deliverySchema,
  subscriptionCreateSchema,
  subscriptionListQuery,
  subscriptionPatchSchema,
  subscriptionSchema,
  subscriptionWithSecretSchema,
  testResultSchema,
  webhookParams,
  withUrlPolicy,
} from '../schemas/webhooks.schemas.ts';
import { DELIVERY_REPLAYED, WEBHOOK_ROTATED, WEBHOOK_UPDATED } from '../examples/outbound.examples.ts';

export type WebhooksConfig = Pick<
  Config,
  'webhookSecretKey' | 'webhookAllowHttpLoopback' | 'webhookAllowPrivate' | 'webhookTimeoutMs'
>;

type WebhookParams = { webhook_id: string };
const tags = ['Webhooks'];

export function webhooksRoutes(config: WebhooksConfig): RouteDef[] {
  const settings: webhooks.WebhookSettings = {
    secretKey: config.webhookSecretKey,
    policy: { allowHttpLoopback: config.webhookAllowHttpLoopback, allowPrivate: config.webhookAllowPrivate },
    timeoutMs: config.webhookTimeoutMs,
  };
  return [
    defineRoute<Record<string, string>, Record<string, never>, webhooks.SubscriptionInput>({
      method: 'POST',
      path: '/v1/webhooks',
      auth: 'key',
      scope: 'webhooks:write',
      tags,
      operationId: 'createWebhook',
      location: '/v1/webhooks/{id}',
      summary: 'Create a webhook subscription',
      description:
        'Answers the subscription with its signing `secret`, shown this once (stored encrypted, never returned again). ' +
        'It receives only events emitted after its creation, only while ACTIVE. A refused url is 400 naming `url`.',
      body: withUrlPolicy(subscriptionCreateSchema, settings.policy),
      responses: {
        201: { description: 'The subscription and its secret.', schema: subscriptionWithSecretSchema },
        422: {
          description: "sequence_template_ids names templates that are not this organization's (ValidationIssue).",
        },
      },
      handler: async (ctx, { body }) => ({
        status: 201,
        body: await webhooks.createSubscription(ctx.state.em, settings, ctx.state.principal.organizationId, body),
      }),
    }),
    defineRoute<Record<string, string>, PageQuery<webhooks.SubscriptionSort> & { status?: SubscriptionStatus }>({
      method: 'GET',
      path: '/v1/webhooks',
      auth: 'key',
      scope: 'webhooks:read',
      tags,
      operationId: 'listWebhooks',
      summary: 'List webhook subscriptions',
      description: 'Default order: created_at ascending. Never shows secrets.',
      query: subscriptionListQuery,
      responses: { 200: { description: 'Envelope of subscriptions.', schema: envelopeSchema(subscriptionSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, status } = query;
        const { items, total } = await webhooks.listSubscriptions(
          ctx.state.em,
          ctx.state.principal.organizationId,
          { status },
          {
            ...pageWindow(query),
            sortBy: sort_by,
            sortOrder: sort_order,
          },
        );
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<WebhookParams>({
      method: 'GET',
      path: '/v1/webhooks/{webhook_id}',
      auth: 'key',
      scope: 'webhooks:read',
      tags,
      operationId: 'getWebhook',
      summary: 'A webhook subscription',
      description:
        'The subscription as stored: URL, event types, template filter, status (with `status_reason` when the service paused it) and ' +
        '`secret_prefix`; the secret itself is never returned after creation.',
      params: webhookParams,
      responses: { 200: { description: 'The subscription (without its secret).', schema: subscriptionSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await webhooks.getSubscription(ctx.state.em, ctx.state.principal.organizationId, params.webhook_id),
      }),
    }),
    defineRoute<WebhookParams, Record<string, never>, webhooks.SubscriptionPatch>({
      method: 'PATCH',
      path: '/v1/webhooks/{webhook_id}',
      auth: 'key',
      scope: 'webhooks:write',
      tags,
      operationId: 'updateWebhook',
      summary: 'Update a webhook subscription',
      description:
        'Only fields sent change. A status change clears `status_reason`; `status: ACTIVE` re-enables a PAUSED or DISABLED subscription ' +
        '(events emitted while it was not ACTIVE are not delivered).',
      params: webhookParams,
      body: withUrlPolicy(subscriptionPatchSchema, settings.policy),
      responses: {
        200: { description: 'The subscription.', schema: subscriptionSchema, example: WEBHOOK_UPDATED },
        422: {
          description: "sequence_template_ids names templates that are not this organization's (ValidationIssue).",
        },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await webhooks.updateSubscription(
          ctx.state.em,
          settings,
          ctx.state.principal.organizationId,
          params.webhook_id,
          body,
        ),
      }),
    }),
    defineRoute<WebhookParams>({
      method: 'DELETE',
      path: '/v1/webhooks/{webhook_id}',
      auth: 'key',
      scope: 'webhooks:write',
      tags,
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook subscription',
      description: 'Its deliveries, pending ones included, are deleted with it.',
      params: webhookParams,
      responses: { 204: { description: 'Deleted.' } },
      handler: async (ctx, { params }) => {
        await webhooks.deleteSubscription(ctx.state.em, ctx.state.principal.organizationId, params.webhook_id);
        return { status: 204 };
      },
    }),
    defineRoute<WebhookParams>({
      method: 'POST',
      path: '/v1/webhooks/{webhook_id}/rotate-secret',
      auth: 'key',
      scope: 'webhooks:write',
      tags,
      operationId: 'rotateWebhookSecret',
      summary: 'Rotate the signing secret',
      description:
        'Answers a new `secret`, shown this once. For 24 hours deliveries carry two signatures in `webhook-signature` (new and old ' +
        'secret, space-separated), so a receiver can switch secrets without missing one. Rotating again within 24 hours ends the older secret at once.',
      params: webhookParams,
      responses: {
        200: {
          description: 'The subscription and its new secret.',
          schema: subscriptionWithSecretSchema,
          example: WEBHOOK_ROTATED,
        },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await webhooks.rotateSecret(
          ctx.state.em,
          settings,
          ctx.state.principal.organizationId,
          params.webhook_id,
        ),
      }),
    }),
    defineRoute<WebhookParams>({
      method: 'POST',
      path: '/v1/webhooks/{webhook_id}/test',
      auth: 'key',
      scope: 'webhooks:write',
      tags,
      operationId: 'testWebhook',
      summary: 'Send a test delivery now',
      description:
        'A connectivity check: POSTs `{type: "webhook.test", organization_id, webhook_id, created_at}`, signed like every delivery, ' +
        "with a fresh `webhook-id`, whatever the subscription's status, and answers what the receiver did. It is not stored as a delivery and never retried.",
      params: webhookParams,
      responses: { 200: { description: 'The outcome.', schema: testResultSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await webhooks.testSubscription(
          ctx.state.em,
          settings,
          ctx.state.principal.organizationId,
          params.webhook_id,
        ),
      }),
    }),
    defineRoute<WebhookParams, PageQuery<'created_at'> & { status?: DeliveryStatus }>({
      method: 'GET',
      path: '/v1/webhooks/{webhook_id}/deliveries',
      auth: 'key',
      scope: 'webhooks:read',
      tags,
      operationId: 'listWebhookDeliveries',
      summary: 'Deliveries of a subscription',
      description: 'Default order: created_at descending (newest first).',
      params: webhookParams,
      query: deliveryListQuery,
      responses: { 200: { description: 'Envelope of deliveries.', schema: envelopeSchema(deliverySchema) } },
      handler: async (ctx, { params, query }) => {
        const { page, size, sort_order, status } = query;
        const { items, total } = await webhooks.listDeliveries(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.webhook_id,
          { status },
          {
            ...pageWindow(query),
            sortOrder: sort_order,
          },
        );
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<WebhookParams & { delivery_id: string }>({
      method: 'POST',
      path: '/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/replay',
      auth: 'key',
      scope: 'webhooks:write',
      tags,
      operationId: 'replayWebhookDelivery',
      summary: 'Replay a delivery',
      description:
        'Queues a DELIVERED or FAILED delivery again with fresh attempts, under the same id (`webhook-id`), so receivers that already ' +
        'processed it can recognise it. A PENDING delivery is still in flight: 409 CommitIssue.',
      params: deliveryParams,
      responses: {
        202: { description: 'The delivery, PENDING again.', schema: deliverySchema, example: DELIVERY_REPLAYED },
        409: { description: 'The delivery is PENDING (CommitIssue).' },
      },
      handler: async (ctx, { params }) => ({
        status: 202,
        body: await webhooks.replayDelivery(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.webhook_id,
          params.delivery_id,
        ),
      }),
    }),
  ];
}
