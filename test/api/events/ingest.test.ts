// POST /v1/events: its rules and idempotency (external id, content hash, concurrent replays), and
// the exact payload round-trip.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { type client } from '../../helpers/http.ts';
import { newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { eventsFixture, sha256 } from './fixtures.ts';

describe('events API (first-party ingestion)', function () {
  this.timeout(120_000);
  const fx = eventsFixture();
  const { event, post, postRaw, storedCount, assertFieldError } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('POST /v1/events', () => {
    it('when a valid event with an external_event_id is posted, then 202 with the key of that id, and the event is stored PENDING', async () => {
      const external = `ext-${randomUUID()}`;
      const response = await post(event({ external_event_id: external, payload: { plan: 'pro' } }));
      assert.equal(response.status, 202, response.text);
      assert.deepEqual(response.body, {
        accepted: true,
        idempotency_key: `first-party:${org.organizationId}:${external}`,
      });
      const list = await api.get(`/v1/events?external_event_id=${external}`, { key: org.apiKey });
      assert.equal(list.status, 200, list.text);
      assert.equal(list.body.items.length, 1);
      const stored = list.body.items[0];
      assert.deepEqual(
        [
          stored.idempotency_key,
          stored.event_name,
          stored.occurred_at,
          stored.external_event_id,
          stored.subject,
          stored.payload,
        ],
        [
          response.body.idempotency_key,
          'demo_requested',
          '2026-03-01T10:00:00.000Z',
          external,
          { email: 'ada@events.test' },
          { plan: 'pro' },
        ],
      );
      assert.equal(stored.resolution_status, 'PENDING');
      assert.deepEqual([stored.contact_id, stored.account_id, stored.resolved_at], [null, null, null]);
      assert.ok(Math.abs(Date.parse(stored.received_at) - Date.now()) < 60_000);
    });

    it('when no external_event_id is sent, then the key ends with the SHA-256 hex of the body bytes as sent', async () => {
      const raw = `{"event_name":"hash_me","occurred_at":"2026-03-01T10:00:00+02:00","subject":{"company_domain":"hash.test"},"payload":{"n":"${randomUUID()}"}}`;
      const response = await postRaw(raw);
      assert.equal(response.status, 202, response.text);
      assert.equal(response.body.idempotency_key, `first-party:${org.organizationId}:${sha256(raw)}`);
    });

    it('when a byte-identical body is resent, then it collapses into the first; when any byte changes, then it is a new event', async () => {
      const raw = `{"event_name":"resend","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"r@events.test"},"payload":{"id":"${randomUUID()}"}}`;
      const first = await postRaw(raw);
      const again = await postRaw(raw);
      assert.equal(first.status, 202);
      assert.deepEqual(again.body, first.body, 'same 202 body, same key');
      assert.equal(again.status, 202);
      assert.equal(await storedCount(org.organizationId, first.body.idempotency_key), 1);
      const spaced = await postRaw(`${raw} `);
      assert.equal(spaced.status, 202);
      assert.notEqual(
        spaced.body.idempotency_key,
        first.body.idempotency_key,
        'one more byte (whitespace) is another event',
      );
      assert.equal(await storedCount(org.organizationId, spaced.body.idempotency_key), 1);
      const changed = await postRaw(raw.replace('"resend"', '"resenD"'));
      assert.notEqual(changed.body.idempotency_key, first.body.idempotency_key);
      assert.equal(await storedCount(org.organizationId, changed.body.idempotency_key), 1);
    });

    it('when an external_event_id is replayed with other content, then the same 202 and key, and the first event is kept unchanged', async () => {
      const external = `replay-${randomUUID()}`;
      const first = await post(event({ external_event_id: external, payload: { v: 1 } }));
      const replay = await post(event({ external_event_id: external, event_name: 'other_name', payload: { v: 2 } }));
      assert.equal(replay.status, 202);
      assert.deepEqual(replay.body, first.body);
      const list = await api.get(`/v1/events?external_event_id=${external}`, { key: org.apiKey });
      assert.equal(list.body.total_count, 1);
      assert.deepEqual([list.body.items[0].event_name, list.body.items[0].payload], ['demo_requested', { v: 1 }]);
    });

    it('when the same event is sent 50 times concurrently, then 50 identical 202s and it is stored once', async () => {
      const raw = JSON.stringify(event({ payload: { burst: randomUUID() } }));
      const responses = await Promise.all(Array.from({ length: 50 }, () => postRaw(raw)));
      assert.deepEqual(
        responses.map((r) => r.status),
        Array(50).fill(202),
      );
      assert.equal(new Set(responses.map((r) => r.text)).size, 1, 'identical bodies');
      assert.equal(await storedCount(org.organizationId, responses[0].body.idempotency_key), 1);
      const external = `burst-${randomUUID()}`;
      const byId = await Promise.all(
        Array.from({ length: 50 }, (_, i) => post(event({ external_event_id: external, payload: { i } }))),
      );
      assert.deepEqual(
        byId.map((r) => r.status),
        Array(50).fill(202),
      );
      assert.equal(new Set(byId.map((r) => r.text)).size, 1);
      assert.equal(await storedCount(org.organizationId, byId[0].body.idempotency_key), 1);
    });

    it('when two organizations send the same external_event_id, then each stores its own event', async () => {
      const other = await newOrg(stack);
      const external = `shared-${randomUUID()}`;
      const a = await post(event({ external_event_id: external }));
      const b = await post(event({ external_event_id: external }), other.apiKey);
      assert.equal(b.body.idempotency_key, `first-party:${other.organizationId}:${external}`);
      assert.equal(await storedCount(org.organizationId, a.body.idempotency_key), 1);
      assert.equal(await storedCount(other.organizationId, b.body.idempotency_key), 1);
    });

    it('when an unknown top-level field is sent, then 400 naming it, and nothing is stored', async () => {
      const external = `unknown-${randomUUID()}`;
      assertFieldError(await post(event({ external_event_id: external, score: 5 })), 'score');
      assert.equal(await storedCount(org.organizationId, `first-party:${org.organizationId}:${external}`), 0);
    });

    it('when the subject has an unknown field, no identifier or a blank one, then 400 naming the subject field', async () => {
      assertFieldError(await post(event({ subject: { email: 'a@b.test', phone: '+1' } })), 'subject.phone');
      assertFieldError(await post(event({ subject: {} })), 'subject');
      assertFieldError(await post(event({ subject: { email: '  ' } })), 'subject.email');
      assertFieldError(await post(event({ subject: { email: 42 } })), 'subject.email');
      assertFieldError(await post(event({ subject: 'ada@events.test' })), 'subject');
      for (const field of ['email', 'linkedin_url', 'company_domain', 'external_contact_id', 'external_company_id']) {
        const response = await post(event({ subject: { [field]: `value-${randomUUID()}` } }));
        assert.equal(response.status, 202, `${field} alone is an identifier: ${response.text}`);
      }
    });

    it('when required fields are missing, then 400 naming each', async () => {
      const response = await post({});
      assertFieldError(response, 'event_name');
      assertFieldError(response, 'occurred_at');
      assertFieldError(response, 'subject');
    });

    it('when event_name is empty or longer than 255 characters, then 400; 1 and 255 characters are accepted', async () => {
      assertFieldError(await post(event({ event_name: '' })), 'event_name');
      assertFieldError(await post(event({ event_name: 'x'.repeat(256) })), 'event_name');
      assertFieldError(await post(event({ event_name: 7 })), 'event_name');
      assert.equal((await post(event({ event_name: 'x', payload: { n: randomUUID() } }))).status, 202);
      // 255 characters, counted as characters (an astral emoji is one), not UTF-16 units or bytes.
      assert.equal((await post(event({ event_name: '😀'.repeat(255), payload: { n: randomUUID() } }))).status, 202);
    });

    it('when external_event_id is longer than 255 characters or empty, then 400; 255 characters are accepted', async () => {
      assertFieldError(await post(event({ external_event_id: 'e'.repeat(256) })), 'external_event_id');
      assertFieldError(await post(event({ external_event_id: '' })), 'external_event_id');
      const long = `${randomUUID()}${'e'.repeat(255 - 36)}`;
      const response = await post(event({ external_event_id: long }));
      assert.equal(response.status, 202, response.text);
      assert.equal(response.body.idempotency_key, `first-party:${org.organizationId}:${long}`);
    });

    it('when occurred_at is naive, date-only or not a real instant, then 400 naming it', async () => {
      for (const value of [
        '2026-03-01T10:00:00',
        '2026-03-01',
        '2026-03-01T10:00:00+0200',
        '2026-02-30T10:00:00Z',
        '2026-03-01 10:00:00Z',
        'yesterday',
        '2026-03-01T25:00:00Z',
        '2026-03-01T10:00:00+24:00',
        '0000-01-01T00:00:00Z',
        1_772_000_000,
      ]) {
        assertFieldError(await post(event({ occurred_at: value })), 'occurred_at');
      }
    });

    it('when occurred_at has Z, an explicit offset or is long past, then it is accepted and stored as that instant', async () => {
      const cases: [string, string][] = [
        ['2026-03-01T10:00:00.250+05:30', '2026-03-01T04:30:00.250Z'],
        ['2026-03-01t10:00:00z', '2026-03-01T10:00:00.000Z'],
        ['1999-12-31T23:00:00-01:00', '2000-01-01T00:00:00.000Z'],
      ];
      for (const [sent, stored] of cases) {
        const external = `time-${randomUUID()}`;
        assert.equal((await post(event({ occurred_at: sent, external_event_id: external }))).status, 202, sent);
        const list = await api.get(`/v1/events?external_event_id=${external}`, { key: org.apiKey });
        assert.equal(list.body.items[0].occurred_at, stored, sent);
      }
    });

    it('when payload is not an object, then 400 naming it', async () => {
      for (const payload of [[1, 2], 'text', 3, null, true])
        assertFieldError(await post(event({ payload })), 'payload');
    });

    it('when text fields carry NUL or an unpaired surrogate, then 400 naming the field, never a 500', async () => {
      assertFieldError(
        await postRaw('{"event_name":"a\\u0000b","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"n@x.test"}}'),
        'event_name',
      );
      assertFieldError(
        await postRaw('{"event_name":"a","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"n\\u0000@x.test"}}'),
        'subject.email',
      );
      assertFieldError(
        await postRaw('{"event_name":"a","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"\\ud800@x.test"}}'),
        'subject.email',
      );
      assertFieldError(
        await postRaw(
          '{"event_name":"a","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"n@x.test"},"external_event_id":"\\udc00"}',
        ),
        'external_event_id',
      );
      // Inside the payload such escapes are plain JSON text, kept exactly.
      const raw = `{"event_name":"a","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"n@x.test"},"external_event_id":"${randomUUID()}","payload":{"nul":"\\u0000","lone":"\\ud800"}}`;
      const response = await postRaw(raw);
      assert.equal(response.status, 202, response.text);
    });

    it('when the body is not JSON, not declared JSON, too large or in another charset, then a 4xx in the error shape', async () => {
      const broken = await postRaw('{"event_name":');
      assertFieldError(broken, '(body)');
      const empty = await api.call('POST', '/v1/events', { key: org.apiKey });
      assert.equal(empty.status, 400);
      const array = await postRaw('[1,2]');
      assert.equal(array.status, 400);
      const text = await postRaw(JSON.stringify(event()), org.apiKey, { 'Content-Type': 'text/plain' });
      assert.equal(text.status, 400, text.text);
      const big = await post(event({ payload: { blob: 'x'.repeat(stack.config.bodyLimitBytes) } }));
      assert.equal(big.status, 413);
      assert.equal(big.body.type, 'PayloadTooLargeIssue');
      const latin = await postRaw(JSON.stringify(event()), org.apiKey, {
        'Content-Type': 'application/json; charset=iso-8859-1',
      });
      assertFieldError(latin, '(body)');
      const encoding = await postRaw(JSON.stringify(event()), org.apiKey, { 'Content-Encoding': 'br-nope' });
      assertFieldError(encoding, '(body)');
    });

    it('when invalid UTF-8 bytes are sent, then 400, not a silently replaced character', async () => {
      const bytes = Buffer.concat([
        Buffer.from('{"event_name":"x'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"u@x.test"}}'),
      ]);
      const response = await fetch(`${stack.url}/v1/events`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${org.apiKey}`, 'Content-Type': 'application/json' },
        body: bytes,
      });
      assert.equal(response.status, 400);
      assert.equal(((await response.json()) as { data: { errors: { path: string }[] } }).data.errors[0].path, '(body)');
    });

    it('when the body is gzip-encoded, then it is accepted and hashed on the decoded bytes', async () => {
      const raw = JSON.stringify(event({ payload: { gz: randomUUID() } }));
      const response = await fetch(`${stack.url}/v1/events`, {
        method: 'POST',
        body: gzipSync(raw),
        headers: {
          Authorization: `Bearer ${org.apiKey}`,
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
        },
      });
      assert.equal(response.status, 202);
      assert.equal(
        ((await response.json()) as { idempotency_key: string }).idempotency_key,
        `first-party:${org.organizationId}:${sha256(raw)}`,
      );
    });

    it('when the key lacks events:write, then 403; with only events:write, then the event is accepted', async () => {
      const reader = await newKey(stack, org.organizationId, ['events:read']);
      const refused = await post(event(), reader.api_key);
      assert.equal(refused.status, 403);
      const writer = await newKey(stack, org.organizationId, ['events:write']);
      assert.equal((await post(event({ payload: { w: randomUUID() } }), writer.api_key)).status, 202);
      assert.equal((await api.get('/v1/events', { key: writer.api_key })).status, 403);
    });
  });

  describe('exact payload', () => {
    it('when a payload with odd number spellings, key order and whitespace is sent, then both reads return its exact text', async () => {
      const payload =
        '{ "z": 1.0, "a": 1e3, "10": -0, "2": 1E+2, "big": 12345678901234567890123, "tiny": 0.10000000000000000001,\n' +
        '  "nested": {"b": [1.50, 2e-0, {"dup": 1, "dup": 2}], "a": null}, "s": "caf\\u00e9 \\/ \u00e9", "empty": {}, "arr": [ ] }';
      const external = `exact-${randomUUID()}`;
      const raw = `{"payload": ${payload}, "event_name":"exact","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"e@x.test"},"external_event_id":"${external}"}`;
      assert.equal((await postRaw(raw)).status, 202);
      const list = await api.get(`/v1/events?external_event_id=${external}`, { key: org.apiKey });
      assert.equal(list.status, 200);
      assert.match(list.headers.get('content-type') ?? '', /^application\/json/);
      assert.ok(list.text.includes(`"payload":${payload},`), `list text keeps the payload: ${list.text}`);
      const id = list.body.items[0].id;
      const one = await api.get(`/v1/events/${id}`, { key: org.apiKey });
      assert.equal(one.status, 200);
      assert.match(one.headers.get('content-type') ?? '', /^application\/json/);
      assert.ok(one.text.includes(`"payload":${payload},`), `single read keeps the payload: ${one.text}`);
      assert.deepEqual(one.body.payload, JSON.parse(payload), 'the response is still valid JSON');
    });

    it('when the payload member name is escaped or repeated, then the payload JSON.parse would take is the one stored', async () => {
      const external = `dupkey-${randomUUID()}`;
      const raw = `{"payload":{"first":1},"event_name":"dup","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"d@x.test"},"external_event_id":"${external}","pay\\u006coad":{"last":1.0}}`;
      assert.equal((await postRaw(raw)).status, 202);
      const list = await api.get(`/v1/events?external_event_id=${external}`, { key: org.apiKey });
      assert.ok(list.text.includes('"payload":{"last":1.0},'), list.text);
    });

    it('when no payload is sent, then the reads return payload null', async () => {
      const external = `nopayload-${randomUUID()}`;
      await post(event({ external_event_id: external }));
      const list = await api.get(`/v1/events?external_event_id=${external}`, { key: org.apiKey });
      assert.equal(list.body.items[0].payload, null);
    });
  });
});
