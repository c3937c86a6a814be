// The counters' triggers' own time inside PostgreSQL (EXPLAIN ANALYZE's per-trigger times) on the
// statements that record a step's email (the message's insert, the run's step), its first open and
// a person's click, for fresh runs of the bench's template, with the service's triggers and with the
// previous ones (stats-trigger-sets.ts): a figure the machine's other work hardly moves, beside the
// statements' whole execution time.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { benchDb, insertFreshRuns } from './fixtures.ts';
import { median } from './harness.ts';
import { STATS_TRIGGER_NAMES, useTriggerSet } from './stats-trigger-sets.ts';

interface Explained {
  'Execution Time': number;
  Triggers?: { 'Trigger Name': string; Time: number }[];
}

/** ms of the counters' triggers and of the whole statement, from its EXPLAIN ANALYZE. */
async function explained(orm: MikroORM, statement: RawBuilder<unknown>): Promise<{ triggers: number; total: number }> {
  const { rows } = await sql<{
    'QUERY PLAN': Explained[];
  }>`explain (analyze, format json) ${statement}`.execute(benchDb(orm));
  const [plan] = rows[0]['QUERY PLAN'];
  const triggers = (plan.Triggers ?? [])
    .filter((t) => STATS_TRIGGER_NAMES.has(t['Trigger Name']))
    .reduce((sum, t) => sum + t.Time, 0);
  return { triggers, total: plan['Execution Time'] };
}

/** The medians of `writes` sends, first opens and clicks: the triggers' time and the statements'. */
async function timed(
  orm: MikroORM,
  s: { organizationId: string; templateId: string; senderId: string },
  writes: number,
): Promise<string> {
  const runs = await insertFreshRuns(orm, s, writes, 'stats-trigger-time.test');
  const times = { send: [] as number[], open: [] as number[], click: [] as number[] };
  const totals = { send: [] as number[], open: [] as number[], click: [] as number[] };
  for (const [i, run] of runs.entries()) {
    const id = randomUUID();
    const message = await explained(
      orm,
      sql`insert into messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body,
        step_number, sent_at, created_at, sender_id, variant)
      values (${id}, ${s.organizationId}, ${run.contactId}, ${run.id}, 'EMAIL', 'OUTBOUND', 'MESSAGE', 'Hello', 'Hi Ada',
        1, now(), now(), ${s.senderId}, ${1 + (i % 3)})`,
    );
    const step = await explained(
      orm,
      sql`update sequences set current_step = 1, revision = revision + 1, updated_at = now() where id = ${run.id}`,
    );
    times.send.push(message.triggers + step.triggers);
    totals.send.push(message.total + step.total);
    for (const [kind, marks] of [
      ['open', sql`open_count = 1, opened_at = now(), unique_opened_at = now()`],
      ['click', sql`click_count = 1, clicked_at = now(), unique_clicked_at = now()`],
    ] as const) {
      const e = await explained(orm, sql`update messages set ${marks} where id = ${id}`);
      times[kind].push(e.triggers);
      totals[kind].push(e.total);
    }
  }
  const us = (ms: number[]) => `${(median(ms) * 1000).toFixed(0)} µs`;
  return (
    `send ${us(times.send)} of its statements' ${us(totals.send)} (the message's insert and the run's step), ` +
    `open ${us(times.open)} of ${us(totals.open)}, click ${us(times.click)} of ${us(totals.click)}`
  );
}

export async function benchTriggerTime(
  orm: MikroORM,
  s: { organizationId: string; templateId: string; senderId: string },
  writes: number,
): Promise<void> {
  try {
    for (const set of ['current', 'previous'] as const) {
      await useTriggerSet(orm.em.fork(), set);
      await timed(orm, s, Math.min(writes, 50)); // warm-up: the triggers' plans cached
      console.log(`the ${set} triggers' own time in PostgreSQL (medians of ${writes}): ${await timed(orm, s, writes)}`);
    }
  } finally {
    await useTriggerSet(orm.em.fork(), 'current');
  }
}
