// The fetch the client sends through: every POST carries an Idempotency-Key, made once per call
// and sent unchanged on each retry, so a retried create or enrollment runs at most once; answers
// that say the request was not carried out, and network failures, are retried.
//
// Retried: a network error (fetch rejects with a TypeError; an abort is not retried), 429 with
// Retry-After, 503 (after Retry-After, else a backoff), and 409 with Retry-After on a request with
// an Idempotency-Key (the key's first request is still running: the retry gets its answer). A wait
// longer than maxDelayMs is not taken: that answer is returned as it is.
import { randomUUID } from 'node:crypto';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface RetryOptions {
  /** Attempts in all, the first included (default 3; 1 turns retries off). */
  attempts?: number;
  /** Wait after the first failure when the answer names none; doubled each time, ±20% jitter (default 250 ms). */
  baseDelayMs?: number;
  /** The longest wait between two attempts (default 30 s). */
  maxDelayMs?: number;
  /** How to wait (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
}

export type FetchLike = (request: Request) => Promise<Response>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}

/** `request` with an Idempotency-Key when it is a POST without one. */
export function withIdempotencyKey(request: Request, newKey: () => string = randomUUID): Request {
  if (request.method !== 'POST' || request.headers.has(IDEMPOTENCY_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.set(IDEMPOTENCY_HEADER, newKey());
  return new Request(request, { headers });
}

/** `fetchImpl` with idempotency keys on POSTs and the retries above. */
export function retryingFetch(fetchImpl: FetchLike, options: RetryOptions = {}): FetchLike {
  const attempts = Math.max(1, options.attempts ?? 3);
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? wait;
  const backoff = (failures: number) =>
    Math.min(maxDelayMs, baseDelayMs * 2 ** (failures - 1) * (0.8 + Math.random() * 0.4));

  /** How long to wait before trying again after `response`, or undefined to return it. */
  function delayAfter(response: Response, request: Request, failures: number): number | undefined {
    const asked = retryAfterMs(response.headers.get('retry-after'));
    const inFlight = response.status === 409 && request.headers.has(IDEMPOTENCY_HEADER);
    if ((response.status === 429 || inFlight) && asked === undefined) return undefined;
    if (response.status !== 429 && response.status !== 503 && !inFlight) return undefined;
    const delay = asked ?? backoff(failures);
    return delay <= maxDelayMs ? delay : undefined;
  }

  return async (input: Request) => {
    const request = withIdempotencyKey(input);
    for (let attempt = 1; ; attempt++) {
      const last = attempt === attempts;
      let response: Response;
      try {
        // A clone per attempt: a request body can be read once.
        response = await fetchImpl(last ? request : request.clone());
      } catch (error) {
        if (last || !(error instanceof TypeError)) throw error;
        await sleep(backoff(attempt));
        continue;
      }
      const delay = last ? undefined : delayAfter(response, request, attempt);
      if (delay === undefined) return response;
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}
