// Idempotency-Key on authenticated POSTs on the real stack (docs/api/idempotency.md), one request
// under one key: replays of the same request (a 4xx outcome too; a 400 is not stored), 422 for
// another body or endpoint, 409 while the first runs, racing creates, and claims abandoned past
// the lock timeout or their lease. Scope, expiry, format, POST /v1/events and the OpenAPI document:
// header-scope.test.ts.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TestOrg } from '../../helpers/fixtures.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import { assertReplayOf, HEADER, idempotencyFixture, listBody, newIdemKey } from './fixtures.ts';

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

describe('Idempotency-Key: replays, mismatches and claims', function () {
  this.timeout(120_000);
  const fx = idempotencyFixture();
  const { db, postList, listsNamed, keyRow } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let counter = 0;
  before(() => ({ stack, api, org } = fx));

  describe('replays', () => {
    it('when a create is sent twice with the same key and body, then the second replays the first response and no second record is made', async () => {
      const name = `Replay ${++counter}`;
      const idemKey = newIdemKey();
      const first = await postList(listBody(name), idemKey);
      assert.equal(first.status, 201, first.text);
      assert.equal(first.headers.get('idempotent-replayed'), null, 'the first response is not a replay');
      const replay = await postList(listBody(name), idemKey);
      assertReplayOf(replay, first);
      assert.equal(replay.body.items[0].resource.id, first.body.items[0].resource.id);
      assert.equal(await listsNamed(org.organizationId, name), 1);
      // Without the key the same request does create a second list: the key is what prevented it.
      const unkeyed = await api.post('/v1/contact-lists', { key: org.apiKey, body: listBody(name) });
      assert.equal(unkeyed.status, 201, unkeyed.text);
      assert.equal(await listsNamed(org.organizationId, name), 2);
    });

    it('when a contact upsert is replayed, then status, body and headers are identical and the contact is unchanged', async () => {
      const idemKey = newIdemKey();
      const body = { email: `idem${++counter}@idempotency.test`, first_name: 'Ada' };
      const first = await api.post('/v1/contacts', { key: org.apiKey, body, headers: { [HEADER]: idemKey } });
      assert.equal(first.status, 201, first.text);
      const replay = await api.post('/v1/contacts', { key: org.apiKey, body, headers: { [HEADER]: idemKey } });
      assertReplayOf(replay, first);
      const fetched = await api.get(`/v1/contacts/${first.body.id}`, { key: org.apiKey });
      assert.equal(fetched.body.updated_at, first.body.updated_at, 'the replay did not run the upsert again');
      const row = await keyRow(org.organizationId, idemKey);
      assert.deepEqual(
        [row.state, row.response_status, row.method, row.path],
        ['COMPLETED', 201, 'POST', '/v1/contacts'],
      );
    });

    it('when an operation answered a 4xx outcome (404), then a retry replays that 404 with its original request_id', async () => {
      const idemKey = newIdemKey();
      const path = `/v1/tasks/${randomUUID()}/start`;
      const first = await api.post(path, { key: org.apiKey, headers: { [HEADER]: idemKey } });
      assert.equal(first.status, 404, first.text);
      const replay = await api.post(path, { key: org.apiKey, headers: { [HEADER]: idemKey } });
      assertReplayOf(replay, first);
      assert.equal(replay.body.request_id, first.body.request_id);
    });

    it('when the body fails validation, then the 400 is not stored and the corrected request runs under the same key', async () => {
      const idemKey = newIdemKey();
      const name = `Corrected ${++counter}`;
      const invalid = await postList({ lists: [{ name }] }, idemKey);
      assert.equal(invalid.status, 400, invalid.text);
      assert.equal(invalid.body.type, 'ValidationIssue');
      assert.equal(await keyRow(org.organizationId, idemKey), undefined, 'the claim was released');
      const valid = await postList(listBody(name), idemKey);
      assert.equal(valid.status, 201, valid.text);
      assert.equal(valid.headers.get('idempotent-replayed'), null);
      assert.equal(await listsNamed(org.organizationId, name), 1);
    });
  });

  describe('mismatches', () => {
    it('when the same key comes with a different body, then 422 BusinessIssue naming the header, and nothing runs', async () => {
      const idemKey = newIdemKey();
      const name = `Body ${++counter}`;
      assert.equal((await postList(listBody(name), idemKey)).status, 201);
      const other = await postList(listBody(`${name} changed`), idemKey);
      assert.equal(other.status, 422, other.text);
      assert.equal(other.body.type, 'BusinessIssue');
      assert.equal(other.body.data.header, HEADER);
      assert.equal(other.body.data.reason, 'BODY_MISMATCH');
      assert.equal(await listsNamed(org.organizationId, `${name} changed`), 0);
      // Byte-level: the same JSON value spelled with other whitespace is another body.
      const spaced = await api.post('/v1/contact-lists', {
        key: org.apiKey,
        rawBody: JSON.stringify(listBody(name), null, 2),
        headers: { [HEADER]: idemKey },
      });
      assert.equal(spaced.status, 422, spaced.text);
    });

    it('when the same key is used on another endpoint, then 422 BusinessIssue naming the header and the original endpoint', async () => {
      const idemKey = newIdemKey();
      assert.equal((await postList(listBody(`Endpoint ${++counter}`), idemKey)).status, 201);
      const accounts = await api.post('/v1/account-lists', {
        key: org.apiKey,
        body: listBody(`Endpoint ${counter}`),
        headers: { [HEADER]: idemKey },
      });
      assert.equal(accounts.status, 422, accounts.text);
      assert.equal(accounts.body.type, 'BusinessIssue');
      assert.equal(accounts.body.data.header, HEADER);
      assert.equal(accounts.body.data.reason, 'ENDPOINT_MISMATCH');
      assert.equal(accounts.body.data.original_path, '/v1/contact-lists');
      const { rows } = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM account_lists WHERE organization_id = ${org.organizationId} AND name = ${`Endpoint ${counter}`}`.execute(
        db(),
      );
      assert.equal(Number(rows[0].n), 0);
    });
  });

  describe('concurrency and claims', () => {
    it('when ten identical keyed creates race, then exactly one runs; the others answer 409 or replay it', async () => {
      const idemKey = newIdemKey();
      const name = `Race ${++counter}`;
      const responses = await Promise.all(Array.from({ length: 10 }, () => postList(listBody(name), idemKey)));
      const ran = responses.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
      assert.equal(
        ran.length,
        1,
        responses.map((r) => `${r.status} ${r.headers.get('idempotent-replayed')}`).join(', '),
      );
      for (const response of responses) {
        if (response === ran[0]) continue;
        if (response.status === 409) {
          assert.equal(response.body.type, 'CommitIssue');
          assert.equal(response.body.data.header, HEADER);
        } else {
          assertReplayOf(response, ran[0]);
        }
      }
      assert.equal(await listsNamed(org.organizationId, name), 1);
    });

    it('when ten identical keyed contact creates race, then one 201 runs and exactly one contact exists', async () => {
      const idemKey = newIdemKey();
      const body = { email: `race${++counter}@idempotency.test`, first_name: 'Grace' };
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          api.post('/v1/contacts', { key: org.apiKey, body, headers: { [HEADER]: idemKey } }),
        ),
      );
      const ran = responses.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
      assert.equal(
        ran.length,
        1,
        responses.map((r) => `${r.status} ${r.headers.get('idempotent-replayed')}`).join(', '),
      );
      assert.ok(
        responses.every((r) => r === ran[0] || r.status === 409 || r.headers.get('idempotent-replayed') === 'true'),
      );
      const list = await api.get(`/v1/contacts?email=${encodeURIComponent(body.email)}`, { key: org.apiKey });
      assert.equal(list.status, 200, list.text);
      assert.equal(list.body.items.length, 1, list.text);
    });

    it('when a claim is in progress, then a retry answers 409; once it is older than the lock timeout, the retry takes it over and runs', async () => {
      const idemKey = newIdemKey();
      const name = `Claimed ${++counter}`;
      const text = JSON.stringify(listBody(name));
      const claimAt = async (ageMs: number) =>
        sql`
        INSERT INTO idempotency_keys (id, organization_id, key, method, path, fingerprint, state, claim_token, created_at, expires_at)
        VALUES (${randomUUID()}, ${org.organizationId}, ${idemKey}, 'POST', '/v1/contact-lists', ${sha256(text)}, 'IN_PROGRESS', ${randomUUID()},
                now() - ${ageMs} * interval '1 millisecond', now() + interval '1 day')
        ON CONFLICT (organization_id, key) DO UPDATE SET created_at = excluded.created_at`.execute(db());
      await claimAt(1000);
      const busy = await postList(listBody(name), idemKey);
      assert.equal(busy.status, 409, busy.text);
      assert.equal(busy.body.type, 'CommitIssue');
      assert.equal(busy.body.data.header, HEADER);
      assert.equal(busy.headers.get('retry-after'), '1');
      assert.equal(await listsNamed(org.organizationId, name), 0);
      // A claim left by a process that died: older than the lock timeout (5 min by default).
      await claimAt(stack.config.idempotencyLockTimeoutMs + 60_000);
      const taken = await postList(listBody(name), idemKey);
      assert.equal(taken.status, 201, taken.text);
      assert.equal(taken.headers.get('idempotent-replayed'), null);
      assert.equal(await listsNamed(org.organizationId, name), 1);
      assert.equal((await keyRow(org.organizationId, idemKey)).state, 'COMPLETED');
      assertReplayOf(await postList(listBody(name), idemKey), taken);
    });
  });

  describe('leases', () => {
    it('when a claim older than the lock timeout still holds its lease, then a retry answers 409; once the lease ran out, the retry takes it over', async () => {
      const idemKey = newIdemKey();
      const name = `Leased ${++counter}`;
      const text = JSON.stringify(listBody(name));
      const claimLeasedFor = async (leaseMs: number) =>
        sql`
        INSERT INTO idempotency_keys (id, organization_id, key, method, path, fingerprint, state, claim_token, created_at, lease_until, expires_at)
        VALUES (${randomUUID()}, ${org.organizationId}, ${idemKey}, 'POST', '/v1/contact-lists', ${sha256(text)}, 'IN_PROGRESS', ${randomUUID()},
                now() - ${stack.config.idempotencyLockTimeoutMs + 60_000} * interval '1 millisecond', now() + ${leaseMs} * interval '1 millisecond', now() + interval '1 day')
        ON CONFLICT (organization_id, key) DO UPDATE SET lease_until = excluded.lease_until`.execute(db());
      // A long request whose API process renews its lease.
      await claimLeasedFor(60_000);
      const busy = await postList(listBody(name), idemKey);
      assert.equal(busy.status, 409, busy.text);
      assert.equal(await listsNamed(org.organizationId, name), 0);
      // Its process died: the lease is no longer renewed and runs out.
      await claimLeasedFor(-1000);
      const taken = await postList(listBody(name), idemKey);
      assert.equal(taken.status, 201, taken.text);
      assert.equal(await listsNamed(org.organizationId, name), 1);
      assertReplayOf(await postList(listBody(name), idemKey), taken);
    });
  });
});
