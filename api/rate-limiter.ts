// Rate limiting shared by every API replica (docs/api/rate-limits.md). The truth is a counter per
// budget in PostgreSQL (`rate_limits`), counted in fixed windows of PostgreSQL's clock. A replica
// does not ask the database per request: it leases a chunk of tokens with one atomic
// INSERT ... ON CONFLICT DO UPDATE ... RETURNING and spends them locally; the store never leases
// more than the limit per window, so the cluster never admits more than the limit per window.
// Chunks adapt to traffic (1% of the limit when quiet, doubling up to 10% or MAX_CHUNK while the
// previous one lasted under a second, never more than half of what the store has left).
// When the store fails, each replica enforces the limits on its own until it answers again.
import { sql } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';

export type RateScope = 'key' | 'organization' | 'enrichment';

/** What one lease got from the shared store. */
export interface LeaseGrant {
  /** Tokens leased now (0 when the window's budget is spent). */
  granted: number;
  /** Tokens leased in this window by all replicas, this lease included. */
  used: number;
  /** Epoch ms at which the store's window began. */
  windowStart: number;
  /** Milliseconds from the moment the store ran the lease until the window ends. */
  resetInMs: number;
}

export interface RateLimitStore {
  lease(bucket: string, want: number, limit: number, windowMs: number): Promise<LeaseGrant>;
}

/** The store on our own table, one statement per lease; windows follow PostgreSQL's clock, so replicas agree. */
export class PostgresRateLimitStore implements RateLimitStore {
  private readonly orm: MikroORM;

  constructor(orm: MikroORM) {
    this.orm = orm;
  }

  async lease(bucket: string, want: number, limit: number, windowMs: number): Promise<LeaseGrant> {
    // `granted` is computed from the row's old values inside the row lock, so concurrent leases
    // from several replicas serialise and each reads back its own grant.
    // SQL: an upsert whose SET branches (CASE) on the old row against EXCLUDED, with window arithmetic on
    // PostgreSQL's clock; the builder would only wrap the same fragments.
    const nowMs = sql`(floor(extract(epoch from now()) * 1000))::bigint`;
    const grant = sql`least(${want}::int, greatest(${limit}::int - r.used, 0))`;
    const { rows } = await sql<{
      granted: number;
      used: number;
      window_start: string | number;
      reset_in_ms: string | number;
    }>`
      insert into rate_limits as r (bucket, window_start, used, granted)
      values (${bucket}, (${nowMs} / ${windowMs}::bigint) * ${windowMs}::bigint, least(${want}::int, ${limit}::int), least(${want}::int, ${limit}::int))
      on conflict (bucket) do update set
        granted = case when r.window_start = excluded.window_start then ${grant}
                       when r.window_start < excluded.window_start then excluded.granted
                       else 0 end,
        used = case when r.window_start = excluded.window_start then r.used + ${grant}
                    when r.window_start < excluded.window_start then excluded.used
                    else r.used end,
        window_start = greatest(r.window_start, excluded.window_start)
      returning r.granted, r.used, r.window_start, r.window_start + ${windowMs}::bigint - ${nowMs} as reset_in_ms`.execute(
      this.orm.em.fork().getKysely(),
    );
    const row = rows[0];
    return {
      granted: row.granted,
      used: row.used,
      windowStart: Number(row.window_start),
      resetInMs: Number(row.reset_in_ms),
    };
  }
}

export interface RateLimits {
  windowMs: number;
  perKey: number;
  perOrg: number;
  enrichmentPerOrg: number;
}

export interface RateLimiterOptions extends RateLimits {
  store: RateLimitStore;
  logger: Logger;
  /** A lease slower than this counts as a store failure (default 1000 ms). */
  leaseTimeoutMs?: number;
  /** After a store failure, how long a budget is served locally before the store is tried again (default 1000 ms). */
  retryAfterFailureMs?: number;
  now?: () => number;
}

