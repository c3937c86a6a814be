// The benchmark's client of the cluster: every POST carries an Idempotency-Key, and a request that
// fails the way a dying replica or a restarting dependency fails (no answer, 5xx, 429, 409 while
// the first try with the key is in flight) is retried with the same key through the load
// balancer, which sends it to the replica that is ready. Accepted writes are recorded so the
// audit can look for each one afterwards.
import { randomUUID } from 'node:crypto';
import { sleep } from './harness.ts';
import type { Op, Send } from './mixed-load.ts';

export interface AcceptedWrites {
  /** Emails of contacts the API answered 200/201 for. */
  contacts: Set<string>;
  /** external_event_id of events answered 202. */
  events: Set<string>;
  /** Contact ids whose enrollment was answered 201 or 202. */
  enrollments: Set<string>;
}

export interface ClusterClient {
  send: Send;
  accepted: AcceptedWrites;
  /** Requests that needed more than one try, and the tries beyond the first. */
  retried(): { requests: number; tries: number };
  /**
   * Enrollments answered 409 "already runs" on a retry: an earlier try created the sequence, but
   * its answer was lost (its replica died, or it failed after the commit and released the key).
   */
  conflictsAfterRetry(): number;
}

const RETRYABLE = new Set([429, 500, 502, 503, 504]);

/** 409 for a key whose first request is still in flight (retry), as opposed to a conflict of the operation itself. */
function keyInFlight(status: number, text: string): boolean {
  if (status !== 409) return false;
  try {
    return (JSON.parse(text) as { data?: { header?: string } }).data?.header === 'Idempotency-Key';
  } catch {
    return false;
  }
}
/** How long a client keeps retrying one operation before it reports an error. */
const GIVE_UP_MS = 120_000;
const ATTEMPT_TIMEOUT_MS = 30_000;

export function clusterClient(base: string, headers: Record<string, string>): ClusterClient {
  const accepted: AcceptedWrites = { contacts: new Set(), events: new Set(), enrollments: new Set() };
  let retriedRequests = 0;
  let extraTries = 0;
  let conflicts = 0;
  const record = (op: Op, status: number, body: unknown) => {
    const fields = body as Record<string, string>;
    if (op.name === 'POST /v1/contacts' && (status === 200 || status === 201)) accepted.contacts.add(fields.email);
    if (op.name === 'POST /v1/events' && status === 202) accepted.events.add(fields.external_event_id);
    if (op.name === 'POST /v1/sequences' && (status === 201 || status === 202))
      accepted.enrollments.add(fields.contact_id);
  };
  const send: Send = async (op, { method, path, body }) => {
    const requestHeaders = method === 'POST' ? { ...headers, 'idempotency-key': randomUUID() } : headers;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const deadline = Date.now() + GIVE_UP_MS;
    let last = { status: 0, text: 'no attempt' };
    for (let attempt = 0; ; attempt++) {
      if (attempt === 1) retriedRequests++;
      if (attempt > 0) extraTries++;
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: requestHeaders,
          body: payload,
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        last = { status: response.status, text: await response.text() };
        if (!RETRYABLE.has(last.status) && !keyInFlight(last.status, last.text)) {
          record(op, last.status, body);
          if (attempt > 0 && last.status === 409 && path === '/v1/sequences') conflicts++;
          return last;
        }
      } catch (error) {
        last = { status: 0, text: String(error) };
      }
      if (Date.now() > deadline) return last;
      await sleep(Math.min(2000, 200 * 2 ** Math.min(attempt, 4)));
    }
  };
  return {
    send,
    accepted,
    retried: () => ({ requests: retriedRequests, tries: extraTries }),
    conflictsAfterRetry: () => conflicts,
  };
}
