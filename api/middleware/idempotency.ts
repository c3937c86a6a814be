// Idempotency keys (docs/api/idempotency.md; the IETF httpapi `Idempotency-Key` draft, as Stripe
// does it): an authenticated POST that carries `Idempotency-Key` runs at most once per organization
// and key; a retry with the same request replays the stored response for 24 h.
//
// - Claim: one autocommitted INSERT … ON CONFLICT before the handler runs, so concurrent requests
//   with the same key race on the unique (organization_id, key) row: exactly one wins and runs, the
//   others find the claim IN_PROGRESS (409 CommitIssue) or, once it has finished, replay it.
// - Same key, another request (another method or path, or other body bytes): 422 BusinessIssue.
// - After the handler (its thrown errors rendered by the app's error handler, run here, so the
//   outcome is known): the response is stored (COMPLETED) and replayed to later retries with
//   `Idempotent-Replayed: true`: status, body text byte for byte, Content-Type, Location and Retry-After.
// - A response that says the request was not carried out is not stored: the claim is released and
//   the same key may be sent again (corrected, or later): every 5xx, 401, 403, 408, 429 and a
//   ValidationIssue (the request was refused before any work). Other 4xx (404, 409, 422
//   BusinessIssue...) are outcomes of the operation: stored and replayed, like 2xx.
// - A claim holds a lease of the lock timeout (default 30 s), renewed every third of it while its
//   request runs. A process that dies mid-request, or whose release or answer could not reach the
//   database, leaves its claim IN_PROGRESS until the lease runs out; then it counts as abandoned and
//   a retry of the same request takes it over. A request that runs long keeps its claim.
// - Keys expire 24 h after their claim: an expired row counts as absent (the next claim reuses it),
//   and expired rows are deleted in bounded batches, at most once a minute per process.
// Which answers are stored, their text and replayed headers, and their sealing: idempotency-answers.ts.
import { createHash, randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import { sql, type Kysely } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';
import type { AppContext } from '../context.ts';
import type { RouteDef } from '../route.ts';
import { ApiIssue, businessIssue, validationIssue } from '../errors.ts';
import { carriedOut, REPLAYED_HEADERS, responseText, type AnswerSeal } from './idempotency-answers.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1-255 printable ASCII characters, no leading or trailing space (HTTP strips those anyway). */
export const IDEMPOTENCY_KEY_PATTERN = '^[!-~](?:[ -~]*[!-~])?$';
const KEY_REGEX = new RegExp(IDEMPOTENCY_KEY_PATTERN);
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export interface IdempotencyOptions {
  orm: MikroORM;
  /** How long a key and its stored response are kept (default 24 h). */
  ttlMs: number;
  /** How long an IN_PROGRESS claim holds without renewal before it counts as abandoned (default 30 s). */
  lockTimeoutMs: number;
  /** Whether the request is one the middleware covers: an authenticated POST route. */
  applies: (ctx: AppContext) => boolean;
  /** Renders a thrown error into ctx.status/body (the app's error handler), so the outcome can be stored. */
  renderErrors: (ctx: AppContext, next: Next) => Promise<void>;
  /** The request body's exact bytes (the app's JSON body reader keeps them); default: the parsed body's text. */
  bodyBytes?: (ctx: AppContext) => Buffer | undefined;
  /**
   * Seals stored response bodies at rest: a stored answer can hold a secret (POST /v1/webhooks and
   * rotate-secret return the signing secret), which must not sit in plaintext (SECURITY.md).
   * Default: stored as sent.
   */
  seal?: AnswerSeal;
  /** Expired rows deleted per purge (default 1000), and the least time between purges (default 60 s). */
  purgeBatch?: number;
  purgeIntervalMs?: number;
}

type StoredRow = Pick<
  Row<'idempotency_keys'>,
  'method' | 'path' | 'fingerprint' | 'state' | 'response_status' | 'response_headers' | 'response_body'
> & {
  expired: boolean;
  abandoned: boolean;
};

/** PostgreSQL's clock (now, or `ms` milliseconds from now): expiry and lock age follow the database, so replicas agree. */
const dbNow = () => sql<Date>`now()`;
const nowPlusMs = (ms: number) => sql<Date>`now() + ${ms} * interval '1 millisecond'`;
/** An IN_PROGRESS claim whose lease ran out (claims without a lease: `lockTimeoutMs` after they were made). */
const leaseOver = (table: 'idempotency_keys' | null, lockTimeoutMs: number) => {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql<boolean>`coalesce(${column('lease_until')}, ${column('created_at')} + ${lockTimeoutMs} * interval '1 millisecond') <= now()`;
};

/** 409 CommitIssue: the key's first request is still running; Retry-After suggests when to ask again. */
function inFlight(message: string) {
  return new ApiIssue(409, 'CommitIssue', message, { header: IDEMPOTENCY_HEADER }, { 'Retry-After': '1' });
}

function malformed(message: string) {
  return validationIssue(`${IDEMPOTENCY_HEADER}: ${message}`, [{ path: IDEMPOTENCY_HEADER, message }]);
}

/** The header's value, null when absent; 400 when sent more than once or malformed. */
export function idempotencyKeyOf(ctx: AppContext): string | null {
  const value = ctx.request.headers['idempotency-key'];
  if (value === undefined) return null;
  let sent = 0;
  const raw = ctx.req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === 'idempotency-key') sent++;
  if (sent > 1 || Array.isArray(value)) throw malformed('must be sent once');
  if (value.length > IDEMPOTENCY_KEY_MAX_LENGTH || !KEY_REGEX.test(value)) {
    throw malformed(`must be 1-${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters`);
  }
  return value;
}

