// Webhook delivery activities. The dispatcher's fast path claims due first attempts in batches
// (a lease, so a crashed worker's claims come back) and hands failures to one retry workflow per
// delivery; the retry workflow's attempts and its final give-up are the other two activities.
import { Context } from '@temporalio/activity';
import type { WorkflowClients } from '../workflows/clients.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { nextDelayMs } from '../domain/webhooks/schedule.ts';
import { SecretBox } from '../domain/webhooks/secrets.ts';
import { liveSecrets } from '../domain/webhooks/subscriptions.service.ts';
import { sendWebhook, type SendResult } from '../domain/webhooks/send.ts';
import type { UrlPolicy } from '../domain/webhooks/url-policy.ts';
import type { DispatchInput, DispatchResult, DispatchTotals } from '../workflows/webhook-dispatcher.definitions.ts';
import {
  webhookRetryWorkflowId,
  type AttemptInput, type AttemptResult, type ExhaustInput, type ExhaustResult, type RetryInput,
} from '../workflows/webhook-retry.definitions.ts';

export interface WebhookActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Pick<Config, 'webhookSecretKey' | 'webhookTimeoutMs' | 'webhookAllowHttpLoopback' | 'webhookAllowPrivate'>;
  /** Starts retry workflows (a client, not the worker's NativeConnection). */
  workflows: WorkflowClients;
}

export const GONE_REASON = 'receiver answered 410 Gone';
export const FIVE_DAYS_REASON = 'five days without a successful delivery';
const FIVE_DAYS_MS = 5 * 24 * 60 * 60 * 1000;
const CLAIM_LIMIT = 100;

/** A due delivery with what sending it needs (one row of the claim query). */
interface DeliveryRow {
  id: string;
  organization_id: string;
  subscription_id: string;
  attempts: number;
  url: string;
  subscription_status: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
  payload: Record<string, unknown>;
}

const secretsOf = (row: DeliveryRow, box: SecretBox, now: Date) => liveSecrets({
  secretCiphertext: row.secret_ciphertext, previousSecretCiphertext: row.previous_secret_ciphertext, previousSecretExpiresAt: row.previous_secret_expires_at,
}, box, now);

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const inactiveReason = (status: string) => `subscription ${status.toLowerCase()}`;
const pause = (ms: number, signal: AbortSignal) => new Promise<void>((done) => {
  const wake = () => { clearTimeout(timer); signal.removeEventListener('abort', wake); done(); };
  const timer = setTimeout(wake, ms);
  signal.addEventListener('abort', wake, { once: true });
});

