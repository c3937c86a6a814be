// db/prepared-statements.ts: the hot statements of db/statement.ts run as named prepared
// statements on each connection, SQL whose result columns could change under it (a column
// wildcard) never does while count(*) and a product do, and DATABASE_PREPARED_STATEMENTS=false
// (preparedStatements: false) turns it off.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import { openOrm } from '../../db/orm.ts';
import { preparedName } from '../../db/prepared-statements.ts';
import { statement } from '../../db/statement.ts';
import { getStack } from '../helpers/stack.ts';

// Built here so the test owns their SQL: one with an explicit column list, one with `*`.
const organizationName = statement((db, id: string) =>
  db.selectFrom('organizations').select('name').where('id', '=', id),
);
const organizationRow = statement((db, id: string) => db.selectFrom('organizations').selectAll().where('id', '=', id));
const organizationCount = statement((db, id: string) =>
  db
    .selectFrom('organizations')
    .select((eb) => [eb.fn.countAll().as('n'), sql<number>`2 * 3`.as('product')])
    .where('id', '=', id),
);
const organizationCreated = statement(
  (db, id: string) => db.selectFrom('organizations').select('created_at').where('id', '=', id),
  { prepared: false },
);

/** The statements prepared on `tx`'s connection (a transaction keeps one connection). */
async function preparedOn(tx: EntityManager): Promise<{ name: string; statement: string }[]> {
  const { rows } = await sql<{
    name: string;
    statement: string;
  }>`SELECT name, statement FROM pg_prepared_statements`.execute(typedKysely(tx));
  return rows;
}

describe('prepared statements (db/prepared-statements.ts)', () => {
  let orm: MikroORM;

  before(async () => {
    orm = (await getStack()).orm;
  });

  it('when a statement with an explicit column list runs, then it is prepared by name on its connection and answers as before', async () => {
    const id = randomUUID();
    await orm.em.fork().transactional(async (tx) => {
      const first = await organizationName(tx, id);
      const second = await organizationName(tx, id);
      assert.deepEqual([first.rows, second.rows], [[], []]);
      const prepared = (await preparedOn(tx)).find((p) => p.statement.startsWith('select "name" from "organizations"'));
      assert.ok(prepared, 'the statement is prepared on the connection');
      assert.equal(prepared.name, preparedName(prepared.statement));
    });
  });

  it('when a statement selects *, then it runs unprepared (an added column would break its cached plan)', async () => {
    await orm.em.fork().transactional(async (tx) => {
      await organizationRow(tx, randomUUID());
      const texts = (await preparedOn(tx)).map((p) => p.statement);
      assert.ok(!texts.some((text) => text.startsWith('select * from "organizations"')), texts.join(' | '));
    });
  });

  it('when a statement counts rows or multiplies (a * that is no column wildcard), then it is prepared', async () => {
    await orm.em.fork().transactional(async (tx) => {
      assert.deepEqual((await organizationCount(tx, randomUUID())).rows, [{ n: '0', product: 6 }]);
      const texts = (await preparedOn(tx)).map((p) => p.statement);
      assert.ok(
        texts.some((text) => text.startsWith('select count(*) as "n", 2 * 3 as "product" from "organizations"')),
        texts.join(' | '),
      );
    });
  });

  it('when a statement says prepared: false, then it runs unprepared', async () => {
    await orm.em.fork().transactional(async (tx) => {
      assert.deepEqual((await organizationCreated(tx, randomUUID())).rows, []);
      const texts = (await preparedOn(tx)).map((p) => p.statement);
      assert.ok(!texts.some((text) => text.startsWith('select "created_at" from "organizations"')), texts.join(' | '));
    });
  });

  it('when preparedStatements is false, then the same statement runs unprepared', async () => {
    const plain = await openOrm({ databaseUrl: (await getStack()).databaseUrl, poolMax: 2, preparedStatements: false });
    try {
      await plain.em.fork().transactional(async (tx) => {
        assert.deepEqual((await organizationName(tx, randomUUID())).rows, []);
        assert.deepEqual(await preparedOn(tx), []);
      });
    } finally {
      await plain.close();
    }
  });
});
