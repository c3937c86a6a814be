// `npm run bench -- mixed`: a mixed workload at a fixed rate (open loop: requests are sent on
// schedule whether or not earlier ones have answered) against the local stack (embedded
// PostgreSQL, Temporal dev server, `node worker.ts` and `node api/server.ts` as children, the rate
// limiter on). Per second by default: 20 reads (a contact page, a contact by id), 10 contact
// upserts, 20 event ingestions, 2 enrollments; every enrollment's first email is sent and every
// event is signed and delivered to a local webhook receiver. Printed: per endpoint the count,
// errors and p50/p95/p99/max; webhook deliveries (received, signature failures, duplicates,
// left undelivered); resident memory of the API and the worker at the start, every minute and at
// the end. Goal: zero errors, memory flat. BENCH_MIXED_SECONDS (300) sets the length.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { EVENT_TYPES } from '../../domain/activity/emit.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { temporalCli } from '../tools.ts';
import { activeTemplate, benchDb, insertVerifiedContacts, liftSendLimit } from './fixtures.ts';
import { benchDatabase, envNumber, freePort, percentile, residentMiB, sleep, startServices } from './harness.ts';

interface Op {
  name: string;
  perSecond: number;
  expected: number[];
  request: (i: number) => { method: 'GET' | 'POST'; path: string; body?: unknown };
}

