// `npm run bench -- rate-limit`: the rate limiter's cost. Two API children on one database, one
// with the limiter on (budgets of 10^9: leases happen, nothing is refused) and one with
// RATE_LIMIT_ENABLED=false, measured in alternating rounds of GET /v1/me so that a busy machine
// weighs on both alike. Prints req/s and p99 of each (medians of rounds) and the ratio on/off.
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

export async function benchRateLimit(): Promise<void> {
  const { rounds, duration, connections } = roundSettings(5);
  const { database, orm, org } = await benchDatabaseWithOrg();

  const [onPort, offPort, deadTemporal] = [await freePort(), await freePort(), await freePort()];
  const common = {
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: `127.0.0.1:${deadTemporal}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const on = await startServer(
    'api/server.ts',
    { ...common, PORT: String(onPort), RATE_LIMIT_ENABLED: 'true' },
    `http://127.0.0.1:${onPort}/healthz`,
  );
  const off = await startServer(
    'api/server.ts',
    { ...common, PORT: String(offPort), RATE_LIMIT_ENABLED: 'false' },
    `http://127.0.0.1:${offPort}/healthz`,
  );
  const results: { on: Measurement[]; off: Measurement[] } = { on: [], off: [] };
  let leaseRows = 0;
  try {
    const headers = { authorization: `Bearer ${org.api_key}` };
    const onUrl = `http://127.0.0.1:${onPort}/v1/me`;
    const offUrl = `http://127.0.0.1:${offPort}/v1/me`;
    const probe = await fetch(onUrl, { headers });
    await probe.arrayBuffer();
    if (!probe.headers.get('x-ratelimit-limit')) throw new Error('the limiter is not on in the "on" API');
    await measure(onUrl, { connections, durationSeconds: 2, headers }); // warm-up
    await measure(offUrl, { connections, durationSeconds: 2, headers });
    for (let round = 1; round <= rounds; round++) {
      // Alternate which goes first, so neither always follows the other's load.
      const run = (url: string) => measure(url, { connections, durationSeconds: duration, headers });
      let a: Measurement;
      let b: Measurement;
      if (round % 2) {
        a = await run(onUrl);
        b = await run(offUrl);
      } else {
        b = await run(offUrl);
        a = await run(onUrl);
      }
      results.on.push(a);
      results.off.push(b);
      console.log(
        `round ${round}: limiter on ${a.requestsPerSecond.toFixed(0)} req/s p99 ${a.p99} ms (non-2xx ${a.non2xx}) | off ${b.requestsPerSecond.toFixed(0)} req/s p99 ${b.p99} ms`,
      );
    }
    const rows = await benchDb(orm).selectFrom('rate_limits').select('used').execute();
    leaseRows = rows.length;
  } finally {
    await stopChild(on, 5000);
    await stopChild(off, 5000);
    await orm.close();
    await database.stop();
  }
  const onRps = median(results.on.map((m) => m.requestsPerSecond));
  const offRps = median(results.off.map((m) => m.requestsPerSecond));
  console.log(
    `GET /v1/me, limiter on:  ${onRps.toFixed(0)} req/s, p99 ${median(results.on.map((m) => m.p99))} ms (median of ${rounds} x ${duration} s, ${connections} connections)`,
  );
  console.log(`GET /v1/me, limiter off: ${offRps.toFixed(0)} req/s, p99 ${median(results.off.map((m) => m.p99))} ms`);
  console.log(
    `budgets in the store: ${leaseRows}; non-2xx with the limiter on: ${results.on.reduce((n, m) => n + m.non2xx + m.errors, 0)}`,
  );
  console.log(`ratio (on / off): ${(onRps / offRps).toFixed(2)}`);
}
