// The retry workflow of one failing webhook delivery: durable timers between attempts 2..8, the
// id derived from the delivery (the Standard Webhooks webhook-id), so a repeated start is a no-op.
import { defineQuery } from '@temporalio/workflow';

export const WEBHOOK_RETRY_WORKFLOW = 'webhookRetryWorkflow';

export function webhookRetryWorkflowId(deliveryId: string): string {
  return `webhook-delivery/${deliveryId}`;
}

export interface RetryInput {
  deliveryId: string;
  organizationId: string;
  /** The attempt that just failed (the dispatcher's is 1). */
  failedAttempt: number;
  /** Wait before the next attempt, jitter and Retry-After already applied (by an activity). */
  delayMs: number;
}

export type AttemptOutcome = 'DELIVERED' | 'RETRY' | 'GONE' | 'ABANDONED';

export interface AttemptInput {
  deliveryId: string;
  attempt: number;
  /** Workflow time of the attempt (ISO): what the records and the five-day rule count with. */
  now: string;
}

export interface AttemptResult {
  outcome: AttemptOutcome;
  responseCode: number | null;
  error: string | null;
  retryAfterMs: number | null;
  /** Wait before the next attempt; null when this was the last one (or no retry follows). */
  nextDelayMs: number | null;
}

export interface ExhaustInput {
  deliveryId: string;
  now: string;
}

export interface ExhaustResult {
  failed: boolean;
  subscriptionPaused: boolean;
}

export interface RetryResult {
  outcome: AttemptOutcome | 'EXHAUSTED';
  attempts: number;
  subscriptionPaused: boolean;
}

export interface RetryStatus {
  deliveryId: string;
  phase: 'waiting' | 'sending' | 'done';
  /** The last attempt made (1 is the dispatcher's). */
  attempt: number;
  nextAttemptAt: string | null;
  lastOutcome: AttemptOutcome | 'EXHAUSTED';
  lastResponseCode: number | null;
  lastError: string | null;
}

export const retryStatusQuery = defineQuery<RetryStatus>('status');
