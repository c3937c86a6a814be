// The signal workflow on the time-skipping server with the real check activity on the stack's
// database and a fake signal-data provider (test/helpers/signal-fixtures.ts): the daily cap, no
// fact twice, the weekly cadence, pause/resume, and a custom-event backfill drained 500 a poll.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { pino } from 'pino';
import { createSignalActivities } from '../../activities/signals.activities.ts';
import {
  SIGNAL_WORKFLOW,
  signalChangedUpdate,
  signalStateQuery,
  signalWorkflowId,
  type SignalWorkflowInput,
} from '../../workflows/signal.definitions.ts';
import { createServiceWorker, useTimeSkippingEnv } from '../helpers/time-skipping.ts';
import { insertAccount, insertContact, insertContactExclusion, until } from '../helpers/sequence-fixtures.ts';
import { insertEvents } from '../helpers/ingested-events.ts';
import { FakeSignals, importsOf, insertSignal, setSignalStatus } from '../helpers/signal-fixtures.ts';
import { sql } from 'kysely';
import { createWorkflowClients } from '../../workflows/clients.ts';
import { createProviders } from '../../providers/index.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('signalWorkflow', function () {
  this.timeout(180_000);
  const ts = useTimeSkippingEnv();
  const provider = new FakeSignals(8);
  let worker: Worker;
  let acts: ReturnType<typeof createSignalActivities>;
  let run: Promise<void>;
  const taskQueue = `signals-${randomUUID()}`;

  before(async () => {
    acts = createSignalActivities({
      orm: ts.stack.orm,
      logger: pino({ level: 'silent' }),
      config: ts.stack.config,
      workflows: createWorkflowClients(ts.env.client, ts.stack.config.temporalTaskQueue),
      providers: { ...createProviders({ orm: ts.stack.orm, config: ts.stack.config }), signals: provider },
      scopeOf: async () => 'PEOPLE',
    });
    worker = await createServiceWorker(ts, taskQueue, acts);
    run = worker.run();
    ts.beforeTeardown(async () => {
      worker.shutdown();
      await run;
    });
  });

  const start = (signalId: string): Promise<WorkflowHandle> => {
    const args: [SignalWorkflowInput] = [{ signalId, organizationId: ts.org.organizationId }];
    return ts.env.client.workflow.start(SIGNAL_WORKFLOW, { taskQueue, workflowId: signalWorkflowId(signalId), args });
  };
  const checksOf = async (handle: WorkflowHandle) => (await handle.query(signalStateQuery)).checks;
  const waitChecks = (handle: WorkflowHandle, n: number) => until(async () => (await checksOf(handle)) >= n, 60_000);

  it('when a DAILY signal with a cap of 5 runs ten simulated days, then each day imports at most 5 and no fact or person twice', async () => {
    const { id, contactListId } = await insertSignal(ts.stack, ts.org.organizationId, { maxPerDay: 5 });
    const handle = await start(id);
    await waitChecks(handle, 1);
    for (let day = 1; day <= 10; day++) {
      await ts.env.sleep(DAY);
      await waitChecks(handle, day + 1);
    }
    assert.equal(await checksOf(handle), 11);
    const rows = await importsOf(ts.stack, id);
    const byCheck = new Map<string, number>();
    for (const r of rows.filter((x) => x.status === 'IMPORTED'))
      byCheck.set(String(r.metadata.check_at), (byCheck.get(String(r.metadata.check_at)) ?? 0) + 1);
    assert.equal(byCheck.size, 11);
    for (const n of byCheck.values()) assert.equal(n, 5);
    assert.equal(new Set(rows.map((r) => r.fact_key)).size, rows.length, 'a fact is looked at once');
    assert.ok(rows.some((r) => r.status === 'SKIPPED_CAP'));
    const entries = await sql<{ n: string; people: string }>`
      SELECT count(*) AS n, count(DISTINCT contact_id) AS people FROM contact_entries WHERE contact_list_id = ${contactListId}`.execute(
      ts.stack.orm.em.fork().getKysely(),
    );
    assert.deepEqual(entries.rows[0], { n: '55', people: '55' });
    const {
      rows: [signal],
    } = await sql<{ imported_count: number }>`SELECT imported_count FROM signals WHERE id = ${id}`.execute(
      ts.stack.orm.em.fork().getKysely(),
    );
    assert.equal(signal.imported_count, 55);
    await handle.terminate();
  });

  it('when a WEEKLY signal runs, then it checks at once and then every seven days', async () => {
    const { id } = await insertSignal(ts.stack, ts.org.organizationId, { cadence: 'WEEKLY', maxPerDay: 2 });
    const handle = await start(id);
    await waitChecks(handle, 1);
    const first = await handle.query(signalStateQuery);
    assert.equal(Date.parse(first.nextCheckAt!) - Date.parse(first.lastCheckAt!), 7 * DAY);
    await ts.env.sleep(6 * DAY);
    assert.equal(await checksOf(handle), 1);
    await ts.env.sleep(DAY + 60_000);
    await waitChecks(handle, 2);
    await handle.terminate();
  });

  it('when a signal is paused, then it stops checking; when resumed, then it checks at once', async () => {
    const { id } = await insertSignal(ts.stack, ts.org.organizationId, { maxPerDay: 3 });
    const handle = await start(id);
    await waitChecks(handle, 1);
    await setSignalStatus(ts.stack, id, 'PAUSED');
    const paused = await handle.executeUpdate(signalChangedUpdate, { args: [{ change: 'PAUSE' }] });
    assert.deepEqual([paused.status, paused.nextCheckAt], ['PAUSED', null]);
    await ts.env.sleep(3 * DAY);
    assert.equal(await checksOf(handle), 1);
    await setSignalStatus(ts.stack, id, 'ACTIVE');
    await handle.executeUpdate(signalChangedUpdate, { args: [{ change: 'RESUME' }] });
    await waitChecks(handle, 2);
    const state = await handle.query(signalStateQuery);
    assert.equal(state.status, 'ACTIVE');
    assert.equal(Date.parse(state.nextCheckAt!) - Date.parse(state.lastCheckAt!), DAY);
    await assert.rejects(handle.executeUpdate(signalChangedUpdate, { args: [{ change: 'DELETE' as never }] }));
    await handle.terminate();
  });

  it('when a custom-event signal starts over 1,200 stored events, then it backfills them oldest first in polls of 500, 500 and 200', async () => {
    const eventName = `backfill.${randomUUID().slice(0, 8)}`;
    const base = Date.now() - 10 * DAY;
    const ids = await insertEvents(
      ts.stack,
      ts.org.organizationId,
      Array.from({ length: 1200 }, (_, i) => ({
        eventName,
        subject: { email: `lead${i}@backfill.test` },
        receivedAt: new Date(base + i * 1000),
      })),
    );
    await sql`UPDATE ingested_events SET resolution_status = 'UNRESOLVED', resolved_at = now() WHERE id = ANY (${ids}::uuid[])`.execute(
      ts.stack.orm.em.fork().getKysely(),
    );
    const { id, contactListId } = await insertSignal(ts.stack, ts.org.organizationId, {
      eventName,
      eventSubject: 'PEOPLE',
    });
    const handle = await start(id);
    const polled = async () => (await importsOf(ts.stack, id)).length;
    await ts.env.sleep(60 * 60_000); // the first poll is due within the hour of creation
    await waitChecks(handle, 1);
    assert.equal(await polled(), 500);
    await ts.env.sleep(DAY);
    await waitChecks(handle, 2);
    assert.equal(await polled(), 1000);
    await ts.env.sleep(DAY);
    await waitChecks(handle, 3);
    const rows = await importsOf(ts.stack, id);
    assert.equal(rows.length, 1200);
    assert.deepEqual(
      rows.slice(0, 3).map((r) => r.email),
      ['lead0@backfill.test', 'lead1@backfill.test', 'lead2@backfill.test'],
    );
    assert.ok(
      rows.every(
        (r) =>
          r.status === 'IMPORTED' &&
          r.contact_id === null &&
          (r.metadata.payload as { source: string }).source === 'test',
      ),
    );
    const {
      rows: [entries],
    } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM contact_entries WHERE contact_list_id = ${contactListId} AND contact_id IS NULL`.execute(
      ts.stack.orm.em.fork().getKysely(),
    );
    assert.equal(entries.n, '1200');
    await handle.terminate();
  });

  it('when a custom-event poll meets PENDING, company-only, repeated, excluded and oversized events, then rules 3-8 hold', async () => {
    const eventName = `rules.${randomUUID().slice(0, 8)}`;
    const kdb = () => ts.stack.orm.em.fork().getKysely();
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      email: `known-${randomUUID().slice(0, 8)}@rules.test`,
    });
    const {
      rows: [known],
    } = await sql<{ email: string }>`SELECT email FROM contacts WHERE id = ${contactId}`.execute(kdb());
    await insertContactExclusion(ts.stack, ts.org.organizationId, 'excluded@rules.test');
    const t = Date.now() - DAY;
    const ids = await insertEvents(ts.stack, ts.org.organizationId, [
      { eventName, subject: { email: known.email }, receivedAt: new Date(t) }, // 0 RESOLVED: linked
      { eventName, subject: { company_domain: 'acme.test' }, receivedAt: new Date(t + 1) }, // 1 company only: passed over
      { eventName, subject: { email: 'excluded@rules.test' }, receivedAt: new Date(t + 2) }, // 2 excluded: still lands
      { eventName, subject: { email: known.email }, receivedAt: new Date(t + 3) }, // 3 same person again: no second entry
      { eventName, subject: { email: 'big@rules.test' }, receivedAt: new Date(t + 4) }, // 4 payload > 32 KB: copy left out
      { eventName, subject: { email: 'later@rules.test' }, receivedAt: new Date(t + 5) }, // 5 PENDING: the poll stops here
      { eventName, subject: { email: 'after@rules.test' }, receivedAt: new Date(t + 6) }, // 6 finished, but after a PENDING one
    ]);
    await sql`UPDATE ingested_events SET resolution_status = 'UNRESOLVED', resolved_at = now() WHERE id = ANY (${[ids[1], ids[2], ids[4], ids[6]]}::uuid[])`.execute(
      kdb(),
    );
    await sql`UPDATE ingested_events SET resolution_status = 'RESOLVED', resolved_at = now(), contact_id = ${contactId} WHERE id = ANY (${[ids[0], ids[3]]}::uuid[])`.execute(
      kdb(),
    );
    await sql`UPDATE ingested_events SET payload_json = ${JSON.stringify({ blob: 'x'.repeat(33 * 1024) })} WHERE id = ${ids[4]}`.execute(
      kdb(),
    );
    const { id, contactListId } = await insertSignal(ts.stack, ts.org.organizationId, {
      eventName,
      eventSubject: 'PEOPLE',
    });
    const poll = () =>
      acts.checkSignal({ signalId: id, organizationId: ts.org.organizationId, at: new Date().toISOString() });

    assert.deepEqual(await poll(), { outcome: 'CHECKED', imported: 3, skipped: 0, read: 5 });
    let rows = await importsOf(ts.stack, id);
    assert.deepEqual(
      rows.map((r) => [r.email, r.contact_id]),
      [
        [known.email, contactId],
        ['excluded@rules.test', null],
        ['big@rules.test', null],
      ],
    );
    assert.equal(rows[2].metadata.payload, undefined);
    assert.equal(rows[2].metadata.payload_omitted, true);
    assert.deepEqual(rows[0].metadata.payload, { source: 'test' });
    const {
      rows: [signal],
    } = await sql<{ watermark: { id: string } }>`SELECT watermark FROM signals WHERE id = ${id}`.execute(kdb());
    assert.equal(signal.watermark.id, ids[4], 'the watermark stops before the PENDING event');

    await sql`UPDATE ingested_events SET resolution_status = 'UNRESOLVED', resolved_at = now() WHERE id = ${ids[5]}`.execute(
      kdb(),
    );
    await sql`UPDATE signals SET watermark = NULL WHERE id = ${id}`.execute(kdb()); // a re-read of everything
    assert.deepEqual(await poll(), { outcome: 'CHECKED', imported: 2, skipped: 0, read: 7 });
    rows = await importsOf(ts.stack, id);
    assert.deepEqual(rows.map((r) => r.email).slice(3), ['later@rules.test', 'after@rules.test']);
    const {
      rows: [entries],
    } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM contact_entries WHERE contact_list_id = ${contactListId}`.execute(kdb());
    assert.equal(entries.n, '5');
  });

  it('when a COMPANIES-level custom-event poll meets a resolved and an unresolved domain, then the resolved entry is linked and the unresolved one keeps its raw domain, once', async () => {
    const eventName = `accounts.${randomUUID().slice(0, 8)}`;
    const kdb = () => ts.stack.orm.em.fork().getKysely();
    const accountId = await insertAccount(
      ts.stack,
      ts.org.organizationId,
      'Known Co',
      `known-${randomUUID().slice(0, 8)}.test`,
    );
    const {
      rows: [account],
    } = await sql<{ domain: string }>`SELECT domain FROM accounts WHERE id = ${accountId}`.execute(kdb());
    const raw = `raw-${randomUUID().slice(0, 8)}.test`;
    const t = Date.now() - DAY;
    const ids = await insertEvents(ts.stack, ts.org.organizationId, [
      { eventName, subject: { company_domain: account.domain }, receivedAt: new Date(t) },
      { eventName, subject: { company_domain: raw }, receivedAt: new Date(t + 1) },
      { eventName, subject: { company_domain: raw }, receivedAt: new Date(t + 2) },
    ]);
    await sql`UPDATE ingested_events SET resolution_status = 'RESOLVED', resolved_at = now(), account_id = ${accountId} WHERE id = ${ids[0]}`.execute(
      kdb(),
    );
    await sql`UPDATE ingested_events SET resolution_status = 'UNRESOLVED', resolved_at = now() WHERE id = ANY (${[ids[1], ids[2]]}::uuid[])`.execute(
      kdb(),
    );
    const { id, accountListId } = await insertSignal(ts.stack, ts.org.organizationId, {
      eventName,
      eventSubject: 'COMPANIES',
    });
    const result = await acts.checkSignal({
      signalId: id,
      organizationId: ts.org.organizationId,
      at: new Date().toISOString(),
    });
    assert.equal(result.imported, 2);
    const { rows: entries } = await sql<{ domain: string; account_id: string | null }>`
      SELECT domain, account_id FROM account_entries WHERE account_list_id = ${accountListId} ORDER BY created_at, domain`.execute(
      kdb(),
    );
    assert.deepEqual(
      entries.map((e) => [e.domain, e.account_id]).sort(),
      [
        [account.domain, accountId],
        [raw, null],
      ].sort(),
    );
    const { rows: accounts } =
      await sql`SELECT 1 FROM accounts WHERE organization_id = ${ts.org.organizationId} AND domain = ${raw}`.execute(
        kdb(),
      );
    assert.equal(accounts.length, 0, 'an unresolved domain creates no account');
  });
});
