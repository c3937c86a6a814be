// The answers idempotency keys keep (api/middleware/idempotency.ts, docs/api/idempotency.md): which
// outcomes are stored (the request was carried out) and which release the key, the body as the text
// Koa sends, the headers a replay repeats, and the sealing of stored bodies at rest (SECURITY.md).
// The middleware claims, stores and replays with these; the table's queries stay beside it.
export { sealedAnswers, type AnswerSeal } from '../../domain/idempotency/answer-seal.ts';
import type { AppContext } from '../context.ts';

/** Response headers a replay repeats (lower case); the rest (request id, rate limits...) are the replay's own. */
export const REPLAYED_HEADERS = ['content-type', 'location', 'retry-after'];

/** Statuses that say the request was not carried out: not stored, the key is released. */
const NOT_CARRIED_OUT = new Set([401, 403, 408, 429]);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body Koa is about to send, as text; undefined when it cannot be stored (a stream, binary bytes). */
export function responseText(body: unknown): string | null | undefined {
  if (body === null || body === undefined) return null;
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) {
    try {
      return utf8.decode(body);
    } catch {
      return undefined;
    }
  }
  if (typeof (body as { pipe?: unknown }).pipe === 'function' || body instanceof ReadableStream || body instanceof Blob)
    return undefined;
  return JSON.stringify(body); // what Koa sends for an object
}

export function carriedOut(ctx: AppContext): boolean {
  if (ctx.status >= 500 || NOT_CARRIED_OUT.has(ctx.status)) return false;
  return (ctx.body as { type?: unknown } | null)?.type !== 'ValidationIssue';
}
