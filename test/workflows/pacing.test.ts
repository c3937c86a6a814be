// Paced mailboxes on the time-skipping server, real activities on the stack's database: 500 emails
// of one sender due before their window opens go out one send slot at a time (no two closer than
// the least gap, at most 30 in a clock hour and the daily limit a day, all inside the window's days),
// earliest due first across two templates; a worker stopped while runs wait for their slots loses
// and doubles none of them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Worker } from '@temporalio/worker';
import { defaultWorkflowsPath } from '../../worker.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../domain/shared/time.ts';
import { localParts } from '../../domain/sequences/schedule-window.ts';
import { sequenceStatusQuery } from '../../workflows/sequence.definitions.ts';
import {
  serviceActivities,
  useTimeSkippingEnv,
  useTimeSkippingWorker,
  type TimeSkippingSuite,
} from '../helpers/time-skipping.ts';
import { insertContact, insertSequence, insertTemplate, startRunOnSuite, until } from '../helpers/sequence-fixtures.ts';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../workflows/sequence.definitions.ts';

/** Waits for each run's end in turn: the time-skipping client unlocks time once per awaited result, so results are never awaited at once. */
async function resultsOf(handles: { result(): Promise<unknown> }[]): Promise<void> {
  for (const handle of handles) await handle.result();
}

const WINDOW = { days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], start_hour: 9, end_hour: 17 };
const MIN_GAP_MS = 60_000;

const db = (ts: TimeSkippingSuite) => ts.stack.orm.em.fork().getKysely();

/** A sender paced at 30 an hour, 60–180 s apart, with `dailyLimit` a day (the sandbox transport is unpaced by default). */
async function pacedSender(ts: TimeSkippingSuite, dailyLimit: number): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO users (id, organization_id, email, name, role, daily_send_limit, hourly_send_limit, min_send_gap_seconds, max_send_gap_seconds, created_at, updated_at)
    VALUES (${randomUUID()}, ${ts.org.organizationId}, ${`paced-${randomUUID().split('-')[0]}@example.com`}, 'Paced', 'member', ${dailyLimit}, 30, 60, 180, now(), now())
    RETURNING id`.execute(db(ts));
  return rows[0].id;
}

async function slotCount(ts: TimeSkippingSuite, senderId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM sender_send_slots WHERE user_id = ${senderId}`.execute(db(ts));
  return rows[0].n;
}

/** Every outbound message of the sender's runs: its run, when it went out and its slot, in order. */
async function sendsOf(
  ts: TimeSkippingSuite,
  senderId: string,
): Promise<{ sequence_id: string; sent_at: Date; slot_at: Date }[]> {
  const { rows } = await sql<{ sequence_id: string; sent_at: Date; slot_at: Date }>`
    SELECT m.sequence_id, m.sent_at, sl.slot_at FROM messages m
    JOIN sequences s ON s.id = m.sequence_id
    JOIN sender_send_slots sl ON sl.sequence_id = m.sequence_id
    WHERE s.sender_id = ${senderId} AND m.direction = 'OUTBOUND' ORDER BY m.sent_at`.execute(db(ts));
  return rows.map((r) => ({ ...r, sent_at: new Date(r.sent_at), slot_at: new Date(r.slot_at) }));
}

/**
 * A send goes out this long after its slot at most here: the timer's workflow task and the step's
 * activity, on a loaded two-core machine where the test server's clock also runs in real time.
 */
const LATENESS_MS = 5000;

/**
 * The slots lie the least gap apart, at most 30 in a clock hour and `dailyLimit` a UTC day, inside
 * the window; each send went out at its slot (within LATENESS_MS), so the sends keep the gap too.
 */