export async function benchMixed(): Promise<void> {
  const seconds = envNumber('BENCH_MIXED_SECONDS', 300);
  const rates = {
    reads: envNumber('BENCH_MIXED_READS', 20),
    upserts: envNumber('BENCH_MIXED_UPSERTS', 10),
    events: envNumber('BENCH_MIXED_EVENTS', 20),
    enrollments: envNumber('BENCH_MIXED_ENROLLMENTS', 2),
  };
  // The worker signs deliveries with this key's secret box and may call a loopback receiver.
  process.env.WEBHOOK_ALLOW_HTTP_LOOPBACK = 'true';
  process.env.WEBHOOK_SECRET_KEY ??= 'bench-mixed-webhook-secret-key-0123456789';

  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
  const temporal = await startTemporalDevServer({ cli: temporalCli(), port: await freePort(), uiPort: null, dbFile: null });
  let stopServices = async () => {};
  const server = createServer();
  try {
    await migrate(orm);
    await ensureDirectoryLoaded(orm, { companies: 2_000, people: 20_000, log: () => {} });
    const db = () => benchDb(orm);
    const org = await admin.bootstrap(orm.em.fork(), { orgName: 'Bench', ownerEmail: 'bench@example.com', ownerName: 'Bench' });
    await liftSendLimit(orm, org.user_id);
    const templateId = await activeTemplate(orm, org.organization_id, org.user_id, 'Bench mixed', [
      { type: 'EMAIL', delay_days: 0, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' }, { type: 'EMAIL', delay_days: 30, subject: 'Again', body: 'Following up.' },
    ]);
    const enrollable = Array.from({ length: Math.ceil(rates.enrollments * seconds) + 10 }, () => randomUUID());
    await insertVerifiedContacts(orm, org.organization_id, enrollable, (id) => `enroll-${id.slice(0, 8)}@example.com`);

    // The receiver: verifies each signature and counts deliveries by webhook-id.
    const receiver: { verifier?: Webhook } = {};
    const received = new Map<string, number>();
    let badSignatures = 0;
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          receiver.verifier?.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
        } catch {
          badSignatures++;
        }
        const id = String(req.headers['webhook-id']);
        received.set(id, (received.get(id) ?? 0) + 1);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));

    const services = await startServices(database.url, temporal.address, org.api_key);
    stopServices = services.stop;
    const { base, headers } = services;
    const webhook = await services.post<{ id: string; secret: string }>('/v1/webhooks', {
      name: 'Bench mixed', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, event_types: [...EVENT_TYPES],
    }, 201);
    receiver.verifier = new Webhook(webhook.secret);
    // Warm-up, and contacts to read by id.
    const readIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      readIds.push((await services.post<{ id: string }>('/v1/contacts', { email: `read-${i}@example.com`, first_name: 'Read', company_domain: 'example.com' }, 201)).id);
    }
    for (;;) {
      const response = await fetch(`${base}/v1/sequences`, { method: 'POST', headers, body: JSON.stringify({ contact_id: enrollable.pop(), sequence_template_id: templateId }) });
      await response.text();
      if (response.status === 201) break;
      await sleep(500);
    }

    const ops: Op[] = [
      { name: 'GET /v1/contacts', perSecond: rates.reads / 2, expected: [200], request: () => ({ method: 'GET', path: '/v1/contacts?size=10' }) },
      { name: 'GET /v1/contacts/{id}', perSecond: rates.reads / 2, expected: [200], request: (i) => ({ method: 'GET', path: `/v1/contacts/${readIds[i % readIds.length]}` }) },
      // Half new contacts, half updates of contacts sent before (an upsert by email).
      { name: 'POST /v1/contacts', perSecond: rates.upserts, expected: [200, 201], request: (i) => ({ method: 'POST', path: '/v1/contacts', body: { email: `upsert-${Math.floor(i / 2)}@example.com`, first_name: `U${i}`, company_domain: 'example.com' } }) },
      { name: 'POST /v1/events', perSecond: rates.events, expected: [202], request: (i) => ({ method: 'POST', path: '/v1/events', body: { event_name: 'bench.mixed', occurred_at: new Date().toISOString(), subject: { email: `event-${i % 500}@example.com` }, external_event_id: `mixed-${i}` } }) },
      { name: 'POST /v1/sequences', perSecond: rates.enrollments, expected: [201], request: () => ({ method: 'POST', path: '/v1/sequences', body: { contact_id: enrollable.pop(), sequence_template_id: templateId } }) },
    ];
    const latencies = new Map<string, number[]>(ops.map((o) => [o.name, []]));
    const errors = new Map<string, string[]>(ops.map((o) => [o.name, []]));
    const memory: { t: number; api: number; worker: number }[] = [];
    const sampleMemory = (t: number) => memory.push({ t, api: residentMiB(services.pids.api), worker: residentMiB(services.pids.worker) });

    console.log(`mixed load for ${seconds} s: ${ops.map((o) => `${o.name} ${o.perSecond}/s`).join(', ')}`);
    sampleMemory(0);
    const started = Date.now();
    const inFlight = new Set<Promise<void>>();
    const fire = (op: Op, i: number) => {
      const { method, path, body } = op.request(i);
      const t0 = performance.now();
      const p = fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
        .then(async (response) => {
          const text = await response.text();
          latencies.get(op.name)!.push(performance.now() - t0);
          if (!op.expected.includes(response.status)) errors.get(op.name)!.push(`${response.status} ${text.slice(0, 200)}`);
        }, (error: unknown) => { errors.get(op.name)!.push(String(error)); })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    };
    // One schedule per operation: request n of an op is due at started + n / rate.
    const next = ops.map(() => 0);
    let minute = 1;
    while (Date.now() - started < seconds * 1000) {
      const elapsed = (Date.now() - started) / 1000;
      ops.forEach((op, k) => {
        while (next[k] / op.perSecond <= elapsed) fire(op, next[k]++);
      });
      if (elapsed >= minute * 60) sampleMemory(minute++ * 60);
      await sleep(5);
    }
    await Promise.all(inFlight);
    sampleMemory(seconds);

    // Deliveries: every delivery row of the subscription reaches the receiver (wait for the tail).
    const deliveryCounts = () => db().selectFrom('webhook_deliveries').select((eb) => ['status', eb.fn.countAll<string>().as('n')])
      .where('subscription_id', '=', webhook.id).groupBy('status')
      .execute();
    const drainDeadline = Date.now() + 120_000;
    while (Date.now() < drainDeadline && (await deliveryCounts()).some((r) => r.status === 'PENDING')) await sleep(1000);

    console.log('endpoint                    count   errors   p50 ms   p95 ms   p99 ms   max ms');
    for (const op of ops) {
      const xs = latencies.get(op.name)!.sort((a, b) => a - b);
      const f = (v: number) => v.toFixed(0).padStart(8);
      console.log(`${op.name.padEnd(26)}${String(xs.length).padStart(7)}${String(errors.get(op.name)!.length).padStart(9)}${f(percentile(xs, 50))}${f(percentile(xs, 95))}${f(percentile(xs, 99))}${f(xs.at(-1) ?? Number.NaN)}`);
      for (const e of errors.get(op.name)!.slice(0, 3)) console.log(`    e.g. ${e}`);
    }
    const totalErrors = [...errors.values()].reduce((n, e) => n + e.length, 0);
    const counts = await deliveryCounts();
    const duplicates = [...received.values()].filter((n) => n > 1).length;
    console.log(`errors: ${totalErrors} (goal 0)`);
    console.log(`webhook deliveries: ${counts.map((r) => `${r.status} ${r.n}`).join(', ')}; received ${received.size} distinct webhook-ids, `
      + `${duplicates} received more than once, ${badSignatures} bad signatures`);
    console.log(`resident memory (MiB), API / worker: ${memory.map((m) => `${m.t}s ${m.api.toFixed(0)}/${m.worker.toFixed(0)}`).join(', ')}`);
    const [first, last] = [memory[0], memory.at(-1)!];
    console.log(`  start -> end: API ${first.api.toFixed(0)} -> ${last.api.toFixed(0)} MiB, worker ${first.worker.toFixed(0)} -> ${last.worker.toFixed(0)} MiB`);
  } finally {
    await stopServices();
    await new Promise((r) => server.close(r));
    await temporal.stop();
    await orm.close();
    await database.stop();
  }
}
