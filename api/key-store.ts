// Verifies API keys. A verified key is cached for a few seconds (KEY_CACHE_TTL_MS) so key checks
// do not dominate request time, yet a revoked key stops working, and a demoted user's key loses the
// scopes their new role withholds, within that TTL on every replica.
// last_used_at is collected in memory and written in one batched UPDATE every LAST_USED_FLUSH_MS.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { bearerToken, hashApiKey, hashesEqual, isWellFormedKey, keyPrefixOf } from '../domain/admin/api-keys.ts';
import { effectiveScopes } from '../domain/admin/roles.ts';
import type { UserRole } from '../db/entities/user.entity.ts';

export interface Principal {
  keyId: string;
  organizationId: string;
  userId: string;
  name: string;
  keyPrefix: string;
  /** What the key may do: its stored scopes that its user's role allows (domain/admin/roles.ts). */
  scopes: ReadonlySet<string>;
  createdAt: Date;
  /** last_used_at as stored; see KeyStore.lastUsedAt for the live value. */
  storedLastUsedAt: Date | null;
  expiresAt: Date | null;
}

interface KeyRow {
  id: string;
  organization_id: string;
  user_id: string;
  name: string;
  key_prefix: string;
  key_hash: string;
  scopes: string[];
  role: UserRole;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
}

interface CacheEntry {
  principal: Principal | null;
  loadedAt: number;
}

export interface KeyStoreOptions {
  ttlMs: number;
  flushMs: number;
  logger: Logger;
  now?: () => number;
}

const MAX_CACHE_ENTRIES = 10_000;
/** Unknown keys are remembered briefly too, so a flood of bad keys does not become a flood of queries. */
const NEGATIVE_TTL_MS = 1000;

export class KeyStore {
  private readonly orm: MikroORM;
  private readonly options: KeyStoreOptions;
  private readonly cache = new Map<string, CacheEntry>();
  /** The latest use of each key seen by this process; kept after a flush so reads stay live. */
  private readonly lastSeen = new Map<string, Date>();
  /** Uses not yet written to the database. */
  private readonly pendingLastUsed = new Map<string, Date>();
  private readonly timer: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(orm: MikroORM, options: KeyStoreOptions) {
    this.orm = orm;
    this.options = options;
    this.now = options.now ?? Date.now;
    this.timer = setInterval(() => void this.flush(), options.flushMs);
    this.timer.unref();
  }

  /** The principal of a valid `Authorization` header, or null (missing, malformed, unknown, revoked, expired). */
  async authenticate(header: string | undefined): Promise<Principal | null> {
    const raw = bearerToken(header);
    if (!raw || !isWellFormedKey(raw)) return null;
    const hash = hashApiKey(raw);
    const now = this.now();
    let entry = this.cache.get(hash);
    const ttl = entry?.principal ? this.options.ttlMs : NEGATIVE_TTL_MS;
    if (!entry || now - entry.loadedAt >= ttl) {
      entry = { principal: await this.load(keyPrefixOf(raw), hash), loadedAt: now };
      if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.clear();
      this.cache.set(hash, entry);
    }
    const principal = entry.principal;
    if (!principal) return null;
    if (principal.expiresAt && principal.expiresAt.getTime() <= now) return null;
    this.recordUse(principal.keyId, new Date(now));
    return principal;
  }

  /** The freshest last_used_at known to this process. */
  lastUsedAt(principal: Principal): Date | null {
    const seen = this.lastSeen.get(principal.keyId);
    const stored = principal.storedLastUsedAt;
    if (!seen) return stored;
    return stored && stored > seen ? stored : seen;
  }

  private recordUse(keyId: string, at: Date): void {
    if (this.lastSeen.size >= MAX_CACHE_ENTRIES && !this.lastSeen.has(keyId)) this.lastSeen.clear();
    this.lastSeen.set(keyId, at);
    this.pendingLastUsed.set(keyId, at);
  }

  /** Writes collected last_used_at values; never moves a value backwards. */
  async flush(): Promise<void> {
    if (this.pendingLastUsed.size === 0) return;
    const batch = [...this.pendingLastUsed.entries()];
    this.pendingLastUsed.clear();
    const rows = JSON.stringify(batch.map(([id, at]) => ({ id, at: at.toISOString() })));
    try {
      await this.orm.em
        .fork()
        .getConnection()
        .execute(
          `UPDATE api_keys AS k SET last_used_at = v.at
           FROM jsonb_to_recordset(?::jsonb) AS v(id uuid, at timestamptz)
          WHERE k.id = v.id AND (k.last_used_at IS NULL OR k.last_used_at < v.at)`,
          [rows],
        );
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not record api key last_used_at; will retry');
      for (const [id, at] of batch) if (!this.pendingLastUsed.has(id)) this.pendingLastUsed.set(id, at);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async load(prefix: string, hash: string): Promise<Principal | null> {
    // Look up by prefix, then compare the hash in constant time.
    const rows: KeyRow[] = await this.orm.em
      .fork()
      .getConnection()
      .execute(
        `SELECT k.id, k.organization_id, k.user_id, k.name, k.key_prefix, k.key_hash, k.scopes,
              k.created_at, k.last_used_at, k.expires_at, u.role
         FROM api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.key_prefix = ? AND k.revoked_at IS NULL AND u.removed_at IS NULL`,
        [prefix],
      );
    const row = rows.find((r) => hashesEqual(r.key_hash, hash));
    if (!row) return null;
    return {
      keyId: row.id,
      organizationId: row.organization_id,
      userId: row.user_id,
      name: row.name,
      keyPrefix: row.key_prefix,
      scopes: effectiveScopes(row.role, row.scopes),
      createdAt: new Date(row.created_at),
      storedLastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
      expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    };
  }
}
