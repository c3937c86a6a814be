// `npm run bench -- events`: POST /v1/events (a new event each request: two in three carry an
// external_event_id, one in three is deduplicated on the content hash) through the whole API
// against a baseline Koa route doing the same one INSERT through `pg`, in the same run, alternating
// rounds. Prints req/s and p99 of each (medians of rounds), the ratio, and whether every event the
// API answered 202 for is in the database.
import * as admin from '../../domain/admin/admin.service.ts';
import { benchDb } from './fixtures.ts';
import {
  benchDatabaseWithOrg,
  freePort,
  measure,
  median,
  roundSettings,
  startServer,
  stopChild,
  type Measurement,
} from './harness.ts';
import { cpuLine, withCpu, type CpuTurn } from './server-cpu.ts';

const NAMES = ['demo_requested', 'pricing_viewed', 'trial_started', 'invoice_paid', 'seat_added'];

/** One run of autocannon (harness measure); the idempotency keys of the 202s are collected into `accepted`. */
function run(
  url: string,
  options: {
    connections: number;
    durationSeconds: number;
    headers?: Record<string, string>;
    body: () => string;
    accepted?: string[];
  },
): Promise<Measurement> {
  const path = new URL(url).pathname;
  const accepted = options.accepted;
  return measure(url, {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    headers: options.headers,
    method: 'POST',
    next: () => ({ path, body: options.body() }),
    ...(accepted
      ? {
          onResponse: (status: number, body: string) => {
            if (status === 202) accepted.push((JSON.parse(body) as { idempotency_key: string }).idempotency_key);
          },
        }
      : {}),
  });
}

export async function benchEvents(): Promise<void> {
  const { rounds, duration, connections } = roundSettings();
  const { database, orm, org } = await benchDatabaseWithOrg();
  // The baseline writes into an organization of its own, so the API's rows can be counted alone.
  const baselineOrg = await admin.bootstrap(orm.em.fork(), {
    orgName: 'Baseline',
    ownerEmail: 'baseline@example.com',
    ownerName: 'Baseline',
  });

  const [apiPort, basePort, deadTemporal] = [await freePort(), await freePort(), await freePort()];
  const api = await startServer(
    'api/server.ts',
    {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      // Ingestion needs no workflow; the lazy Temporal connection is never used.
      TEMPORAL_ADDRESS: `127.0.0.1:${deadTemporal}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    `http://127.0.0.1:${apiPort}/healthz`,
  );
  const baseline = await startServer(
    'scripts/bench/baseline-insert-server.ts',
    { PORT: String(basePort), DATABASE_URL: database.url, ORG_ID: baselineOrg.organization_id },
    `http://127.0.0.1:${basePort}/`,
  ).catch(async (error) => {
    await stopChild(api, 5000);
    await orm.close();
    await database.stop();
    throw error;
  });

  let n = 0;
  const body = (prefix: string) => () => {
    n++;
    return JSON.stringify({
      event_name: NAMES[n % NAMES.length],
      occurred_at: new Date(Date.now() - (n % 1000) * 60_000).toISOString(),
      subject: { email: `person${n % 5000}@company${n % 300}.test`, company_domain: `company${n % 300}.test` },
      ...(n % 3 !== 0 ? { external_event_id: `${prefix}-${n}` } : {}),
      payload: {
        plan: 'pro',
        seats: 12,
        amount: 1.5,
        ratio: 1e3,
        tags: ['inbound', 'web'],
        source: { page: '/pricing', n },
      },
    });
  };

  const accepted: string[] = [];
  const results: { api: Measurement[]; baseline: Measurement[] } = { api: [], baseline: [] };
  const cpu: { api: CpuTurn[]; baseline: CpuTurn[] } = { api: [], baseline: [] };
  let stored = 0;
  let lost = 0;
  try {
    const apiUrl = `http://127.0.0.1:${apiPort}/v1/events`;
    const baseUrl = `http://127.0.0.1:${basePort}/`;
    const headers = { authorization: `Bearer ${org.api_key}` };
    await run(apiUrl, { connections, durationSeconds: 2, headers, body: body('warm-api'), accepted }); // warm-up
    await run(baseUrl, { connections, durationSeconds: 2, body: body('warm-base') });
    for (let round = 1; round <= rounds; round++) {
      const { measurement: a, cpu: ac } = await withCpu(api.pid, database.url, duration, () =>
        run(apiUrl, { connections, durationSeconds: duration, headers, body: body('api'), accepted }),
      );
      const { measurement: b, cpu: bc } = await withCpu(baseline.pid, database.url, duration, () =>
        run(baseUrl, { connections, durationSeconds: duration, body: body('base') }),
      );
      results.api.push(a);
      results.baseline.push(b);
      cpu.api.push(ac);
      cpu.baseline.push(bc);
      console.log(
        `round ${round}: api ${a.requestsPerSecond.toFixed(0)} req/s p50 ${a.p50} ms p99 ${a.p99} ms (non-2xx ${a.non2xx}, errors ${a.errors}) | baseline ${b.requestsPerSecond.toFixed(0)} req/s p99 ${b.p99} ms`,
      );
    }
    // No accepted event lost: every key the API answered 202 for is a stored row.
    const rows = await benchDb(orm)
      .selectFrom('ingested_events')
      .select('idempotency_key')
      .where('organization_id', '=', org.organization_id)
      .execute();
    const keys = new Set(rows.map((r) => r.idempotency_key));
    lost = accepted.filter((k) => !keys.has(k)).length;
    stored = keys.size;
  } finally {
    await stopChild(api, 5000);
    await stopChild(baseline, 5000);
    await orm.close();
    await database.stop();
  }
  const apiRps = median(results.api.map((m) => m.requestsPerSecond));
  const baseRps = median(results.baseline.map((m) => m.requestsPerSecond));
  console.log(
    `POST /v1/events:        ${apiRps.toFixed(0)} req/s, p50 ${median(results.api.map((m) => m.p50))} ms, p99 ${median(results.api.map((m) => m.p99))} ms (median of ${rounds} x ${duration} s, ${connections} connections; goal p99 < 50 ms)`,
  );
  console.log(
    `baseline pg INSERT:     ${baseRps.toFixed(0)} req/s, p99 ${median(results.baseline.map((m) => m.p99))} ms`,
  );
  const failures = results.api.reduce((sum, m) => sum + m.non2xx + m.errors, 0);
  if (failures > 0) console.log(`warning: ${failures} non-2xx or failed requests on POST /v1/events`);
  console.log(cpuLine(cpu.api, cpu.baseline));
  console.log(`ratio (POST /v1/events req/s / baseline req/s): ${(apiRps / baseRps).toFixed(2)} (goal >= 0.85)`);
  console.log(
    `accepted (202) ${accepted.length}, distinct ${new Set(accepted).size}; API rows stored ${stored} ` +
      `(${stored - accepted.length + lost} stored without a counted 202: in flight when a run ended); accepted but not stored: ${lost} (goal 0)`,
  );
}
