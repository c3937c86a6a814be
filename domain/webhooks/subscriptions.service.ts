// Webhook subscription use cases: create (the secret is shown once, stored encrypted), read, list,
// patch, delete, secret rotation with a 24 h overlap, the connectivity test, deliveries and replay.
// The queries are in subscriptions.queries.ts and deliveries.queries.ts.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Row } from '../../db/kysely.ts';
import type { SubscriptionStatus } from '../../db/entities/webhook-subscription.entity.ts';
import { newDeliveryId, type DeliveryStatus } from '../../db/entities/webhook-delivery.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { unknownTemplateIds } from '../sequences/templates.service.ts';
import type { EventType } from '../activity/emit.ts';
import { generateWebhookSecret, SecretBox, secretPrefix } from './secrets.ts';
import { sendWebhook } from './send.ts';
import { urlProblem, type UrlPolicy } from './url-policy.ts';
import { DAY_MS, iso } from '../shared/time.ts';
import { deliveryPage, lockDeliveryStatus, requeueDelivery } from './deliveries.queries.ts';
import {
  deleteSubscriptionRow,
  insertSubscription,
  subscriptionPage,
  subscriptionRow,
  updateSubscriptionRow,
  type SubscriptionSort,
} from './subscriptions.queries.ts';

/** How long the secret before a rotation keeps signing alongside the new one. */
export const ROTATION_OVERLAP_MS = DAY_MS;

/** The list's sort fields are the query's. */
export { SUBSCRIPTION_SORT_FIELDS, type SubscriptionSort } from './subscriptions.queries.ts';

export interface WebhookSettings {
  secretKey: string;
  policy: UrlPolicy;
  timeoutMs: number;
}

