// Idempotency-Key on the real stack (docs/api/idempotency.md), around the key: keys per
// organization, expiry after 24 h and the purge, the header's format (and methods that ignore it),
// POST /v1/events (a gzip-encoded copy is the same body), and the OpenAPI document declaring the
// header on every authenticated POST. Replays, mismatches and claims: header.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { purgeExpiredIdempotencyKeys } from '../../../api/middleware/idempotency.ts';
import { newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import { assertReplayOf, HEADER, idempotencyFixture, listBody, newIdemKey } from './fixtures.ts';

describe('Idempotency-Key: scope, expiry, format, events and the document', function () {
  this.timeout(120_000);
  const fx = idempotencyFixture();
  const { db, postList, listsNamed, keyRow } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let counter = 0;
  before(() => ({ stack, api, org } = fx));

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