function assertPaced(sends: { sent_at: Date; slot_at: Date }[], dailyLimit: number): void {
  const slots = sends.map((s) => s.slot_at.getTime()).sort((a, b) => a - b);
  for (let i = 1; i < slots.length; i++)
    assert.ok(
      slots[i] - slots[i - 1] >= MIN_GAP_MS,
      `slots ${i - 1} and ${i} are ${slots[i] - slots[i - 1]} ms apart: ${new Date(slots[i]).toISOString()}`,
    );
  for (const send of sends) {
    const late = send.sent_at.getTime() - send.slot_at.getTime();
    assert.ok(late >= 0 && late < LATENESS_MS, `sent ${late} ms after its slot ${send.slot_at.toISOString()}`);
  }
  const times = sends.map((s) => s.sent_at.getTime());
  for (let i = 1; i < times.length; i++)
    assert.ok(times[i] - times[i - 1] >= MIN_GAP_MS - LATENESS_MS, `sends ${i - 1} and ${i} keep the gap`);
  const most = (values: number[], key: (t: number) => number) => {
    const counts = new Map<number, number>();
    for (const t of values) counts.set(key(t), (counts.get(key(t)) ?? 0) + 1);
    return Math.max(...counts.values());
  };
  for (const values of [slots, times]) {
    assert.ok(most(values, (t) => Math.floor(t / HOUR_MS)) <= 30, 'at most 30 in a clock hour');
    assert.ok(most(values, (t) => Math.floor(t / DAY_MS)) <= dailyLimit, `at most ${dailyLimit} a UTC day`);
  }
  for (const t of times) {
    const local = localParts(t, 'UTC');
    assert.ok(
      WINDOW.days.includes(local.weekday) && local.hour >= WINDOW.start_hour && local.hour < WINDOW.end_hour,
      `inside the window: ${new Date(t).toISOString()}`,
    );
  }
}

describe('paced mailboxes (time-skipping)', function () {
  this.timeout(900_000);
  const ts = useTimeSkippingWorker('pacing');

  it('when 500 emails of one mailbox are due before the window opens, then they go out spread over the window days (gap, hourly and daily limits held), earliest due first across templates', async () => {
    const dailyLimit = 200;
    const senderId = await pacedSender(ts, dailyLimit);
    const email = { type: 'EMAIL' as const, delay_days: 0, subject: 'Hi', body: 'Hi {{contact.first_name}}' };
    const templates = [
      await insertTemplate(ts.stack, ts.org.organizationId, [email], {
        senderUserId: senderId,
        window: { schedule: WINDOW },
      }),
      await insertTemplate(ts.stack, ts.org.organizationId, [email], {
        senderUserId: senderId,
        window: { schedule: WINDOW },
      }),
    ];
    // Five waves of 100 runs (both templates in each), due 20 minutes apart: each wave reserves before the next is due.
    const waves: string[][] = [];
    const handles = [];
    for (let wave = 0; wave < 5; wave++) {
      const ids: string[] = [];
      for (let i = 0; i < 100; i++) {
        const contactId = await insertContact(ts.stack, ts.org.organizationId, {
          email: `w${wave}-${i}-${randomUUID().split('-')[0]}@example.com`,
        });
        const run = await startRunOnSuite(ts, contactId, templates[i % 2], senderId);
        ids.push(run.sequenceId);
        handles.push(run.handle);
      }
      waves.push(ids);
      await until(async () => (await slotCount(ts, senderId)) >= (wave + 1) * 100, {
        timeoutMs: 180_000,
        what: `wave ${wave}'s slots`,
      });
      if (wave === 0) {
        const status = await handles[0].query(sequenceStatusQuery);
        if (status.waitingFor === 'SEND_SLOT') assert.ok(status.nextWakeUp, 'the slot time is shown');
      }
      await ts.env.sleep(20 * MINUTE_MS);
    }
    await resultsOf(handles);

    const sends = await sendsOf(ts, senderId);
    assert.equal(sends.length, 500, 'every email went out once');
    assert.equal(new Set(sends.map((s) => s.sequence_id)).size, 500);
    assertPaced(sends, dailyLimit);
    const waveOf = new Map(waves.flatMap((ids, wave) => ids.map((id) => [id, wave] as const)));
    const order = sends.map((s) => waveOf.get(s.sequence_id)!);
    for (let i = 1; i < order.length; i++)
      assert.ok(
        order[i] >= order[i - 1],
        `earliest due first: send ${i} of wave ${order[i]} after wave ${order[i - 1]}`,
      );
    const days = new Set(sends.map((s) => Math.floor(s.sent_at.getTime() / DAY_MS)));
    assert.ok(days.size >= 3, `spread over ${days.size} window days (200 a day at most)`);
  });
});