export function createWebhookActivities(deps: WebhookActivityDeps) {
  const box = new SecretBox(deps.config.webhookSecretKey);
  const policy: UrlPolicy = { allowHttpLoopback: deps.config.webhookAllowHttpLoopback, allowPrivate: deps.config.webhookAllowPrivate };
  const timeoutMs = deps.config.webhookTimeoutMs;
  const db = () => deps.orm.em.fork().getKysely();

  async function send(row: DeliveryRow): Promise<SendResult> {
    return sendWebhook({ url: row.url, secrets: secretsOf(row, box, new Date()), webhookId: row.id, body: JSON.stringify(row.payload), timeoutMs, policy });
  }

  async function markFailed(id: string, code: number | null, error: string, at: Date | null): Promise<void> {
    await sql`
      UPDATE webhook_deliveries SET status = 'FAILED', last_response_code = coalesce(${code}::int, last_response_code), last_error = ${error},
             next_attempt_at = NULL, lease_until = NULL, updated_at = coalesce(${at}::timestamptz, now())
       WHERE id = ${id} AND status = 'PENDING'`.execute(db());
  }

  async function pauseGone(row: DeliveryRow, at: Date | null): Promise<void> {
    await markFailed(row.id, 410, GONE_REASON, at);
    await sql`
      UPDATE webhook_subscriptions SET status = 'PAUSED', status_reason = ${GONE_REASON}, status_changed_at = coalesce(${at}::timestamptz, now()),
             updated_at = coalesce(${at}::timestamptz, now())
       WHERE id = ${row.subscription_id} AND status = 'ACTIVE'`.execute(db());
  }

  /** Starts (or finds) the retry workflow first, then lets go of the row: a crash in between costs a duplicate, never a loss. */
  async function handToRetry(row: DeliveryRow, result: SendResult, taskQueue: string): Promise<void> {
    const input: RetryInput = { deliveryId: row.id, organizationId: row.organization_id, failedAttempt: 1, delayMs: nextDelayMs(1, result.retryAfterMs, Math.random()) ?? 0 };
    const workflowId = await deps.workflows.webhook.startRetry(input, {
      contactId: stringOrNull(row.payload.contact_id), sequenceTemplateId: stringOrNull(row.payload.sequence_template_id),
    }, taskQueue);
    await sql`
      UPDATE webhook_deliveries SET next_attempt_at = NULL, lease_until = NULL, retry_workflow_id = ${workflowId},
             last_response_code = ${result.status}, last_error = ${result.error}, updated_at = now()
       WHERE id = ${row.id} AND status = 'PENDING'`.execute(db());
  }

  async function claim(limit: number, leaseMs: number): Promise<DeliveryRow[]> {
    const { rows } = await sql<DeliveryRow>`
      WITH due AS (
        SELECT id FROM webhook_deliveries
         WHERE status = 'PENDING' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
         ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
      ), claimed AS (
        UPDATE webhook_deliveries d SET lease_until = now() + ${leaseMs}::int * interval '1 millisecond', attempts = d.attempts + 1, updated_at = now()
          FROM due WHERE d.id = due.id
        RETURNING d.id, d.organization_id, d.subscription_id, d.activity_id, d.attempts
      )
      SELECT c.id, c.organization_id, c.subscription_id, c.attempts, s.url, s.status AS subscription_status, s.secret_ciphertext,
             s.previous_secret_ciphertext, s.previous_secret_expires_at, a.payload
        FROM claimed c JOIN webhook_subscriptions s ON s.id = c.subscription_id JOIN activities a ON a.id = c.activity_id`.execute(db());
    return rows;
  }

  /** One statement for a whole batch of successes: the common case at volume. */
  async function recordDelivered(done: { id: string; code: number; subscriptionId: string }[]): Promise<void> {
    if (done.length === 0) return;
    await sql`
      UPDATE webhook_deliveries d SET status = 'DELIVERED', delivered_at = now(), last_response_code = v.code, last_error = NULL,
             next_attempt_at = NULL, lease_until = NULL, updated_at = now()
        FROM unnest(${done.map((d) => d.id)}::text[], ${done.map((d) => d.code)}::int[]) AS v(id, code)
       WHERE d.id = v.id AND d.status = 'PENDING'`.execute(db());
    const subscriptions = [...new Set(done.map((d) => d.subscriptionId))];
    await sql`UPDATE webhook_subscriptions SET last_success_at = now() WHERE id = ANY (${subscriptions}::uuid[])`.execute(db());
  }

  return {
    /**
     * Sends due first attempts until `maxRunMs` has passed (or the activity is cancelled), at most
     * `concurrency` at once. It claims only as many as it can send at once, so no claim waits
     * behind slow receivers long enough for its lease (twice the send timeout) to run out.
     */
    async dispatchDueDeliveries(input: DispatchInput): Promise<DispatchResult> {
      const ctx = Context.current();
      const signal = ctx.cancellationSignal;
      const concurrency = input.concurrency ?? 64;
      const started = Date.now();
      const totals: DispatchTotals = { claimed: 0, delivered: 0, retrying: 0, failed: 0 };
      const inFlight = new Set<Promise<void>>();
      let delivered: { id: string; code: number; subscriptionId: string }[] = [];

      const handle = async (row: DeliveryRow): Promise<void> => {
        try {
          if (row.subscription_status !== 'ACTIVE') {
            await markFailed(row.id, null, inactiveReason(row.subscription_status), null);
            totals.failed += 1;
            return;
          }
          const result = await send(row);
          if (result.ok) {
            delivered.push({ id: row.id, code: result.status ?? 200, subscriptionId: row.subscription_id });
          } else if (result.status === 410) {
            await pauseGone(row, null);
            totals.failed += 1;
          } else {
            await handToRetry(row, result, ctx.info.taskQueue);
            totals.retrying += 1;
          }
        } catch (error) {
          // The lease runs out and the delivery is claimed again: a duplicate with the same webhook-id at worst.
          deps.logger.error({ err: error, deliveryId: row.id }, 'webhook dispatch failed; the claim will expire and be retried');
        }
      };
      const flush = async () => {
        const batch = delivered;
        delivered = [];
        await recordDelivered(batch);
        totals.delivered += batch.length;
      };

      while (!signal.aborted && Date.now() - started < input.maxRunMs) {
        ctx.heartbeat(totals);
        await flush();
        // Claim again only once half the slots are free: fewer, larger claims under load.
        if (inFlight.size > concurrency / 2) {
          await Promise.race([...inFlight, pause(input.pollMs, signal)]);
          continue;
        }
        const room = Math.min(CLAIM_LIMIT, concurrency - inFlight.size);
        const rows = await claim(room, 2 * timeoutMs);
        totals.claimed += rows.length;
        for (const row of rows) {
          const task: Promise<void> = handle(row).finally(() => inFlight.delete(task));
          inFlight.add(task);
        }
        if (rows.length < room) await pause(input.pollMs, signal); // nothing more is due yet
      }
      await Promise.all(inFlight);
      await flush();
      return { ...totals, runMs: Date.now() - started };
    },

    /** One attempt of the retry workflow (2..8); `now` is workflow time, so skipped time counts. */
    async attemptDelivery(input: AttemptInput): Promise<AttemptResult> {
      const now = new Date(input.now);
      const workflowId = Context.current().info.workflowExecution?.workflowId ?? webhookRetryWorkflowId(input.deliveryId);
      // Taking the row over also repairs a dispatcher that crashed between starting us and letting go.
      const { rows } = await sql<DeliveryRow>`
        WITH mine AS (
          UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = NULL, lease_until = NULL, retry_workflow_id = ${workflowId}, updated_at = ${now}
           WHERE d.id = ${input.deliveryId} AND d.status = 'PENDING'
          RETURNING d.id, d.organization_id, d.subscription_id, d.activity_id, d.attempts
        )
        SELECT m.id, m.organization_id, m.subscription_id, m.attempts, s.url, s.status AS subscription_status, s.secret_ciphertext,
               s.previous_secret_ciphertext, s.previous_secret_expires_at, a.payload
          FROM mine m JOIN webhook_subscriptions s ON s.id = m.subscription_id JOIN activities a ON a.id = m.activity_id`.execute(db());
      const row = rows[0];
      const settled = (outcome: AttemptResult['outcome'], result?: SendResult): AttemptResult =>
        ({ outcome, responseCode: result?.status ?? null, error: result?.error ?? null, retryAfterMs: result?.retryAfterMs ?? null, nextDelayMs: null });
      if (!row) {
        const current = await sql<{ status: string }>`SELECT status FROM webhook_deliveries WHERE id = ${input.deliveryId}`.execute(db());
        return settled(current.rows[0]?.status === 'DELIVERED' ? 'DELIVERED' : 'ABANDONED');
      }
      if (row.subscription_status !== 'ACTIVE') {
        await markFailed(row.id, null, inactiveReason(row.subscription_status), now);
        return settled('ABANDONED');
      }
      const result = await send(row);
      if (result.ok) {
        await sql`
          UPDATE webhook_deliveries SET status = 'DELIVERED', delivered_at = ${now}, last_response_code = ${result.status}, last_error = NULL, updated_at = ${now}
           WHERE id = ${row.id} AND status = 'PENDING'`.execute(db());
        await sql`UPDATE webhook_subscriptions SET last_success_at = greatest(last_success_at, ${now}) WHERE id = ${row.subscription_id}`.execute(db());
        return settled('DELIVERED', result);
      }
      if (result.status === 410) {
        await pauseGone(row, now);
        return settled('GONE', result);
      }
      await sql`
        UPDATE webhook_deliveries SET last_response_code = ${result.status}, last_error = ${result.error}, updated_at = ${now}
         WHERE id = ${row.id} AND status = 'PENDING'`.execute(db());
      return { ...settled('RETRY', result), nextDelayMs: nextDelayMs(input.attempt, result.retryAfterMs, Math.random()) };
    },

    /** After the last attempt: the delivery fails, and a subscription failing for five days is paused. */
    async exhaustDelivery(input: ExhaustInput): Promise<ExhaustResult> {
      const now = new Date(input.now);
      const failed = await sql<{ subscription_id: string }>`
        UPDATE webhook_deliveries SET status = 'FAILED', next_attempt_at = NULL, lease_until = NULL, updated_at = ${now}
         WHERE id = ${input.deliveryId} AND status = 'PENDING' RETURNING subscription_id`.execute(db());
      const subscriptionId = failed.rows[0]?.subscription_id;
      if (!subscriptionId) return { failed: false, subscriptionPaused: false };
      const paused = await sql`
        UPDATE webhook_subscriptions SET status = 'PAUSED', status_reason = ${FIVE_DAYS_REASON}, status_changed_at = ${now}, updated_at = ${now}
         WHERE id = ${subscriptionId} AND status = 'ACTIVE' AND coalesce(last_success_at, created_at) <= ${new Date(now.getTime() - FIVE_DAYS_MS)}`.execute(db());
      return { failed: true, subscriptionPaused: Number(paused.numAffectedRows ?? 0) > 0 };
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
