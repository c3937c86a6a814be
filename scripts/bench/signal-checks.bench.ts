// `npm run bench -- signal-checks`: 1,000 ACTIVE signals (BENCH_SIGNALS) on the local stack
// (embedded PostgreSQL with the sandbox directory and the sandbox signal provider, Temporal dev
// server, `node worker.ts` as a child with its default concurrency) whose check slots are spread
// evenly over a window. Reported: the lag from each slot to its check (started: the workflow's
// timer fired and the activity began, = last_checked_at; done: the check committed, = updated_at),
// p50/p95/p99/max, and how many finished within a minute of their slot. Goal: every due
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
//
// So that a 10-minute window holds facts, the directory is the full sandbox one by default
// (BENCH_DIRECTORY_COMPANIES / BENCH_DIRECTORY_PEOPLE, 20,000 / 200,000) and the presets are the
// densest: half HIRING_SIGNALS importing COMPANIES (job titles Engineer, Sales, Manager), half
// NEW_JOB importing PEOPLE (no filters), max_per_day 50. Printed before the run: the facts a
// window holds on average (the provider's DAILY_RATES and the day's matches) and exactly (the
// provider's facts in each signal's first window: times of day are not uniform, so the hour of
// the run matters). After it: the feed rows by status (and those of the first checks against the
// exact expectation), the entries and the contacts/accounts the checks made, the worker's warnings
// and errors (e.g. failed activity attempts, which Temporal retries after 5 s), and the workflow
// history of up to five checks done more than a minute after their slot.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Client, Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { sql } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Account, Contact, ContactEntry, AccountEntry, Signal } from '../../db/entities/index.ts';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { SandboxSignalProvider } from '../../providers/signals/sandbox.ts';
import { DAILY_RATES, SLOT_COUNT } from '../../providers/signals/sandbox/slots.ts';
import {
  SIGNAL_WORKFLOW,
  signalWorkflowId,
  type SignalWorkflowInput,
  type SignalWorkflowOptions,
} from '../../workflows/signal.definitions.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { projectRoot, temporalCli } from '../tools.ts';
import { benchDb, chunks, insertLists } from './fixtures.ts';
import { benchDatabase, envNumber, freePort, percentile, sleep, stopChild } from './harness.ts';
import { DAY_MS } from '../../domain/shared/time.ts';

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
    const directory = {
      companies: envNumber('BENCH_DIRECTORY_COMPANIES', 20_000),
      people: envNumber('BENCH_DIRECTORY_PEOPLE', 200_000),
    };
    const load = await ensureDirectoryLoaded(orm, directory);
    console.log(
      `directory: ${directory.companies} companies / ${directory.people} people loaded in ${(load.durationMs / 1000).toFixed(1)} s`,
    );
    const db = () => benchDb(orm);
    const org = await admin.bootstrap(orm.em.fork(), {
      orgName: 'Bench',
      ownerEmail: 'bench@example.com',
      ownerName: 'Bench',
    });
    const organizationId = org.organization_id;

    const t0 = Date.now() + leadMs;
    const slots: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < total; i++) {
      ids.push(randomUUID());
      slots.push(t0 + Math.floor((i * windowMs) / total));
    }
    // Half people signals (NEW_JOB into a contact list), half company signals (HIRING_SIGNALS into an account list).
    const people = ids.map((_, i) => i % 2 === 0);
    const hiringFilters = { job_title_or: ['Engineer', 'Sales', 'Manager'] };
    const expectedRows = await printExpectedFacts(orm, directory, windowMs, hiringFilters, slots, people);
    const lists = ids.map(() => randomUUID());
    await insertLists(
      orm,
      organizationId,
      'PEOPLE',
      lists.filter((_, i) => people[i]),
      (id) => `Bench ${id}`,
    );
    await insertLists(
      orm,
      organizationId,
      'COMPANIES',
      lists.filter((_, i) => !people[i]),
      (id) => `Bench ${id}`,
    );
    const now = new Date();
    for (const chunk of chunks(ids.map((id, i) => ({ id, people: people[i], list: lists[i], slot: slots[i] })))) {
      await db()
        .insertInto('signals')
        .values(
          chunk.map((x) => ({
            id: x.id,
            organization_id: organizationId,
            name: `Bench ${x.id}`,
            signal_type: x.people ? 'NEW_JOB' : 'HIRING_SIGNALS',
            status: 'ACTIVE',
            cadence: 'DAILY',
            search_filters: x.people ? {} : hiringFilters,
            import_search_filters: {},
            import_target: x.people ? 'PEOPLE' : 'COMPANIES',
            enrich_email: false,
            enrich_phones: false,
            max_per_day: 50,
            contact_list_id: x.people ? x.list : null,
            account_list_id: x.people ? null : x.list,
            last_checked_at: new Date(x.slot - windowMs),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }

    temporal = await startTemporalDevServer({ cli: temporalCli(), port: await freePort(), uiPort: null, dbFile: null });
    const taskQueue = `bench-${randomUUID()}`;
    worker = spawn(process.execPath, [join(projectRoot, 'worker.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        TEMPORAL_ADDRESS: temporal.address,
        TEMPORAL_TASK_QUEUE: taskQueue,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // The worker logs JSON lines (pino) on stdout: its warnings and errors (a failed activity attempt is 'Activity failed') are collected.
    const problems = new Map<string, { count: number; example: string }>();
    createInterface({ input: worker.stdout! }).on('line', (line) => {
      let entry: { level?: number; msg?: string; error?: unknown; err?: unknown };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        entry = { level: 50, msg: line };
      }
      if ((entry.level ?? 0) < 40) return;
      const detail = JSON.stringify(entry.error ?? entry.err ?? '').slice(0, 400);
      const key = `${entry.level === 40 ? 'warn' : 'error'}: ${entry.msg ?? '?'}: ${detail.slice(0, 120)}`;
      const seen = problems.get(key);
      if (seen) seen.count++;
      else problems.set(key, { count: 1, example: detail });
    });
    connection = await Connection.connect({ address: temporal.address });
    const client = new Client({ connection });
    const startBegan = Date.now();
    for (let i = 0; i < total; i += 50) {
      await Promise.all(
        ids.slice(i, i + 50).map((signalId) => {
          const args: [SignalWorkflowInput & SignalWorkflowOptions] = [{ signalId, organizationId, dayMs: windowMs }];
          return client.workflow.start(SIGNAL_WORKFLOW, { taskQueue, workflowId: signalWorkflowId(signalId), args });
        }),
      );
    }
    console.log(
      `${total} signals, slots spread over ${windowMs / 1000} s from ${new Date(t0).toISOString()} (a "day" scaled to the window); ` +
        `workflows started in ${((Date.now() - startBegan) / 1000).toFixed(1)} s`,
    );

    const deadline = t0 + windowMs + 3 * 60_000;
    const byId = new Map(ids.map((id, i) => [id, slots[i]]));
    const checkTimes = () =>
      db()
        .selectFrom('signals')
        .select((eb) => ['id', eb.ref('last_checked_at').$notNull().as('last_checked_at'), 'updated_at'])
        .where('organization_id', '=', organizationId)
        .execute();
    let rows: Awaited<ReturnType<typeof checkTimes>> = [];
    // The first check seen at or after each slot (polled every 2 s, a signal's next check comes a window later).
    const first = new Map<string, CheckTimes>();
    let lastReport = Date.now();
    while (Date.now() < deadline) {
      await sleep(2000);
      rows = await checkTimes();
      for (const r of rows)
        if (!first.has(r.id) && new Date(r.last_checked_at).getTime() >= byId.get(r.id)!) first.set(r.id, r);
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
    const fmt = (xs: number[]) =>
      `p50 ${percentile(xs, 50)} ms, p95 ${percentile(xs, 95)} ms, p99 ${percentile(xs, 99)} ms, max ${xs.at(-1)} ms`;
    console.log(
      `checked ${doneLag.length}/${total}; within 60 s of the slot: ${doneLag.filter((l) => l <= 60_000).length}/${total} (goal: all)`,
    );
    console.log(`  slot -> check started: ${fmt(startLag)}`);
    console.log(`  slot -> check done:    ${fmt(doneLag)}`);
    // The late (or missing) checks: what their workflow's history shows around the slot.
    const late = ids.filter(
      (id) => !first.has(id) || new Date(first.get(id)!.updated_at).getTime() - byId.get(id)! > 60_000,
    );
    for (const id of late.slice(0, 5)) await printHistory(client, id, byId.get(id)!, first.get(id));
    if (late.length > 5) console.log(`  (${late.length - 5} more late checks not shown)`);
    const feed = await db()
      .selectFrom('signal_imports')
      .select((eb) => ['kind', 'status', eb.fn.countAll<string>().as('n')])
      .where('organization_id', '=', organizationId)
      .groupBy(['kind', 'status'])
      .orderBy('kind')
      .orderBy('status')
      .execute();
    console.log(`  feed rows written: ${feed.map((f) => `${f.kind} ${f.status} ${f.n}`).join(', ') || 'none'}`);
    // The first check of a signal ran at (or just after) its slot; a later one a window after.
    // SQL: a join against unnest() of two parallel arrays, and a timestamp read out of the jsonb metadata.
    const {
      rows: [firstRows],
    } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM signal_imports i
        JOIN unnest(${ids}::uuid[], ${slots.map((s) => new Date(s))}::timestamptz[]) AS x(id, slot) ON x.id = i.signal_id
       WHERE (i.metadata->>'check_at')::timestamptz < x.slot + ${windowMs / 2} * interval '1 millisecond'`.execute(
      db(),
    );
    console.log(`  of which by the first checks: ${firstRows.n} (expected ${expectedRows})`);
    const em = orm.em.fork();
    const facts = await db()
      .selectFrom('signal_imports')
      .select((eb) => eb.fn.count<string>('fact_key').distinct().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const made = {
      contacts: await em.count(Contact, { organization: organizationId }),
      accounts: await em.count(Account, { organization: organizationId }),
      contact_entries: await em.count(ContactEntry, { organization: organizationId }),
      account_entries: await em.count(AccountEntry, { organization: organizationId }),
      importing: await em.count(Signal, { organization: organizationId, importedCount: { $gt: 0 } }),
      facts: facts.n,
    };
    console.log(
      `  imported: ${made.contacts} contacts and ${made.accounts} accounts in the workspace, ${made.contact_entries} contact entries, ` +
        `${made.account_entries} account entries; ${made.importing}/${total} signals imported at least one fact; ${made.facts} distinct facts`,
    );
    const problemCount = [...problems.values()].reduce((n, p) => n + p.count, 0);
    console.log(`  worker warnings/errors: ${problemCount}`);
    for (const [key, p] of [...problems].sort((a, b) => b[1].count - a[1].count).slice(0, 10))
      console.log(`    ${p.count} x ${key}\n      ${p.example}`);
  } finally {
    await connection?.close();
    if (worker) await stopChild(worker, 10_000);
    await temporal?.stop();
    await orm.close();
    await database.stop();
  }
}

/**
 * The facts a check's window should hold: per family, DAILY_RATES share of the slots (round(rate *
 * 4096) picked a day) times the entities per slot, and the matches of the signal's filters over
 * the last whole day as the provider answers them, scaled to the window (a day's average). Then
 * the exact count: the provider's facts are deterministic (future ones too), so the facts of the
 * run's span are read once and counted into each signal's first window [slot - window, slot): the
 * feed rows the first checks should write. Answers that count.
 */
async function printExpectedFacts(
  orm: MikroORM,
  directory: { companies: number; people: number },
  windowMs: number,
  hiringFilters: Record<string, string[]>,
  slots: number[],
  people: boolean[],
): Promise<number> {
  const provider = new SandboxSignalProvider(orm);
  const to = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  const from = new Date(to.getTime() - DAY_MS);
  const perWindow = (daily: number) => (daily * windowMs) / DAY_MS;
  const estimate = (rate: number, entities: number) => Math.round(rate * SLOT_COUNT) * (entities / SLOT_COUNT);
  const hiringAll = estimate(DAILY_RATES.JOB_POSTING, directory.companies);
  const jobChangeAll = estimate(DAILY_RATES.JOB_CHANGE, directory.people);
  const hiringDay =
    (await provider.search({ signalType: 'HIRING_SIGNALS', filters: hiringFilters, from, to, limit: 1 })).total ?? 0;
  const newJobDay = (await provider.search({ signalType: 'NEW_JOB', filters: {}, from, to, limit: 1 })).total ?? 0;
  const halves = [people.filter((p) => !p).length, people.filter((p) => p).length];
  console.log(
    `expected facts per ${windowMs / 60_000}-minute window (a day's average): HIRING_SIGNALS ${perWindow(hiringDay).toFixed(2)} ` +
      `(DAILY_RATES.JOB_POSTING ${DAILY_RATES.JOB_POSTING}: ~${hiringAll.toFixed(0)} postings a day, ${hiringDay} matching the titles on ${from.toISOString().slice(0, 10)}), ` +
      `NEW_JOB ${perWindow(newJobDay).toFixed(2)} (DAILY_RATES.JOB_CHANGE ${DAILY_RATES.JOB_CHANGE}: ~${jobChangeAll.toFixed(0)} job changes a day, ${newJobDay} on that day); ` +
      `about ${(halves[0] * perWindow(hiringDay) + halves[1] * perWindow(newJobDay)).toFixed(0)} feed rows over the ${slots.length} first checks`,
  );

  const first = Math.min(...slots) - windowMs;
  const last = Math.max(...slots);
  // The times of the facts a check would import (a people fact needs the person's email or LinkedIn URL).
  const factTimes = async (
    signalType: 'HIRING_SIGNALS' | 'NEW_JOB',
    filters: Record<string, string[]>,
    person: boolean,
  ) => {
    const times: number[] = [];
    for (let offset = 0; ; offset += 1000) {
      const { items } = await provider.search({
        signalType,
        filters,
        from: new Date(first),
        to: new Date(last),
        limit: 1000,
        offset,
      });
      for (const f of items)
        if (!person || f.person?.email || f.person?.linkedin_url) times.push(new Date(f.occurred_at).getTime());
      if (items.length < 1000) return times;
    }
  };
  const hiring = await factTimes('HIRING_SIGNALS', hiringFilters, false);
  const newJob = await factTimes('NEW_JOB', {}, true);
  let rows = 0;
  slots.forEach((slot, i) => {
    for (const t of people[i] ? newJob : hiring) if (t >= slot - windowMs && t < slot) rows++;
  });
  console.log(
    `exactly, in this run's windows: ${hiring.length} HIRING_SIGNALS and ${newJob.length} NEW_JOB facts over the ${((last - first) / 60_000).toFixed(0)} minutes ` +
      `the windows span, ${rows} feed rows expected from the first checks`,
  );
  return rows;
}

/** When a signal's check started (last_checked_at) and was written (updated_at). */
interface CheckTimes {
  last_checked_at: Date | string;
  updated_at: Date | string;
}

const EVENT_NAMES = proto.temporal.api.enums.v1.EventType;
type Timestamp = { seconds?: { toNumber(): number } | number | null; nanos?: number | null } | null | undefined;
const msOf = (ts: Timestamp) =>
  ts
    ? (typeof ts.seconds === 'number' ? ts.seconds : (ts.seconds?.toNumber() ?? 0)) * 1000 +
      Math.floor((ts.nanos ?? 0) / 1e6)
    : Number.NaN;

/** A late check's workflow history, each event as its type and its time from the slot (failures with their message). */
async function printHistory(
  client: Client,
  signalId: string,
  slot: number,
  row: CheckTimes | undefined,
): Promise<void> {
  const seen = row
    ? `started ${new Date(row.last_checked_at).getTime() - slot} ms, done ${new Date(row.updated_at).getTime() - slot} ms after the slot`
    : 'never checked';
  console.log(`  late: ${signalId} (slot ${new Date(slot).toISOString()}): ${seen}; history (s from the slot):`);
  try {
    const history = await client.workflow.getHandle(signalWorkflowId(signalId)).fetchHistory();
    const lines = (history.events ?? []).map((e) => {
      const name = (EVENT_NAMES[e.eventType ?? 0] ?? String(e.eventType)).replace(/^EVENT_TYPE_/, '');
      const failure =
        e.activityTaskFailedEventAttributes?.failure?.message ?? e.workflowTaskFailedEventAttributes?.failure?.message;
      const attempt = e.activityTaskStartedEventAttributes?.attempt;
      return `${name}${attempt && attempt > 1 ? ` #${attempt}` : ''} ${((msOf(e.eventTime as Timestamp) - slot) / 1000).toFixed(1)}${failure ? ` (${failure.slice(0, 200)})` : ''}`;
    });
    console.log(`    ${lines.slice(0, 40).join(', ')}${lines.length > 40 ? `, ... (${lines.length} events)` : ''}`);
  } catch (error) {
    console.log(`    history unavailable: ${(error as Error).message}`);
  }
}
