// Faults: Temporal unreachable. An API whose Temporal connection runs through a TCP proxy the test
// cuts and restores. While it is cut, the controls (signal changes, a sequence's pause and stop) are
// written by the request with their outbox command and answer as usual; the command waits for the
// drain, which delivers it once Temporal is back. A call that needs Temporal before it commits (a
// task's snooze starts its timer first) answers 503 UnavailableIssue in the error shape, with
// nothing written. Ingestion keeps answering 202 (it needs only PostgreSQL); once Temporal is back,
// the same API recovers without a restart.
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Client, type Connection } from '@temporalio/client';
import { sql } from 'kysely';
import { pino } from 'pino';
import { createApp } from '../../api/app.ts';
import { KeyStore } from '../../api/key-store.ts';
import { createProviders } from '../../providers/index.ts';
import { freePort } from '../../scripts/local-stack.ts';
import { lazyTemporalClient } from '../../temporal/client.ts';
import { typedKysely } from '../../db/kysely.ts';
import { drainCommands } from '../../domain/workflow-commands/deliver.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';
import { sequenceStatusQuery, sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { signalStateQuery, signalWorkflowId } from '../../workflows/signal.definitions.ts';
import { taskReminderWorkflowId } from '../../workflows/task-reminder.definitions.ts';
import { WORKFLOW_SERVICE_UNAVAILABLE } from '../../domain/shared/errors.ts';
import { newOrg, type TestOrg } from '../helpers/fixtures.ts';
import {
  enrollDeliverable,
  messagesOf,
  sequenceRow,
  terminateSequenceWorkflows,
  until,
} from '../helpers/sequence-fixtures.ts';
import { client } from '../helpers/http.ts';
import { getStack, type Stack } from '../helpers/stack.ts';

/** A TCP proxy to `target` that can be cut (every connection dropped, none accepted) and restored on the same port. */
async function tcpProxy(target: string) {
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
  const listenPort = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const up = () =>
    new Promise<void>((resolve) => {
      server = createServer((inbound) => {
        const outbound = connect(port, host);
        track(inbound);
        track(outbound);
        inbound.pipe(outbound).pipe(inbound);
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
      });
      server.listen(listenPort, '127.0.0.1', () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await up();
  return { address: `127.0.0.1:${listenPort}`, up, down };
}

describe('faults: Temporal unreachable', function () {
  this.timeout(180_000);
  let stack: Stack;
  let org: TestOrg;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let connection: Connection;
  let keys: KeyStore;
  let server: ReturnType<typeof createHttpServer>;
  let api: ReturnType<typeof client>;

  before(async () => {
    stack = await getStack();
    org = await newOrg(stack);
    proxy = await tcpProxy(stack.temporalAddress);
    // The API's own client settings (fail fast, reconnect quickly), on the proxied address.
    ({ connection } = lazyTemporalClient({ address: proxy.address, namespace: stack.config.temporalNamespace }));
    const logger = pino({ level: 'silent' });
    keys = new KeyStore(stack.orm, { ttlMs: 1000, flushMs: 60_000, logger });
    const temporal = new Client({ connection, namespace: stack.config.temporalNamespace });
    const { app } = createApp({
      config: stack.config,
      orm: stack.orm,
      temporal,
      logger,
      keys,
      providers: createProviders({ orm: stack.orm, config: stack.config }),
    });
    server = createHttpServer(app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    api = client(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
  });

  after(async () => {
    await new Promise((r) => server?.close(r));
    await keys?.close();
    await connection?.close().catch(() => {});
    await proxy?.down();
  });

  const signalBody = (name: string) => ({
    signal_type: 'NEW_JOB',
    name,
    search_filters: { job_title_or: ['Engineer'] },
  });
  const signalCount = async () =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM signals WHERE organization_id = ${org.organizationId}`.execute(
          stack.orm.em.fork().getKysely(),
        )
      ).rows[0].n,
    );

  /** What the drain does every few seconds, at once: every pending command of the organization, due or not. */
  const drain = () =>
    drainCommands(stack.orm.em.fork(), { workflows: createWorkflowClients(stack.temporal, stack.taskQueue) }, 100, {
      organizationId: org.organizationId,
      all: true,
    });
  const commandsFor = (workflowId: string) =>
    typedKysely(stack.orm.em.fork())
      .selectFrom('workflow_commands')
      .select(['kind', 'status', 'last_error'])
      .where('workflow_id', '=', workflowId)
      .orderBy('created_at')
      .execute();

  it('when Temporal is cut, then signal changes commit with their commands left for the drain, a snooze is 503 with nothing written, ingestion stays 202, and once it is back the drain tells the workflows and the API recovers', async () => {
    const first = await api.post('/v1/signals', { key: org.apiKey, body: signalBody('Before the cut') });
    assert.equal(first.status, 201, first.text);
    const signalId = first.body.id as string;
    const snooze = { snoozed_until: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString() };
    const todo = await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Call back', due_date: '2030-01-01' } });
    assert.equal(todo.status, 200, todo.text);

    await proxy.down();
    // Each change's command is checked at once: about a second after a failed try the stack's own drain (not cut) may deliver it.
    const waitsForDrain = async (id: string, change: string) => {
      const pending = (await commandsFor(signalWorkflowId(id))).filter((c) => c.status === 'PENDING');
      assert.equal(pending.length, 1, `${change}: its SIGNAL_CHANGED waits for the drain`);
      assert.ok(pending[0].last_error, `${change}: the failed try is on the command`);
    };
    const created = await api.post('/v1/signals', { key: org.apiKey, body: signalBody('During the cut') });
    assert.equal(created.status, 201, created.text);
    await waitsForDrain(created.body.id, 'CREATE');
    assert.equal(created.body.status, 'ACTIVE');
    assert.equal(await signalCount(), 2, 'the signal (and its list) is committed');
    const pause = await api.post(`/v1/signals/${signalId}/pause`, { key: org.apiKey });
    assert.deepEqual([pause.status, pause.body.status], [200, 'PAUSED'], pause.text);
    await waitsForDrain(signalId, 'PAUSE');
    assert.equal((await api.get(`/v1/signals/${signalId}`, { key: org.apiKey })).body.status, 'PAUSED');

    // A snooze starts its reminder before it commits: refused, in the error shape, with the one text, nothing written.
    const snoozed = await api.post(`/v1/tasks/${todo.body.id}/snooze`, { key: org.apiKey, body: snooze });
    assert.equal(snoozed.status, 503, snoozed.text);
    assert.deepEqual([snoozed.body.type, snoozed.body.message], ['UnavailableIssue', WORKFLOW_SERVICE_UNAVAILABLE]);
    assert.ok(snoozed.body.request_id, 'the error shape carries the request id');
    assert.ok(snoozed.headers.get('retry-after'), 'Retry-After tells the client when to come back');
    assert.equal(
      (await api.get(`/v1/tasks/${todo.body.id}`, { key: org.apiKey })).body.snoozed_until,
      null,
      'nothing written',
    );

    const externalId = `during-cut-${randomUUID()}`;
    const event = await api.post('/v1/events', {
      key: org.apiKey,
      body: {
        event_name: 'cut',
        occurred_at: '2026-03-01T10:00:00Z',
        subject: { email: 'cut@faults.test' },
        external_event_id: externalId,
      },
    });
    assert.equal(event.status, 202, event.text);
    const stored = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM ingested_events WHERE organization_id = ${org.organizationId} AND external_event_id = ${externalId}`.execute(
      stack.orm.em.fork().getKysely(),
    );
    assert.equal(Number(stored.rows[0].n), 1, 'the 202 event is stored');
    // Reads need only PostgreSQL.
    assert.equal((await api.get('/v1/signals', { key: org.apiKey })).status, 200);

    await proxy.up();
    await drain(); // the drain's pass (the stack's own may have delivered some already)
    const delivered = async (id: string) => (await commandsFor(signalWorkflowId(id))).every((c) => c.status === 'DONE');
    await until(async () => (await delivered(created.body.id)) && (await delivered(signalId)), 10_000);
    const state = (id: string) => stack.temporal.workflow.getHandle(signalWorkflowId(id)).query(signalStateQuery);
    assert.equal((await state(created.body.id)).status, 'ACTIVE', 'the signal created during the cut has its workflow');
    assert.deepEqual(
      [(await state(signalId)).status, (await state(signalId)).nextCheckAt],
      ['PAUSED', null],
      "the paused signal's workflow holds the pause",
    );

    // The same client reconnects on its own (gRPC backoff): retry as a client would, honouring Retry-After.
    let recovered: Awaited<ReturnType<typeof api.post>> | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      recovered = await api.post(`/v1/tasks/${todo.body.id}/snooze`, { key: org.apiKey, body: snooze });
      if (recovered.status !== 503) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    assert.equal(recovered?.status, 200, recovered?.text);
    const resumed = await api.post(`/v1/signals/${signalId}/resume`, { key: org.apiKey });
    assert.equal(resumed.status, 200, resumed.text);
    assert.deepEqual(
      (await commandsFor(signalWorkflowId(signalId))).map((c) => c.status),
      ['DONE', 'DONE', 'DONE'],
      'told on the fast path again',
    );
    await stack.temporal.workflow.getHandle(taskReminderWorkflowId(todo.body.id)).terminate('faults test cleanup');
  });

  it("when Temporal is cut, then a sequence's pause is 200 (made in its row, its command left for the drain) and reaches the run once the drain delivers it", async () => {
    const { sequenceId } = await enrollDeliverable(stack, api, org);
    let cut = false;
    try {
      await until(async () => (await messagesOf(stack, sequenceId)).length === 1);
      const run = stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId));

      await proxy.down();
      cut = true;
      const paused = await api.post(`/v1/sequences/${sequenceId}/pause`, { key: org.apiKey, body: {} });
      assert.equal(paused.status, 200, paused.text);
      assert.equal(paused.body.status, 'WAITING_FOR_USER');
      assert.equal((await sequenceRow(stack, sequenceId)).status, 'WAITING_FOR_USER', 'the pause is committed');
      assert.equal((await run.query(sequenceStatusQuery)).paused, false, 'the run has not heard of it');
      const [command] = await typedKysely(stack.orm.em.fork())
        .selectFrom('workflow_commands')
        .select(['kind', 'status', 'last_error'])
        .where('workflow_id', '=', sequenceWorkflowId(sequenceId))
        .where('kind', '=', 'RUN_CHANGED')
        .execute();
      assert.deepEqual([command.kind, command.status], ['RUN_CHANGED', 'PENDING']);
      assert.ok(command.last_error, 'the failed try is on the command');
      await proxy.up();
      cut = false;

      await drain(); // the drain's pass (the stack's own may have delivered it already)
      await until(async () => (await run.query(sequenceStatusQuery)).paused, 10_000);
      assert.equal((await run.query(sequenceStatusQuery)).waitingFor, 'PAUSE');
    } finally {
      if (cut) await proxy.up();
      await terminateSequenceWorkflows(stack, [sequenceId], 'faults test cleanup');
    }
  });

  it("when Temporal is cut, then a sequence's stop is 200 (the row ended by the request, its command left for the drain) and the run ends once the drain delivers it", async () => {
    const { sequenceId } = await enrollDeliverable(stack, api, org);
    let cut = false;
    try {
      await until(async () => (await messagesOf(stack, sequenceId)).length === 1);
      const run = stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId));

      await proxy.down();
      cut = true;
      const stopped = await api.post(`/v1/sequences/${sequenceId}/stop`, {
        key: org.apiKey,
        body: { reason: 'WIN', scope: 'CONTACT' },
      });
      assert.equal(stopped.status, 200, stopped.text);
      assert.equal(stopped.body.status, 'SUCCEEDED');
      assert.equal((await sequenceRow(stack, sequenceId)).status, 'SUCCEEDED', 'the stop is committed');
      const [command] = await commandsFor(sequenceWorkflowId(sequenceId)).then((all) =>
        all.filter((c) => c.kind === 'RUN_CHANGED'),
      );
      assert.equal(command.status, 'PENDING');
      assert.ok(command.last_error, 'the failed try is on the command');
      assert.equal((await run.describe()).status.name, 'RUNNING', 'the run has not heard of it');
      await proxy.up();
      cut = false;

      await drain(); // the drain's pass (the stack's own may have delivered it already)
      await run.result();
      assert.equal((await run.query(sequenceStatusQuery)).ended, true);
      assert.equal((await messagesOf(stack, sequenceId)).length, 1, 'nothing more was sent');
    } finally {
      if (cut) await proxy.up();
      await terminateSequenceWorkflows(stack, [sequenceId], 'faults test cleanup');
    }
  });
});
