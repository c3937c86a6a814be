// The stats feature's queries: sums of the per-day counters (sequence_stats_daily, kept by
// triggers; docs/api/stats.md), and the consistency check's comparison with the counters derived
// from the source rows (sequence_stats_recompute(), a function of the migration).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import { typedKysely, type DB } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';

/** The counters, as the table names them. */
export const COUNTER_COLUMNS = [
  'enrolled',
  'active',
  'sent',
  'bounced',
  'opened',
  'opened_proxy',
  'clicked',
  'clicked_bot',
  'replied',
  'replied_positive',
  'opted_out',
  'meetings',
  'tasks_completed',
] as const;
export type CounterColumn = (typeof COUNTER_COLUMNS)[number];
export type Counters = Record<CounterColumn, number>;

/** Days as YYYY-MM-DD, both ends included; an absent end is open. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

const sums = () => COUNTER_COLUMNS.map((c) => sql<number>`coalesce(sum(${sql.ref(c)}), 0)::int`.as(c));

/**
 * The organization's counter rows of the days in the range (an absent end: infinity), with the
 * same SQL whichever ends are given, so that each read below is compiled and prepared once.
 */
function inDays(db: Kysely<DB>, organizationId: string, from: string | null, to: string | null) {
  return db
    .selectFrom('sequence_stats_daily')
    .where('organization_id', '=', organizationId)
    .where('day', '>=', sql<string>`coalesce(${from}::date, '-infinity'::date)`)
    .where('day', '<=', sql<string>`coalesce(${to}::date, 'infinity'::date)`);
}

const templateSums = statement(
  (db, organizationId: string, templateId: string, from: string | null, to: string | null) =>
    inDays(db, organizationId, from, to)
      .where('sequence_template_id', '=', templateId)
      .select(['step_number', 'variant', ...sums()])
      .groupBy(['step_number', 'variant'])
      .orderBy('step_number')
      .orderBy('variant'),
);

const senderSums = statement((db, organizationId: string, senderId: string, from: string | null, to: string | null) =>
  inDays(db, organizationId, from, to)
    .where('sender_id', '=', senderId)
    .select(['sequence_template_id', ...sums()])
    .groupBy('sequence_template_id')
    .orderBy('sequence_template_id'),
);

/** A template's counters in the range, summed per step and variant (step 0: what belongs to the run). */
export async function templateCounters(
  em: EntityManager,
  organizationId: string,
  templateId: string,
  range: DayRange,
): Promise<(Counters & { step_number: number; variant: number })[]> {
  return (await templateSums(em, organizationId, templateId, range.from, range.to)).rows;
}

/** A sender's counters in the range, summed per template. */
export async function senderCounters(
  em: EntityManager,
  organizationId: string,
  senderId: string,
  range: DayRange,
): Promise<(Counters & { sequence_template_id: string })[]> {
  return (await senderSums(em, organizationId, senderId, range.from, range.to)).rows;
}

/** One key where the table and the recomputation disagree, with both sides' counters. */
export interface CounterDifference {
  organization_id: string;
  sequence_template_id: string;
  day: string;
  step_number: number;
  variant: number;
  sender_id: string;
  stored: Counters;
  recomputed: Counters;
}

/**
 * The keys (of one organization, or all for null) where the stored counters differ from those the
 * source rows give. A raw statement: the recomputation is a set-returning function of the migration.
 */
export async function counterDifferences(
  em: EntityManager,
  organizationId: string | null,
): Promise<CounterDifference[]> {
  const pairs = (side: string) => sql.raw(COUNTER_COLUMNS.map((c) => `'${c}', coalesce(${side}."${c}", 0)`).join(', '));
  const differs = sql.raw(COUNTER_COLUMNS.map((c) => `coalesce(s."${c}", 0) <> coalesce(r."${c}", 0)`).join(' or '));
  const { rows } = await sql<CounterDifference>`
    with s as (select * from "sequence_stats_daily" where ${organizationId}::uuid is null or "organization_id" = ${organizationId}::uuid),
         r as (select * from "sequence_stats_recompute"(${organizationId}::uuid))
    select coalesce(s."organization_id", r."organization_id") as organization_id,
           coalesce(s."sequence_template_id", r."sequence_template_id") as sequence_template_id,
           to_char(coalesce(s."day", r."day"), 'YYYY-MM-DD') as day,
           coalesce(s."step_number", r."step_number") as step_number, coalesce(s."variant", r."variant") as variant,
           coalesce(s."sender_id", r."sender_id") as sender_id,
           json_build_object(${pairs('s')}) as stored, json_build_object(${pairs('r')}) as recomputed
    from s full join r using ("sequence_template_id", "day", "step_number", "variant", "sender_id")
    where ${differs}
    order by 1, 2, 3, 4, 5, 6`.execute(typedKysely(em));
  return rows;
}

/**
 * Replaces the stored counters (of one organization, or all) with the recomputation, the table
 * locked against the triggers meanwhile: a write that commits after it adds its own change on top.
 */
export async function replaceCounters(tx: EntityManager, organizationId: string | null): Promise<void> {
  const db = typedKysely(tx);
  await sql`lock table "sequence_stats_daily" in share row exclusive mode`.execute(db);
  await sql`delete from "sequence_stats_daily" where ${organizationId}::uuid is null or "organization_id" = ${organizationId}::uuid`.execute(
    db,
  );
  await sql`insert into "sequence_stats_daily" select * from "sequence_stats_recompute"(${organizationId}::uuid)`.execute(
    db,
  );
}