/** The outcome of one request's check; the numbers are those of the refusing budget, else of the tightest. */
export interface RateDecision {
  allowed: boolean;
  scope: RateScope;
  limit: number;
  remaining: number;
  /** Whole seconds until that budget's window resets (at least 1). */
  resetSeconds: number;
}

/** Largest limit (and window in ms) the integer counters hold. */
export const MAX_LIMIT = 2_000_000_000;
/** Largest chunk one replica leases at once, whatever the limit. */
export const MAX_CHUNK = 1000;
/** Chunks grow while each lasted less than this, and shrink when one lasted more than SLOW_LEASE_MS. */
const FAST_LEASE_MS = 1000;
const SLOW_LEASE_MS = 5000;
/** Local buckets are pruned (expired ones dropped) above this many. */
const MAX_BUCKETS = 100_000;
/**
 * A request that loses the freshly leased tokens to concurrent requests leases again; chunks double
 * meanwhile, so a few rounds serve thousands of waiters. This cap only guards against a store that
 * keeps answering nonsense: past it, the request is admitted (fail open) and a warning logged.
 */
const MAX_LEASES_PER_REQUEST = 64;
const FAILURE_LOG_INTERVAL_MS = 10_000;

interface Bucket {
  id: string;
  scope: RateScope;
  limit: number;
  minChunk: number;
  maxChunk: number;
  chunk: number;
  /** Leased from the store for the current window, not yet spent. */
  tokens: number;
  /** The store's `used` as last seen in the current window. */
  used: number;
  windowStart: number;
  /** Local time at which leased tokens expire (the window's end, estimated early rather than late). */
  resetAt: number;
  lastLeaseAt: number;
  pending: Promise<void> | null;
  /** Until then the store is not asked; requests are counted locally (fail open). */
  storeDownUntil: number;
  localWindow: number;
  localAdmitted: number;
}

/** Outcomes of taking a token from one budget. */
const Take = { Taken: 0, Exhausted: 1, NeedLease: 2 } as const;
type Take = (typeof Take)[keyof typeof Take];

interface Taken {
  bucket: Bucket;
  local: boolean;
  resetAt: number;
}

export class RateLimiter {
  readonly limits: RateLimits;
  private readonly store: RateLimitStore;
  private readonly logger: Logger;
  private readonly leaseTimeoutMs: number;
  private readonly retryAfterFailureMs: number;
  private readonly now: () => number;
  private readonly buckets = new Map<string, Bucket>();
  private lastFailureLog = -Infinity;

  constructor(options: RateLimiterOptions) {
    this.limits = {
      windowMs: options.windowMs,
      perKey: options.perKey,
      perOrg: options.perOrg,
      enrichmentPerOrg: options.enrichmentPerOrg,
    };
    for (const [name, limit] of Object.entries(this.limits)) {
      // The counters are PostgreSQL integers.
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
        throw new Error(`rate limit ${name} must be an integer from 1 to ${MAX_LIMIT}, got ${limit}`);
    }
    this.store = options.store;
    this.logger = options.logger;
    this.leaseTimeoutMs = options.leaseTimeoutMs ?? 1000;
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 1000;
    // Monotonic (wall-clock based at start): a clock step does not stretch or cut a leased window.
    // timeOrigin read once: its getter costs more than performance.now() itself.
    const origin = performance.timeOrigin;
    this.now = options.now ?? (() => origin + performance.now());
  }

  /** Spends one token of the key's, the organization's and (for enrichment routes) the enrichment budget; refused ones spend none. */
  check(keyId: string, organizationId: string, enrichment: boolean): RateDecision | Promise<RateDecision> {
    const buckets = [
      this.bucket('key', keyId, this.limits.perKey),
      this.bucket('organization', organizationId, this.limits.perOrg),
    ];
    if (enrichment) buckets.push(this.bucket('enrichment', organizationId, this.limits.enrichmentPerOrg));
    const taken: Taken[] = [];
    const now = this.now();
    for (let i = 0; i < buckets.length; i++) {
      const outcome = this.take(buckets[i], now, taken);
      if (outcome === Take.Exhausted) return this.refuse(buckets[i], now, taken);
      if (outcome === Take.NeedLease) return this.checkSlowly(buckets, i, taken);
    }
    return this.admit(buckets, now);
  }

