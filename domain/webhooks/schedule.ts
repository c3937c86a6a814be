// The retry schedule of a webhook delivery, as pure rules: eight attempts in all, the first by the
// dispatcher, each later one a fixed delay (±10% jitter) after the previous, unless the receiver
// asked for a wait with Retry-After (honoured as given, capped like send.ts caps it).
import { MAX_RETRY_AFTER_MS } from './send.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before attempt n+2 (index n): after attempt 1 wait 5 s, after attempt 2 wait 5 min, ... */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const JITTER = 0.1;

/** The smallest and largest delay after `attempt` (1-based) when the receiver set no Retry-After. */
export function delayBounds(attempt: number): { min: number; max: number } | null {
  const base = RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return null;
  return { min: Math.round(base * (1 - JITTER)), max: Math.round(base * (1 + JITTER)) };
}

/**
 * How long to wait after failed attempt `attempt` (1-based) before the next one, or null when it
 * was the last. `random` is a number in [0, 1) (the caller owns randomness, so this stays pure).
 */
export function nextDelayMs(attempt: number, retryAfterMs: number | null, random: number): number | null {
  const bounds = delayBounds(attempt);
  if (!bounds) return null;
  if (retryAfterMs !== null && Number.isFinite(retryAfterMs) && retryAfterMs >= 0)
    return Math.min(Math.round(retryAfterMs), MAX_RETRY_AFTER_MS);
  const r = Math.min(Math.max(random, 0), 1);
  return Math.round(bounds.min + (bounds.max - bounds.min) * r);
}
