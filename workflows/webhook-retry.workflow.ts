// The slow path of one webhook delivery: after the dispatcher's first attempt failed, durable
// timers between the remaining attempts (up to 8 in all), then give up and apply the five-day rule.
import { allHandlersFinished, condition, proxyActivities, setHandler, sleep } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks.activities.ts';
import { retryStatusQuery, type RetryInput, type RetryResult, type RetryStatus } from './webhook-retry.definitions.ts';

// Sending never throws (the outcome is a value); a throw is the database, which is retried for
// about a day (150 attempts, at most 10 minutes apart). Jitter is computed in the activity: its result is history, so replay is stable.
const { attemptDelivery, exhaustDelivery } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 150 },
});

export async function webhookRetryWorkflow(input: RetryInput): Promise<RetryResult> {
  const status: RetryStatus = {
    deliveryId: input.deliveryId,
    phase: 'waiting',
    attempt: input.failedAttempt,
    nextAttemptAt: null,
    lastOutcome: 'RETRY',
    lastResponseCode: null,
    lastError: null,
  };
  setHandler(retryStatusQuery, () => status);

  let delayMs: number | null = input.delayMs;
  let result: RetryResult | null = null;
  while (delayMs !== null) {
    status.phase = 'waiting';
    status.nextAttemptAt = new Date(new Date().getTime() + delayMs).toISOString();
    await sleep(delayMs);
    status.phase = 'sending';
    const attempt = status.attempt + 1;
    const outcome = await attemptDelivery({ deliveryId: input.deliveryId, attempt, now: new Date().toISOString() });
    status.attempt = attempt;
    status.lastOutcome = outcome.outcome;
    status.lastResponseCode = outcome.responseCode;
    status.lastError = outcome.error;
    if (outcome.outcome !== 'RETRY') {
      result = { outcome: outcome.outcome, attempts: attempt, subscriptionPaused: outcome.outcome === 'GONE' };
      break;
    }
    delayMs = outcome.nextDelayMs;
  }
  if (!result) {
    const exhausted = await exhaustDelivery({ deliveryId: input.deliveryId, now: new Date().toISOString() });
    status.lastOutcome = 'EXHAUSTED';
    result = { outcome: 'EXHAUSTED', attempts: status.attempt, subscriptionPaused: exhausted.subscriptionPaused };
  }
  status.phase = 'done';
  status.nextAttemptAt = null;
  await condition(allHandlersFinished);
  return result;
}
