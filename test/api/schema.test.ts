// The committed migrations and the entities describe the same schema: after migrating, the ORM
// finds nothing to change. A migration forgotten or an entity edited without one fails here.
import assert from 'node:assert/strict';
import { getStack } from '../helpers/stack.ts';

describe('database schema', () => {
  it('when every migration has run, then the entities need no further change', async () => {
    const stack = await getStack();
    const diff = await stack.orm.schema.getUpdateSchemaSQL({ wrap: false });
    assert.equal(diff.trim(), '', diff);
  });
});
