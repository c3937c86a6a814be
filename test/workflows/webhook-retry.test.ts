// The webhook retry workflow on the time-skipping server with the real activities (real database,
// real HTTP to a local receiver): the schedule's delays in workflow time, give-up after 8 attempts,
// 410 pausing the subscription, Retry-After, and the five-day rule.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { pino } from 'pino';
import { createActivities } from '../../activities/index.ts';
import { FIVE_DAYS_REASON, GONE_REASON } from '../../activities/webhooks.activities.ts';
import { delayBounds } from '../../domain/webhooks/schedule.ts';
import { generateWebhookSecret } from '../../domain/webhooks/secrets.ts';
import { defaultWorkflowsPath } from '../../worker.ts';
import {
  WEBHOOK_RETRY_WORKFLOW,
  retryStatusQuery,
  webhookRetryWorkflowId,
  type AttemptInput,
  type RetryInput,
  type RetryResult,
} from '../../workflows/webhook-retry.definitions.ts';
import { createTimeSkippingEnv } from '../helpers/time-skipping.ts';
import { getStack, type Stack } from '../helpers/stack.ts';
import { newOrg } from '../helpers/fixtures.ts';
import {
  createTestSubscription,
  deliveriesOf,
  emitExclusionEvent,
  startTarget,
  subscriptionRow,
  type Reply,
  type Target,
} from '../helpers/webhook-target.ts';

const DAY = 24 * 60 * 60 * 1000;
/** An attempt's own run (real HTTP and SQL) adds a little to the skipped delay. */
const SLACK_MS = 3000;

