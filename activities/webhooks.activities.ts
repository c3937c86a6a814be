// Webhook delivery activities. The dispatcher's fast path claims due first attempts in batches
// (a lease, so a crashed worker's claims come back) and hands failures to one retry workflow per
// delivery; the retry workflow's attempts and its final give-up are the other two activities.
import { Context } from '@temporalio/activity';
import type { WorkflowClients } from '../workflows/clients.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import {
  claimDueDeliveries,
  deliveryStatus,
  failExhaustedDelivery,
  handDeliveryToRetry,
  markDelivered,
  markDeliveryFailed,
  pauseSubscription,
  recordAttemptFailure,
  recordDelivered,
  takeOverDelivery,
  type DueDelivery,
} from '../domain/webhooks/deliveries.queries.ts';
import { nextDelayMs } from '../domain/webhooks/schedule.ts';
import { SecretBox } from '../domain/webhooks/secrets.ts';
import { liveSecrets } from '../domain/webhooks/subscriptions.service.ts';
import { sendWebhook, type SendResult } from '../domain/webhooks/send.ts';
import { DAY_MS } from '../domain/shared/time.ts';
import type { UrlPolicy } from '../domain/webhooks/url-policy.ts';
import type { DispatchInput, DispatchResult, DispatchTotals } from '../workflows/webhook-dispatcher.definitions.ts';
import {
  webhookRetryWorkflowId,
  type AttemptInput,
  type AttemptResult,
  type ExhaustInput,
  type ExhaustResult,
  type RetryInput,
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
const FIVE_DAYS_MS = 5 * DAY_MS;
const CLAIM_LIMIT = 100;

const secretsOf = (row: DueDelivery, box: SecretBox, now: Date) =>
  liveSecrets(
    {
      secretCiphertext: row.secret_ciphertext,
      previousSecretCiphertext: row.previous_secret_ciphertext,
      previousSecretExpiresAt: row.previous_secret_expires_at,
    },
    box,
    now,
  );

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const inactiveReason = (status: string) => `subscription ${status.toLowerCase()}`;
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const wake = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', wake);
      done();
    };
    const timer = setTimeout(wake, ms);
    signal.addEventListener('abort', wake, { once: true });
  });

export function createWebhookActivities(deps: WebhookActivityDeps) {
  const box = new SecretBox(deps.config.webhookSecretKey);
  const policy: UrlPolicy = {
    allowHttpLoopback: deps.config.webhookAllowHttpLoopback,
    allowPrivate: deps.config.webhookAllowPrivate,
  };
  const timeoutMs = deps.config.webhookTimeoutMs;
  const em = () => deps.orm.em.fork();

  async function send(row: DueDelivery): Promise<SendResult> {
    return sendWebhook({
      url: row.url,
      secrets: secretsOf(row, box, new Date()),
      webhookId: row.id,
      body: JSON.stringify(row.payload),
      timeoutMs,
      policy,
    });
  }

  async function pauseGone(row: DueDelivery, at: Date | null): Promise<void> {
    await markDeliveryFailed(em(), row.id, 410, GONE_REASON, at);
    await pauseSubscription(em(), row.subscription_id, GONE_REASON, at);
  }

  /** Starts (or finds) the retry workflow first, then lets go of the row: a crash in between costs a duplicate, never a loss. */
  async function handToRetry(row: DueDelivery, result: SendResult, taskQueue: string): Promise<void> {
    const input: RetryInput = {
      deliveryId: row.id,
      organizationId: row.organization_id,
      failedAttempt: 1,
      delayMs: nextDelayMs(1, result.retryAfterMs, Math.random()) ?? 0,
    };
    const workflowId = await deps.workflows.webhook.startRetry(
      input,
      {
        contactId: stringOrNull(row.payload.contact_id),
        sequenceTemplateId: stringOrNull(row.payload.sequence_template_id),
      },
      taskQueue,
    );
    await handDeliveryToRetry(em(), row.id, workflowId, result.status, result.error);
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

      const handle = async (row: DueDelivery): Promise<void> => {
        try {
          if (row.subscription_status !== 'ACTIVE') {
            await markDeliveryFailed(em(), row.id, null, inactiveReason(row.subscription_status), null);
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
          deps.logger.error(
            { err: error, deliveryId: row.id },
            'webhook dispatch failed; the claim will expire and be retried',
          );
        }
      };
      const flush = async () => {
        const batch = delivered;
        delivered = [];
        await recordDelivered(em(), batch);
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
        const rows = await claimDueDeliveries(em(), room, 2 * timeoutMs);
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
      const workflowId =
        Context.current().info.workflowExecution?.workflowId ?? webhookRetryWorkflowId(input.deliveryId);
      // Taking the row over also repairs a dispatcher that crashed between starting us and letting go.
      const row = await takeOverDelivery(em(), input.deliveryId, workflowId, now);
      const settled = (outcome: AttemptResult['outcome'], result?: SendResult): AttemptResult => ({
        outcome,
        responseCode: result?.status ?? null,
        error: result?.error ?? null,
        retryAfterMs: result?.retryAfterMs ?? null,
        nextDelayMs: null,
      });
      if (!row)
        return settled((await deliveryStatus(em(), input.deliveryId)) === 'DELIVERED' ? 'DELIVERED' : 'ABANDONED');
      if (row.subscription_status !== 'ACTIVE') {
        await markDeliveryFailed(em(), row.id, null, inactiveReason(row.subscription_status), now);
        return settled('ABANDONED');
      }
      const result = await send(row);
      if (result.ok) {
        await markDelivered(em(), row, result.status, now);
        return settled('DELIVERED', result);
      }
      if (result.status === 410) {
        await pauseGone(row, now);
        return settled('GONE', result);
      }
      await recordAttemptFailure(em(), row.id, result.status, result.error, now);
      return {
        ...settled('RETRY', result),
        nextDelayMs: nextDelayMs(input.attempt, result.retryAfterMs, Math.random()),
      };
    },

    /** After the last attempt: the delivery fails, and a subscription failing for five days is paused. */
    async exhaustDelivery(input: ExhaustInput): Promise<ExhaustResult> {
      const now = new Date(input.now);
      const subscriptionId = await failExhaustedDelivery(em(), input.deliveryId, now);
      if (!subscriptionId) return { failed: false, subscriptionPaused: false };
      const subscriptionPaused = await pauseSubscription(
        em(),
        subscriptionId,
        FIVE_DAYS_REASON,
        now,
        new Date(now.getTime() - FIVE_DAYS_MS),
      );
      return { failed: true, subscriptionPaused };
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
