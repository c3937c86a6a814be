// `npm run bench -- pacing`: paced mailboxes on the local stack (embedded PostgreSQL, Temporal dev
// server, `node worker.ts` and `node api/server.ts` as children, sandbox mail). For each size of
// BENCH_PACING_SIZES ("MAILBOXESxRUNS,...", default BENCH_PACING_MAILBOXES x BENCH_PACING_RUNS, 20 x 25)
// every run is due at once, each mailbox paced BENCH_PACING_GAP_MIN–MAX seconds apart (default 1–2 s),
// or, with BENCH_PACING_RATE, with the gaps that ask that many sends a second of all the mailboxes
// together (mean gap = mailboxes / rate), so that a size fits what this machine sustains. Printed per
// size: the send rate asked, the lateness of each send against its reserved slot (the provider
// call's start and end), the CPU per run of each process from the first start to the last run's
// completion (raw, and without what the idle stack burns over that time), the runs' history length,
// the worker's memory and the database bytes per run; then the cost per run of each size against
// the first (the issue's goal: within 20%). Before them: the idle stack's CPU per second, and
// BENCH_PACING_BASELINE (default the first size's runs; 0: none) unpaced runs of one sender, due at once.
import { sql } from 'kysely';
import { benchDb } from './fixtures.ts';
import { cpuMeter, postmasterPid, type CpuMeter } from './cpu-time.ts';
import { envNumber, percentile, residentMiB, sleep, startServices } from './harness.ts';
import {
  awaitCompleted,
  historyShape,
  insertPacedSenders,
  insertRuns,
  sendsOf,
  startRuns,
  type PacingFixture,
} from './pacing-runs.ts';
import { workflowBenchStack } from './workflow-stack.ts';

const summary = (d: number[]) =>
  `p50 ${percentile(d, 50).toFixed(0)} ms, p99 ${percentile(d, 99).toFixed(0)} ms, max ${(d.at(-1) ?? Number.NaN).toFixed(0)} ms (n=${d.length})`;
const sorted = (d: number[]) => [...d].sort((a, b) => a - b);
const count = (n: number) => n.toLocaleString('en-US');

interface Size {
  mailboxes: number;
  perMailbox: number;
}

/** BENCH_PACING_SIZES, e.g. "100x10,1000x10"; by default one size, BENCH_PACING_MAILBOXES x BENCH_PACING_RUNS. */
function sizes(): Size[] {
  const list = process.env.BENCH_PACING_SIZES;
  if (!list)
    return [{ mailboxes: envNumber('BENCH_PACING_MAILBOXES', 20), perMailbox: envNumber('BENCH_PACING_RUNS', 25) }];
  return list.split(',').map((item) => {
    const [mailboxes, perMailbox] = item.trim().split('x').map(Number);
    if (!(mailboxes >= 1 && perMailbox >= 1)) throw new Error(`BENCH_PACING_SIZES: "${item}" is not MAILBOXESxRUNS`);
    return { mailboxes, perMailbox };
  });
}

/** The gaps (least, most, whole seconds) of a size: from BENCH_PACING_RATE when set, else BENCH_PACING_GAP_MIN/MAX. */
function gapsOf(mailboxes: number): [number, number] {
  const rate = envNumber('BENCH_PACING_RATE', 0);
  if (rate > 0) {
    const mean = mailboxes / rate;
    const min = Math.max(1, Math.round((mean * 2) / 3));
    return [min, Math.max(min, Math.round((mean * 4) / 3))];
  }
  const min = envNumber('BENCH_PACING_GAP_MIN', 1);
  return [min, Math.max(min, envNumber('BENCH_PACING_GAP_MAX', 2))];
}

/** CPU ms per run of each process and in all, without the idle stack's share over `seconds`. */
function costPerRun(meter: CpuMeter, idlePerSecond: Record<string, number>, seconds: number, runs: number) {
  const raw = meter.totals();
  const net = Object.fromEntries(
    Object.entries(raw).map(([name, ms]) => [name, (ms - (idlePerSecond[name] ?? 0) * seconds) / runs]),
  );
  const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
  const line = (r: Record<string, number>) =>
    `${Object.entries(r)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(', ')} = ${sum(r).toFixed(1)}`;
  const perRun = Object.fromEntries(Object.entries(raw).map(([name, ms]) => [name, ms / runs]));
  return { net: { ...net, total: sum(net) }, text: `${line(perRun)}; without the idle stack's share: ${line(net)}` };
}

