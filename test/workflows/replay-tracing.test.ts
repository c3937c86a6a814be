// Replays every recorded history with the OpenTelemetry workflow interceptors loaded (as a worker
// with tracing on runs them): tracing must not change a workflow's commands, so turning it on for
// a fleet with running workflows is safe. The histories were recorded without tracing.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from '@temporalio/worker';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Resource } from '@opentelemetry/resources';
import { makeWorkflowExporter } from '@temporalio/interceptors-opentelemetry';
import proto from '@temporalio/proto';
import { TRACING_WORKFLOW_MODULE } from '../../observability/worker.ts';
import { defaultWorkflowsPath } from '../../worker.ts';
import { getStack } from '../helpers/stack.ts';

const dir = fileURLToPath(new URL('./histories', import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

const loadHistory = (file: string) =>
  proto.temporal.api.history.v1.History.fromObject(
    JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>,
  );

describe('workflow replay with tracing interceptors', function () {
  this.timeout(180_000);

  // As in replay.test.ts: the stack installs the SDK runtime first.
  before(async () => {
    await getStack();
  });

  it('when every recorded history is replayed with the OpenTelemetry workflow interceptors, then none is nondeterministic', async () => {
    const histories = files.map((f) => ({ workflowId: basename(f, '.json'), history: loadHistory(f) }));
    const exporter = makeWorkflowExporter(
      new SimpleSpanProcessor(new InMemorySpanExporter()),
      new Resource({ 'service.name': 'replay' }),
    );
    const failures: string[] = [];
    for await (const result of Worker.runReplayHistories(
      {
        workflowsPath: defaultWorkflowsPath,
        interceptors: { workflowModules: [TRACING_WORKFLOW_MODULE] },
        sinks: { exporter },
      },
      histories,
    )) {
      if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
    }
    assert.ok(histories.length >= 6);
    assert.deepEqual(failures, []);
  });
});