function defaultBodyBytes(ctx: AppContext): Buffer {
  const text = (ctx.request as { rawBody?: unknown }).rawBody;
  return typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.alloc(0);
}

/** Deletes up to `batch` expired keys; returns how many. Concurrent purges skip each other's rows. */
export async function purgeExpiredIdempotencyKeys(db: Kysely<DB>, batch = 1000): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('idempotency_keys')
        .select('id')
        .where('expires_at', '<=', dbNow())
        .orderBy('expires_at')
        .limit(batch)
        .forUpdate()
        .skipLocked(),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function idempotency(options: IdempotencyOptions) {
  const purgeBatch = options.purgeBatch ?? 1000;
  const purgeIntervalMs = options.purgeIntervalMs ?? 60_000;
  let lastPurge = 0;
  let purging = false;
  const db = () => typedKysely(options.orm.em);

  function maybePurge(ctx: AppContext): void {
    const now = Date.now();
    if (purging || now - lastPurge < purgeIntervalMs) return;
    purging = true;
    lastPurge = now;
    purgeExpiredIdempotencyKeys(db(), purgeBatch)
      // A full batch: more may be left, so the next keyed request purges again at once.
      .then((deleted) => {
        if (deleted >= purgeBatch) lastPurge = 0;
      })
      .catch((error: unknown) => ctx.state.logger?.warn({ err: error }, 'idempotency key purge failed'))
      .finally(() => {
        purging = false;
      });
  }

  /** Claims the key: a new row, an expired one, or an abandoned claim of the same request. False: taken. */
  async function claim(
    organizationId: string,
    key: string,
    method: string,
    path: string,
    fingerprint: string,
    token: string,
  ): Promise<boolean> {
    // A conflicting row is taken over only when expired, or when it is an abandoned claim of the same request.
    const rows = await db()
      .insertInto('idempotency_keys')
      .values({
        id: randomUUID(),
        organization_id: organizationId,
        key,
        method,
        path,
        fingerprint,
        state: 'IN_PROGRESS',
        claim_token: token,
        created_at: dbNow(),
        lease_until: nowPlusMs(options.lockTimeoutMs),
        expires_at: nowPlusMs(options.ttlMs),
      })
      .onConflict((oc) =>
        oc
          .columns(['organization_id', 'key'])
          .doUpdateSet((eb) => ({
            method: eb.ref('excluded.method'),
            path: eb.ref('excluded.path'),
            fingerprint: eb.ref('excluded.fingerprint'),
            state: 'IN_PROGRESS',
            claim_token: eb.ref('excluded.claim_token'),
            response_status: null,
            response_headers: null,
            response_body: null,
            created_at: eb.ref('excluded.created_at'),
            lease_until: eb.ref('excluded.lease_until'),
            completed_at: null,
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.expires_at', '<=', dbNow()),
              eb.and([
                eb('idempotency_keys.state', '=', 'IN_PROGRESS'),
                leaseOver('idempotency_keys', options.lockTimeoutMs),
                eb('idempotency_keys.method', '=', eb.ref('excluded.method')),
                eb('idempotency_keys.path', '=', eb.ref('excluded.path')),
                eb('idempotency_keys.fingerprint', '=', eb.ref('excluded.fingerprint')),
              ]),
            ]),
          ),
      )
      .returning('claim_token')
      .execute();
    return rows.length === 1;
  }

  async function existing(organizationId: string, key: string): Promise<StoredRow | undefined> {
    return db()
      .selectFrom('idempotency_keys')
      .select((eb) => [
        'method',
        'path',
        'fingerprint',
        'state',
        'response_status',
        'response_headers',
        'response_body',
        eb('expires_at', '<=', dbNow()).$castTo<boolean>().as('expired'),
        leaseOver(null, options.lockTimeoutMs).as('abandoned'),
      ])
      .where('organization_id', '=', organizationId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  return async function idempotentPost(ctx: AppContext, next: Next): Promise<void> {
    if (ctx.method !== 'POST') return next();
    const key = idempotencyKeyOf(ctx);
    if (key === null || !options.applies(ctx)) return next();
    const organizationId = ctx.state.principal.organizationId;
    const method = ctx.method;
    const path = ctx.url;
    const fingerprint = createHash('sha256')
      .update(options.bodyBytes?.(ctx) ?? defaultBodyBytes(ctx))
      .digest('hex');
    const token = randomUUID();
    maybePurge(ctx);

    // A few rounds: a row found expired, abandoned or just released is claimed again.
    let claimed = false;
    for (let round = 0; round < 3 && !claimed; round++) {
      claimed = await claim(organizationId, key, method, path, fingerprint, token);
      if (claimed) break;
      const row = await existing(organizationId, key);
      if (!row || row.expired) continue;
      if (row.method !== method || row.path !== path) {
        throw businessIssue(
          `This ${IDEMPOTENCY_HEADER} was already used for another request (${row.method} ${row.path}); use a new key.`,
          {
            header: IDEMPOTENCY_HEADER,
            reason: 'ENDPOINT_MISMATCH',
            original_method: row.method,
            original_path: row.path,
          },
        );
      }
      if (row.fingerprint !== fingerprint) {
        throw businessIssue(
          `This ${IDEMPOTENCY_HEADER} was already used with a different request body; use a new key.`,
          {
            header: IDEMPOTENCY_HEADER,
            reason: 'BODY_MISMATCH',
          },
        );
      }
      if (row.state === 'IN_PROGRESS') {
        if (row.abandoned) continue;
        throw inFlight(
          `A request with this ${IDEMPOTENCY_HEADER} is still being processed; retry after it has finished.`,
        );
      }
      ctx.status = row.response_status ?? 200;
      if (row.response_body !== null)
        ctx.body = options.seal ? options.seal.decrypt(row.response_body) : row.response_body;
      for (const [name, value] of Object.entries(row.response_headers ?? {})) ctx.set(name, value);
      ctx.set(REPLAYED_HEADER, 'true');
      ctx.state.logger?.debug({ idempotency_key_state: 'replayed' }, 'idempotent replay');
      return;
    }
    if (!claimed) {
      throw inFlight(`A request with this ${IDEMPOTENCY_HEADER} is being processed; retry shortly.`);
    }

    const release = () =>
      db()
        .deleteFrom('idempotency_keys')
        .where('organization_id', '=', organizationId)
        .where('key', '=', key)
        .where('claim_token', '=', token)
        .execute();
    // Renewed while the request runs; a failed renewal is left to the next one (or to the lease running out).
    const renewal = setInterval(
      () => {
        void db()
          .updateTable('idempotency_keys')
          .set({ lease_until: nowPlusMs(options.lockTimeoutMs) })
          .where('organization_id', '=', organizationId)
          .where('key', '=', key)
          .where('claim_token', '=', token)
          .where('state', '=', 'IN_PROGRESS')
          .execute()
          .catch(() => {});
      },
      Math.max(100, Math.floor(options.lockTimeoutMs / 3)),
    );
    try {
      await options.renderErrors(ctx, next);
    } catch (error) {
      await release().catch(() => {});
      throw error;
    } finally {
      clearInterval(renewal);
    }
    const text = responseText(ctx.body);
    try {
      if (!carriedOut(ctx) || text === undefined) {
        if (text === undefined)
          ctx.state.logger?.warn({ status: ctx.status }, 'idempotency: response body cannot be stored; key released');
        await release();
        return;
      }
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = ctx.response.get(name);
        if (value) headers[name] = String(value);
      }
      await db()
        .updateTable('idempotency_keys')
        .set({
          state: 'COMPLETED',
          response_status: ctx.status,
          response_headers: headers,
          response_body: text !== null && options.seal ? options.seal.encrypt(text) : text,
          completed_at: dbNow(),
        })
        .where('organization_id', '=', organizationId)
        .where('key', '=', key)
        .where('claim_token', '=', token)
        .execute();
      // Send exactly the stored text, so the first response and its replays are the same bytes.
      if (text !== null && typeof ctx.body !== 'string') ctx.body = text;
    } catch (error) {
      // The operation has run and its answer stands; the claim lapses when its lease runs out.
      ctx.state.logger?.error({ err: error }, 'idempotency: storing the response failed');
    }
  };
}

/**
 * Which requests the middleware covers: authenticated POSTs the router serves, and only when the
 * key holds the route's scope. Replays happen before the router checks scopes, so a key without
 * the scope gets the router's 403, never an answer stored for another key of the organization
 * (SECURITY.md).
 */
export function coveredPosts(
  findRoute: (method: string, path: string) => RouteDef | undefined,
): (ctx: AppContext) => boolean {
  return (ctx) => {
    const route = findRoute('POST', ctx.path);
    if (!route) return false;
    return !route.scope || ctx.state.principal.scopes.has(route.scope);
  };
}
