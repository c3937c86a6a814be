// The TypeScript client's fetch (clients/typescript/src/retry.ts): one Idempotency-Key per POST,
// the same on every attempt with the same body, and retries only on what says the request was not
// carried out (a network error, 429 with Retry-After, 503, 409 while the key's request runs).
import assert from 'node:assert/strict';
import {
  IDEMPOTENCY_HEADER,
  retryAfterMs,
  retryingFetch,
  type FetchLike,
} from '../../../clients/typescript/src/retry.ts';

interface Seen {
  method: string;
  key: string | null;
  body: string;
}

/** A fetch answering `answers` in turn (a function throws instead), recording what it was sent. */
function scripted(answers: (Response | (() => never))[]): { fetch: FetchLike; seen: Seen[] } {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (request) => {
    seen.push({ method: request.method, key: request.headers.get(IDEMPOTENCY_HEADER), body: await request.text() });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return typeof answer === 'function' ? answer() : answer;
  };
  return { fetch, seen };
}

const json = (status: number, headers: Record<string, string> = {}) =>
  new Response('{}', { status, headers: { 'content-type': 'application/json', ...headers } });
const networkError = () => {
  throw new TypeError('fetch failed');
};
const post = (headers: Record<string, string> = {}) =>
  new Request('http://api.test/v1/contacts', { method: 'POST', body: '{"email":"ada@example.com"}', headers });

describe('TypeScript client: retrying fetch', () => {
  let waits: number[];
  const options = () => ({
    sleep: async (ms: number) => {
      waits.push(ms);
    },
    baseDelayMs: 100,
  });

  beforeEach(() => {
    waits = [];
  });

  it('when a POST fails on the network and then succeeds, then both attempts carry one generated key and the same body', async () => {
    const { fetch, seen } = scripted([networkError, json(201)]);
    const response = await retryingFetch(fetch, options())(post());
    assert.equal(response.status, 201);
    assert.equal(seen.length, 2);
    assert.match(seen[0].key ?? '', /^[0-9a-f-]{36}$/);
    assert.deepEqual(seen[1], seen[0]);
    assert.equal(seen[0].body, '{"email":"ada@example.com"}');
    assert.equal(waits.length, 1);
    assert.ok(waits[0] >= 80 && waits[0] <= 120, String(waits[0]));
  });

  it('when two POSTs are sent, then each has its own key; a key the caller set is kept', async () => {
    const { fetch, seen } = scripted([json(201), json(201), json(201)]);
    const send = retryingFetch(fetch, options());
    await send(post());
    await send(post());
    await send(post({ [IDEMPOTENCY_HEADER]: 'mine' }));
    assert.notEqual(seen[0].key, seen[1].key);
    assert.equal(seen[2].key, 'mine');
  });

  it('when a GET is sent, then it carries no key, and a 503 without Retry-After is retried after a backoff that doubles', async () => {
    const { fetch, seen } = scripted([json(503), json(503), json(200)]);
    const response = await retryingFetch(fetch, options())(new Request('http://api.test/v1/contacts'));
    assert.equal(response.status, 200);
    assert.deepEqual(
      seen.map((s) => [s.method, s.key]),
      [
        ['GET', null],
        ['GET', null],
        ['GET', null],
      ],
    );
    assert.ok(waits[0] >= 80 && waits[0] <= 120 && waits[1] >= 160 && waits[1] <= 240, String(waits));
  });

  it('when a 429 names Retry-After, then the retry waits that long; without it, the 429 is the answer', async () => {
    const retried = scripted([json(429, { 'retry-after': '2' }), json(201)]);
    assert.equal((await retryingFetch(retried.fetch, options())(post())).status, 201);
    assert.deepEqual(waits, [2000]);
    const plain = scripted([json(429)]);
    assert.equal((await retryingFetch(plain.fetch, options())(post())).status, 429);
    assert.equal(plain.seen.length, 1);
  });

  it('when a POST answers 409 with Retry-After (its key still running), then it is asked again; other 409s are answers', async () => {
    const inFlight = scripted([json(409, { 'retry-after': '1' }), json(201)]);
    assert.equal((await retryingFetch(inFlight.fetch, options())(post())).status, 201);
    assert.deepEqual(waits, [1000]);
    const conflict = scripted([json(409)]);
    assert.equal((await retryingFetch(conflict.fetch, options())(post())).status, 409);
    const got = scripted([json(409, { 'retry-after': '1' })]);
    assert.equal((await retryingFetch(got.fetch, options())(new Request('http://api.test/v1/contacts'))).status, 409);
  });

  it('when every attempt fails, then the last answer is returned, or the last network error thrown, after `attempts` tries', async () => {
    const unavailable = scripted([json(503), json(503), json(503)]);
    assert.equal((await retryingFetch(unavailable.fetch, options())(post())).status, 503);
    assert.equal(unavailable.seen.length, 3);
    const down = scripted([networkError, networkError]);
    await assert.rejects(retryingFetch(down.fetch, { ...options(), attempts: 2 })(post()), /fetch failed/);
    assert.equal(down.seen.length, 2);
  });

  it('when the wait asked is longer than maxDelayMs, or the failure is not a network error, then nothing is retried', async () => {
    const long = scripted([json(503, { 'retry-after': '3600' })]);
    assert.equal((await retryingFetch(long.fetch, { ...options(), maxDelayMs: 60_000 })(post())).status, 503);
    const aborted = scripted([
      () => {
        throw new DOMException('aborted', 'AbortError');
      },
    ]);
    await assert.rejects(retryingFetch(aborted.fetch, options())(post()), /aborted/);
    assert.equal(aborted.seen.length, 1);
    assert.deepEqual(waits, []);
  });

  it('when Retry-After is read, then seconds and HTTP dates are milliseconds, and anything else is no value', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(retryAfterMs('5', now), 5000);
    assert.equal(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now), 30_000);
    assert.equal(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now), 0);
    assert.equal(retryAfterMs('soon', now), undefined);
    assert.equal(retryAfterMs(null, now), undefined);
  });
});
