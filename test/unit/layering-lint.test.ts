// The lint rules that keep the layers (eslint.config.js) actually fire: api/ -> domain/ -> db/,
// providers/, workflow client modules; Temporal only through the client modules; routes never query;
// workflows import only the workflow SDK, definitions, activity types and pure modules.
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

const RULE = '@typescript-eslint/no-restricted-imports';

describe('layering lint rules', () => {
  const eslint = new ESLint();

  /** The restricted-import messages lint gives `code` as if it were the file at `filePath`. */
  async function restrictions(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    const other = result.messages.filter((m) => m.ruleId !== RULE);
    assert.deepEqual(
      other.map((m) => `${m.ruleId}: ${m.message}`),
      [],
      `the sample itself must be clean apart from the rule under test: ${code}`,
    );
    return result.messages.map((m) => m.message);
  }

  /** One import of `names` from `source`, used as a value (or as a type with `typeOnly`). */
  const importing = (source: string, typeOnly = false) =>
    typeOnly
      ? `import type { X } from '${source}';\nexport type A = X;\n`
      : `import { x } from '${source}';\nexport const a = x;\n`;

  const cases: { file: string; fires: string[]; silent: string[]; silentTypes?: string[] }[] = [
    {
      file: 'domain/sequences/sample.service.ts',
      fires: [
        '../../api/errors.ts',
        '../../api/middleware/error-handler.ts',
        'koa',
        '@koa/router',
        '@temporalio/client',
        '@temporalio/common',
        '../../temporal/client.ts',
        '../../activities/index.ts',
        '../../workflows/sequence.workflow.ts',
      ],
      silent: [
        '../shared/errors.ts',
        '../../workflows/sequence.client.ts',
        '../../workflows/sequence.definitions.ts',
        'kysely',
        '@mikro-orm/postgresql',
        '../../db/entities/task.entity.ts',
        '../../providers/directory/index.ts',
      ],
    },
    {
      file: 'api/sample.ts',
      fires: ['@temporalio/client', 'kysely', '../db/orm.ts', '../activities/index.ts', '../temporal/client.ts', 'pg'],
      silent: [
        '../domain/sequences/controls.service.ts',
        '../workflows/clients.ts',
        '../db/entities/task.entity.ts',
        '@mikro-orm/postgresql',
        'koa',
      ],
    },
    {
      file: 'api/middleware/idempotency.ts',
      fires: ['@temporalio/client', '../../db/orm.ts'],
      silent: ['kysely'],
    },
    {
      file: 'api/server.ts',
      fires: ['@temporalio/client', '../activities/index.ts'],
      silent: ['../db/orm.ts', '../temporal/client.ts'],
    },
    {
      file: 'api/routes/sample.routes.ts',
      fires: ['kysely', '@mikro-orm/postgresql', '@mikro-orm/core', '@temporalio/client', '../../db/orm.ts'],
      silent: [
        '../../domain/sequences/controls.service.ts',
        '../../workflows/sequence.definitions.ts',
        '../../db/entities/task.entity.ts',
      ],
      silentTypes: ['@mikro-orm/postgresql'],
    },
    {
      file: 'workflows/sample.workflow.ts',
      fires: [
        './sequence.client.ts',
        './clients.ts',
        '../temporal/client.ts',
        '../domain/sequences/runs.ts',
        '../domain/tasks/reads.ts',
        '@temporalio/client',
        '../domain/sequences/enrollment/enroll.ts',
        '../domain/sequences/enrollment/enrollment.queries.ts',
      ],
      silent: [
        '@temporalio/workflow',
        './sequence.definitions.ts',
        '../domain/shared/text.ts',
        '../domain/sequences/schedule-window.ts',
        '../domain/sequences/enrollment/enrollment.types.ts',
        '../domain/sequences/enrollment/policy.ts',
      ],
      silentTypes: ['../activities/sequences.activities.ts'],
    },
    {
      file: 'workflows/sample.client.ts',
      fires: [],
      silent: ['@temporalio/client', '@temporalio/common', '../temporal/failures.ts', './sequence.definitions.ts'],
    },
  ];

  for (const { file, fires, silent, silentTypes = [] } of cases) {
    if (fires.length > 0) {
      it(`when ${file} imports ${fires.join(', ')}, then each import is refused`, async () => {
        for (const source of fires) {
          const found = await restrictions(importing(source), file);
          assert.equal(found.length, 1, `expected ${source} to be refused in ${file}`);
        }
      });
    }
    it(`when ${file} imports ${[...silent, ...silentTypes.map((s) => `type ${s}`)].join(', ')}, then lint allows it`, async () => {
      for (const source of silent)
        assert.deepEqual(await restrictions(importing(source), file), [], `${source} in ${file}`);
      for (const source of silentTypes)
        assert.deepEqual(await restrictions(importing(source, true), file), [], `type ${source} in ${file}`);
    });
  }
});
