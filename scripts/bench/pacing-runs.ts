// The runs of `npm run bench -- pacing` (pacing.bench.ts): paced senders, one-email runs inserted
// ACTIVE (their workflows not started), their workflows started at once, and what they did (their
// sends against their slots, their completion, their histories' length).
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../workflows/sequence.definitions.ts';
import { activeTemplate, benchDb, insertActiveRuns, insertVerifiedContacts } from './fixtures.ts';
import { sleep } from './harness.ts';
import { timedEvents } from './history-times.ts';

export interface PacingFixture {
  orm: MikroORM;
  client: Client;
  organizationId: string;
  taskQueue: string;
}

/** `perSender` runs of a one-email template of each sender (a template per sender), inserted ACTIVE: their ids. */
export async function insertRuns(
  f: PacingFixture,
  senders: string[],
  perSender: number,
  prefix: string,
): Promise<string[]> {
  const runs: { id: string; contactId: string; templateId: string; senderId: string }[] = [];
  for (const senderId of senders) {
    const templateId = await activeTemplate(f.orm, f.organizationId, senderId, `${prefix} ${randomUUID()}`, [
      { type: 'EMAIL', delay_days: 0, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' },
    ]);
    for (let i = 0; i < perSender; i++) runs.push({ id: randomUUID(), contactId: randomUUID(), templateId, senderId });
  }
  await insertVerifiedContacts(
    f.orm,
    f.organizationId,
    runs.map((r) => r.contactId),
    (id) => `${prefix}-${id}@example.com`,
  );
  await insertActiveRuns(f.orm, f.organizationId, runs);
  return runs.map((r) => r.id);
}

/** `n` paced senders: `gapS` seconds between sends (least, most), no hourly or daily limit in the way. */
export async function insertPacedSenders(f: PacingFixture, n: number, gapS: [number, number]): Promise<string[]> {
  const senders = Array.from({ length: n }, () => randomUUID());
  const prefix = randomUUID().split('-')[0];
  await benchDb(f.orm)
    .insertInto('users')
    .values(
      senders.map((id, i) => ({
        id,
        organization_id: f.organizationId,
        email: `paced-${prefix}-${i}@bench.test`,
        name: `Paced ${i}`,
        role: 'member' as const,
        daily_send_limit: 1_000_000,
        hourly_send_limit: 3600,
        min_send_gap_seconds: gapS[0],
        max_send_gap_seconds: gapS[1],
        created_at: new Date(),
        updated_at: new Date(),
      })),
    )
    .execute();
  return senders;
}

/** Starts the runs' workflows, 10 at a time; the time the first was asked for. */
export async function startRuns(f: PacingFixture, ids: string[]): Promise<number> {
  const began = Date.now();
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        const input: SequenceInput = { sequenceId: id, organizationId: f.organizationId };
        await f.client.workflow.start(SEQUENCE_WORKFLOW, {
          taskQueue: f.taskQueue,
          workflowId: sequenceWorkflowId(id),
          args: [input],
        });
      }
    }),
  );
  return began;
}

/** Waits until every run ended COMPLETED (its send recorded and its workflow's last step done), or the deadline passed: how many did. */
export async function awaitCompleted(f: PacingFixture, ids: string[], deadlineMs: number): Promise<number> {
  for (;;) {
    const { n } = await benchDb(f.orm)
      .selectFrom('sequences')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'COMPLETED')
      .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
      .executeTakeFirstOrThrow();
    if (Number(n) >= ids.length || Date.now() > deadlineMs) return Number(n);
    await sleep(1000);
  }
}

/** Each send of the runs: its provider call's start and end, and the slot it reserved (null: unpaced). */
export async function sendsOf(
  f: PacingFixture,
  ids: string[],
): Promise<{ attempted: number; completed: number; slot: number | null }[]> {
  const ms = (d: Date | string | null) => (d === null ? Number.NaN : new Date(d).getTime());
  const rows = await benchDb(f.orm)
    .selectFrom('outbound_effects as e')
    .leftJoin('sender_send_slots as s', 's.effect_key', 'e.key')
    .select(['e.attempted_at', 'e.completed_at', 's.slot_at'])
    .where('e.state', '=', 'DONE')
    .where((eb) => eb('e.sequence_id', '=', eb.fn.any(eb.val(ids))))
    .execute();
  return rows.map((r) => ({
    attempted: ms(r.attempted_at),
    completed: ms(r.completed_at),
    slot: r.slot_at === null ? null : ms(r.slot_at),
  }));
}

/** History length of `sample` of the runs: events per run (mean, least, most) and the activity attempts beyond the first. */
export async function historyShape(f: PacingFixture, ids: string[], sample = 20): Promise<string> {
  const counts: number[] = [];
  let retries = 0;
  for (const id of ids.slice(0, sample)) {
    const history = await f.client.workflow.getHandle(sequenceWorkflowId(id)).fetchHistory();
    counts.push(timedEvents(history).length);
    for (const event of history.events ?? [])
      retries += Math.max(0, (event.activityTaskStartedEventAttributes?.attempt ?? 1) - 1);
  }
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
  return `${mean.toFixed(1)} events per run (${Math.min(...counts)}-${Math.max(...counts)}, ${counts.length} sampled), ${retries} activity retries`;
}