describe('webhookRetryWorkflow', function () {
  this.timeout(180_000);
  let env: TestWorkflowEnvironment;
  let stack: Stack;
  const targets: Target[] = [];

  before(async () => {
    stack = await getStack(); // first: it installs the SDK runtime, which the time-skipping helper tolerates
    env = await createTimeSkippingEnv();
  });

  after(async () => {
    await Promise.all(targets.map((t) => t.close()));
    await env?.teardown();
  });

  /** Runs one delivery whose first (dispatcher) attempt failed through the retry workflow. */
  async function runRetry(respond: (n: number) => Reply, options: { daysSinceSuccess?: number } = {}) {
    // An organization per run: its one subscription is the only one the event matches.
    const organizationId = (await newOrg(stack)).organizationId;
    const secret = generateWebhookSecret();
    const target = await startTarget(secret, respond);
    targets.push(target);
    // The test server's clock runs ahead of the wall clock (it skips): ages count from its time.
    const workflowNow = await env.currentTimeMs();
    const lastSuccessAt =
      options.daysSinceSuccess === undefined ? null : new Date(workflowNow - options.daysSinceSuccess * DAY);
    const subscription = await createTestSubscription(stack, organizationId, target.url, {
      secret,
      lastSuccessAt,
      createdAt: new Date(workflowNow),
    });
    const { activityId } = await emitExclusionEvent(stack, organizationId, { heldBack: true });
    const [delivery] = await deliveriesOf(stack, activityId);

    const attempts: AttemptInput[] = [];
    const real = createActivities({
      orm: stack.orm,
      logger: pino({ level: 'silent' }),
      config: stack.config,
      temporal: env.client,
    });
    const activities = {
      ...real,
      attemptDelivery: async (input: AttemptInput) => {
        attempts.push(input);
        return real.attemptDelivery(input);
      },
    };
    const taskQueue = `retry-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowsPath: defaultWorkflowsPath,
      activities,
    });
    const input: RetryInput = { deliveryId: delivery.id, organizationId, failedAttempt: 1, delayMs: 5000 };
    const { result, startedAt, status } = await worker.runUntil(async () => {
      const handle = await env.client.workflow.start(WEBHOOK_RETRY_WORKFLOW, {
        taskQueue,
        workflowId: webhookRetryWorkflowId(delivery.id),
        args: [input],
      });
      const status = await handle.query(retryStatusQuery);
      const startedAt = (await handle.describe()).startTime.getTime();
      return { result: (await handle.result()) as RetryResult, startedAt, status };
    });
    return {
      result,
      startedAt,
      status,
      attempts,
      target,
      delivery,
      subscription,
      after: await deliveriesOf(stack, activityId),
    };
  }

  function gaps(startedAt: number, attempts: AttemptInput[]): number[] {
    const times = [startedAt, ...attempts.map((a) => Date.parse(a.now))];
    return times.slice(1).map((t, i) => t - times[i]);
  }

  it('when the receiver fails three more times, then attempt 5 delivers, each after the scheduled delay, with one webhook-id', async () => {
    const run = await runRetry((n) => ({ status: n < 3 ? 500 : 200 }));
    assert.equal(run.status.phase, 'waiting');
    assert.equal(run.status.attempt, 1);
    assert.ok(run.status.nextAttemptAt);
    assert.deepEqual(run.result, { outcome: 'DELIVERED', attempts: 5, subscriptionPaused: false });
    assert.deepEqual(
      run.attempts.map((a) => a.attempt),
      [2, 3, 4, 5],
    );
    const measured = gaps(run.startedAt, run.attempts);
    assert.ok(measured[0] >= 5000 && measured[0] <= 5000 + SLACK_MS, `first wait ${measured[0]} ms`);
    for (let i = 1; i < measured.length; i++) {
      const bounds = delayBounds(i + 1)!;
      assert.ok(
        measured[i] >= bounds.min && measured[i] <= bounds.max + SLACK_MS,
        `wait before attempt ${i + 2}: ${measured[i]} ms, expected ${bounds.min}..${bounds.max}`,
      );
    }
    assert.equal(run.target.hits.length, 4);
    assert.ok(run.target.hits.every((h) => h.verified && h.id === run.delivery.id));
    const row = run.after.find((d) => d.id === run.delivery.id)!;
    assert.equal(row.status, 'DELIVERED');
    assert.equal(row.attempts, 5);
    assert.equal(row.last_response_code, 200);
    assert.ok((await subscriptionRow(stack, run.subscription.id)).last_success_at);
  });

  it('when the receiver never succeeds, then it gives up after 8 attempts in all and the delivery is FAILED', async () => {
    const run = await runRetry(() => ({ status: 500 }));
    assert.deepEqual(run.result, { outcome: 'EXHAUSTED', attempts: 8, subscriptionPaused: false });
    assert.equal(run.target.hits.length, 7);
    const total = Date.parse(run.attempts.at(-1)!.now) - run.startedAt;
    assert.ok(total > DAY, `the schedule spans ${total} ms of workflow time`);
    const row = run.after.find((d) => d.id === run.delivery.id)!;
    assert.equal(row.status, 'FAILED');
    assert.equal(row.attempts, 8);
    assert.equal(
      (await subscriptionRow(stack, run.subscription.id)).status,
      'ACTIVE',
      'a young subscription is not paused',
    );
  });

  it('when the receiver answers 410 Gone, then the delivery fails and the subscription is PAUSED with the reason', async () => {
    const run = await runRetry(() => ({ status: 410 }));
    assert.deepEqual(run.result, { outcome: 'GONE', attempts: 2, subscriptionPaused: true });
    assert.equal(run.after.find((d) => d.id === run.delivery.id)!.status, 'FAILED');
    const subscription = await subscriptionRow(stack, run.subscription.id);
    assert.equal(subscription.status, 'PAUSED');
    assert.equal(subscription.status_reason, GONE_REASON);
  });

  it('when the receiver answers 503 with Retry-After: 120, then the next attempt waits 120 s instead of 5 min', async () => {
    const run = await runRetry((n) => (n === 0 ? { status: 503, headers: { 'retry-after': '120' } } : { status: 204 }));
    assert.equal(run.result.outcome, 'DELIVERED');
    const measured = gaps(run.startedAt, run.attempts);
    assert.ok(measured[1] >= 120_000 && measured[1] <= 120_000 + SLACK_MS, `waited ${measured[1]} ms`);
  });

  it('when deliveries keep exhausting and nothing succeeded for six days, then the subscription is PAUSED (five-day rule)', async () => {
    const run = await runRetry(() => ({ status: 500 }), { daysSinceSuccess: 6 });
    assert.deepEqual(run.result, { outcome: 'EXHAUSTED', attempts: 8, subscriptionPaused: true });
    const subscription = await subscriptionRow(stack, run.subscription.id);
    assert.equal(subscription.status, 'PAUSED');
    assert.equal(subscription.status_reason, FIVE_DAYS_REASON);
  });
});