export interface SubscriptionRecord {
  id: string;
  name: string;
  description: string | null;
  url: string;
  event_types: string[];
  sequence_template_ids: string[] | null;
  status: SubscriptionStatus;
  status_reason: string | null;
  secret_prefix: string;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionInput {
  name: string;
  description?: string | null;
  url: string;
  event_types: EventType[];
  sequence_template_ids?: string[] | null;
  status?: SubscriptionStatus;
}

export type SubscriptionPatch = Partial<SubscriptionInput>;

export interface DeliveryRecord {
  id: string;
  activity_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  last_response_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface TestResult {
  delivered: boolean;
  error: string | null;
  status_code: number | null;
}

type SubscriptionRow = Row<'webhook_subscriptions'>;
type DeliveryRow = Row<'webhook_deliveries'>;

/** The secret fields of a subscription: the entity has them, and so can a raw row mapped to these names. */
export interface SecretFields {
  secretCiphertext: string;
  previousSecretCiphertext?: string | null;
  previousSecretExpiresAt?: Date | string | null;
}

/**
 * The secrets a delivery is signed with, newest first: the current one, plus the one before the
 * last rotation while its overlap lasts. Receivers holding either secret verify the delivery.
 */
export function liveSecrets(subscription: SecretFields, box: SecretBox, now: Date): string[] {
  const secrets = [box.decrypt(subscription.secretCiphertext)];
  const expires = subscription.previousSecretExpiresAt;
  if (subscription.previousSecretCiphertext && expires && new Date(expires).getTime() > now.getTime()) {
    secrets.push(box.decrypt(subscription.previousSecretCiphertext));
  }
  return secrets;
}

function toRecord(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: row.url,
    event_types: row.event_types,
    sequence_template_ids: row.sequence_template_ids,
    status: row.status,
    status_reason: row.status_reason,
    secret_prefix: row.secret_prefix,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function toDelivery(row: DeliveryRow): DeliveryRecord {
  return {
    id: row.id,
    activity_id: row.activity_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_response_code: row.last_response_code,
    last_error: row.last_error,
    next_attempt_at: iso(row.next_attempt_at),
    delivered_at: iso(row.delivered_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function checkedUrl(url: string, policy: UrlPolicy): string {
  const problem = urlProblem(url, policy);
  if (problem) throw DomainError.invalid('url', problem);
  return url;
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** Every listed id must be a sequence template of the organization: 422 naming sequence_template_ids. */
async function checkTemplates(em: EntityManager, organizationId: string, ids: string[] | null): Promise<void> {
  const unknown = ids ? await unknownTemplateIds(em, organizationId, ids) : [];
  if (unknown.length)
    throw DomainError.invalid('sequence_template_ids', `unknown sequence templates: ${unknown.join(', ')}`, 422);
}

async function loadRow(em: EntityManager, organizationId: string, id: string, lock = false): Promise<SubscriptionRow> {
  const row = await subscriptionRow(em, organizationId, id, lock);
  if (!row) throw DomainError.notFound('Webhook subscription');
  return row;
}

export async function createSubscription(
  em: EntityManager,
  settings: WebhookSettings,
  organizationId: string,
  input: SubscriptionInput,
): Promise<SubscriptionRecord & { secret: string }> {
  const url = checkedUrl(input.url, settings.policy);
  const secret = generateWebhookSecret();
  const ciphertext = new SecretBox(settings.secretKey).encrypt(secret);
  const templates = input.sequence_template_ids ? unique(input.sequence_template_ids) : null;
  await checkTemplates(em, organizationId, templates);
  return em.transactional(async (tx) => {
    // JS time, not now(): the API serialises milliseconds.
    const now = new Date();
    const row = await insertSubscription(tx, {
      id: randomUUID(),
      organization_id: organizationId,
      name: input.name.trim(),
      description: input.description ?? null,
      url,
      event_types: unique(input.event_types),
      sequence_template_ids: templates,
      status: input.status ?? 'ACTIVE',
      status_reason: null,
      status_changed_at: now,
      secret_ciphertext: ciphertext,
      secret_prefix: secretPrefix(secret),
      created_at: now,
      updated_at: now,
    });
    return { ...toRecord(row), secret };
  });
}

export async function getSubscription(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<SubscriptionRecord> {
  return toRecord(await loadRow(em, organizationId, id));
}

export async function listSubscriptions(
  em: EntityManager,
  organizationId: string,
  filters: { status?: SubscriptionStatus },
  page: { limit: number; offset: number; sortBy?: SubscriptionSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: SubscriptionRecord[]; total: number }> {
  const { rows, total } = await subscriptionPage(em, organizationId, filters, {
    ...page,
    sortBy: page.sortBy ?? 'created_at',
  });
  return { items: rows.map(toRecord), total };
}

export async function updateSubscription(
  em: EntityManager,
  settings: WebhookSettings,
  organizationId: string,
  id: string,
  patch: SubscriptionPatch,
): Promise<SubscriptionRecord> {
  return em.transactional(async (tx) => {
    const current = await loadRow(tx, organizationId, id, true);
    const now = new Date();
    const url = patch.url !== undefined ? checkedUrl(patch.url, settings.policy) : undefined;
    if (patch.sequence_template_ids !== undefined)
      await checkTemplates(tx, organizationId, patch.sequence_template_ids);
    const row = await updateSubscriptionRow(tx, current.id, {
      updated_at: now,
      ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(url !== undefined ? { url } : {}),
      ...(patch.event_types !== undefined ? { event_types: unique(patch.event_types) } : {}),
      ...(patch.sequence_template_ids !== undefined
        ? { sequence_template_ids: patch.sequence_template_ids ? unique(patch.sequence_template_ids) : null }
        : {}),
      // A status set by a client replaces whatever the service decided, and its reason with it.
      ...(patch.status !== undefined && patch.status !== current.status
        ? { status: patch.status, status_reason: null, status_changed_at: now }
        : {}),
    });
    return toRecord(row);
  });
}

export async function deleteSubscription(em: EntityManager, organizationId: string, id: string): Promise<void> {
  if (!(await deleteSubscriptionRow(em, organizationId, id))) throw DomainError.notFound('Webhook subscription');
}

/** A new secret; the current one becomes the previous one and keeps signing for ROTATION_OVERLAP_MS. */
export async function rotateSecret(
  em: EntityManager,
  settings: WebhookSettings,
  organizationId: string,
  id: string,
): Promise<SubscriptionRecord & { secret: string }> {
  const secret = generateWebhookSecret();
  const ciphertext = new SecretBox(settings.secretKey).encrypt(secret);
  return em.transactional(async (tx) => {
    const current = await loadRow(tx, organizationId, id, true);
    const now = new Date();
    const row = await updateSubscriptionRow(tx, current.id, {
      previous_secret_ciphertext: current.secret_ciphertext,
      previous_secret_expires_at: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      secret_ciphertext: ciphertext,
      secret_prefix: secretPrefix(secret),
      updated_at: now,
    });
    return { ...toRecord(row), secret };
  });
}

/** Sends a `webhook.test` now, whatever the status: a connectivity check, never stored as a delivery. */
export async function testSubscription(
  em: EntityManager,
  settings: WebhookSettings,
  organizationId: string,
  id: string,
): Promise<TestResult> {
  const row = await loadRow(em, organizationId, id);
  const now = new Date();
  const secrets = liveSecrets(
    {
      secretCiphertext: row.secret_ciphertext,
      previousSecretCiphertext: row.previous_secret_ciphertext,
      previousSecretExpiresAt: row.previous_secret_expires_at,
    },
    new SecretBox(settings.secretKey),
    now,
  );
  const body = JSON.stringify({
    type: 'webhook.test',
    organization_id: organizationId,
    webhook_id: row.id,
    created_at: now.toISOString(),
  });
  const result = await sendWebhook({
    url: row.url,
    secrets,
    webhookId: newDeliveryId(),
    body,
    timeoutMs: settings.timeoutMs,
    policy: settings.policy,
    now,
  });
  return { delivered: result.ok, error: result.error, status_code: result.status };
}

export async function listDeliveries(
  em: EntityManager,
  organizationId: string,
  subscriptionId: string,
  filters: { status?: DeliveryStatus },
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ items: DeliveryRecord[]; total: number }> {
  await loadRow(em, organizationId, subscriptionId);
  const { rows, total } = await deliveryPage(em, organizationId, subscriptionId, filters, page);
  return { items: rows.map(toDelivery), total };
}

/**
 * Puts a finished delivery back in the dispatcher's queue under the same id (the webhook-id
 * receivers deduplicate on). A PENDING one is still owned by the engine: 409.
 */
export async function replayDelivery(
  em: EntityManager,
  organizationId: string,
  subscriptionId: string,
  deliveryId: string,
): Promise<DeliveryRecord> {
  return em.transactional(async (tx) => {
    const found = await lockDeliveryStatus(tx, organizationId, subscriptionId, deliveryId);
    if (!found) throw DomainError.notFound('Webhook delivery');
    if (found.status === 'PENDING') {
      throw DomainError.conflict(
        'The delivery is still pending; only a DELIVERED or FAILED delivery can be replayed.',
        { status: 'PENDING' },
      );
    }
    const now = new Date();
    return toDelivery(await requeueDelivery(tx, deliveryId, now));
  });
}