describe('paced mailboxes: a worker stopped while runs wait for their slots (time-skipping)', function () {
  this.timeout(600_000);
  const ts = useTimeSkippingEnv();
  const taskQueue = `pacing-restart-${randomUUID()}`;
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  // No sticky cache: a stopped worker's sticky queue would hold its runs' next tasks on the
  // time-skipping server (which never hands them to another worker); the real server does after 5 s.
  // Without the cache a run's local activity may be dropped at the task's eviction and tried again
  // once its workflow task times out: slower, not different; the runs' tasks time out after 2 s
  // (not 10 s) so those retries come quickly (each run otherwise waited 10 s per drop, and 20 of
  // them sometimes took minutes to reserve their slots).
  const startWorker = async () => {
    worker = await Worker.create({
      connection: ts.env.nativeConnection,
      taskQueue,
      workflowsPath: defaultWorkflowsPath,
      activities: serviceActivities(ts),
      maxCachedWorkflows: 0,
    });
    running = worker.run();
  };
  ts.beforeTeardown(async () => {
    worker?.shutdown();
    await running?.catch(() => {});
  });

  it('when the worker stops after some sends and another takes over, then every run sends exactly once, at distinct slots the gap apart', async () => {
    await startWorker();
    const senderId = await pacedSender(ts, 200);
    const templateId = await insertTemplate(
      ts.stack,
      ts.org.organizationId,
      [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' }],
      { senderUserId: senderId, window: { schedule: WINDOW } },
    );
    const handles = [];
    const contacts: string[] = [];
    for (let i = 0; i < 20; i++) {
      const address = `k${i}-${randomUUID().split('-')[0]}@example.com`;
      contacts.push(address);
      const contactId = await insertContact(ts.stack, ts.org.organizationId, { email: address });
      const sequenceId = await insertSequence(ts.stack, ts.org.organizationId, {
        contactId,
        templateId,
        senderUserId: senderId,
      });
      const input: SequenceInput = { sequenceId, organizationId: ts.org.organizationId };
      handles.push(
        await ts.env.client.workflow.start(SEQUENCE_WORKFLOW, {
          taskQueue,
          workflowId: sequenceWorkflowId(sequenceId),
          args: [input],
          workflowTaskTimeout: '2s',
        }),
      );
    }
    await until(async () => (await slotCount(ts, senderId)) === 20, { timeoutMs: 300_000, what: 'the 20 slots' });
    const { rows: slots } = await sql<{ slot_at: Date }>`
      SELECT slot_at FROM sender_send_slots WHERE user_id = ${senderId} ORDER BY slot_at`.execute(db(ts));
    // Some emails go out, then the worker stops while the others wait for their slots.
    const now = await ts.env.currentTimeMs();
    await ts.env.sleep(new Date(slots[9].slot_at).getTime() - now + 1000);
    await until(async () => (await sendsOf(ts, senderId)).length >= 10, { timeoutMs: 180_000, what: 'ten sends' });
    worker!.shutdown();
    await running;
    const before = (await sendsOf(ts, senderId)).length;
    assert.ok(before < 20, `some runs still wait (${before} sent)`);

    await startWorker();
    await resultsOf(handles);
    const sends = await sendsOf(ts, senderId);
    assert.equal(sends.length, 20, 'none lost');
    assert.equal(new Set(sends.map((s) => s.sequence_id)).size, 20, 'none sent twice');
    const { rows: delivered } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM sandbox_outbound_emails WHERE to_email = ANY(${contacts})`.execute(db(ts));
    assert.equal(delivered[0].n, 20, 'the transport took each email once');
    assert.equal(await slotCount(ts, senderId), 20, 'one slot per email');
    assertPaced(sends, 200);
  });
});
