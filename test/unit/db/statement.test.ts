// Statements compiled once (db/statement.ts): the same SQL text every run, each run's values in
// the places the builder gave them, literals kept, and a builder that drops a value refused.
import assert from 'node:assert/strict';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
} from 'kysely';
import type { DB } from '../../../db/kysely.ts';
import { statement } from '../../../db/statement.ts';

/** An EntityManager stand-in whose Kysely records the queries it is asked to run. */
function recordingEm(): { em: EntityManager; sent: CompiledQuery[] } {
  const sent: CompiledQuery[] = [];
  class RecordingDriver extends DummyDriver {
    override async acquireConnection(): Promise<DatabaseConnection> {
      return {
        executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
          sent.push(query);
          return { rows: [] };
        },
        streamQuery: () => {
          throw new Error('not streamed');
        },
      };
    }
  }
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new RecordingDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { em: { getKysely: () => db } as unknown as EntityManager, sent };
}

describe('db/statement', () => {
  it("when run twice, then the same SQL goes out with each run's values in place, a value used twice in both places and literals kept", async () => {
    const { em, sent } = recordingEm();
    let builds = 0;
    const find = statement((db, organizationId: string, email: string | null, at: Date) => {
      builds++;
      return db
        .selectFrom('contacts')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where((eb) => eb.or([eb('email', '=', email), eb('email_status', '=', 'UNVERIFIED')]))
        .where('created_at', '<', at)
        .where('updated_at', '<', at);
    });
    const first = new Date('2026-01-01T00:00:00Z');
    const second = new Date('2026-02-01T00:00:00Z');
    await find(em, 'org-1', 'a@example.test', first);
    await find(em, 'org-2', null, second);
    assert.equal(builds, 1);
    assert.equal(sent.length, 2);
    assert.equal(sent[0].sql, sent[1].sql);
    assert.deepEqual(sent[0].parameters, ['org-1', 'a@example.test', 'UNVERIFIED', first, first]);
    assert.deepEqual(sent[1].parameters, ['org-2', null, 'UNVERIFIED', second, second]);
  });

  it("when the statement is raw SQL (the sql tag), then it too is compiled once and sent with each run's values", async () => {
    const { em, sent } = recordingEm();
    let builds = 0;
    const insert = statement((_db, rowsJson: string) => {
      builds++;
      return sql`INSERT INTO t SELECT * FROM jsonb_to_recordset(${rowsJson}::jsonb) AS r(id int)`;
    });
    await insert(em, '[{"id":1}]');
    await insert(em, '[{"id":2}]');
    assert.equal(builds, 1);
    assert.equal(sent[0].sql, 'INSERT INTO t SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id int)');
    assert.equal(sent[1].sql, sent[0].sql);
    assert.deepEqual(
      sent.map((q) => q.parameters),
      [['[{"id":1}]'], ['[{"id":2}]']],
    );
  });

  it('when the builder leaves a value out of the SQL, then the first run throws naming the values that arrived', async () => {
    const { em, sent } = recordingEm();
    const dropsOne = statement((db, organizationId: string, _unused: string) =>
      db.selectFrom('contacts').select('id').where('organization_id', '=', organizationId),
    );
    await assert.rejects(
      async () => dropsOne(em, 'org-1', 'x'),
      /each of its 2 values must be a parameter of the SQL \(got 0\)/,
    );
    assert.equal(sent.length, 0);
  });
});
