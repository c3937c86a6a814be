// The lint rule that keeps workflow code deterministic actually fires (eslint.config.js).
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

describe('workflow lint rule', () => {
  const eslint = new ESLint();

  async function messages(code: string, filePath = 'workflows/sample.workflow.ts'): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
  }

  it('when a workflow imports a Node built-in, the ORM or an activity implementation, then lint fails', async () => {
    for (const code of [
      "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
      "import { MikroORM } from '@mikro-orm/postgresql';\nexport const a = MikroORM;\n",
      "import { createActivities } from '../activities/index.ts';\nexport const a = createActivities;\n",
      'export const a = Date.now();\n',
      'export const a = Math.random();\n',
    ]) {
      const found = await messages(code);
      assert.ok(found.length > 0, `expected a lint error for: ${code}`);
    }
  });

  it('when a workflow imports the workflow SDK and activity types only, then lint passes', async () => {
    const code =
      "import { sleep } from '@temporalio/workflow';\nimport type { Activities } from '../activities/index.ts';\nexport type A = Activities;\nexport async function w(): Promise<void> { await sleep(1); }\n";
    assert.deepEqual(await messages(code), []);
  });

  it('when the same import is in an activity, then lint allows it', async () => {
    assert.deepEqual(
      await messages(
        "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n",
        'activities/sample.activities.ts',
      ),
      [],
    );
  });
});
