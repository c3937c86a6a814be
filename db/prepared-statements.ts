// Server-side prepared statements for the hot statements of db/statement.ts. A statement's SQL is
// fixed once compiled, so it is registered here under a name derived from its text; the pool's
// client (PreparingClient, given to pg through MikroORM's driverOptions) runs registered SQL as a
// named statement: PostgreSQL parses and plans it once per connection, and later runs send only
// the values. Every other query goes through unchanged.
//
// SQL with a column wildcard (`select *`, `returning *`, `"c".*`) is never registered: a column
// added by a migration while a process runs would change its result type, and PostgreSQL refuses to
// run such a cached plan ("cached plan must not change result type"). Explicit column lists survive
// an added column; so do `count(*)` and a product (`$1 * interval ...`), which are not wildcards.
// DATABASE_PREPARED_STATEMENTS=false turns this off (a pooler in transaction mode that does not
// track prepared statements needs that).
import { createHash } from 'node:crypto';
import pg from 'pg';

const names = new Map<string, string>();

/** A column wildcard: `*` right after select, returning, distinct or a comma, or after a qualifier's dot. */
const COLUMN_WILDCARD = /(?:\b(?:select|returning|distinct)\s+|,\s*|\.)\*/i;

/** Remembers `sql` as a statement to prepare by name, unless its result columns could change under it. */
export function registerPrepared(sql: string): void {
  if (COLUMN_WILDCARD.test(sql) || names.has(sql)) return;
  // The full digest: 41 characters, under PostgreSQL's 63-byte identifier limit.
  names.set(sql, `s${createHash('sha1').update(sql).digest('hex')}`);
}

/** The name `sql` is prepared under, if it was registered. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/** A pg client that runs registered SQL as named (prepared) statements. */
export class PreparingClient extends pg.Client {}

const plainQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
// Kysely calls query(sql, values); a registered text becomes a query config with its name. (Set on
// the prototype: pg's overloads of query cannot be restated by a class method.)
PreparingClient.prototype.query = function preparedQuery(this: pg.Client, ...args: unknown[]) {
  const [config, values] = args;
  if (typeof config === 'string' && (values === undefined || Array.isArray(values))) {
    const name = names.get(config);
    if (name !== undefined) return plainQuery.call(this, { name, text: config, values });
  }
  return plainQuery.apply(this, args);
} as pg.Client['query'];
