// GET /v1/signals/imports: the feed's filters, its order (newest fact first; sort_order=asc turns it), the envelope, 404 for
// another workspace's signal, and isolation between organizations. Rows are written as a check
// writes them (the checks themselves are covered by test/workflows/signal.test.ts).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { checkSignal, type SignalCheckDeps } from '../../../domain/signals/checks.service.ts';
import { client } from '../../helpers/http.ts';
import { newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { insertSignal } from '../../helpers/signal-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('signals imports feed API', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let people: string;
  let companies: string;
  let foreign: string;

  async function insertImport(
    organizationId: string,
    signalId: string,
    row: { kind: 'CONTACT' | 'ACCOUNT'; status: string; occurredAt: string; email?: string; domain?: string },
  ) {
    await sql`
      INSERT INTO signal_imports (id, organization_id, signal_id, fact_key, kind, status, occurred_at, first_name, email, company_domain, account_name, account_domain, metadata, created_at)
      VALUES (gen_random_uuid(), ${organizationId}, ${signalId}, ${randomUUID()}, ${row.kind}, ${row.status}, ${new Date(row.occurredAt)},
              ${row.kind === 'CONTACT' ? 'Ada' : null}, ${row.email ?? null}, ${row.kind === 'CONTACT' ? 'acme.test' : null},
              ${row.kind === 'ACCOUNT' ? 'Acme' : null}, ${row.domain ?? null}, '{"event_type":"JOB_CHANGE"}'::jsonb, now())`.execute(
      stack.orm.em.fork().getKysely(),
    );
  }

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack);
    other = await newOrg(stack);
    people = (await insertSignal(stack, org.organizationId)).id;
    companies = (await insertSignal(stack, org.organizationId, { importTarget: 'COMPANIES' })).id;
    foreign = (await insertSignal(stack, other.organizationId)).id;
    await insertImport(org.organizationId, people, {
      kind: 'CONTACT',
      status: 'IMPORTED',
      occurredAt: '2026-03-01T10:00:00Z',
      email: 'a@acme.test',
    });
    await insertImport(org.organizationId, people, {
      kind: 'CONTACT',
      status: 'SKIPPED_CAP',
      occurredAt: '2026-03-03T10:00:00Z',
      email: 'b@acme.test',
    });
    await insertImport(org.organizationId, people, {
      kind: 'CONTACT',
      status: 'SKIPPED_EXCLUDED',
      occurredAt: '2026-03-02T10:00:00Z',
      email: 'c@acme.test',
    });
    await insertImport(org.organizationId, companies, {
      kind: 'ACCOUNT',
      status: 'IMPORTED',
      occurredAt: '2026-03-04T10:00:00Z',
      domain: 'globex.test',
    });
    await insertImport(other.organizationId, foreign, {
      kind: 'CONTACT',
      status: 'IMPORTED',
      occurredAt: '2026-03-05T10:00:00Z',
      email: 'x@other.test',
    });
  });

  const feed = (query = '', key = org.apiKey) => api.get(`/v1/signals/imports${query}`, { key });

  it('when the feed is read, then the workspace entries come newest fact first in the envelope, with person or account fields by kind', async () => {
    const response = await feed();
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(
      response.body.items.map((i: { occurred_at: string }) => i.occurred_at),
      ['2026-03-04T10:00:00.000Z', '2026-03-03T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-01T10:00:00.000Z'],
    );
    assert.deepEqual([response.body.total_count, response.body.total_pages, response.body.has_more], [4, 1, false]);
    const [account, contact] = response.body.items;
    assert.deepEqual(
      [account.kind, account.account_name, account.account_domain, account.signal_id],
      ['ACCOUNT', 'Acme', 'globex.test', companies],
    );
    assert.deepEqual(
      [contact.kind, contact.first_name, contact.email, contact.company_domain, contact.contact_id],
      ['CONTACT', 'Ada', 'b@acme.test', 'acme.test', null],
    );
    assert.deepEqual(contact.metadata, { event_type: 'JOB_CHANGE' });
  });

  it('when filtered by signal_id, kind, status and exclusive occurred bounds, then only the matching entries come back', async () => {
    assert.equal((await feed(`?signal_id=${companies}`)).body.total_count, 1);
    assert.equal((await feed('?kind=CONTACT')).body.total_count, 3);
    assert.deepEqual(
      (await feed('?status=IMPORTED')).body.items.map((i: { kind: string }) => i.kind),
      ['ACCOUNT', 'CONTACT'],
    );
    const bounded = await feed('?occurred_at_after=2026-03-01T10:00:00Z&occurred_at_before=2026-03-04T10:00:00Z');
    assert.deepEqual(
      bounded.body.items.map((i: { email: string }) => i.email),
      ['b@acme.test', 'c@acme.test'],
    );
    const paged = await feed('?size=1&page=2');
    assert.deepEqual(
      [paged.body.items.length, paged.body.has_more, paged.body.items[0].occurred_at],
      [1, true, '2026-03-03T10:00:00.000Z'],
    );
  });

  it("when signal_id is another workspace's signal or unknown, then 404; malformed filters are 400, never 500", async () => {
    assert.equal((await feed(`?signal_id=${foreign}`)).status, 404);
    assert.equal((await feed(`?signal_id=${randomUUID()}`)).status, 404);
    assert.equal((await feed('?signal_id=imports')).status, 400);
    assert.equal((await feed('?kind=PERSON')).status, 400);
    assert.equal((await feed('?occurred_at_after=yesterday')).status, 400);
    assert.equal((await feed('?status=IMPORTED&sort_by=occurred_at')).status, 400, 'the key is fixed: no sort_by');
    assert.equal((await feed('?sort_order=up')).status, 400);
  });

  it('when sort_order is sent, then it turns the occurred_at order (asc: oldest fact first; desc: the default)', async () => {
    const asc = await feed('?sort_order=asc');
    assert.equal(asc.status, 200, asc.text);
    assert.deepEqual(
      asc.body.items.map((i: { occurred_at: string }) => i.occurred_at),
      ['2026-03-01T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-03T10:00:00.000Z', '2026-03-04T10:00:00.000Z'],
    );
    const desc = await feed('?sort_order=desc&size=2&page=2');
    assert.equal(desc.status, 200, desc.text);
    assert.deepEqual(
      desc.body.items.map((i: { occurred_at: string }) => i.occurred_at),
      ['2026-03-02T10:00:00.000Z', '2026-03-01T10:00:00.000Z'],
    );
    assert.deepEqual([desc.body.total_count, desc.body.has_more], [4, false]);
  });

  it('when another organization reads the feed, then it sees only its own entries; without signals:read, then 403', async () => {
    const response = await feed('', other.apiKey);
    assert.deepEqual(
      response.body.items.map((i: { signal_id: string }) => i.signal_id),
      [foreign],
    );
    const key = await newKey(stack, org.organizationId, ['contacts:read']);
    assert.equal((await feed('', key.api_key)).status, 403);
  });

  it('when a custom event signal imports an event, then the feed entry carries the payload exactly as it was sent (payload size rule: unchanged)', async () => {
    const eventName = `exact-${randomUUID()}`;
    const { id } = await insertSignal(stack, org.organizationId, { eventName, eventSubject: 'PEOPLE' });
    const payload =
      '{ "z": 1.0, "a": 1e3, "10": -0, "2": 1E+2, "big": 12345678901234567890123, "nested": {"b": [1.50, 2e-0], "a": null} }';
    const raw = `{"event_name":"${eventName}","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"exact@payload.test"},"payload": ${payload}}`;
    const posted = await api.post('/v1/events', { key: org.apiKey, rawBody: raw });
    assert.equal(posted.status, 202, posted.text);
    // Resolution finished without a match (the poll reads only finished events); no template, so the check needs no providers.
    const db = stack.orm.em.fork().getKysely();
    await sql`UPDATE ingested_events SET resolution_status = 'UNRESOLVED', resolved_at = now() WHERE organization_id = ${org.organizationId} AND event_name = ${eventName}`.execute(
      db,
    );
    const result = await checkSignal(stack.orm.em.fork(), {} as SignalCheckDeps, org.organizationId, id, new Date());
    assert.equal(result.imported, 1);
    const response = await feed(`?signal_id=${id}`);
    assert.equal(response.status, 200, response.text);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.ok(response.text.includes(`"payload":${payload}}`), `the feed keeps the payload text: ${response.text}`);
    const [entry] = response.body.items;
    assert.deepEqual(
      [entry.kind, entry.status, entry.email, entry.metadata.event_name, entry.metadata.subject],
      ['CONTACT', 'IMPORTED', 'exact@payload.test', eventName, { email: 'exact@payload.test' }],
    );
    assert.deepEqual(entry.metadata.payload, JSON.parse(payload));
  });

  it('when a custom event payload holds text jsonb cannot store (\u0000, an unpaired surrogate), then the poll still lands it and the feed answers its exact text', async () => {
    const eventName = `unstorable-${randomUUID()}`;
    const { id } = await insertSignal(stack, org.organizationId, { eventName, eventSubject: 'PEOPLE' });
    const payload = '{"nul":"a\\u0000b","lone":"\\ud800","ok":1.0}';
    const raw = `{"event_name":"${eventName}","occurred_at":"2026-03-02T10:00:00Z","subject":{"email":"nul@payload.test"},"payload":${payload}}`;
    assert.equal((await api.post('/v1/events', { key: org.apiKey, rawBody: raw })).status, 202);
    await sql`UPDATE ingested_events SET resolution_status = 'UNRESOLVED', resolved_at = now() WHERE organization_id = ${org.organizationId} AND event_name = ${eventName}`.execute(
      stack.orm.em.fork().getKysely(),
    );
    const result = await checkSignal(stack.orm.em.fork(), {} as SignalCheckDeps, org.organizationId, id, new Date());
    assert.deepEqual([result.outcome, result.imported], ['CHECKED', 1]);
    const response = await feed(`?signal_id=${id}`);
    assert.equal(response.status, 200, response.text);
    assert.ok(response.text.includes(`"payload":${payload}}`), response.text);
  });
});
