// Rate limits (docs/api/rate-limits.md): apps of this file's own, with tiny budgets, on the stack's
// database (the shared store), plus the stack's own API for the wiring of api/server.ts and the
// OpenAPI document. Budgets are fresh per test: every test makes its own organization and keys.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino, type Logger } from 'pino';
import {
  PostgresRateLimitStore,
  RateLimiter,
  type LeaseGrant,
  type RateLimits,
  type RateLimitStore,
} from '../../api/rate-limiter.ts';
import { openOrm } from '../../db/orm.ts';
import { client, type ApiResponse } from '../helpers/http.ts';
import { newKey, newOrg, sleep } from '../helpers/fixtures.ts';
import { startReplica, type Replica } from '../helpers/replica.ts';
import { getStack, type Stack } from '../helpers/stack.ts';
import { freePort } from '../../scripts/local-stack.ts';

const HOUR = 3_600_000;
const silent = pino({ level: 'silent' });

/** Waits, when needed, until the current fixed window has at least `margin` ms left. */
async function awayFromWindowEnd(windowMs: number, margin: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < margin) await sleep(left + 50);
}

function rateHeaders(response: ApiResponse) {
  const value = (name: string) => {
    const raw = response.headers.get(name);
    return raw === null ? null : Number(raw);
  };
  return {
    limit: value('X-RateLimit-Limit'),
    remaining: value('X-RateLimit-Remaining'),
    reset: value('X-RateLimit-Reset'),
  };
}

