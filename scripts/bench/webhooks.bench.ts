// `npm run bench -- webhooks`: the delivery engine end to end (embedded PostgreSQL, Temporal dev
// server, `node worker.ts` as a child, a local receiver verifying every signature). Prints the
// sustained rate and commit->receipt latency at a fixed input rate, the ceiling on a burst, and
// lost/duplicate counts across a worker kill -9 and restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { Webhook } from 'standardwebhooks';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { emitEvent } from '../../domain/activity/emit.ts';
import { createSubscription } from '../../domain/webhooks/subscriptions.service.ts';
import { webhookDispatcherWorkflowId } from '../../workflows/webhook-dispatcher.definitions.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { projectRoot, temporalCli } from '../tools.ts';
import { benchDb } from './fixtures.ts';
import { benchDatabase, envNumber, freePort, stopChild } from './harness.ts';

const SECRET_KEY = 'bench-webhook-secret-key';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
}

export async function benchWebhooks(): Promise<void> {
  const rate = envNumber('BENCH_WEBHOOK_RATE', 100);
  const seconds = envNumber('BENCH_WEBHOOK_SECONDS', 60);
  const burst = envNumber('BENCH_WEBHOOK_BURST', 5000);
  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 8 });
  await migrate(orm);
  const temporal = await startTemporalDevServer({
    cli: temporalCli(),
    port: await freePort(),
    uiPort: null,
    dbFile: null,
  });
  const connection = await Connection.connect({ address: temporal.address });
  const client = new Client({ connection });
  const org = await admin.bootstrap(orm.em.fork(), {
    orgName: 'Bench',
    ownerEmail: 'bench@example.com',
    ownerName: 'Bench',
  });

  // The receiver: verifies each signature, keeps each receipt by activity and webhook-id.
  // The verifier comes with the subscription (below), before any event is emitted.
  const signing: { verifier?: Webhook } = {};
  const receipts: { webhookId: string; activityId: string; createdAt: number; at: number }[] = [];
  let badSignatures = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        if (!signing.verifier) throw new Error('a delivery before the subscription');
        signing.verifier.verify(raw, req.headers as Record<string, string>);
      } catch {
        badSignatures++;
      }
      const body = JSON.parse(raw) as { activity_id: string; created_at: string };
      receipts.push({
        webhookId: String(req.headers['webhook-id']),
        activityId: body.activity_id,
        createdAt: Date.parse(body.created_at),
        at: Date.now(),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  // The subscription as POST /v1/webhooks creates it; its secret is shown once, here.
  const { secret } = await createSubscription(
    orm.em.fork(),
    { secretKey: SECRET_KEY, policy: { allowHttpLoopback: true, allowPrivate: false }, timeoutMs: 10_000 },
    org.organization_id,
    { name: 'bench', url, event_types: ['contact_exclusion.created'] },
  );
  signing.verifier = new Webhook(secret);

  const taskQueue = `bench-${randomUUID()}`;
  const startWorker = (): ChildProcess =>
    spawn(process.execPath, [join(projectRoot, 'worker.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        TEMPORAL_ADDRESS: temporal.address,
        TEMPORAL_TASK_QUEUE: taskQueue,
        WEBHOOK_SECRET_KEY: SECRET_KEY,
        WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  type Em = ReturnType<typeof orm.em.fork>;
  const emitIn = async (tx: Em) =>
    (
      await emitEvent(tx, {
        type: 'contact_exclusion.created',
        organizationId: org.organization_id,
        contact: null,
        fields: { exclusion_id: randomUUID(), email: null, linkedin_url: null, reason: 'OTHER' },
      })
    ).activityId;
  const emit = () => orm.em.fork().transactional(emitIn);
  /** Emits at a fixed rate for `durationS`; `during(t)` is called once a second with the elapsed seconds. */
  const produce = async (durationS: number, during?: (t: number) => Promise<void>) => {
    const ids: string[] = [];
    const started = Date.now();
    const total = rate * durationS;
    let nextTick = 1;
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      if (due > Date.now()) await sleep(due - Date.now());
      ids.push(await emit());
      if (during && Date.now() - started >= nextTick * 1000) await during(nextTick++);
    }
    return ids;
  };
  const waitAll = async (ids: string[], timeoutMs: number) => {
    const wanted = new Set(ids);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const got = new Set(receipts.filter((r) => wanted.has(r.activityId)).map((r) => r.activityId));
      if (got.size === wanted.size) return;
      await sleep(100);
    }
  };
  const summarise = (ids: string[]) => {
    const wanted = new Set(ids);
    const mine = receipts.filter((r) => wanted.has(r.activityId));
    const delivered = new Set(mine.map((r) => r.activityId));
    const latencies = mine.map((r) => r.at - r.createdAt).sort((a, b) => a - b);
    const first = Math.min(...mine.map((r) => r.at));
    const last = Math.max(...mine.map((r) => r.at));
    return {
      events: ids.length,
      lost: ids.length - delivered.size,
      duplicates: mine.length - new Set(mine.map((r) => r.webhookId)).size,
      rate: mine.length / Math.max(0.001, (last - first) / 1000),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    };
  };

  let worker = startWorker();
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const running = await client.workflow
        .getHandle(webhookDispatcherWorkflowId(taskQueue))
        .describe()
        .then(
          (d) => d.status.name === 'RUNNING',
          () => false,
        );
      if (running) break;
      if (Date.now() > deadline) throw new Error('the worker did not start the dispatcher');
      await sleep(200);
    }
    await waitAll([await emit()], 30_000); // warm-up

    console.log(`phase 1: ${rate} events/s for ${seconds} s`);
    const steady = await produce(seconds);
    await waitAll(steady, 60_000);
    const s = summarise(steady);
    console.log(
      `sustained: ${s.rate.toFixed(0)} deliveries/s; commit->receipt p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms; lost ${s.lost}, duplicates ${s.duplicates}`,
    );

    console.log(`phase 2: a burst of ${burst} events committed in one transaction`);
    const burstIds = await orm.em.fork().transactional(async (em) => {
      const ids: string[] = [];
      for (let i = 0; i < burst; i++) ids.push(await emitIn(em));
      return ids;
    });
    await waitAll(burstIds, 120_000);
    const b = summarise(burstIds);
    console.log(
      `ceiling: ${b.rate.toFixed(0)} deliveries/s (first to last receipt); lost ${b.lost}, duplicates ${b.duplicates}`,
    );

    const crashSeconds = Math.max(10, Math.round(seconds / 3));
    console.log(
      `phase 3: ${rate} events/s for ${crashSeconds} s, worker killed with SIGKILL at 5 s and restarted 1 s later`,
    );
    let killedAt = 0;
    const crashIds = await produce(crashSeconds, async (t) => {
      if (t === 5) {
        killedAt = Date.now();
        worker.kill('SIGKILL');
        await sleep(1000);
        worker = startWorker();
      }
    });
    await waitAll(crashIds, 120_000);
    // The killed worker's sends that arrived but were never recorded come again once their lease
    // (twice the send timeout) runs out: count duplicates only after the queue is empty.
    const settleBy = Date.now() + 120_000;
    while (Date.now() < settleBy) {
      const pending = await benchDb(orm)
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'PENDING')
        .executeTakeFirstOrThrow();
      if (Number(pending.n) === 0) break;
      await sleep(500);
    }
    const c = summarise(crashIds);
    const resumed = receipts
      .filter((r) => r.at > killedAt + 1000)
      .map((r) => r.at)
      .sort((x, y) => x - y)[0];
    console.log(
      `crash: lost ${c.lost} (expected 0), duplicates ${c.duplicates} (same webhook-id), p95 ${c.p95} ms, p99 ${c.p99} ms; first receipt ${(((resumed ?? Number.NaN) - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    const rows = await benchDb(orm)
      .selectFrom('webhook_deliveries')
      .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute();
    console.log(
      `deliveries by status: ${rows.map((r) => `${r.status} ${r.n}`).join(', ')}; bad signatures: ${badSignatures}`,
    );
  } finally {
    await stopChild(worker, 10_000);
    server.closeAllConnections();
    server.close();
    await connection.close();
    await temporal.stop();
    await orm.close();
    await database.stop();
  }
}