export async function benchPacing(): Promise<void> {
  const plan = sizes();
  const stack = await workflowBenchStack(8);
  const { database, orm, temporal, client, org } = stack;
  const organizationId = org.organization_id;
  const baselineRuns =
    process.env.BENCH_PACING_BASELINE === undefined
      ? plan[0].mailboxes * plan[0].perMailbox
      : Number(process.env.BENCH_PACING_BASELINE);

  let stopServices = async () => {};
  try {
    const services = await startServices(database.url, temporal.address, org.api_key);
    stopServices = services.stop;
    const f: PacingFixture = { orm, client, organizationId, taskQueue: services.taskQueue };
    const processes = {
      api: services.pids.api,
      worker: services.pids.worker,
      temporal: temporal.process.pid ?? Number.NaN,
      postgres: postmasterPid(Number(new URL(database.url).port)),
    };
    const dbBytes = async () =>
      Number(
        (await sql<{ n: string }>`SELECT pg_database_size(current_database())::text AS n`.execute(benchDb(orm))).rows[0]
          .n,
      );

    // Warm-up: the worker bundles its workflows and fills its caches before anything is measured.
    const warm = await insertRuns(f, [org.user_id], 20, 'warm');
    await startRuns(f, warm);
    await awaitCompleted(f, warm, Date.now() + 300_000);
    await sleep(3000);
    const idleMeter = cpuMeter(processes);
    await sleep(10_000);
    const idlePerSecond = Object.fromEntries(Object.entries(idleMeter.totals()).map(([name, ms]) => [name, ms / 10]));
    console.log(
      `idle stack, CPU ms per second: ${Object.entries(idlePerSecond)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(', ')} (no run open: the webhook dispatcher's poll, the SDK's own threads)`,
    );

    if (baselineRuns > 0) {
      const unpaced = await insertRuns(f, [org.user_id], baselineRuns, 'unpaced');
      console.log(`baseline: ${count(baselineRuns)} unpaced runs of one sender, all due at once`);
      const meter = cpuMeter(processes);
      const began = await startRuns(f, unpaced);
      const done = await awaitCompleted(f, unpaced, Date.now() + 600_000 + baselineRuns * 200);
      const seconds = (Date.now() - began) / 1000;
      const sends = await sendsOf(f, unpaced);
      console.log(
        `    ${done}/${baselineRuns} completed in ${seconds.toFixed(1)} s; start -> send: ${summary(sorted(sends.map((s) => s.attempted - began)))}`,
      );
      console.log(`    CPU ms per run: ${costPerRun(meter, idlePerSecond, seconds, baselineRuns).text}`);
      console.log(`    history: ${await historyShape(f, unpaced)}`);
    }

    const costs: { size: Size; net: Record<string, number> }[] = [];
    for (const size of plan) {
      const total = size.mailboxes * size.perMailbox;
      const gaps = gapsOf(size.mailboxes);
      const meanGap = (gaps[0] + gaps[1]) / 2;
      const senders = await insertPacedSenders(f, size.mailboxes, gaps);
      const paced = await insertRuns(f, senders, size.perMailbox, 'paced');
      console.log(
        `paced: ${count(size.mailboxes)} mailboxes x ${size.perMailbox} runs (${count(total)}), all due at once, ${gaps[0]}-${gaps[1]} s apart: ` +
          `${(size.mailboxes / meanGap).toFixed(1)} sends/s asked after each mailbox's first (${count(size.mailboxes)} at once), the last slots ~${((size.perMailbox - 1) * meanGap).toFixed(0)} s in`,
      );
      const before = await dbBytes();
      const meter = cpuMeter(processes);
      const began = await startRuns(f, paced);
      console.log(`    ${count(total)} workflows started in ${((Date.now() - began) / 1000).toFixed(1)} s`);
      const deadline = Date.now() + (size.perMailbox * meanGap + total / 5) * 2000 + 600_000;
      const done = await awaitCompleted(f, paced, deadline);
      const seconds = (Date.now() - began) / 1000;
      const after = await dbBytes();
      const sends = (await sendsOf(f, paced)).filter((s) => s.slot !== null);
      console.log(`    ${done}/${total} completed in ${seconds.toFixed(1)} s (${sends.length} sends)`);
      console.log(
        `    lateness, slot -> provider call started: ${summary(sorted(sends.map((s) => s.attempted - s.slot!)))} (goal p99 < 5 s)`,
      );
      console.log(
        `    lateness, slot -> provider call done:    ${summary(sorted(sends.map((s) => s.completed - s.slot!)))}`,
      );
      const cost = costPerRun(meter, idlePerSecond, seconds, total);
      costs.push({ size, net: cost.net });
      console.log(`    CPU ms per run: ${cost.text}`);
      console.log(`    history: ${await historyShape(f, paced)}`);
      console.log(`    worker resident memory: ${residentMiB(services.pids.worker).toFixed(0)} MiB`);
      console.log(
        `    database growth per run (its slot, intent, message, events, run rows written): ${((after - before) / total).toFixed(0)} bytes`,
      );
    }
    const [first, ...rest] = costs;
    for (const { size, net } of rest) {
      // A process under 1 ms a run (the API: the runs are started through Temporal) gives no ratio worth reading.
      const ratios = Object.entries(net)
        .filter(([name]) => first.net[name] >= 1)
        .map(([name, ms]) => `${name} ${(ms / first.net[name]).toFixed(2)}`)
        .join(', ');
      console.log(
        `cost per run, ${size.mailboxes}x${size.perMailbox} / ${first.size.mailboxes}x${first.size.perMailbox} (idle share left out): ${ratios} (goal: total within 0.8-1.2)`,
      );
    }
  } finally {
    await stopServices();
    await stack.stop();
  }
}
