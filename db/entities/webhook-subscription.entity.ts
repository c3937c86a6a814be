// Webhook subscriptions: which events go to which URL, signed with a secret stored encrypted.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAUSED', 'DISABLED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const WebhookSubscriptionSchema = defineEntity({
  name: 'WebhookSubscription',
  tableName: 'webhook_subscriptions',
  indexes: [{ name: 'webhook_subscriptions_organization_status_index', properties: ['organization', 'status'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    name: p.text(),
    description: p.text().nullable(),
    url: p.text(),
    eventTypes: p.array(),
    /** null: every template (and resource events); otherwise sequence-tied events of these only. */
    sequenceTemplateIds: p.array().nullable(),
    status: p.enum(SUBSCRIPTION_STATUSES).default('ACTIVE'),
    /** Why the service paused it (410, five days failing); null otherwise. */
    statusReason: p.text().nullable(),
    statusChangedAt: p.datetime().onCreate(() => new Date()),
    secretCiphertext: p.text(),
    secretPrefix: p.text(),
    /** The secret before the last rotation, which keeps signing until previousSecretExpiresAt. */
    previousSecretCiphertext: p.text().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    lastSuccessAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class WebhookSubscription extends WebhookSubscriptionSchema.class {}
WebhookSubscriptionSchema.setClass(WebhookSubscription);
