// Idempotency keys of authenticated POSTs (api/middleware/idempotency.ts, docs/api/idempotency.md).
// A row is claimed IN_PROGRESS (claim_token names the claim) before the handler runs; COMPLETED rows
// hold the response that replays answer. Written only with SQL by the middleware; this entity keeps
// the table in the ORM's schema (test/api/schema.test.ts).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const IDEMPOTENCY_STATES = ['IN_PROGRESS', 'COMPLETED'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

export const IdempotencyKeySchema = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  uniques: [{ name: 'idempotency_keys_organization_key_unique', properties: ['organization', 'key'] }],
  indexes: [{ name: 'idempotency_keys_expires_at_index', properties: ['expiresAt'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    /** The Idempotency-Key header value as sent (1-255 printable ASCII). */
    key: p.text(),
    /** The request the key was first used for: method and path with query string. */
    method: p.text(),
    path: p.text(),
    /** Hex SHA-256 of the request body's bytes. */
    fingerprint: p.text(),
    state: p.enum(IDEMPOTENCY_STATES).default('IN_PROGRESS'),
    /** Names the current claim: only its holder may complete or release it. */
    claimToken: p.uuid(),
    responseStatus: p.integer().nullable(),
    /** The replayed response headers (Content-Type, Location), lower-case names. */
    responseHeaders: p.json<Record<string, string>>().nullable(),
    /** The response body's exact text; null when the response had none. */
    responseBody: p.text().nullable(),
    createdAt: p.datetime(),
    /** Until when an IN_PROGRESS claim holds: renewed while its request runs (null in claims made before leases). */
    leaseUntil: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    expiresAt: p.datetime(),
  },
});

export class IdempotencyKey extends IdempotencyKeySchema.class {}
IdempotencyKeySchema.setClass(IdempotencyKey);
