// GET /v1/events: the reads and their filters.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { eventsFixture } from './fixtures.ts';

describe('events API (first-party ingestion)', function () {
  this.timeout(120_000);
  const fx = eventsFixture();
  const { post, assertFieldError } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('GET /v1/events', () => {
    let reader: TestOrg;
    const ids: Record<string, string> = {};

    before(async () => {
      reader = await newOrg(stack);
      const sends: [string, string, string][] = [
        ['a', 'signup', '2026-01-01T00:00:00Z'],
        ['b', 'Signup', '2026-01-02T00:00:00Z'],
        ['c', 'signup', '2026-01-03T00:00:00Z'],
        ['d', 'churn', '2026-01-04T00:00:00Z'],
      ];
      for (const [name, eventName, occurredAt] of sends) {
        const response = await post(
          {
            event_name: eventName,
            occurred_at: occurredAt,
            subject: { email: `${name}@list.test` },
            external_event_id: `list-${name}`,
          },
          reader.apiKey,
        );
        assert.equal(response.status, 202);
      }
      const { rows } = await sql<{
        id: string;
        external_event_id: string;
      }>`SELECT id, external_event_id FROM ingested_events WHERE organization_id = ${reader.organizationId}`.execute(
        stack.orm.em.fork().getKysely(),
      );
      for (const row of rows) ids[row.external_event_id.slice(5)] = row.id;
      await sql`UPDATE ingested_events SET resolution_status = 'RESOLVED', resolved_at = now() WHERE id = ${ids.b}`.execute(
        stack.orm.em.fork().getKysely(),
      );
      await sql`UPDATE ingested_events SET resolution_status = 'UNRESOLVED', resolved_at = now() WHERE id = ${ids.c}`.execute(
        stack.orm.em.fork().getKysely(),
      );
    });

    const listIds = async (query: string) => {
      const response = await api.get(`/v1/events${query}`, { key: reader.apiKey });
      assert.equal(response.status, 200, response.text);
      return response.body.items.map((e: { id: string }) => e.id);
    };

    it('when listed without parameters, then occurred_at descending in the usual envelope', async () => {
      const response = await api.get('/v1/events', { key: reader.apiKey });
      assert.deepEqual(
        response.body.items.map((e: { id: string }) => e.id),
        [ids.d, ids.c, ids.b, ids.a],
      );
      assert.deepEqual([response.body.total_count, response.body.total_pages, response.body.has_more], [4, 1, false]);
      assert.deepEqual(Object.keys(response.body.items[0]), [
        'id',
        'idempotency_key',
        'event_name',
        'occurred_at',
        'external_event_id',
        'subject',
        'payload',
        'resolution_status',
        'contact_id',
        'account_id',
        'received_at',
        'resolved_at',
      ]);
    });

    it('when sort_order=asc and paged, then ascending in that window; sort_by only takes occurred_at', async () => {
      assert.deepEqual(await listIds('?sort_by=occurred_at&sort_order=asc'), [ids.a, ids.b, ids.c, ids.d]);
      assert.deepEqual(await listIds('?sort_by=occurred_at'), [ids.d, ids.c, ids.b, ids.a]);
      const page = await api.get('/v1/events?size=3&page=2', { key: reader.apiKey });
      assert.deepEqual(
        page.body.items.map((e: { id: string }) => e.id),
        [ids.a],
      );
      assert.deepEqual([page.body.total_count, page.body.total_pages, page.body.has_more], [4, 2, false]);
      assertFieldError(await api.get('/v1/events?sort_by=received_at', { key: reader.apiKey }), 'sort_by');
      assertFieldError(await api.get('/v1/events?size=101', { key: reader.apiKey }), 'size');
    });

    it('when filtered by event_name, resolution_status or external_event_id, then exact matches only', async () => {
      assert.deepEqual(await listIds('?event_name=signup'), [ids.c, ids.a], 'case-sensitive and exact');
      assert.deepEqual(await listIds('?event_name=Signup'), [ids.b]);
      assert.deepEqual(await listIds('?event_name=sign'), []);
      assert.deepEqual(await listIds('?resolution_status=RESOLVED'), [ids.b]);
      assert.deepEqual(await listIds('?resolution_status=UNRESOLVED'), [ids.c]);
      assert.deepEqual(await listIds('?external_event_id=list-d'), [ids.d]);
      assert.deepEqual(await listIds('?event_name=signup&resolution_status=UNRESOLVED'), [ids.c]);
      assertFieldError(await api.get('/v1/events?resolution_status=DONE', { key: reader.apiKey }), 'resolution_status');
      assertFieldError(await api.get('/v1/events?colour=red', { key: reader.apiKey }), 'colour');
      assertFieldError(await api.get('/v1/events?event_name=a%00b', { key: reader.apiKey }), 'event_name');
    });

    it('when bounded by occurred_at_after / occurred_at_before, then the bounds are exclusive', async () => {
      assert.deepEqual(await listIds('?occurred_at_after=2026-01-02T00:00:00Z'), [ids.d, ids.c]);
      assert.deepEqual(await listIds('?occurred_at_before=2026-01-02T00:00:00Z'), [ids.a]);
      assert.deepEqual(
        await listIds(
          `?occurred_at_after=${encodeURIComponent('2026-01-01T01:00:00+01:00')}&occurred_at_before=2026-01-04T00:00:00Z`,
        ),
        [ids.c, ids.b],
      );
      assertFieldError(
        await api.get('/v1/events?occurred_at_after=2026-01-02', { key: reader.apiKey }),
        'occurred_at_after',
      );
      assertFieldError(
        await api.get('/v1/events?occurred_at_before=2026-01-02T00:00:00', { key: reader.apiKey }),
        'occurred_at_before',
      );
    });

    it('when an event is read by id, then the record; from another organization or unknown, then 404; a bad id, then 400', async () => {
      const one = await api.get(`/v1/events/${ids.b}`, { key: reader.apiKey });
      assert.equal(one.status, 200);
      assert.deepEqual(
        [one.body.id, one.body.event_name, one.body.resolution_status, one.body.subject],
        [ids.b, 'Signup', 'RESOLVED', { email: 'b@list.test' }],
      );
      assert.ok(one.body.resolved_at);
      const intruder = await api.get(`/v1/events/${ids.b}`, { key: org.apiKey });
      assert.equal(intruder.status, 404);
      assert.equal(intruder.body.type, 'NotFoundIssue');
      assert.ok(!intruder.text.includes('b@list.test'));
      assert.equal((await api.get(`/v1/events/${randomUUID()}`, { key: reader.apiKey })).status, 404);
      assertFieldError(await api.get('/v1/events/not-a-uuid', { key: reader.apiKey }), 'event_id');
    });

    it('when another organization lists events, then none of these appear', async () => {
      const response = await api.get('/v1/events?event_name=signup', { key: org.apiKey });
      assert.ok(!response.body.items.some((e: { id: string }) => Object.values(ids).includes(e.id)));
    });
  });
});
