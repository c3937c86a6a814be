// `npm run bench -- signal-checks`: 1,000 ACTIVE signals (BENCH_SIGNALS) on the local stack
// (embedded PostgreSQL with the sandbox directory and the sandbox signal provider, Temporal dev
// server, `node worker.ts` as a child with its default concurrency) whose check slots are spread
// evenly over a window. Reported: the lag from each slot to its check (started: the workflow's
// timer fired and the activity began, = last_checked_at; done: the check committed, = updated_at),
// p50/p95/p99/max, and how many finished within a minute of their slot. Goal (issue 8): every due
// check within a minute of its slot.
//
// What is scaled: the day. Each workflow is started with dayMs = BENCH_WINDOW_MS (default 10
// minutes, signalWorkflow's test/benchmark-only input), so a DAILY signal's next check comes
// `window` after its last one, and each signal's last_checked_at is set one scaled day before its
// slot: slot_i = T0 + i * window / N. The slots of 1,000 signals spread over a real day are one
// every 86 s; here they are one every 0.6 s (144 times denser), so the load is harder than real.
// Each check is a real one (provider search over the window since the previous check, dedup,
// exclusions, contact/account creation and entries, feed rows); enrichment is off and there is
// no sequence template (the enrollment path is the lead-import's, benchmarked there).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { sql } from 'kysely';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin.service.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { SIGNAL_WORKFLOW, signalWorkflowId, type SignalWorkflowInput, type SignalWorkflowOptions } from '../../workflows/signal.definitions.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { projectRoot, temporalCli } from '../tools.ts';
import { benchDatabase, envNumber, freePort, percentile, sleep, stopChild } from './harness.ts';