  private async checkSlowly(buckets: Bucket[], from: number, taken: Taken[]): Promise<RateDecision> {
    // Lease every budget that needs it at once: one round trip, not one per budget.
    const start = this.now();
    const needing = buckets
      .slice(from)
      .filter((b) => b.tokens === 0 && start >= b.storeDownUntil && !(b.used >= b.limit && start < b.resetAt));
    if (needing.length > 1) await Promise.all(needing.map((b) => this.lease(b)));
    for (let i = from; i < buckets.length; i++) {
      for (let leases = 0; ; leases++) {
        const now = this.now();
        const outcome = this.take(buckets[i], now, taken);
        if (outcome === Take.Taken) break;
        if (outcome === Take.Exhausted) return this.refuse(buckets[i], now, taken);
        if (leases >= MAX_LEASES_PER_REQUEST) {
          this.logger.warn(
            { bucket: buckets[i].id },
            'rate limit: leased tokens kept going to concurrent requests; admitting',
          );
          break;
        }
        await this.lease(buckets[i]);
      }
    }
    return this.admit(buckets, this.now());
  }

  private bucket(scope: RateScope, id: string, limit: number): Bucket {
    const key = `${scope}:${id}`;
    let bucket = this.buckets.get(key);
    if (bucket && bucket.limit === limit) return bucket;
    if (this.buckets.size >= MAX_BUCKETS) this.prune();
    const maxChunk = Math.max(1, Math.min(MAX_CHUNK, Math.floor(limit / 10)));
    const minChunk = Math.max(1, Math.min(maxChunk, Math.floor(limit / 100)));
    bucket = {
      id: key,
      scope,
      limit,
      minChunk,
      maxChunk,
      chunk: minChunk,
      tokens: 0,
      used: 0,
      windowStart: -1,
      resetAt: 0,
      lastLeaseAt: -Infinity,
      pending: null,
      storeDownUntil: 0,
      localWindow: -1,
      localAdmitted: 0,
    };
    this.buckets.set(key, bucket);
    return bucket;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) {
      if (!bucket.pending && now >= bucket.resetAt && now >= bucket.storeDownUntil) this.buckets.delete(key);
    }
    if (this.buckets.size >= MAX_BUCKETS) this.buckets.clear();
  }

  private take(bucket: Bucket, now: number, taken: Taken[]): Take {
    if (now >= bucket.resetAt) {
      // The window is over (locally): unspent tokens belonged to it and are dropped.
      bucket.tokens = 0;
      bucket.used = 0;
    }
    if (bucket.tokens > 0) {
      bucket.tokens--;
      taken.push({ bucket, local: false, resetAt: bucket.resetAt });
      return Take.Taken;
    }
    if (now < bucket.storeDownUntil) {
      const window = Math.floor(now / this.limits.windowMs);
      if (bucket.localWindow !== window) {
        bucket.localWindow = window;
        bucket.localAdmitted = 0;
      }
      if (bucket.localAdmitted >= bucket.limit) return Take.Exhausted;
      bucket.localAdmitted++;
      taken.push({ bucket, local: true, resetAt: bucket.resetAt });
      return Take.Taken;
    }
    if (bucket.used >= bucket.limit) return Take.Exhausted;
    return Take.NeedLease;
  }

  /** One lease per budget at a time: concurrent requests wait for the same one. Never rejects. */
  private lease(bucket: Bucket): Promise<void> {
    bucket.pending ??= this.runLease(bucket).finally(() => {
      bucket.pending = null;
    });
    return bucket.pending;
  }

  private async runLease(bucket: Bucket): Promise<void> {
    const started = this.now();
    const since = started - bucket.lastLeaseAt;
    if (since < FAST_LEASE_MS) bucket.chunk = Math.min(bucket.maxChunk, bucket.chunk * 2);
    else if (since > SLOW_LEASE_MS) bucket.chunk = Math.max(bucket.minChunk, Math.floor(bucket.chunk / 2));
    bucket.lastLeaseAt = started;
    const left = started < bucket.resetAt ? bucket.limit - bucket.used : bucket.limit;
    const want = Math.max(1, Math.min(bucket.chunk, Math.ceil(left / 2)));
    let grant: LeaseGrant;
    try {
      grant = await this.withTimeout(this.store.lease(bucket.id, want, bucket.limit, this.limits.windowMs));
    } catch (error) {
      bucket.storeDownUntil = this.now() + this.retryAfterFailureMs;
      const now = this.now();
      if (now - this.lastFailureLog >= FAILURE_LOG_INTERVAL_MS) {
        this.lastFailureLog = now;
        this.logger.error(
          { err: error },
          'rate limit store unavailable: each replica enforces the limits on its own until it answers',
        );
      }
      return;
    }
    if (grant.windowStart !== bucket.windowStart) {
      bucket.windowStart = grant.windowStart;
      bucket.tokens = 0;
      bucket.used = 0;
    }
    // Measured from before the statement was sent: the local deadline falls before the store's.
    bucket.resetAt = started + grant.resetInMs;
    bucket.tokens += grant.granted;
    bucket.used = Math.max(bucket.used, grant.used, grant.granted === 0 ? bucket.limit : 0);
    bucket.storeDownUntil = 0;
  }

  private withTimeout<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`rate limit lease took longer than ${this.leaseTimeoutMs} ms`)),
        this.leaseTimeoutMs,
      );
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  private refuse(bucket: Bucket, now: number, taken: Taken[]): RateDecision {
    // Tokens already taken from the other budgets go back: a refused request spends nothing.
    for (const t of taken) {
      if (t.local) t.bucket.localAdmitted = Math.max(0, t.bucket.localAdmitted - 1);
      else if (t.resetAt === t.bucket.resetAt && now < t.resetAt) t.bucket.tokens++;
    }
    return {
      allowed: false,
      scope: bucket.scope,
      limit: bucket.limit,
      remaining: 0,
      resetSeconds: this.resetSeconds(bucket, now),
    };
  }

  private admit(buckets: Bucket[], now: number): RateDecision {
    let tightest = buckets[0];
    let least = this.remaining(tightest, now);
    for (let i = 1; i < buckets.length; i++) {
      const remaining = this.remaining(buckets[i], now);
      if (remaining < least || (remaining === least && buckets[i].limit < tightest.limit)) {
        tightest = buckets[i];
        least = remaining;
      }
    }
    return {
      allowed: true,
      scope: tightest.scope,
      limit: tightest.limit,
      remaining: least,
      resetSeconds: this.resetSeconds(tightest, now),
    };
  }

  /** What is left cluster-wide as this replica knows it: not yet leased by anyone, plus its own unspent tokens. */
  private remaining(bucket: Bucket, now: number): number {
    if (now < bucket.storeDownUntil) {
      const admitted = bucket.localWindow === Math.floor(now / this.limits.windowMs) ? bucket.localAdmitted : 0;
      return Math.max(0, bucket.limit - admitted) + bucket.tokens;
    }
    return Math.max(0, bucket.limit - bucket.used) + bucket.tokens;
  }

  private resetSeconds(bucket: Bucket, now: number): number {
    const resetAt =
      now < bucket.resetAt ? bucket.resetAt : (Math.floor(now / this.limits.windowMs) + 1) * this.limits.windowMs;
    return Math.max(1, Math.ceil((resetAt - now) / 1000));
  }
}
