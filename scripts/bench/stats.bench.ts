// `npm run bench -- stats`: a template of 3 EMAIL steps × 3 variants with 1,000,000 step messages
// over the last 90 days (BENCH_STATS_MESSAGES, BENCH_STATS_DAYS), seeded set-based with the
// counters where the triggers would put them (checked by the consistency check's comparison).
// Reads: GET /v1/sequence-templates/{id}/stats and GET /v1/users/{id}/stats for the whole range,
// BENCH_STATS_REQUESTS times each, one after another, in turns with GET /v1/sequence-templates/{id}
// and GET /v1/me as the baseline of the same run: p50/p99 (goal: stats p99 < 50 ms) and the API's
// and PostgreSQL's CPU per request. Writes: the counters' cost per send and per event, with the
// service's triggers, the previous ones and none (stats-writes.ts; goal ≤ 5%):
// BENCH_STATS_WRITE_ROUNDS (10) rounds of BENCH_STATS_WRITES (400) of each kind, then the triggers'
// own time inside PostgreSQL on the same statements (stats-trigger-time.ts). BENCH_STATS_PARTS
// (reads,writes) picks the parts, e.g. `writes` alone with a smaller BENCH_STATS_MESSAGES.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { counterDifferences } from '../../domain/stats/stats.queries.ts';
import { activeTemplate, benchDb, liftSendLimit } from './fixtures.ts';
import { cpuMs, postmasterPid } from './cpu-time.ts';
import {
  benchDatabaseWithOrg,
  envNumber,
  freePort,
  median,
  percentile,
  roundSettings,
  startServer,
  stopChild,
} from './harness.ts';
import { seedStatsHistory } from './stats-seed.ts';
import { benchTriggerTime } from './stats-trigger-time.ts';
import { installPreviousTriggers } from './stats-trigger-sets.ts';
import { benchWriteCost } from './stats-writes.ts';

const variants = (step: number) => [
  { subject: `Step ${step}, take 2`, body: 'Hi {{first_name}}, another way to say it' },
  { subject: `Step ${step}, take 3`, body: 'Hi {{first_name}}, a third way to say it' },
];

interface ReadFigures {
  p50: number;
  p99: number;
  /** µs of CPU per request: the API process, PostgreSQL (medians of the rounds). */
  api: number;
  postgres: number;
}

/**
 * Each path asked `requests` times one request at a time, in rounds of `requests / rounds` per path
 * in turns (after 20 of each as warm-up): p50/p99 in ms over all, and the API's and PostgreSQL's
 * CPU per request of each round's block (a figure a busy shared machine disturbs less).
 */
async function reads(
  base: string,
  apiKey: string,
  pids: { api: number; postgres: number },
  paths: string[],
  requests: number,
  rounds: number,
): Promise<ReadFigures[]> {
  const headers = { authorization: `Bearer ${apiKey}`, 'accept-encoding': 'gzip, deflate, br' };
  const ask = async (path: string) => {
    const at = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return performance.now() - at;
  };
  for (const path of paths) for (let i = 0; i < 20; i++) await ask(path);
  const times = paths.map(() => [] as number[]);
  const cpu = paths.map(() => ({ api: [] as number[], postgres: [] as number[] }));
  const block = Math.max(1, Math.round(requests / rounds));
  for (let r = 0; r < rounds; r++)
    for (const [p, path] of paths.entries()) {
      const [api0, pg0] = [cpuMs(pids.api), cpuMs(pids.postgres)];
      for (let i = 0; i < block; i++) times[p].push(await ask(path));
      cpu[p].api.push(((cpuMs(pids.api) - api0) * 1000) / block);
      cpu[p].postgres.push(((cpuMs(pids.postgres) - pg0) * 1000) / block);
    }
  return times.map((t, p) => {
    const sorted = t.sort((x, y) => x - y);
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      api: median(cpu[p].api),
      postgres: median(cpu[p].postgres),
    };
  });
}

