// `npm run bench -- mailboxes`: the inbox sync end to end (embedded PostgreSQL, Temporal dev server,
// GreenMail, `node worker.ts` and the mailbox worker as children). BENCH_MAILBOXES (50) connected mailboxes, each with a run
// whose email a prospect answers; BENCH_MAILBOX_RATE (20) replies a second spread over them for
// BENCH_MAILBOX_SECONDS (60), once with IDLE and once polling (MAILBOX_SYNC_MODE=poll). Prints the
// time from the reply's arrival (GreenMail's SMTP accepted it) to message.replied (p50/p95/p99),
// replies missed and doubled, the mailbox worker's memory and its IMAP connections per mailbox.
// Then BENCH_MAILBOX_ROUNDS (3) rounds of a clean, a control and a hostile phase (IDLE, order
// reversed every other round): the same replies; the hostile phase adds 10% extra messages from the
// hostile corpus (mailboxes-hostile.ts) to the same mailboxes; the control phase sends the same
// hostile mail to mailboxes no sync reads (BENCH_MAILBOX_CONTROL=0: none), which shows what the mail
// costs the machine's mail server and sender, not the sync. All beside a light `sequences` load
// (mailboxes-steps.ts); each phase prints its latencies, the mailbox worker's CPU per message and
// resident memory, and the step lag; the run ends with the medians and the ratios (mailboxes-report.ts).
// Also: BENCH_MAILBOX_HOSTILE_SHARE (0.1), BENCH_MAILBOX_HUGE (3 a phase) of BENCH_MAILBOX_HUGE_MB
// (25), BENCH_MAILBOX_STEPS_RATE (4 runs a second), BENCH_MAILBOX_STEPS_DELAY (5 s), and
// BENCH_MAILBOX_MODE_PHASES=0 to skip the IDLE and poll phases (docs/benchmarks.md).
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { startGreenMail } from '../greenmail.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { temporalCli } from '../tools.ts';
import { postmasterPid } from './cpu-time.ts';
import { benchDb } from './fixtures.ts';
import { benchDatabase, envNumber, freePort, percentile, sleep } from './harness.ts';
import {
  cpuSince,
  peakBetween,
  pidWithArgument,
  planHostile,
  rssSampler,
  warmUpMail,
  type HostileSettings,
  type PlannedHostile,
} from './mailboxes-hostile.ts';
import { inboxReads } from './mailboxes-inbox.ts';
import { prospectMail } from './mailboxes-mail.ts';
import { printHostileRounds, type Phase, type Round } from './mailboxes-report.ts';
import { seedMailboxes } from './mailboxes-seed.ts';
import { stepLoad, type StepLoad } from './mailboxes-steps.ts';
import { benchWorkers, type Workers } from './mailboxes-workers.ts';
import { connectionsTo, memoryMiB } from './process-stats.ts';

const SECRET_KEY = 'bench-mailbox-secret-key-0123456789abcdef';
const PASSWORD = 'bench-password';
const MIB = 1024 * 1024;

/** A count from the environment where 0 is allowed (envNumber wants more than 0). */
function envCount(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}

interface PhaseOptions {
  mode: 'auto' | 'poll';
  /** The replies' token prefix, unique per phase. */
  label: string;
  /** The hostile mix (none: a clean phase). */
  hostile?: HostileSettings;
  /** The hostile mix goes to the decoy mailboxes (no sync reads them): the control phase. */
  decoy?: boolean;
  /** The `sequences` load beside it. */
  steps?: StepLoad;
  /** Workers already running (kept afterwards); else the phase starts its own and stops them. */
  workers?: Workers;
  /** The window's length (BENCH_MAILBOX_SECONDS). */
  seconds?: number;
}

