// The counters' triggers turned off and on (ALTER TABLE ... DISABLE TRIGGER), for rows written as
// if before the counters existed: the backfill test inside its own transaction, the stats benchmark
// on its own database. Never on a database the service shares.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import { STATS_CHEAP_TRIGGERS } from '../../db/migrations/Migration20261202100000_stats_cheap_triggers.sql.ts';

/** Turns `triggers` (every trigger of the counters by default) on or off, in `em`'s transaction when it has one. */
export async function setStatsTriggers(
  em: EntityManager,
  enabled: boolean,
  triggers: { name: string; table: string }[] = STATS_CHEAP_TRIGGERS,
): Promise<void> {
  for (const { name, table } of triggers)
    await sql
      .raw(`alter table "${table}" ${enabled ? 'enable' : 'disable'} trigger "${name}"`)
      .execute(typedKysely(em));
}
