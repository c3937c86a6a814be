// `npm run bench -- pacing`: paced mailboxes on the local stack (embedded PostgreSQL, Temporal dev
// server, `node worker.ts` and `node api/server.ts` as children, sandbox mail). Every run of
// BENCH_PACING_MAILBOXES mailboxes (BENCH_PACING_RUNS each) is due at once; each mailbox is paced
// 1–2 s apart (the shortest gaps the settings take, so the run lasts a minute, not a day). Printed:
// the lateness of each send against its reserved slot (the provider call's start and end), the CPU
// per send of each process, the worker's memory and the database bytes per run. Baseline in the same
// run: as many unpaced runs of one sender, due at once, from their start to their send.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../workflows/sequence.definitions.ts';
import { activeTemplate, benchDb, insertActiveRuns, insertVerifiedContacts } from './fixtures.ts';
import { cpuMeter, postmasterPid } from './cpu-time.ts';
import { envNumber, percentile, residentMiB, sleep, startServices } from './harness.ts';
import { workflowBenchStack } from './workflow-stack.ts';

const summary = (d: number[]) =>
  `p50 ${percentile(d, 50).toFixed(0)} ms, p99 ${percentile(d, 99).toFixed(0)} ms, max ${(d.at(-1) ?? Number.NaN).toFixed(0)} ms (n=${d.length})`;

export async function benchPacing(): Promise<void> {
  const mailboxes = envNumber('BENCH_PACING_MAILBOXES', 20);
  const perMailbox = envNumber('BENCH_PACING_RUNS', 25);
  const total = mailboxes * perMailbox;
  const stack = await workflowBenchStack(8);
  const { database, orm, temporal, client, org } = stack;
  const db = () => benchDb(orm);
  const organizationId = org.organization_id;

  /** `n` runs of one-email templates, `perSender` per sender, inserted ACTIVE (their workflows not started). */
  async function insertRuns(senders: string[], perSender: number, prefix: string) {
    const runs: { id: string; contactId: string; templateId: string; senderId: string }[] = [];
    for (const senderId of senders) {
      const templateId = await activeTemplate(orm, organizationId, senderId, `${prefix} ${randomUUID()}`, [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' },
      ]);
      const ids = Array.from({ length: perSender }, () => randomUUID());
      await insertVerifiedContacts(orm, organizationId, ids, (id) => `${prefix}-${id}@example.com`);
      for (const contactId of ids) runs.push({ id: randomUUID(), contactId, templateId, senderId });
    }
    await insertActiveRuns(orm, organizationId, runs);
    return runs.map((r) => r.id);
  }

  /** The paced senders: 1–2 s between sends, no hourly or daily limit in the way. */
  const senders = Array.from({ length: mailboxes }, () => randomUUID());
  await db()
    .insertInto('users')
    .values(
      senders.map((id, i) => ({
        id,
        organization_id: organizationId,
        email: `paced-${i}@bench.test`,
        name: `Paced ${i}`,
        role: 'member' as const,
        daily_send_limit: 1_000_000,
        hourly_send_limit: 3600,
        min_send_gap_seconds: 1,
        max_send_gap_seconds: 2,
        created_at: new Date(),
        updated_at: new Date(),
      })),
    )
    .execute();
  const paced = await insertRuns(senders, perMailbox, 'paced');
  const unpaced = await insertRuns([org.user_id], total, 'unpaced');

  let stopServices = async () => {};
  try {
    const services = await startServices(database.url, temporal.address, org.api_key);
    stopServices = services.stop;
    const processes = {
      api: services.pids.api,
      worker: services.pids.worker,
      temporal: temporal.process.pid ?? Number.NaN,
      postgres: postmasterPid(Number(new URL(database.url).port)),
    };
    const start = async (ids: string[]) => {
      const began = Date.now();
      const queue = [...ids];
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          for (let id = queue.shift(); id; id = queue.shift()) {
            const input: SequenceInput = { sequenceId: id, organizationId };
            await client.workflow.start(SEQUENCE_WORKFLOW, {
              taskQueue: services.taskQueue,
              workflowId: sequenceWorkflowId(id),
              args: [input],
            });
          }
        }),
      );
      return began;
    };
    /** Sends of `ids` (their effect's claim and completion), once all are done or the deadline passes. */
    const sendsOf = async (ids: string[], deadlineMs: number) => {
      for (;;) {
        const rows = await db()
          .selectFrom('outbound_effects as e')
          .leftJoin('sender_send_slots as s', 's.effect_key', 'e.key')
          .select(['e.sequence_id', 'e.attempted_at', 'e.completed_at', 's.slot_at'])
          .where('e.state', '=', 'DONE')
          .where((eb) => eb('e.sequence_id', '=', eb.fn.any(eb.val(ids))))
          .execute();
        if (rows.length >= ids.length || Date.now() > deadlineMs) return rows;
        await sleep(1000);
      }
    };
    const ms = (d: Date | string | null) => (d === null ? Number.NaN : new Date(d).getTime());

    console.log(`baseline: ${total} unpaced runs of one sender, all due at once`);
    let cpu = cpuMeter(processes);
    const baseBegan = await start(unpaced);
    const base = await sendsOf(unpaced, Date.now() + 600_000);
    console.log(
      `    start -> send: ${summary(base.map((r) => ms(r.attempted_at) - baseBegan).sort((a, b) => a - b))}; CPU ms per send: ${cpu.perOperation(base.length)}`,
    );

    console.log(`paced: ${mailboxes} mailboxes x ${perMailbox} runs (${total}), all due at once, 1-2 s apart`);
    cpu = cpuMeter(processes);
    const before = await sql<{ n: string }>`SELECT pg_database_size(current_database())::text AS n`.execute(db());
    const began = await start(paced);
    const expectedS = perMailbox * 1.5;
    const sends = await sendsOf(paced, Date.now() + expectedS * 2000 + 600_000);
    const after = await sql<{ n: string }>`SELECT pg_database_size(current_database())::text AS n`.execute(db());
    const claimLate = sends.map((r) => ms(r.attempted_at) - ms(r.slot_at)).sort((a, b) => a - b);
    const doneLate = sends.map((r) => ms(r.completed_at) - ms(r.slot_at)).sort((a, b) => a - b);
    const lastSend = Math.max(...sends.map((r) => ms(r.completed_at)));
    console.log(
      `    sent ${sends.length}/${total} in ${((lastSend - began) / 1000).toFixed(1)} s (slots ~${expectedS} s per mailbox)`,
    );
    console.log(`    lateness, slot -> provider call started: ${summary(claimLate)} (goal p99 < 5 s)`);
    console.log(`    lateness, slot -> provider call done:    ${summary(doneLate)}`);
    console.log(`    CPU ms per send: ${cpu.perOperation(sends.length)}`);
    console.log(`    worker resident memory: ${residentMiB(services.pids.worker).toFixed(0)} MiB`);
    console.log(
      `    database growth per paced run (its slot, intent, message, events, run rows written): ${((Number(after.rows[0].n) - Number(before.rows[0].n)) / total).toFixed(0)} bytes`,
    );
  } finally {
    await stopServices();
    await stack.stop();
  }
}
