// The rate limiter's local logic (api/rate-limiter.ts) on an in-memory store and a fake clock:
// chunked leases, adaptation, refunds, refusal without store round trips, fail-open.
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { MAX_CHUNK, RateLimiter, type LeaseGrant, type RateLimitStore } from '../../api/rate-limiter.ts';
import { loadConfig } from '../../config.ts';

/** The PostgreSQL store's semantics in memory: fixed windows of the fake clock, never more than the limit leased per window. */
class MemoryStore implements RateLimitStore {
  readonly rows = new Map<string, { windowStart: number; used: number }>();
  readonly leases: { bucket: string; want: number }[] = [];
  failing = false;
  private readonly clock: () => number;

  constructor(clock: () => number) {
    this.clock = clock;
  }

  async lease(bucket: string, want: number, limit: number, windowMs: number): Promise<LeaseGrant> {
    if (this.failing) throw new Error('connection refused');
    this.leases.push({ bucket, want });
    const now = this.clock();
    const windowStart = now - (now % windowMs);
    let row = this.rows.get(bucket);
    if (!row || row.windowStart < windowStart) {
      row = { windowStart, used: 0 };
      this.rows.set(bucket, row);
    }
    const granted = Math.min(want, Math.max(0, limit - row.used));
    row.used += granted;
    return { granted, used: row.used, windowStart, resetInMs: windowStart + windowMs - now };
  }
}

