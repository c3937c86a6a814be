// The admin CLI's `stats-check` (scripts/admin.ts parses the options): recomputes the per-day
// counters of sequence templates from their source rows (runs, step messages and their markers,
// replies, tasks, meetings) and reports every key where the stored counters differ; --fix replaces
// the stored counters with the recomputation (docs/api/stats.md, "Consistency check").
import type { EntityManager } from '@mikro-orm/postgresql';
import { counterDifferences, replaceCounters, type CounterDifference } from '../domain/stats/stats.queries.ts';

export interface StatsCheckResult {
  organization_id: string | null;
  /** Keys (template, UTC day, step, variant, sender) whose counters differed. */
  differences: number;
  fixed: boolean;
  /** The differing keys, each with the stored and the recomputed counters. */
  keys: CounterDifference[];
}

export async function statsCheck(
  em: EntityManager,
  organizationId: string | undefined,
  fix: boolean,
): Promise<StatsCheckResult> {
  const org = organizationId ?? null;
  const keys = await counterDifferences(em.fork(), org);
  if (fix && keys.length > 0) await em.fork().transactional((tx) => replaceCounters(tx, org));
  return { organization_id: org, differences: keys.length, fixed: fix && keys.length > 0, keys };
}
