// Webhook deliveries. A delivery row is written in the same transaction as the event it carries
// (matched against the subscription as it is at that commit); its id is the Standard Webhooks
// `webhook-id`, the same on every attempt.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Activity } from './activity.entity.ts';
import { Organization } from './organization.entity.ts';
import { WebhookSubscription } from './webhook-subscription.entity.ts';

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  uniques: [{ name: 'webhook_deliveries_subscription_activity_unique', properties: ['subscription', 'activity'] }],
  indexes: [
    {
      name: 'webhook_deliveries_due_index',
      expression: `create index "webhook_deliveries_due_index" on "webhook_deliveries" ("next_attempt_at") where "status" = 'PENDING'`,
    },
    { name: 'webhook_deliveries_subscription_created_index', properties: ['subscription', 'createdAt'] },
  ],
  properties: {
    /** The Standard Webhooks message id (`msg_<uuid without dashes>`). */
    id: p.text().primary(),
    organization: () => p.manyToOne(Organization).ref(),
    subscription: () => p.manyToOne(WebhookSubscription).ref().deleteRule('cascade'),
    activity: () => p.manyToOne(Activity).ref().deleteRule('cascade'),
    eventType: p.text(),
    status: p.enum(DELIVERY_STATUSES).default('PENDING'),
    attempts: p.integer().default(0),
    lastResponseCode: p.integer().nullable(),
    lastError: p.text().nullable(),
    /** When the dispatcher should try next; null once delivered, failed, or handed to a retry workflow. */
    nextAttemptAt: p.datetime().nullable(),
    /** A dispatcher that claimed the delivery holds it until then (a crashed one lets go). */
    leaseUntil: p.datetime().nullable(),
    /** The retry workflow that owns the remaining attempts, once the first one failed. */
    retryWorkflowId: p.text().nullable(),
    deliveredAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);

export function newDeliveryId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}