describe('rate limits', () => {
  let stack: Stack;
  const replicas: Replica[] = [];

  before(async () => {
    stack = await getStack();
  });

  after(async () => {
    for (const replica of replicas) await replica.close();
  });

  /** An API replica of its own (createApp + listen) with these budgets, on the stack's database. */
  async function replica(
    limits: Partial<RateLimits>,
    options: { store?: RateLimitStore; logger?: Logger; leaseTimeoutMs?: number } = {},
  ) {
    const logger = options.logger ?? silent;
    const limiter = new RateLimiter({
      store: options.store ?? new PostgresRateLimitStore(stack.orm),
      logger,
      leaseTimeoutMs: options.leaseTimeoutMs,
      windowMs: HOUR,
      perKey: 1000,
      perOrg: 1000,
      enrichmentPerOrg: 1000,
      ...limits,
    });
    const started = await startReplica(stack, { logger, keyTtlMs: 60_000, limiter });
    replicas.push(started);
    return { api: started.api, limiter };
  }

  it('when the stack API answers a key, then it sends the configured limits (api/server.ts wires the limiter)', async () => {
    const org = await newOrg(stack);
    const response = await client(stack.url).get('/v1/me', { key: org.apiKey });
    assert.equal(response.status, 200);
    assert.equal(rateHeaders(response).limit, stack.config.rateLimitPerKey);
  });

  it('when a key makes requests, then every answer carries the headers and Remaining decreases by one', async () => {
    await awayFromWindowEnd(HOUR, 60_000);
    const { api } = await replica({ perKey: 5 });
    const org = await newOrg(stack);
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const response = await api.get('/v1/me', { key: org.apiKey });
      assert.equal(response.status, 200);
      seen.push(rateHeaders(response));
    }
    assert.deepEqual(
      seen.map((h) => [h.limit, h.remaining]),
      [
        [5, 4],
        [5, 3],
        [5, 2],
      ],
    );
    for (const h of seen) assert.ok(Number.isInteger(h.reset) && h.reset! >= 1 && h.reset! <= 3600, `reset ${h.reset}`);
  });

  it('when a budget is spent, then 429 RateLimitIssue with Retry-After, and errors, 404 and 405 carry the headers too', async () => {
    await awayFromWindowEnd(HOUR, 60_000);
    const { api } = await replica({ perKey: 4 });
    const org = await newOrg(stack);
    const key = org.apiKey;
    const invalid = await api.post('/v1/contacts', { key, body: {} });
    assert.equal(invalid.status, 400);
    assert.deepEqual(rateHeaders(invalid), { limit: 4, remaining: 3, reset: rateHeaders(invalid).reset });
    const unknown = await api.get('/v1/no-such-route', { key });
    assert.equal(unknown.status, 404);
    assert.equal(rateHeaders(unknown).remaining, 2);
    const wrongMethod = await api.call('PUT', '/v1/me', { key });
    assert.equal(wrongMethod.status, 405);
    assert.equal(rateHeaders(wrongMethod).remaining, 1);
    assert.equal((await api.get('/v1/me', { key })).status, 200);

    const refused = await api.get('/v1/me', { key });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.type, 'RateLimitIssue');
    assert.equal(refused.body.status_code, 429);
    assert.deepEqual(refused.body.data, { limit: 4, window_seconds: 3600, scope: 'key' });
    assert.ok(refused.body.request_id);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
    assert.deepEqual(rateHeaders(refused), { limit: 4, remaining: 0, reset: retryAfter });
    // Refused requests spend nothing, and a request without a valid key is neither counted nor labelled.
    assert.equal((await api.get('/v1/me', { key })).status, 429);
    const anonymous = await api.get('/v1/me');
    assert.equal(anonymous.status, 401);
    assert.deepEqual(rateHeaders(anonymous), { limit: null, remaining: null, reset: null });
  });

  it("when two keys of one organization make requests, then each has its own budget and both spend the organization's", async () => {
    await awayFromWindowEnd(HOUR, 60_000);
    const { api } = await replica({ perKey: 5, perOrg: 8 });
    const org = await newOrg(stack);
    const second = await newKey(stack, org.organizationId, ['contacts:read']);
    for (let i = 0; i < 5; i++) assert.equal((await api.get('/v1/me', { key: org.apiKey })).status, 200);
    const keySpent = await api.get('/v1/me', { key: org.apiKey });
    assert.equal(keySpent.status, 429);
    assert.equal(keySpent.body.data.scope, 'key');

    // The second key's own budget is full, the organization's has 3 left: the tighter one is in the headers.
    const first = await api.get('/v1/me', { key: second.api_key });
    assert.equal(first.status, 200);
    assert.deepEqual([rateHeaders(first).limit, rateHeaders(first).remaining], [8, 2]);
    assert.equal((await api.get('/v1/me', { key: second.api_key })).status, 200);
    assert.equal((await api.get('/v1/me', { key: second.api_key })).status, 200);
    const orgSpent = await api.get('/v1/me', { key: second.api_key });
    assert.equal(orgSpent.status, 429);
    assert.deepEqual(orgSpent.body.data, { limit: 8, window_seconds: 3600, scope: 'organization' });

    // Another organization is untouched.
    const other = await newOrg(stack);
    assert.equal((await api.get('/v1/me', { key: other.apiKey })).status, 200);
  });

  it('when enrichment routes are called, then they spend a lower, separate enrichment budget of the organization', async () => {
    await awayFromWindowEnd(HOUR, 60_000);
    const { api } = await replica({ perKey: 100, perOrg: 100, enrichmentPerOrg: 3 });
    const org = await newOrg(stack);
    const key = org.apiKey;
    // Invalid bodies: the limit applies before validation, and no credit is spent.
    const remaining = [];
    for (let i = 0; i < 2; i++) {
      const response = await api.post('/v1/contacts/enrich', { key, body: {} });
      assert.equal(response.status, 400);
      assert.equal(rateHeaders(response).limit, 3);
      remaining.push(rateHeaders(response).remaining);
    }
    const third = await api.post('/v1/contacts/get-and-enrich', { key, body: {} });
    assert.equal(third.status, 400);
    remaining.push(rateHeaders(third).remaining);
    assert.deepEqual(remaining, [2, 1, 0]);

    // The path variants the router serves as these routes (case, trailing slash) are counted the same way.
    for (const path of ['/v1/contacts/enrich', '/v1/contacts/get-and-enrich', '/V1/Contacts/Enrich/']) {
      const refused = await api.post(path, { key, body: {} });
      assert.equal(refused.status, 429, path);
      assert.deepEqual(refused.body.data, { limit: 3, window_seconds: 3600, scope: 'enrichment' });
    }
    // Everything else still works, on the key's and the organization's budgets.
    const me = await api.get('/v1/me', { key });
    assert.equal(me.status, 200);
    assert.equal(rateHeaders(me).limit, 100);
    // Another organization's enrichment budget is its own.
    const other = await newOrg(stack);
    assert.equal((await api.post('/v1/contacts/enrich', { key: other.apiKey, body: {} })).status, 400);
  });

  it('when two replicas share the database, then together they never admit more than the limit in a window', async () => {
    await awayFromWindowEnd(HOUR, 60_000);
    const second: MikroORM = await openOrm({ databaseUrl: stack.databaseUrl, poolMax: 4 });
    try {
      const limits = { windowMs: HOUR, perKey: 1_000_000, perOrg: 100, enrichmentPerOrg: 10 };
      const replicas = [
        new RateLimiter({ ...limits, store: new PostgresRateLimitStore(stack.orm), logger: silent }),
        new RateLimiter({ ...limits, store: new PostgresRateLimitStore(second), logger: silent }),
      ];
      const org = await newOrg(stack);
      // Both pools connected before the race, so neither replica starts late.
      await Promise.all(
        replicas.map((limiter) =>
          limiter.check(`warm-up-${org.organizationId}`, `warm-up-${org.organizationId}`, false),
        ),
      );
      const admitted = [0, 0];
      let refused = 0;
      // Each replica serves its own key of the organization, 20 requests at a time, 300 in all.
      await Promise.all(
        replicas.flatMap((limiter, r) =>
          Array.from({ length: 20 }, async () => {
            for (let i = 0; i < 15; i++) {
              const decision = await limiter.check(`replica-${r}-key-${org.organizationId}`, org.organizationId, false);
              if (decision.allowed) admitted[r]++;
              else refused++;
            }
          }),
        ),
      );
      assert.equal(admitted[0] + admitted[1], 100, `admitted ${admitted.join(' + ')}`);
      assert.equal(refused, 500);
      const { rows } = await sql<{
        used: number;
      }>`select used from rate_limits where bucket = ${`organization:${org.organizationId}`}`.execute(
        stack.orm.em.fork().getKysely(),
      );
      assert.equal(rows[0].used, 100);
    } finally {
      await second.close();
    }
  });

  it("when two API replicas on one database answer alternately, then their 200s add up to the organization's limit", async () => {
    await awayFromWindowEnd(HOUR, 60_000);
    const a = await replica({ perOrg: 6 });
    const b = await replica({ perOrg: 6 });
    const org = await newOrg(stack);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await (i % 2 ? b : a).api.get('/v1/me', { key: org.apiKey })).status);
    assert.equal(statuses.filter((s) => s === 200).length, 6, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, 4, statuses.join(','));
  });

  it('when the window ends, then the budget is full again', async () => {
    const windowMs = 3000;
    const { api } = await replica({ windowMs, perKey: 2 });
    const org = await newOrg(stack);
    await sleep(windowMs - (Date.now() % windowMs) + 50); // the start of a window: the three calls fit in one
    assert.equal((await api.get('/v1/me', { key: org.apiKey })).status, 200);
    assert.equal((await api.get('/v1/me', { key: org.apiKey })).status, 200);
    const refused = await api.get('/v1/me', { key: org.apiKey });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.data.window_seconds, 3);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    assert.ok(retryAfter >= 1 && retryAfter <= 3, `Retry-After ${retryAfter}`);
    await sleep(retryAfter * 1000 + 100);
    const again = await api.get('/v1/me', { key: org.apiKey });
    assert.equal(again.status, 200);
    assert.deepEqual([rateHeaders(again).limit, rateHeaders(again).remaining], [2, 1]);
  });

  it('when the store fails, then requests are served (limits enforced per replica) and the failure is logged', async () => {
    await awayFromWindowEnd(HOUR, 60_000);
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    // The real store on a database nobody listens at (keys and data stay on the stack's database).
    const unreachable = await openOrm({
      databaseUrl: `postgresql://postgres@127.0.0.1:${await freePort()}/nothing`,
      poolMax: 2,
    });
    try {
      const { api } = await replica({ perKey: 3 }, { store: new PostgresRateLimitStore(unreachable), logger });
      const org = await newOrg(stack);
      for (let i = 0; i < 3; i++) {
        const response = await api.get('/v1/me', { key: org.apiKey });
        assert.equal(response.status, 200);
        assert.deepEqual([rateHeaders(response).limit, rateHeaders(response).remaining], [3, 2 - i]);
      }
      const refused = await api.get('/v1/me', { key: org.apiKey });
      assert.equal(refused.status, 429);
      assert.equal(refused.body.data.scope, 'key');
      assert.ok(
        lines.some((line) => /rate limit store unavailable/.test(line) && /ECONNREFUSED/.test(line)),
        lines.join('\n'),
      );
    } finally {
      await unreachable.close();
    }
  });

  it('when the store hangs, then a request waits at most the lease timeout and is served', async () => {
    const hanging: RateLimitStore = { lease: () => new Promise<LeaseGrant>(() => {}) };
    const { api } = await replica({}, { store: hanging, leaseTimeoutMs: 200 });
    const org = await newOrg(stack);
    const response = await api.get('/v1/me', { key: org.apiKey });
    assert.equal(response.status, 200);
    assert.equal(rateHeaders(response).limit, 1000);
  });

  it('when the OpenAPI document is read, then every authenticated operation declares the headers and a 429', async () => {
    const document = (await client(stack.url).get('/v1/openapi.json')).body;
    const headers = document.components.headers;
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'])
      assert.ok(headers[name]?.schema, name);
    let operations = 0;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      for (const [method, op] of Object.entries<any>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (Array.isArray(op.security) && op.security.length === 0) {
          assert.equal(op.responses['429'], undefined, where);
          continue;
        }
        operations++;
        assert.equal(op.responses['429']?.headers?.['Retry-After']?.$ref, '#/components/headers/Retry-After', where);
        assert.equal(op.responses['429'].content['application/json'].schema.$ref, '#/components/schemas/Error', where);
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        for (const [status, response] of Object.entries<any>(op.responses)) {
          const declared = Object.keys(response.headers ?? {});
          if (status === '401') assert.ok(!declared.includes('X-RateLimit-Limit'), `${where} ${status}`);
          else
            assert.ok(
              ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].every((h) => declared.includes(h)),
              `${where} ${status}`,
            );
        }
      }
    }
    assert.ok(operations > 50, `${operations} authenticated operations`);
    assert.equal(document.paths['/v1/contacts/enrich'].post['x-rate-limit-budget'], 'enrichment');
    assert.equal(document.paths['/v1/contacts/get-and-enrich'].post['x-rate-limit-budget'], 'enrichment');
  });
});
