// Statements on a request's hot path, written with the typed builder (or, where the builder cannot
// type the SQL, the raw `sql` tag) but built and compiled once:
// the first run builds the query with a marker in place of each value and keeps its SQL text and
// where each value goes; every run then sends that text with the new values. Building and
// compiling a query costs about as much CPU as the rest of a small request's database work.
// The builder must put each value in as a parameter (where, values, set; one value may fill
// several places) and derive nothing from it (no branching on a value, no value turned into SQL
// text): the SQL must not depend on the values. Literals written in the builder stay parameters
// with their own value. The SQL is also prepared by name on each connection (db/prepared-statements.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery, type Compilable, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import { typedKysely, type DB } from './kysely.ts';
import { registerPrepared } from './prepared-statements.ts';

/** Stands for the value at `index` while the statement is compiled. */
class ValueSlot {
  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }
}

interface Compiled {
  sql: string;
  /** Per parameter: the slot of a run's value, or the builder's own literal. */
  parameters: unknown[];
}

export interface StatementOptions {
  /**
   * Prepared by name on each connection (default true). False for a statement whose best plan
   * depends on its values, e.g. an OR of conditions one of which gets a NULL: PostgreSQL's generic
   * plan of a prepared statement cannot drop that branch, while a plan made with the values can.
   * (Preparation goes by SQL text: the same text registered by another statement is prepared.)
   */
  prepared?: boolean;
}

/**
 * A statement run on `em` (its transaction, if any) with `values` in the places `build` gives them.
 * Throws on its first run if a value does not reach the SQL as a parameter.
 */
export function statement<A extends unknown[], R>(
  build: (db: Kysely<DB>, ...values: A) => Compilable<R> | RawBuilder<R>,
  options: StatementOptions = {},
): (em: EntityManager, ...values: A) => Promise<QueryResult<R>> {
  let compiled: Compiled | undefined;
  return (em, ...values) => {
    const db = typedKysely(em);
    compiled ??= compile(db, build, values.length, options.prepared ?? true);
    const parameters = compiled.parameters.map((p) => (p instanceof ValueSlot ? values[p.index] : p));
    return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
  };
}

function compile<A extends unknown[], R>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, ...values: A) => Compilable<R> | RawBuilder<R>,
  count: number,
  prepared: boolean,
): Compiled {
  const slots = Array.from({ length: count }, (_, i) => new ValueSlot(i));
  const built = build(db, ...(slots as unknown as A));
  // A typed query compiles itself; raw SQL compiles against the db it runs on.
  const query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
  const used = new Set(query.parameters.filter((p) => p instanceof ValueSlot).map((p) => p.index));
  if (used.size !== count) {
    throw new Error(
      `statement: each of its ${count} values must be a parameter of the SQL (got ${[...used].join(', ') || 'none'}): ${query.sql}`,
    );
  }
  if (prepared) registerPrepared(query.sql);
  return { sql: query.sql, parameters: [...query.parameters] };
}
