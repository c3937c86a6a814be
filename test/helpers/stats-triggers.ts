// The counters' triggers turned off and on (ALTER TABLE ... DISABLE TRIGGER), for rows written as
// if before the counters existed: the backfill test inside its own transaction, the stats benchmark
// on its own database. Never on a database the service shares.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import { SEQUENCE_STATS_TRIGGER_DEFINITIONS } from '../../db/migrations/Migration20261130130000_sequence_stats.sql.ts';

/** Each trigger of the counters and its table, from the statements the migration runs. */
const STATS_TRIGGERS = Object.values(SEQUENCE_STATS_TRIGGER_DEFINITIONS).map((statement) => {
  const [, name, table] = /create trigger "([^"]+)" .* on "([^"]+)"/.exec(statement)!;
  return { name, table };
});

/** Turns every trigger of the counters on or off, in `em`'s transaction when it has one. */
export async function setStatsTriggers(em: EntityManager, enabled: boolean): Promise<void> {
  for (const { name, table } of STATS_TRIGGERS)
    await sql
      .raw(`alter table "${table}" ${enabled ? 'enable' : 'disable'} trigger "${name}"`)
      .execute(typedKysely(em));
}