describe('RateLimiter', () => {
  const logger = pino({ level: 'silent' });
  let now: number;
  let store: MemoryStore;
  const limiter = (limits: { perKey?: number; perOrg?: number; enrichmentPerOrg?: number; windowMs?: number } = {}) =>
    new RateLimiter({
      store,
      logger,
      now: () => now,
      windowMs: 60_000,
      perKey: 1000,
      perOrg: 1000,
      enrichmentPerOrg: 100,
      ...limits,
    });

  beforeEach(() => {
    now = 1_800_000_000_000; // a window boundary for 60 s windows
    store = new MemoryStore(() => now);
  });

  it('when a busy key makes requests, then it leases growing chunks (at most 10% of the limit) instead of one query per request', async () => {
    const rl = limiter({ perKey: 10_000, perOrg: 100_000 });
    for (let i = 0; i < 5000; i++) {
      const decision = await rl.check('k', 'o', false);
      assert.equal(decision.allowed, true);
      now += 1; // 1000 requests per second
    }
    const keyLeases = store.leases.filter((l) => l.bucket === 'key:k');
    assert.equal(keyLeases[0].want, 100, 'the first lease is 1% of the limit');
    assert.ok(
      keyLeases.every((l) => l.want <= 1000),
      'no lease above 10% of the limit',
    );
    assert.ok(
      keyLeases.some((l) => l.want === 1000),
      'busy traffic reaches the largest chunk',
    );
    assert.ok(store.leases.length < 40, `${store.leases.length} leases for 5000 requests`);
  });

  it('when the limit is huge, then no lease exceeds MAX_CHUNK', async () => {
    const rl = limiter({ perKey: 1_000_000_000, perOrg: 1_000_000_000 });
    for (let i = 0; i < 20_000; i++) await rl.check('k', 'o', false);
    assert.ok(store.leases.every((l) => l.want <= MAX_CHUNK));
  });

  it('when requests exceed the limit, then exactly the limit is admitted and the refusals ask the store nothing', async () => {
    const rl = limiter({ perKey: 50 });
    let admitted = 0;
    for (let i = 0; i < 200; i++) if ((await rl.check('k', 'o', false)).allowed) admitted++;
    assert.equal(admitted, 50);
    const leasesAfterExhaustion = store.leases.length;
    for (let i = 0; i < 100; i++) assert.equal((await rl.check('k', 'o', false)).allowed, false);
    assert.equal(store.leases.length, leasesAfterExhaustion);
  });

  it('when a budget refuses, then the tokens taken from the other budgets go back', async () => {
    const rl = limiter({ perKey: 1000, perOrg: 1000, enrichmentPerOrg: 2 });
    for (let i = 0; i < 2; i++) assert.equal((await rl.check('k', 'o', true)).allowed, true);
    const refused = await rl.check('k', 'o', true);
    assert.deepEqual([refused.allowed, refused.scope, refused.limit, refused.remaining], [false, 'enrichment', 2, 0]);
    for (let i = 0; i < 10; i++) assert.equal((await rl.check('k', 'o', true)).allowed, false);
    const plain = await rl.check('k', 'o', false);
    // 2 admitted + this one: the refusals spent nothing of the key's or the organization's budgets.
    assert.deepEqual([plain.allowed, plain.limit, plain.remaining], [true, 1000, 997]);
  });

  it('when the window passes, then unspent tokens are dropped and the budget is full again', async () => {
    const rl = limiter({ perKey: 3 });
    for (let i = 0; i < 3; i++) assert.equal((await rl.check('k', 'o', false)).allowed, true);
    const refused = await rl.check('k', 'o', false);
    assert.equal(refused.allowed, false);
    assert.equal(refused.resetSeconds, 60);
    now += 30_000;
    assert.equal((await rl.check('k', 'o', false)).resetSeconds, 30);
    now += 30_000;
    const fresh = await rl.check('k', 'o', false);
    assert.deepEqual([fresh.allowed, fresh.remaining], [true, 2]);
  });

  it('when the store fails, then the replica counts locally, logs, and returns to the store once it answers', async () => {
    const errors: string[] = [];
    const rl = new RateLimiter({
      store,
      now: () => now,
      windowMs: 60_000,
      perKey: 3,
      perOrg: 1000,
      enrichmentPerOrg: 100,
      retryAfterFailureMs: 1000,
      logger: {
        error: (_: unknown, message: string) => errors.push(message),
        warn: () => {},
      } as unknown as pino.Logger,
    });
    store.failing = true;
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await rl.check('k', 'o', false));
    assert.deepEqual(
      decisions.map((d) => d.allowed),
      [true, true, true, false],
    );
    assert.equal(errors.length, 1);
    store.failing = false;
    now += 60_000; // a new window, and the retry pause is over
    assert.equal((await rl.check('k', 'o', false)).allowed, true);
    assert.ok(store.leases.length > 0, 'the store is asked again');
  });

  it('when hundreds of requests race for a small budget, then exactly the limit is admitted, none by giving up', async () => {
    const warnings: string[] = [];
    const rl = new RateLimiter({
      store,
      now: () => now,
      windowMs: 60_000,
      perKey: 100,
      perOrg: 1000,
      enrichmentPerOrg: 100,
      logger: {
        error: () => {},
        warn: (_: unknown, message: string) => warnings.push(message),
      } as unknown as pino.Logger,
    });
    const decisions = await Promise.all(Array.from({ length: 500 }, () => rl.check('k', 'o', false)));
    assert.equal(decisions.filter((d) => d.allowed).length, 100);
    assert.deepEqual(warnings, []);
  });

  it('when the environment is empty, then limiting is on with the documented defaults; bad values are refused', () => {
    const config = loadConfig({});
    assert.deepEqual(
      [
        config.rateLimitEnabled,
        config.rateLimitWindowMs,
        config.rateLimitPerKey,
        config.rateLimitPerOrg,
        config.rateLimitEnrichmentPerOrg,
      ],
      [true, 60_000, 1200, 3000, 120],
    );
    assert.equal(loadConfig({ RATE_LIMIT_ENABLED: 'false' }).rateLimitEnabled, false);
    assert.throws(() => loadConfig({ RATE_LIMIT_PER_KEY: '0' }), /RATE_LIMIT_PER_KEY/);
    assert.throws(() => limiter({ perOrg: 3_000_000_000 }), /perOrg/);
  });

  it('when many requests of one budget need a lease at once, then they share one', async () => {
    const rl = limiter({ perKey: 10_000, perOrg: 10_000 });
    const decisions = await Promise.all(Array.from({ length: 50 }, () => rl.check('k', 'o', false)));
    assert.ok(decisions.every((d) => d.allowed));
    assert.ok(store.leases.length <= 10, `${store.leases.length} leases`);
  });
});
