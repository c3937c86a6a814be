// The event store behind POST /v1/events (domain/events/event-store.ts) on the real database:
// concurrent events and their audit entries share a statement and its commit, a key repeated in one
// batch is stored once, and an event the database refuses fails alone, not its batch.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { typedKysely } from '../../../db/kysely.ts';
import type { AuditInsert } from '../../../domain/audit/audit.queries.ts';
import { eventStore } from '../../../domain/events/event-store.ts';
import { insertEvents, type NewEvent } from '../../../domain/events/events.queries.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('event store (group commit of POST /v1/events)', () => {
  let stack: Stack;
  let org: TestOrg;

  before(async () => {
    stack = await getStack();
    org = await newOrg(stack);
  });

  const event = (key: string, organizationId = org.organizationId): NewEvent => ({
    id: randomUUID(),
    organization_id: organizationId,
    idempotency_key: `first-party:${organizationId}:${key}`,
    event_name: 'demo_requested',
    occurred_at: new Date('2026-03-01T10:00:00Z'),
    external_event_id: key,
    subject: { email: 'ada@store.test' },
    payload_json: '{"plan": "pro", "n": 1.0}',
    received_at: new Date(),
  });
  const entry = (requestId: string): AuditInsert => ({
    id: randomUUID(),
    organization_id: org.organizationId,
    occurred_at: new Date(),
    actor_type: 'API_KEY',
    actor_key_id: org.keyId,
    actor_user_id: org.userId,
    actor_operator: null,
    request_id: requestId,
    method: 'POST',
    action: '/v1/events',
    resource_type: 'events',
    resource_id: null,
    fields: ['event_name'],
    status: 202,
    outcome: 'SUCCEEDED',
  });
  /** The transaction (xmin) that wrote each of the rows found. */
  const writers = async (table: 'ingested_events' | 'audit_log', column: string, values: string[]) =>
    (
      await sql<{ value: string; xid: string }>`SELECT ${sql.ref(column)}::text AS value, xmin::text AS xid
        FROM ${sql.table(table)} WHERE ${sql.ref(column)}::text = ANY(${values})`.execute(
        typedKysely(stack.orm.em.fork()),
      )
    ).rows;

  it('when 20 events come while one is being written, then the 19 are stored with their entries by one statement and one commit', async () => {
    const store = eventStore(stack.orm.em);
    const keys = Array.from({ length: 20 }, (_, i) => `batch-${randomUUID()}-${i}`);
    const requestIds = keys.map(() => randomUUID());
    const events = keys.map((key) => event(key));
    const stored = await Promise.all(events.map((e, i) => store(e, entry(requestIds[i]))));
    assert.deepEqual(stored, Array(20).fill(true));
    const eventRows = await writers('ingested_events', 'external_event_id', keys);
    const entryRows = await writers('audit_log', 'request_id', requestIds);
    assert.equal(eventRows.length, 20);
    assert.equal(entryRows.length, 20);
    const xidOf = new Map([...eventRows, ...entryRows].map((row) => [row.value, row.xid]));
    assert.equal(new Set(eventRows.map((row) => row.xid)).size, 2, 'the first alone, then the other 19 together');
    keys.forEach((key, i) =>
      assert.equal(xidOf.get(requestIds[i]), xidOf.get(key), `the entry of ${key} commits with its event`),
    );
    const [payload] = (
      await sql<{
        payload_json: string;
      }>`SELECT payload_json FROM ingested_events WHERE external_event_id = ${keys[7]}`.execute(
        typedKysely(stack.orm.em.fork()),
      )
    ).rows;
    assert.equal(payload.payload_json, '{"plan": "pro", "n": 1.0}', 'the payload text as sent');
  });

  it('when one key comes several times in one batch, then it is stored once and only one write says it stored it; every entry is written', async () => {
    const store = eventStore(stack.orm.em);
    const key = `repeat-${randomUUID()}`;
    const requestIds = Array.from({ length: 6 }, () => randomUUID());
    const stored = await Promise.all([
      store(event(`before-${key}`), entry(requestIds[0])),
      ...requestIds.slice(1).map((requestId) => store(event(key), entry(requestId))),
    ]);
    assert.equal(stored[0], true);
    assert.equal(stored.slice(1).filter(Boolean).length, 1, `one of the five: ${JSON.stringify(stored)}`);
    assert.equal((await writers('ingested_events', 'external_event_id', [key])).length, 1);
    assert.equal((await writers('audit_log', 'request_id', requestIds)).length, 6);
  });

  it('when a batch is written again (its commit was not answered), then nothing is stored twice and the write does not fail', async () => {
    const keys = Array.from({ length: 3 }, (_, i) => `again-${randomUUID()}-${i}`);
    const events = keys.map((key) => event(key));
    const entries = keys.map(() => entry(randomUUID()));
    const em = stack.orm.em.fork();
    assert.equal((await insertEvents(em, events, entries)).size, 3);
    assert.equal((await insertEvents(em, events, entries)).size, 0, 'the events are there already');
    assert.equal((await writers('ingested_events', 'external_event_id', keys)).length, 3);
    assert.equal(
      (
        await writers(
          'audit_log',
          'request_id',
          entries.map((e) => e.request_id!),
        )
      ).length,
      3,
    );
  });

  it('when the database refuses one event of a batch, then that write fails alone and the others are stored', async () => {
    const store = eventStore(stack.orm.em);
    const keys = Array.from({ length: 5 }, (_, i) => `isolated-${randomUUID()}-${i}`);
    const nowhere = randomUUID(); // no such organization: the foreign key refuses the event
    const outcomes = await Promise.allSettled(
      keys.map((key, i) => store(event(key, i === 2 ? nowhere : org.organizationId), entry(randomUUID()))),
    );
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled'],
    );
    const rows = await writers('ingested_events', 'external_event_id', keys);
    assert.deepEqual(rows.map((row) => row.value).sort(), [keys[0], keys[1], keys[3], keys[4]].sort());
  });
});
