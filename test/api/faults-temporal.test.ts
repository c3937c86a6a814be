// Faults: Temporal unreachable. An API whose Temporal connection runs through a TCP proxy the test
// cuts and restores: while it is cut, endpoints that need Temporal answer 503 UnavailableIssue in
// the error shape and leave nothing half-written, ingestion keeps answering 202 (it needs only
// PostgreSQL); once it is back, the same API recovers without a restart. A sequence's pause is
// made in its row with an outbox command, so it answers 200 while cut and reaches the run later.
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
import { newOrg, type TestOrg } from '../helpers/fixtures.ts';
import { enrollDeliverable, messagesOf, sequenceRow, terminateSequenceWorkflows, until } from '../helpers/sequence-fixtures.ts';
import { client } from '../helpers/http.ts';
import { getStack, type Stack } from '../helpers/stack.ts';

/** A TCP proxy to `target` that can be cut (every connection dropped, none accepted) and restored on the same port. */
async function tcpProxy(target: string) {
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
  const listenPort = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const track = (s: Socket) => { sockets.add(s); s.on('close', () => sockets.delete(s)); s.on('error', () => s.destroy()); };
  const up = () => new Promise<void>((resolve) => {
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
  const down = () => new Promise<void>((resolve) => {
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
    const { app } = createApp({ config: stack.config, orm: stack.orm, temporal, logger, keys, providers: createProviders({ orm: stack.orm, config: stack.config }) });
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

  const signalBody = (name: string) => ({ signal_type: 'NEW_JOB', name, search_filters: { job_title_or: ['Engineer'] } });
  const signalCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM signals WHERE organization_id = ${org.organizationId}`
    .execute(stack.orm.em.fork().getKysely())).rows[0].n);

  it('when Temporal is cut, then workflow-backed calls are 503 with nothing half-written, ingestion stays 202, and all recover when it returns', async () => {
    const first = await api.post('/v1/signals', { key: org.apiKey, body: signalBody('Before the cut') });
    assert.equal(first.status, 201, first.text);
    const signalId = first.body.id as string;

    await proxy.down();
    const refused = await api.post('/v1/signals', { key: org.apiKey, body: signalBody('During the cut') });
    assert.equal(refused.status, 503, refused.text);
    assert.equal(refused.body.type, 'UnavailableIssue');
    assert.ok(refused.body.request_id, 'the error shape carries the request id');
    assert.ok(refused.headers.get('retry-after'), 'Retry-After tells the client when to come back');
    assert.equal(await signalCount(), 1, 'the refused create left no signal (nor its list) behind');
    const lists = await sql<{ n: string }>`SELECT count(*) AS n FROM contact_lists WHERE organization_id = ${org.organizationId}`.execute(stack.orm.em.fork().getKysely());
    assert.equal(Number(lists.rows[0].n), 1, 'only the first signal\'s list exists');

    const pause = await api.post(`/v1/signals/${signalId}/pause`, { key: org.apiKey });
    assert.equal(pause.status, 503, pause.text);
    assert.equal((await api.get(`/v1/signals/${signalId}`, { key: org.apiKey })).body.status, 'ACTIVE', 'the refused pause was undone');

    const externalId = `during-cut-${randomUUID()}`;
    const event = await api.post('/v1/events', {
      key: org.apiKey, body: { event_name: 'cut', occurred_at: '2026-03-01T10:00:00Z', subject: { email: 'cut@faults.test' }, external_event_id: externalId },
    });
    assert.equal(event.status, 202, event.text);
    const stored = await sql<{ n: string }>`SELECT count(*) AS n FROM ingested_events WHERE organization_id = ${org.organizationId} AND external_event_id = ${externalId}`
      .execute(stack.orm.em.fork().getKysely());
    assert.equal(Number(stored.rows[0].n), 1, 'the 202 event is stored');
    // Reads need only PostgreSQL.
    assert.equal((await api.get('/v1/signals', { key: org.apiKey })).status, 200);

    await proxy.up();
    // The same client reconnects on its own (gRPC backoff): retry as a client would, honouring Retry-After.
    let recovered: Awaited<ReturnType<typeof api.post>> | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      recovered = await api.post('/v1/signals', { key: org.apiKey, body: signalBody(`After the cut ${attempt}`) });
      if (recovered.status !== 503) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    assert.equal(recovered?.status, 201, recovered?.text);
    const paused = await api.post(`/v1/signals/${signalId}/pause`, { key: org.apiKey });
    assert.equal(paused.status, 200, paused.text);
    assert.equal(paused.body.status, 'PAUSED');
    assert.equal(await signalCount(), 2);
  });

  it('when Temporal is cut, then a sequence\'s pause is 200 (made in its row, its command left for the drain) and reaches the run once the drain delivers it', async () => {
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
      const [command] = await typedKysely(stack.orm.em.fork()).selectFrom('workflow_commands').select(['kind', 'status', 'last_error'])
        .where('workflow_id', '=', sequenceWorkflowId(sequenceId)).where('kind', '=', 'RUN_CHANGED').execute();
      assert.deepEqual([command.kind, command.status], ['RUN_CHANGED', 'PENDING']);
      assert.ok(command.last_error, 'the failed try is on the command');
      await proxy.up();
      cut = false;

      const drained = await drainCommands(stack.orm.em.fork(), { workflows: createWorkflowClients(stack.temporal, stack.taskQueue) }, 100, { organizationId: org.organizationId, all: true });
      assert.ok(drained.delivered >= 1, JSON.stringify(drained));
      await until(async () => (await run.query(sequenceStatusQuery)).paused, 10_000);
      assert.equal((await run.query(sequenceStatusQuery)).waitingFor, 'PAUSE');
    } finally {
      if (cut) await proxy.up();
      await terminateSequenceWorkflows(stack, [sequenceId], 'faults test cleanup');
    }
  });
});