export async function benchStats(): Promise<void> {
  const messages = envNumber('BENCH_STATS_MESSAGES', 1_000_000);
  const days = envNumber('BENCH_STATS_DAYS', 90);
  const requests = envNumber('BENCH_STATS_REQUESTS', 200);
  const { rounds } = roundSettings(5);
  const writes = envNumber('BENCH_STATS_WRITES', 400);
  const writeRounds = envNumber('BENCH_STATS_WRITE_ROUNDS', 10);
  const parts = (process.env.BENCH_STATS_PARTS ?? 'reads,writes').split(',');
  const { database, orm, org } = await benchDatabaseWithOrg();
  let api: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await liftSendLimit(orm, org.user_id);
    const steps = [1, 2, 3].map((n) => ({
      type: 'EMAIL' as const,
      delay_days: n === 1 ? 0 : 2,
      subject: `Step ${n}`,
      body: 'Hi {{first_name}}',
      variants: variants(n),
    }));
    const templateId = await activeTemplate(orm, org.organization_id, org.user_id, 'Stats bench', steps);
    const h = { organizationId: org.organization_id, templateId, senderId: org.user_id, messages, days };
    const seeded = performance.now();
    await seedStatsHistory(orm, h);
    const checked = performance.now();
    const differences = await counterDifferences(orm.em.fork(), org.organization_id);
    const { rows } = await sql<{ n: number; sent: number }>`select count(*)::int n, sum(sent)::int sent
      from sequence_stats_daily where sequence_template_id = ${templateId}`.execute(benchDb(orm));
    console.log(
      `seeded ${messages} step messages over ${days} days and their counters in ${((checked - seeded) / 1000).toFixed(0)} s: ` +
        `${rows[0].n} counter rows (sent ${rows[0].sent}); the consistency check finds ${differences.length} differences ` +
        `(${((performance.now() - checked) / 1000).toFixed(0)} s)`,
    );

    if (parts.includes('reads')) {
      const port = await freePort();
      api = await startServer(
        'api/server.ts',
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          // Reads only: the lazy Temporal connection is never used.
          TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        },
        `http://127.0.0.1:${port}/healthz`,
      );
      const paths = [
        `/v1/sequence-templates/${templateId}/stats`,
        `/v1/users/${org.user_id}/stats`,
        `/v1/sequence-templates/${templateId}`,
        '/v1/me',
      ];
      const pids = { api: api.pid!, postgres: postmasterPid(Number(new URL(database.url).port)) };
      const figures = await reads(`http://127.0.0.1:${port}`, org.api_key, pids, paths, requests, rounds);
      console.log(`reads (${requests} of each, one at a time, in ${rounds} rounds of blocks in turns):`);
      for (const [i, path] of paths.entries()) {
        const f = figures[i];
        console.log(
          `  GET ${path.replace(templateId, '{id}').replace(org.user_id, '{id}').padEnd(36)} p50 ${f.p50.toFixed(1)} ms, ` +
            `p99 ${f.p99.toFixed(1)} ms; CPU per request: API ${f.api.toFixed(0)} µs + PostgreSQL ${f.postgres.toFixed(0)} µs`,
        );
      }
      const stats = (await fetch(`http://127.0.0.1:${port}${paths[0]}`, {
        headers: { authorization: `Bearer ${org.api_key}` },
      }).then((r) => r.json())) as { sent: number; steps: { variants: unknown[] }[] };
      console.log(
        `  the template's answer: sent ${stats.sent}, ${stats.steps.length} steps × ${stats.steps[0]?.variants.length} variants`,
      );
      const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers)
      select step_number, variant, sum(sent) from sequence_stats_daily
      where organization_id = ${org.organization_id} and sequence_template_id = ${templateId}
        and day >= coalesce(null::date, '-infinity'::date) and day <= coalesce(null::date, 'infinity'::date)
      group by step_number, variant`.execute(benchDb(orm));
      console.log(`the template's sums, planned:\n  ${plan.map((r) => r['QUERY PLAN']).join('\n  ')}`);

      // The API idle and its connections closed: PostgreSQL's CPU below is the writes' alone.
      await stopChild(api, 5000);
      api = undefined;
    }
    if (parts.includes('writes')) {
      await installPreviousTriggers(orm.em.fork());
      await sql`checkpoint`.execute(benchDb(orm));
      console.log(
        `writes (${writeRounds} rounds × ${writes} of each, the current triggers, the previous ones and none in turns):`,
      );
      await benchWriteCost(orm, { ...h, databaseUrl: database.url, writes, rounds: writeRounds });
      await benchTriggerTime(orm, h, writes);
    }
  } finally {
    if (api) await stopChild(api, 5000);
    await orm.close();
    await database.stop();
  }
}
