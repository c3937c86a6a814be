// The counters' triggers of Migration20261130130000_sequence_stats (a PL/pgSQL call per marker,
// firing on every write of their tables) installed beside the ones the service runs
// (Migration20261202100000_stats_cheap_triggers), disabled, on the stats benchmark's own database:
// its write rounds switch between them ('previous', 'current') and none ('off') in one run.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import {
  SEQUENCE_STATS_FUNCTIONS,
  SEQUENCE_STATS_TRIGGER_DEFINITIONS,
} from '../../db/migrations/Migration20261130130000_sequence_stats.sql.ts';
import { STATS_CHEAP_TRIGGERS } from '../../db/migrations/Migration20261202100000_stats_cheap_triggers.sql.ts';
import { setStatsTriggers } from '../../test/helpers/stats-triggers.ts';

export const TRIGGER_SETS = ['current', 'previous', 'off'] as const;
export type TriggerSet = (typeof TRIGGER_SETS)[number];

const PREVIOUS = Object.values(SEQUENCE_STATS_TRIGGER_DEFINITIONS).map((statement) => {
  const [, name, table] = /create trigger "([^"]+)" .* on "([^"]+)"/.exec(statement)!;
  return { name, table, statement };
});

/** Every trigger name of both sets (EXPLAIN ANALYZE's per-trigger times are picked by these). */
export const STATS_TRIGGER_NAMES = new Set([...PREVIOUS, ...STATS_CHEAP_TRIGGERS].map((t) => t.name));

/** Creates the previous functions and triggers, the triggers disabled. */
export async function installPreviousTriggers(em: EntityManager): Promise<void> {
  const db = typedKysely(em);
  for (const statement of SEQUENCE_STATS_FUNCTIONS) await sql.raw(statement).execute(db);
  for (const { statement } of PREVIOUS) await sql.raw(statement).execute(db);
  await setStatsTriggers(em, false, PREVIOUS);
}

/** Enables one set (or none) and disables the other. */
export async function useTriggerSet(em: EntityManager, set: TriggerSet): Promise<void> {
  await setStatsTriggers(em, set === 'current');
  await setStatsTriggers(em, set === 'previous', PREVIOUS);
}
