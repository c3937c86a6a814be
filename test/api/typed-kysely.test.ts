// db/kysely.ts types queries from the entity definitions by a naming rule (tables by tableName,
// columns snake_case, many-to-one columns <name>_<primary key>). The ORM names the real columns by
// its own naming strategy; these tests check the two agree for every entity, and that a typed
// query runs against the real schema and answers rows of the declared shape.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ReferenceKind } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import { iso } from '../../domain/shared/time.ts';
import { Organization } from '../../db/entities/index.ts';
import { getStack } from '../helpers/stack.ts';

/** The snake_case rule db/kysely.ts's types apply to property names. */
function snakeCase(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}

describe('typed Kysely (db/kysely.ts)', () => {
  it('when the types name a table or column, then the database has it under that name', async () => {
    const stack = await getStack();
    const columns = await stack.orm.em
      .getConnection()
      .execute<{ table_name: string; column_name: string }[]>(
        `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
      );
    const real = new Set(columns.map((c) => `${c.table_name}.${c.column_name}`));
    let checked = 0;
    for (const meta of stack.orm.getMetadata().getAll().values()) {
      if (meta.embeddable || meta.virtual) continue;
      for (const prop of meta.props) {
        if (prop.persist === false) continue;
        let inferred: string;
        if (prop.kind === ReferenceKind.SCALAR) inferred = snakeCase(prop.name);
        else if (prop.kind === ReferenceKind.MANY_TO_ONE || (prop.kind === ReferenceKind.ONE_TO_ONE && prop.owner)) {
          const target = prop.targetMeta;
          assert.ok(target, `${meta.className}.${prop.name}: target entity`);
          inferred = `${snakeCase(prop.name)}_${snakeCase(target.primaryKeys[0])}`;
        } else continue;
        assert.deepEqual(prop.fieldNames, [inferred], `${meta.className}.${prop.name}`);
        assert.ok(real.has(`${meta.tableName}.${inferred}`), `${meta.tableName}.${inferred} exists`);
        checked++;
      }
    }
    assert.ok(checked > 200, `checked ${checked} columns`);
  });

  it('when a typed query selects a row, then the row has the inferred column names and value types', async () => {
    const stack = await getStack();
    const em = stack.orm.em.fork();
    const organization = em.create(Organization, { id: randomUUID(), name: `typed-${randomUUID()}` });
    await em.flush();
    const row = await typedKysely(em)
      .selectFrom('organizations')
      .select(['id', 'name', 'created_at'])
      .where('id', '=', organization.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.id, organization.id);
    assert.equal(row.name, organization.name);
    // Typed Date | string: the driver hands timestamps over as text, and iso() reads them as the same instant.
    assert.equal(typeof row.created_at, 'string');
    assert.equal(iso(row.created_at), organization.createdAt.toISOString());
  });
});