export async function benchMailboxes(): Promise<void> {
  const count = envNumber('BENCH_MAILBOXES', 50);
  const rate = envNumber('BENCH_MAILBOX_RATE', 20);
  const windowSeconds = envNumber('BENCH_MAILBOX_SECONDS', 60);
  const rounds = envCount('BENCH_MAILBOX_ROUNDS', 3);
  const modePhases = envCount('BENCH_MAILBOX_MODE_PHASES', 1) > 0;
  const control = envCount('BENCH_MAILBOX_CONTROL', 1) > 0;
  const hostileSettings: HostileSettings = {
    share: envCount('BENCH_MAILBOX_HOSTILE_SHARE', 0.1),
    hugeCount: envCount('BENCH_MAILBOX_HUGE', 3),
    hugeBytes: envNumber('BENCH_MAILBOX_HUGE_MB', 25) * MIB,
  };
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
  const greenmail = await startGreenMail();
  const db = () => benchDb(orm);
  const org = await admin.bootstrap(orm.em.fork(), {
    orgName: 'Bench',
    ownerEmail: 'bench@example.com',
    ownerName: 'Bench',
  });
  const organizationId = org.organization_id;
  const prospectLogin = 'prospects@prospect.test';
  await greenmail.addUser(prospectLogin, PASSWORD);

  const { senders, hostileIds } = await seedMailboxes({
    orm,
    greenmail,
    organizationId,
    ownerId: org.user_id,
    count,
    password: PASSWORD,
    secretKey: SECRET_KEY,
    decoys: control && rounds > 0,
  });

  const { smtp, hostileSmtp, reply } = prospectMail({ greenmail, prospectLogin, password: PASSWORD, senders, count });
  const { recorded, inboxKinds, splitLatencies } = inboxReads(db, organizationId, count);

  const taskQueue = `bench-${randomUUID()}`;
  const steps =
    rounds > 0
      ? await stepLoad({
          orm,
          client: new Client({ connection }),
          taskQueue,
          organizationId,
          ownerId: org.user_id,
          perSecond: envNumber('BENCH_MAILBOX_STEPS_RATE', 4),
          delayS: envNumber('BENCH_MAILBOX_STEPS_DELAY', 5),
        })
      : undefined;
  const { startWorkers, stopWorkers } = benchWorkers({ database, temporal, taskQueue, secretKey: SECRET_KEY });
  const greenmailPid = pidWithArgument(`-Dgreenmail.smtp.port=${greenmail.smtpPort}`);
  const postgresPid = postmasterPid(Number(new URL(database.url).port));

  /**
   * Before the rounds (unmeasured): the hostile corpus once to mailbox 0, read and recorded, then a
   * short hostile phase, so that neither the mail server nor the workers meet the load cold in the
   * first measured phase (GreenMail took 0.8 s to accept its first 1,005-part message, 0.3-0.4 s warm).
   */
  async function warmUp(workers: Workers): Promise<void> {
    const mail = warmUpMail(hostileIds[0], hostileSettings.hugeCount ? hostileSettings.hugeBytes : 0);
    const since = new Date();
    for (const h of mail)
      await hostileSmtp.sendMail({ envelope: { from: h.envelopeFrom, to: senders[0].address }, raw: h.raw });
    const deadline = Date.now() + 180_000;
    while (Object.values(await inboxKinds(since)).reduce((a, b) => a + b, 0) < mail.length) {
      if (Date.now() > deadline) throw new Error('warm-up: the hostile corpus was not all recorded');
      await sleep(500);
    }
    await phase({
      mode: 'auto',
      label: 'warmup',
      workers,
      hostile: hostileSettings,
      steps,
      seconds: Math.min(10, windowSeconds),
    });
    console.log(
      `warm-up: ${mail.length} hostile messages (the corpus once) read and recorded, then a ${Math.min(10, windowSeconds)} s hostile phase (not counted)`,
    );
  }

  async function phase({
    mode,
    label,
    hostile,
    decoy = false,
    steps: stepsLoad,
    workers,
    seconds = windowSeconds,
  }: PhaseOptions): Promise<Phase> {
    const { service, worker } = workers ?? startWorkers(mode);
    try {
      // A probe per mailbox: every sync is reading (after a restart, the old runs' attempts have timed out and moved here).
      const probes = Array.from({ length: count }, (_, i) => `${label}-probe-${i}`);
      await Promise.all(probes.map((token, i) => reply(i, token)));
      const probeDeadline = Date.now() + 180_000;
      while ((await recorded(`${label}-probe-`)).size < count) {
        if (Date.now() > probeDeadline) throw new Error(`${label}: the syncs did not all start`);
        await sleep(500);
      }
      const total = Math.round(rate * seconds);
      // Built before the window opens: building 25 MB messages is not what is measured.
      const planned: PlannedHostile[] = hostile ? planHostile(total, hostileIds, hostile) : [];
      const stepPhase = await stepsLoad?.prepare(seconds);
      console.log(
        `${label}: ${count} mailboxes syncing; ${rate} replies/s for ${seconds} s${planned.length ? ` + ${planned.length} hostile` : ''}${stepPhase ? `; steps ${stepsLoad!.perSecond}/s` : ''}`,
      );
      const sentAt = new Map<string, number>();
      const sends: Promise<unknown>[] = [];
      const hostileSends: Promise<unknown>[] = [];
      const hugeSentAt = new Map<string, number>();
      const hostileAt: { mailbox: number; name: string; at: number }[] = [];
      let rss = 0;
      let connections = 0;
      await sleep(1000);
      const windowStart = new Date();
      const cpu = cpuSince({
        'mailbox worker': worker.pid!,
        worker: service.pid!,
        Temporal: temporal.process.pid!,
        PostgreSQL: postgresPid,
        GreenMail: greenmailPid,
      });
      const sampler = rssSampler(worker.pid!);
      const stepsRun = stepPhase?.run();
      const started = Date.now();
      let nextHostile = 0;
      for (let k = 0; k < total; k++) {
        const due = started + (k * 1000) / rate;
        if (due > Date.now()) await sleep(due - Date.now());
        const token = `${label}-${k}`;
        sends.push(reply(k, token).then(() => sentAt.set(token, Date.now())));
        for (; nextHostile < planned.length && planned[nextHostile].after === k; nextHostile++) {
          const h = planned[nextHostile];
          if (h.huge && h.messageId) hugeSentAt.set(h.messageId, Date.now());
          hostileSends.push(
            hostileSmtp
              .sendMail({
                envelope: {
                  from: h.envelopeFrom,
                  to: decoy ? `decoy-${h.mailbox}@sender.test` : senders[h.mailbox].address,
                },
                raw: h.raw,
              })
              .then(() => hostileAt.push({ mailbox: h.mailbox, name: h.name, at: Date.now() })),
          );
        }
        if (k % rate === 0 && worker.pid) {
          rss = Math.max(rss, memoryMiB(worker.pid).rss);
          connections = Math.max(connections, connectionsTo(worker.pid, greenmail.imapPort));
        }
      }
      await Promise.all([...sends, ...hostileSends, stepsRun]);
      const expected = total + (decoy ? 0 : planned.length);
      const deadline = Date.now() + 60_000;
      let got = await recorded(`${label}-`);
      let rows = 0;
      const sum = (kinds: Record<string, number>) => Object.values(kinds).reduce((a, b) => a + b, 0);
      while (
        ([...sentAt.keys()].some((t) => !got.has(t)) || (rows = sum(await inboxKinds(windowStart))) < expected) &&
        Date.now() < deadline
      ) {
        await sleep(500);
        got = await recorded(`${label}-`);
      }
      const cpuMs = cpu();
      const samples = sampler.stop();
      const windowMs = Date.now() - started;
      const kinds = await inboxKinds(windowStart);
      rows = sum(kinds);
      // Peak RSS while a huge message was on its way: from its sending until it was recorded (+2 s for its parse and the GC after).
      const hugeRows = hugeSentAt.size
        ? await db()
            .selectFrom('mailbox_inbox_messages')
            .select(['rfc_message_id', 'created_at'])
            .where('organization_id', '=', organizationId)
            .where('rfc_message_id', 'in', [...hugeSentAt.keys()])
            .execute()
        : [];
      const hugeRecordedAt = new Map(hugeRows.map((r) => [r.rfc_message_id!, new Date(r.created_at).getTime()]));
      const hugePeaks = [...hugeSentAt]
        .map(([id, at]) => peakBetween(samples, at, (hugeRecordedAt.get(id) ?? Date.now()) + 2000))
        .filter(Number.isFinite);
      const stepLag = stepPhase ? await stepPhase.lags() : null;
      const latencies = [...sentAt.entries()]
        .filter(([t]) => got.has(t))
        .map(([t, at]) => Math.max(0, got.get(t)![0] - at))
        .sort((a, b) => a - b);
      const split = await splitLatencies(sentAt, got, hostileAt);
      const memory = worker.pid ? memoryMiB(worker.pid) : { rss: Number.NaN, peak: Number.NaN };
      return {
        mode,
        label,
        kind: decoy ? 'control' : hostile ? 'hostile' : 'clean',
        startedAt: started,
        replies: total,
        missed: [...sentAt.keys()].filter((t) => !got.has(t)).length,
        doubled: [...sentAt.keys()].filter((t) => (got.get(t)?.length ?? 0) > 1).length,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? Number.NaN,
        rssMiB: Math.max(rss, memory.rss),
        peakMiB: memory.peak,
        imapConnections: connections,
        hostile: planned.length,
        huge: hugeSentAt.size,
        hugeMiB: hostile ? hostile.hugeBytes / MIB : 0,
        expected,
        recorded: rows,
        kinds,
        cpuMs,
        windowMs,
        rssStart: samples[0]?.rss ?? Number.NaN,
        rssPeak: peakBetween(samples),
        rssPeakHuge: hugePeaks.length ? Math.max(...hugePeaks) : Number.NaN,
        steps: stepLag,
        split,
      };
    } finally {
      if (!workers) await stopWorkers({ service, worker });
    }
  }

  try {
    if (modePhases) {
      const results = [await phase({ mode: 'auto', label: 'auto' }), await phase({ mode: 'poll', label: 'poll' })];
      for (const r of results) {
        console.log(
          `${r.mode === 'auto' ? 'IDLE' : 'poll (15 s)'}: ${r.replies} replies to ${count} mailboxes; arrival->message.replied p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, max ${r.max} ms; ` +
            `missed ${r.missed}, doubled ${r.doubled}; mailbox worker RSS ${r.rssMiB.toFixed(0)} MiB (peak ${r.peakMiB.toFixed(0)} MiB), IMAP connections ${r.imapConnections} (${(r.imapConnections / count).toFixed(2)} per mailbox)`,
        );
      }
    }
    if (rounds > 0) {
      console.log(
        `hostile mix: ${rounds} round(s) of a clean${control ? ', a control' : ''} and a hostile phase (IDLE), order reversed every other round; ` +
          `${count} mailboxes, ${rate} replies/s for ${windowSeconds} s; hostile: ${Math.round(hostileSettings.share * 100)}% extra messages from the hostile corpus, ` +
          `at most ${hostileSettings.hugeCount} of ${hostileSettings.hugeBytes / MIB} MB a phase${control ? ' (control: the same mail to mailboxes no sync reads)' : ''}; ` +
          `beside them ${steps!.perSecond} sequence runs started a second, first EMAIL due ${steps!.delayS} s after each start`,
      );
      // One pair of workers for every round, as in production: warm, each phase measured by differences (CPU) and samples (RSS).
      const workers = startWorkers('auto');
      const results: Round[] = [];
      try {
        await warmUp(workers);
        for (let r = 1; r <= rounds; r++) {
          const kinds: ('clean' | 'control' | 'hostile')[] = control
            ? ['clean', 'control', 'hostile']
            : ['clean', 'hostile'];
          const round: Partial<Round> = {};
          for (const kind of r % 2 ? kinds : kinds.reverse()) {
            round[kind] = await phase({
              mode: 'auto',
              label: `${kind}${r}`,
              steps,
              workers,
              ...(kind === 'clean' ? {} : { hostile: hostileSettings, decoy: kind === 'control' }),
            });
          }
          results.push(round as Round);
        }
      } finally {
        await stopWorkers(workers);
      }
      printHostileRounds(results, count);
    }
  } finally {
    smtp.close();
    hostileSmtp.close();
    await greenmail.stop();
    await connection.close();
    await temporal.stop();
    await orm.close();
    await database.stop();
  }
}