export async function benchSignalChecks(): Promise<void> {
  const total = envNumber('BENCH_SIGNALS', 1000);
  const windowMs = envNumber('BENCH_WINDOW_MS', 600_000);
  const leadMs = envNumber('BENCH_LEAD_MS', 60_000);
  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
  let temporal: Awaited<ReturnType<typeof startTemporalDevServer>> | undefined;
  let worker: ChildProcess | undefined;
  let connection: Connection | undefined;
  try {
    await migrate(orm);
    await ensureDirectoryLoaded(orm, { companies: envNumber('BENCH_DIRECTORY_COMPANIES', 2_000), people: envNumber('BENCH_DIRECTORY_PEOPLE', 20_000) });
    const db = () => orm.em.fork().getKysely();
    const org = await admin.bootstrap(orm.em.fork(), { orgName: 'Bench', ownerEmail: 'bench@example.com', ownerName: 'Bench' });
    const organizationId = org.organization_id;

    const t0 = Date.now() + leadMs;
    const slots: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < total; i++) {
      ids.push(randomUUID());
      slots.push(t0 + Math.floor((i * windowMs) / total));
    }
    // Half people signals (NEW_JOB into a contact list), half company signals (FUNDING_EVENTS into an account list).
    const people = ids.map((_, i) => i % 2 === 0);
    const lists = ids.map(() => randomUUID());
    await sql`INSERT INTO contact_lists (id, organization_id, name, created_at, updated_at)
              SELECT x.id, ${organizationId}, 'Bench ' || x.id, now(), now() FROM unnest(${lists.filter((_, i) => people[i])}::uuid[]) AS x(id)`.execute(db());
    await sql`INSERT INTO account_lists (id, organization_id, name, created_at, updated_at)
              SELECT x.id, ${organizationId}, 'Bench ' || x.id, now(), now() FROM unnest(${lists.filter((_, i) => !people[i])}::uuid[]) AS x(id)`.execute(db());
    await sql`
      INSERT INTO signals (id, organization_id, name, signal_type, status, cadence, search_filters, import_search_filters, import_target, enrich_email, enrich_phones,
                           max_per_day, contact_list_id, account_list_id, last_checked_at, created_at, updated_at)
      SELECT x.id, ${organizationId}, 'Bench ' || x.id, CASE WHEN x.people THEN 'NEW_JOB' ELSE 'FUNDING_EVENTS' END, 'ACTIVE', 'DAILY', '{}'::jsonb, '{}'::jsonb,
             CASE WHEN x.people THEN 'PEOPLE' ELSE 'COMPANIES' END, false, false, 20,
             CASE WHEN x.people THEN x.list END, CASE WHEN x.people THEN NULL ELSE x.list END, x.slot - ${windowMs} * interval '1 millisecond', now(), now()
        FROM unnest(${ids}::uuid[], ${people}::boolean[], ${lists}::uuid[], ${slots.map((s) => new Date(s))}::timestamptz[]) AS x(id, people, list, slot)`.execute(db());

    temporal = await startTemporalDevServer({ cli: temporalCli(), port: await freePort(), uiPort: null, dbFile: null });
    const taskQueue = `bench-${randomUUID()}`;
    worker = spawn(process.execPath, [join(projectRoot, 'worker.ts')], {
      env: { ...process.env, DATABASE_URL: database.url, TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    connection = await Connection.connect({ address: temporal.address });
    const client = new Client({ connection });
    const startBegan = Date.now();
    for (let i = 0; i < total; i += 50) {
      await Promise.all(ids.slice(i, i + 50).map((signalId) => {
        const args: [SignalWorkflowInput & SignalWorkflowOptions] = [{ signalId, organizationId, dayMs: windowMs }];
        return client.workflow.start(SIGNAL_WORKFLOW, { taskQueue, workflowId: signalWorkflowId(signalId), args });
      }));
    }
    console.log(`${total} signals, slots spread over ${windowMs / 1000} s from ${new Date(t0).toISOString()} (a "day" scaled to the window); `
      + `workflows started in ${((Date.now() - startBegan) / 1000).toFixed(1)} s`);

    const deadline = t0 + windowMs + 3 * 60_000;
    const byId = new Map(ids.map((id, i) => [id, slots[i]]));
    let rows: { id: string; last_checked_at: Date; updated_at: Date }[] = [];
    // The first check seen at or after each slot (polled every 2 s, a signal's next check comes a window later).
    const first = new Map<string, { last_checked_at: Date; updated_at: Date }>();
    let lastReport = Date.now();
    while (Date.now() < deadline) {
      await sleep(2000);
      ({ rows } = await sql<{ id: string; last_checked_at: Date; updated_at: Date }>`
        SELECT id, last_checked_at, updated_at FROM signals WHERE organization_id = ${organizationId}`.execute(db()));
      for (const r of rows) if (!first.has(r.id) && new Date(r.last_checked_at).getTime() >= byId.get(r.id)!) first.set(r.id, r);
      const done = first.size;
      if (Date.now() - lastReport > 30_000) {
        lastReport = Date.now();
        console.log(`  ${((Date.now() - t0) / 1000).toFixed(0)} s after the first slot: ${done}/${total} checked`);
      }
      if (done === total) break;
    }
    const startLag: number[] = [];
    const doneLag: number[] = [];
    for (const [id, r] of first) {
      const slot = byId.get(id)!;
      const started = new Date(r.last_checked_at).getTime();
      startLag.push(started - slot);
      doneLag.push(new Date(r.updated_at).getTime() - slot);
    }
    startLag.sort((a, b) => a - b);
    doneLag.sort((a, b) => a - b);
    const fmt = (xs: number[]) => `p50 ${percentile(xs, 50)} ms, p95 ${percentile(xs, 95)} ms, p99 ${percentile(xs, 99)} ms, max ${xs.at(-1)} ms`;
    console.log(`checked ${doneLag.length}/${total}; within 60 s of the slot: ${doneLag.filter((l) => l <= 60_000).length}/${total} (goal: all)`);
    console.log(`  slot -> check started: ${fmt(startLag)}`);
    console.log(`  slot -> check done:    ${fmt(doneLag)}`);
    const { rows: feed } = await sql<{ status: string; n: string }>`SELECT status, count(*) AS n FROM signal_imports GROUP BY 1 ORDER BY 1`.execute(db());
    console.log(`  feed rows written: ${feed.map((f) => `${f.status} ${f.n}`).join(', ') || 'none'}`);
  } finally {
    await connection?.close();
    if (worker) await stopChild(worker, 10_000);
    await temporal?.stop();
    await orm.close();
    await database.stop();
  }
}
