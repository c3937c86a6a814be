// Shared setup of the Idempotency-Key suites (test/api/idempotency/header*.test.ts) on the real
// stack: an organization, keyed contact-list creates, the rows they leave (lists, idempotency keys)
// and the check that an answer replays another byte for byte.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import type { ApiResponse } from '../../helpers/http.ts';

export const HEADER = 'Idempotency-Key';

export const newIdemKey = () => `idem-${randomUUID()}`;
export const listBody = (name: string) => ({ items: [{ name }] });

export function assertReplayOf(replay: ApiResponse, first: ApiResponse) {
  assert.equal(replay.status, first.status, replay.text);
  assert.equal(replay.text, first.text, 'the replayed body is byte-identical');
  assert.equal(replay.headers.get('content-type'), first.headers.get('content-type'));
  assert.equal(replay.headers.get('location'), first.headers.get('location'));
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.notEqual(
    replay.headers.get('x-request-id'),
    first.headers.get('x-request-id'),
    'a replay is a request of its own',
  );
}

export function idempotencyFixture() {
  const fx = apiSuiteFixture();
  const db = () => fx.stack.orm.em.fork().getKysely();

  const postList = (body: unknown, idemKey: string, key = fx.org.apiKey) =>
    fx.api.post('/v1/contact-lists', { key, body, headers: { [HEADER]: idemKey } });

  async function listsNamed(organizationId: string, name: string): Promise<number> {
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM contact_lists WHERE organization_id = ${organizationId} AND name = ${name}`.execute(
      db(),
    );
    return Number(rows[0].n);
  }

  async function keyRow(organizationId: string, idemKey: string) {
    const { rows } = await sql<{ state: string; response_status: number | null; method: string; path: string }>`
      SELECT state, response_status, method, path FROM idempotency_keys WHERE organization_id = ${organizationId} AND key = ${idemKey}`.execute(
      db(),
    );
    return rows[0];
  }

  return Object.assign(fx, { db, postList, listsNamed, keyRow });
}
