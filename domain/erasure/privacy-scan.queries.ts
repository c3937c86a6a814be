// The privacy scan's queries (domain/erasure/privacy-scan.ts): the text and JSON columns of every
// table, from the catalogue, and per column the rows whose text contains each identifier, in one pass.
// Raw SQL: the tables and columns are only known at run time (read from information_schema).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';

export interface TextColumn {
  table: string;
  column: string;
  /** The table has organization_id: the scan can be scoped to one organization. */
  scoped: boolean;
}

/** Every text, varchar, char, json and jsonb column of the schema's base tables. */
export async function textColumns(em: EntityManager): Promise<TextColumn[]> {
  const { rows } = await sql<{ table: string; column: string; scoped: boolean }>`
    SELECT c.table_name AS "table", c.column_name AS "column",
           EXISTS (SELECT 1 FROM information_schema.columns o
                    WHERE o.table_schema = c.table_schema AND o.table_name = c.table_name
                      AND o.column_name = 'organization_id') AS scoped
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
     ORDER BY c.table_name, c.ordinal_position`.execute(typedKysely(em));
  return rows;
}

/**
 * For each group of ILIKE patterns, the rows of `table` whose `column` contains one of them (of the
 * organization when the table is scoped and one is given), counted in one pass by the database: no
 * row leaves it; `timeoutMs` bounds the statement.
 */
export async function countMentions(
  em: EntityManager,
  target: TextColumn,
  groups: string[][],
  organizationId: string | null,
  timeoutMs: number,
): Promise<number[]> {
  return em.transactional(async (tx) => {
    const db = typedKysely(tx);
    await sql`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(db);
    const scope = target.scoped && organizationId ? sql`WHERE organization_id = ${organizationId}::uuid` : sql``;
    const column = sql`${sql.ref(target.column)}::text`;
    const counts = groups.map(
      (patterns, i) => sql`count(*) FILTER (WHERE ${column} ILIKE ANY (${patterns}::text[])) AS ${sql.ref(`n${i}`)}`,
    );
    const { rows } = await sql<Record<string, string>>`
      SELECT ${sql.join(counts)} FROM ${sql.table(target.table)} ${scope}`.execute(db);
    return groups.map((_, i) => Number(rows[0]?.[`n${i}`] ?? 0));
  });
}

/** Whether the organization keeps a suppression hash of this value. */
export async function hasSuppression(em: EntityManager, organizationId: string, valueHash: string): Promise<boolean> {
  const row = await typedKysely(em)
    .selectFrom('suppressions')
    .select('kind')
    .where('organization_id', '=', organizationId)
    .where('value_hash', '=', valueHash)
    .executeTakeFirst();
  return row !== undefined;
}
