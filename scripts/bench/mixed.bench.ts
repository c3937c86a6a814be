// `npm run bench -- mixed`: a mixed workload at a fixed rate (open loop: requests are sent on
// schedule whether or not earlier ones have answered) against the local stack (embedded
// PostgreSQL, Temporal dev server, `node worker.ts` and `node api/server.ts` as children, the rate
// limiter on). Per second by default: 20 reads (a contact page, a contact by id), 10 contact
// upserts, 20 event ingestions, 2 enrollments; every enrollment's first email is sent and every
// event is signed and delivered to a local webhook receiver. Printed: per endpoint the count,
// errors and p50/p95/p99/max; webhook deliveries (received, signature failures, duplicates,
// left undelivered); resident memory of the API and the worker at the start, every minute and at
// the end, with the worker's parts every minute (scripts/bench/worker-memory.ts: heap of the main
// thread and of each workflow thread, anonymous and file-backed resident memory, malloc's part) and
// each one's slope in MiB a minute over the second half of the run. Goal: zero errors, memory
// flat. BENCH_MIXED_SECONDS (300) sets the length.
import { migrate, openOrm } from '../../db/orm.ts';
import { EVENT_TYPES } from '../../domain/activity/emit.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { temporalCli } from '../tools.ts';
import { benchDb } from './fixtures.ts';
import { benchDatabase, envNumber, freePort, residentMiB, sleep, startServices } from './harness.ts';
import { formatSlopes, recordWorkerMemory } from './worker-memory.ts';
import {
  mixedFixtures,
  mixedOps,
  mixedRates,
  printLatencyTable,
  runOpenLoop,
  startWebhookReceiver,
  type LoadResult,
  type Op,
  type WebhookReceiver,
} from './mixed-load.ts';

/** Runs the load on the dev-server stack, prints its report, and answers the figures (the cluster bench compares with them). */
export async function benchMixed(options: { seconds?: number } = {}): Promise<{ ops: Op[]; result: LoadResult }> {
  const seconds = options.seconds ?? envNumber('BENCH_MIXED_SECONDS', 300);
  const rates = mixedRates();
  // The worker signs deliveries with this key's secret box and may call a loopback receiver.
  process.env.WEBHOOK_ALLOW_HTTP_LOOPBACK = 'true';
  process.env.WEBHOOK_SECRET_KEY ??= 'bench-mixed-webhook-secret-key-0123456789';

  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
  const temporal = await startTemporalDevServer({
    cli: temporalCli(),
    port: await freePort(),
    uiPort: null,
    dbFile: null,
  });
  let stopServices = async () => {};
  let receiver: WebhookReceiver | undefined;
  try {
    await migrate(orm);
    await ensureDirectoryLoaded(orm, { companies: 2_000, people: 20_000, log: () => {} });
    const db = () => benchDb(orm);
    const fixtures = await mixedFixtures(orm, Math.ceil(rates.enrollments * seconds) + 10);
    const { org, templateId, enrollable } = fixtures;
    receiver = await startWebhookReceiver();

    const services = await startServices(database.url, temporal.address, org.api_key);
    stopServices = services.stop;
    const { base, headers } = services;
    const webhook = await services.post<{ id: string; secret: string }>(
      '/v1/webhooks',
      { name: 'Bench mixed', url: receiver.url, event_types: [...EVENT_TYPES] },
      201,
    );
    receiver.verifyWith(webhook.secret);
    // Warm-up, and contacts to read by id.
    const readIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      readIds.push(
        (
          await services.post<{ id: string }>(
            '/v1/contacts',
            { email: `read-${i}@example.com`, first_name: 'Read', company_domain: 'example.com' },
            201,
          )
        ).id,
      );
    }
    for (;;) {
      const response = await fetch(`${base}/v1/sequences`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ contact_id: enrollable.pop(), sequence_template_id: templateId }),
      });
      await response.text();
      if (response.status === 201) break;
      await sleep(500);
    }

    const ops = mixedOps(rates, readIds, fixtures);
    const memory: { t: number; api: number; worker: number }[] = [];
    const sampleMemory = (t: number) =>
      memory.push({ t, api: residentMiB(services.pids.api), worker: residentMiB(services.pids.worker) });
    const workerMemory = recordWorkerMemory(services.workerMetricsUrl, services.pids.worker);

    console.log(`mixed load for ${seconds} s: ${ops.map((o) => `${o.name} ${o.perSecond}/s`).join(', ')}`);
    sampleMemory(0);
    let minute = 1;
    const result = await runOpenLoop(
      ops,
      seconds,
      async (_op, { method, path, body }) => {
        const response = await fetch(`${base}${path}`, {
          method,
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        return { status: response.status, text: await response.text() };
      },
      (elapsed) => {
        workerMemory.tick(elapsed);
        if (elapsed >= minute * 60) sampleMemory(minute++ * 60);
      },
    );
    sampleMemory(seconds);
    const workerParts = await workerMemory.finish(seconds);

    // Deliveries: every delivery row of the subscription reaches the receiver (wait for the tail).
    const deliveryCounts = () =>
      db()
        .selectFrom('webhook_deliveries')
        .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
        .where('subscription_id', '=', webhook.id)
        .groupBy('status')
        .execute();
    const drainDeadline = Date.now() + 120_000;
    while (Date.now() < drainDeadline && (await deliveryCounts()).some((r) => r.status === 'PENDING'))
      await sleep(1000);

    printLatencyTable(ops, result);
    const totalErrors = [...result.errors.values()].reduce((n, e) => n + e.length, 0);
    const counts = await deliveryCounts();
    const duplicates = [...receiver.received.values()].filter((n) => n > 1).length;
    console.log(`errors: ${totalErrors} (goal 0)`);
    console.log(
      `webhook deliveries: ${counts.map((r) => `${r.status} ${r.n}`).join(', ')}; received ${receiver.received.size} distinct webhook-ids, ` +
        `${duplicates} received more than once, ${receiver.badSignatures()} bad signatures`,
    );
    console.log(
      `resident memory (MiB), API / worker: ${memory.map((m) => `${m.t}s ${m.api.toFixed(0)}/${m.worker.toFixed(0)}`).join(', ')}`,
    );
    const [first, last] = [memory[0], memory.at(-1)!];
    console.log(
      `  start -> end: API ${first.api.toFixed(0)} -> ${last.api.toFixed(0)} MiB, worker ${first.worker.toFixed(0)} -> ${last.worker.toFixed(0)} MiB`,
    );
    console.log(formatSlopes(workerParts, seconds));
    return { ops, result };
  } finally {
    await stopServices();
    await receiver?.close();
    await temporal.stop();
    await orm.close();
    await database.stop();
  }
}
