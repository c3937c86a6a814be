// `npm run bench -- me`: GET /v1/me through the whole API (auth, key cache, request context,
// logging) against a baseline Koa route doing one primary-key SELECT through `pg`, in the same
// run, alternating rounds. Prints req/s and p99 of each (medians of rounds) and, last, the ratio.
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

export async function benchMe(): Promise<void> {
  const { rounds, duration, connections } = roundSettings(3);
  const { database, orm, org } = await benchDatabaseWithOrg();
  await orm.close();

  const [apiPort, basePort, deadTemporal] = [await freePort(), await freePort(), await freePort()];
  const api = await startServer(
    'api/server.ts',
    {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      // /v1/me needs no workflow; the lazy Temporal connection is never used.
      TEMPORAL_ADDRESS: `127.0.0.1:${deadTemporal}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    `http://127.0.0.1:${apiPort}/healthz`,
  );
  const baseline = await startServer(
    'scripts/bench/baseline-server.ts',
    { PORT: String(basePort), DATABASE_URL: database.url, KEY_ID: org.key_id },
    `http://127.0.0.1:${basePort}/`,
  );

  const results: { api: Measurement[]; baseline: Measurement[] } = { api: [], baseline: [] };
  const cpu: { api: CpuTurn[]; baseline: CpuTurn[] } = { api: [], baseline: [] };
  try {
    const apiUrl = `http://127.0.0.1:${apiPort}/v1/me`;
    const baseUrl = `http://127.0.0.1:${basePort}/`;
    // Accept-Encoding as HTTP clients send it (fetch, curl --compressed): the answer is under the compression threshold.
    const headers = { authorization: `Bearer ${org.api_key}`, 'accept-encoding': 'gzip, deflate, br' };
    await measure(apiUrl, { connections, durationSeconds: 2, headers }); // warm-up
    await measure(baseUrl, { connections, durationSeconds: 2 });
    for (let round = 1; round <= rounds; round++) {
      const { measurement: a, cpu: ac } = await withCpu(api.pid, database.url, duration, () =>
        measure(apiUrl, { connections, durationSeconds: duration, headers }),
      );
      const { measurement: b, cpu: bc } = await withCpu(baseline.pid, database.url, duration, () =>
        measure(baseUrl, { connections, durationSeconds: duration }),
      );
      results.api.push(a);
      results.baseline.push(b);
      cpu.api.push(ac);
      cpu.baseline.push(bc);
      console.log(
        `round ${round}: api ${a.requestsPerSecond.toFixed(0)} req/s p99 ${a.p99} ms (non-2xx ${a.non2xx}, errors ${a.errors}) | baseline ${b.requestsPerSecond.toFixed(0)} req/s p99 ${b.p99} ms`,
      );
    }
  } finally {
    await stopChild(api, 5000);
    await stopChild(baseline, 5000);
    await database.stop();
  }
  const apiRps = median(results.api.map((m) => m.requestsPerSecond));
  const baseRps = median(results.baseline.map((m) => m.requestsPerSecond));
  console.log(
    `GET /v1/me:          ${apiRps.toFixed(0)} req/s, p99 ${median(results.api.map((m) => m.p99))} ms (median of ${rounds} x ${duration} s, ${connections} connections)`,
  );
  console.log(`baseline pg SELECT:  ${baseRps.toFixed(0)} req/s, p99 ${median(results.baseline.map((m) => m.p99))} ms`);
  const failures = results.api.reduce((n, m) => n + m.non2xx + m.errors, 0);
  if (failures > 0) console.log(`warning: ${failures} non-2xx or failed requests on /v1/me`);
  console.log(cpuLine(cpu.api, cpu.baseline));
  console.log(`ratio (GET /v1/me req/s / baseline req/s): ${(apiRps / baseRps).toFixed(2)} (goal >= 0.85)`);
}
