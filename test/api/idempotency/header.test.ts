// Idempotency-Key on authenticated POSTs on the real stack (docs/api/idempotency.md): replays of
// the same request, 422 for another body or endpoint, 409 while the first runs, per-organization
// keys, expiry and abandoned claims, POST /v1/events, and the OpenAPI document declaring the header.
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { purgeExpiredIdempotencyKeys } from '../../../api/middleware/idempotency.ts';
import { apiSuite, newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { ApiResponse, client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
const HEADER = 'Idempotency-Key';

describe('Idempotency-Key', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const db = () => stack.orm.em.fork().getKysely();
  let counter = 0;

  before(async () => {
    ({ stack, api, org } = await apiSuite());
  });

  const newIdemKey = () => `idem-${randomUUID()}`;
  const listBody = (name: string) => ({ items: [{ name }] });
  const postList = (body: unknown, idemKey: string, key = org.apiKey) =>
    api.post('/v1/contact-lists', { key, body, headers: { [HEADER]: idemKey } });

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

  function assertReplayOf(replay: ApiResponse, first: ApiResponse) {
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

  describe('scope, expiry and format', () => {
    it('when another organization sends the same key string, then its request runs independently', async () => {
      const other = await newOrg(stack);
      const idemKey = newIdemKey();
      const name = `Shared key ${++counter}`;
      const mine = await postList(listBody(name), idemKey);
      assert.equal(mine.status, 201, mine.text);
      const theirs = await postList(listBody(name), idemKey, other.apiKey);
      assert.equal(theirs.status, 201, theirs.text);
      assert.equal(theirs.headers.get('idempotent-replayed'), null);
      assert.notEqual(theirs.body.items[0].resource.id, mine.body.items[0].resource.id);
      assert.equal(await listsNamed(other.organizationId, name), 1);
      // ...and another body under that key in the other organization is not a mismatch with mine either.
      const otherBody = await postList(listBody(`${name} B`), newIdemKey(), other.apiKey);
      assert.equal(otherBody.status, 201);
      // Another key of the same organization shares the organization's keys.
      const second = await newKey(stack, org.organizationId, ['contact_lists:write']);
      assertReplayOf(await postList(listBody(name), idemKey, second.api_key), mine);
    });

    it('when a key is older than its 24 h, then it counts as absent: the request runs anew, and the purge deletes expired rows', async () => {
      const idemKey = newIdemKey();
      const name = `Expired ${++counter}`;
      const first = await postList(listBody(name), idemKey);
      assert.equal(first.status, 201, first.text);
      await sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour'
                 WHERE organization_id = ${org.organizationId} AND key = ${idemKey}`.execute(db());
      // The same key with another body is no mismatch any more: the old use is forgotten.
      const again = await postList(listBody(`${name} later`), idemKey);
      assert.equal(again.status, 201, again.text);
      assert.equal(again.headers.get('idempotent-replayed'), null);
      assert.equal(await listsNamed(org.organizationId, `${name} later`), 1);
      const replay = await postList(listBody(`${name} later`), idemKey);
      assertReplayOf(replay, again);

      const purged = newIdemKey();
      assert.equal((await postList(listBody(`${name} purged`), purged)).status, 201);
      await sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE organization_id = ${org.organizationId} AND key = ${purged}`.execute(
        db(),
      );
      assert.ok((await purgeExpiredIdempotencyKeys(db() as never, 1000)) >= 1);
      assert.equal(await keyRow(org.organizationId, purged), undefined);
      assert.ok(await keyRow(org.organizationId, idemKey), 'unexpired keys stay');
    });

    it('when the header is malformed, then 400 ValidationIssue naming Idempotency-Key and nothing runs', async () => {
      const name = `Malformed ${++counter}`;
      for (const bad of ['', 'x'.repeat(256), 'caf\u00e9', 'a\tb']) {
        const response = await postList(listBody(name), bad);
        assert.equal(response.status, 400, `${JSON.stringify(bad)}: ${response.text}`);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.equal(response.body.data.errors[0].path, HEADER);
      }
      // Sent twice (two header lines; fetch would join them into one value "one, two", a valid key).
      const twice = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = httpRequest(
          `${stack.url}/v1/contact-lists`,
          {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${org.apiKey}`,
              'Content-Type': 'application/json',
              [HEADER]: ['one', 'two'],
            },
          },
          (response) => {
            let text = '';
            response
              .setEncoding('utf8')
              .on('data', (chunk: string) => {
                text += chunk;
              })
              .on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify(listBody(name)));
      });
      assert.equal(twice.status, 400, twice.text);
      assert.equal(JSON.parse(twice.text).data.errors[0].path, HEADER);
      assert.equal(await listsNamed(org.organizationId, name), 0);
      // The limits themselves are accepted: 255 characters, inner spaces, any printable ASCII.
      for (const good of ['y'.repeat(255), `${randomUUID()} with spaces ~!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}`]) {
        const response = await postList(listBody(`${name} ok`), good);
        assert.equal(response.status, 201, `${good}: ${response.text}`);
      }
    });

    it('when GET, PATCH or DELETE carry the header, even malformed, then it is ignored', async () => {
      const created = await postList(listBody(`Ignored ${++counter}`), newIdemKey());
      const id = created.body.items[0].resource.id;
      const get = await api.get(`/v1/contact-lists/${id}`, { key: org.apiKey, headers: { [HEADER]: '' } });
      assert.equal(get.status, 200, get.text);
      assert.equal(get.headers.get('idempotent-replayed'), null);
      const idemKey = newIdemKey();
      for (const name of ['Renamed once', 'Renamed twice']) {
        const patch = await api.patch(`/v1/contact-lists/${id}`, {
          key: org.apiKey,
          body: { name },
          headers: { [HEADER]: idemKey },
        });
        assert.equal(patch.status, 200, patch.text);
        assert.equal(patch.body.name, name, 'PATCH ran again: it is idempotent by itself');
      }
      const del = await api.delete(`/v1/contact-lists/${id}`, {
        key: org.apiKey,
        headers: { [HEADER]: 'x'.repeat(300) },
      });
      assert.ok(del.status < 300, del.text);
      assert.equal(await keyRow(org.organizationId, idemKey), undefined);
    });
  });

  describe('POST /v1/events', () => {
    const event = (email: string) => ({
      event_name: 'demo_requested',
      occurred_at: '2026-03-01T10:00:00Z',
      subject: { email },
    });

    it('when an event is sent twice with the same key, then the second replays the 202; a gzip-encoded copy is the same body; another event is 422', async () => {
      const idemKey = newIdemKey();
      const text = JSON.stringify(event(`ev${++counter}@idempotency.test`));
      const first = await api.post('/v1/events', { key: org.apiKey, rawBody: text, headers: { [HEADER]: idemKey } });
      assert.equal(first.status, 202, first.text);
      assert.equal(first.headers.get('idempotent-replayed'), null);
      const replay = await api.post('/v1/events', { key: org.apiKey, rawBody: text, headers: { [HEADER]: idemKey } });
      assertReplayOf(replay, first);
      const gzipped = await fetch(`${stack.url}/v1/events`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${org.apiKey}`,
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
          [HEADER]: idemKey,
        },
        body: gzipSync(Buffer.from(text)),
      });
      assert.equal(gzipped.status, 202);
      assert.equal(gzipped.headers.get('idempotent-replayed'), 'true');
      assert.equal(await gzipped.text(), first.text);
      const other = await api.post('/v1/events', {
        key: org.apiKey,
        body: event(`other${counter}@idempotency.test`),
        headers: { [HEADER]: idemKey },
      });
      assert.equal(other.status, 422, other.text);
      assert.equal(other.body.data.header, HEADER);
      const { rows } = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM ingested_events WHERE organization_id = ${org.organizationId} AND idempotency_key = ${first.body.idempotency_key}`.execute(
        db(),
      );
      assert.equal(Number(rows[0].n), 1);
      assert.equal((await keyRow(org.organizationId, idemKey)).response_status, 202);
    });
  });

  describe('OpenAPI document', () => {
    it('when the document is read, then every authenticated POST takes the header and documents 409 and 422, and no other operation does', async () => {
      const doc = (await api.get('/v1/openapi.json')).body;
      assert.equal(doc.components.parameters.IdempotencyKey.name, HEADER);
      assert.equal(doc.components.parameters.IdempotencyKey.in, 'header');
      let posts = 0;
      for (const [path, methods] of Object.entries(
        doc.paths as Record<
          string,
          Record<
            string,
            { security?: unknown[]; parameters: { $ref?: string }[]; responses: Record<string, { headers?: unknown }> }
          >
        >,
      )) {
        for (const [method, op] of Object.entries(methods)) {
          const takesKey = op.parameters.some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
          const authenticated = !(Array.isArray(op.security) && op.security.length === 0);
          if (method === 'post' && authenticated) {
            posts++;
            assert.ok(takesKey, `${method} ${path}`);
            assert.ok(op.responses['409'] && op.responses['422'], `${method} ${path}`);
            const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
            assert.ok(
              success.every((s) => op.responses[s].headers),
              `${method} ${path}: Idempotent-Replayed documented`,
            );
          } else {
            assert.ok(!takesKey, `${method} ${path}`);
          }
        }
      }
      assert.ok(posts > 20, `${posts} authenticated POST operations`);
    });
  });
});
