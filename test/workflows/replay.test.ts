// Replays every recorded history under test/workflows/histories/ against the current workflow
// code: a change that would make a running workflow non-deterministic (commands added, removed or
// reordered without `patched()`) fails here. Histories come from scripts/record-histories.ts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from '@temporalio/worker';
// @temporalio/proto comes with @temporalio/client and @temporalio/worker (same version).
import proto from '@temporalio/proto';
import { defaultWorkflowsPath } from '../../worker.ts';
import { getStack } from '../helpers/stack.ts';

const dir = fileURLToPath(new URL('./histories', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

/**
 * A recorded history (the History message's JSON form: camelCase fields, enum names, int64 as
 * strings, base64 bytes) as a History message. Not `historyFromJSON` of @temporalio/common, which
 * the SDK calls for string event ids: in this install its nested protobufjs copy rejects the
 * types of @temporalio/proto ('type must be a Type').
 */
function loadHistory(file: string): proto.temporal.api.history.v1.History {
  return proto.temporal.api.history.v1.History.fromObject(
    JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>,
  );
}

describe('workflow replay', function () {
  this.timeout(120_000);

  // The shared stack installs the SDK runtime (quiet logs) and must come first: a replay worker
  // made before it would instantiate the default runtime, and the stack's install would then fail.
  before(async () => {
    await getStack();
  });

  it('has a recorded history of each workflow of the service', () => {
    const types = new Set(
      files.map((f) => {
        const history = JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
          events: { workflowExecutionStartedEventAttributes?: { workflowType: { name: string } } }[];
        };
        return history.events[0].workflowExecutionStartedEventAttributes?.workflowType.name;
      }),
    );
    // The workflows the worker loads: every `export { name } from` of workflows/index.ts.
    const index = readFileSync(fileURLToPath(new URL('../../workflows/index.ts', import.meta.url)), 'utf8');
    const exported = [...index.matchAll(/^export \{ (\w+) \} from /gm)].map((m) => m[1]);
    assert.ok(exported.length >= 6, `workflows/index.ts exports ${exported.join(', ')}`);
    for (const name of exported) assert.ok(types.has(name), `no history of ${name}`);
  });

  it('replays every recorded history against the current workflow code without nondeterminism', async () => {
    const histories = files.map((f) => ({ workflowId: basename(f, '.json'), history: loadHistory(f) }));
    const failures: string[] = [];
    for await (const result of Worker.runReplayHistories({ workflowsPath: defaultWorkflowsPath }, histories)) {
      if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
    }
    assert.equal(histories.length, files.length);
    assert.deepEqual(failures, []);
  });
});
