// The workflow deadlock guard (temporal/deadlock-guard.ts) on the patched SDK: with a timeout, a
// workflow task whose code does not yield within it fails ("Script execution timed out") and is
// retried; with the guard off (the production default) the same code finishes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger, Worker, type WorkflowBundle } from '@temporalio/worker';
import { workflowDeadlockOptions } from '../../temporal/deadlock-guard.ts';
import { createTimeSkippingEnv } from '../helpers/time-skipping.ts';

const workflowsPath = fileURLToPath(new URL('./fixtures/busy.workflow.ts', import.meta.url));
/** Enough work for hundreds of milliseconds, far past the short timeout below. */
const ITERATIONS = 200_000_000;

function expectedSum(iterations: number): number {
  let total = 0;
  for (let i = 0; i < iterations; i++) total = (total + i) % 1_000_003;
  return total;
}

describe('workflow deadlock guard', function () {
  this.timeout(120_000);
  let env: TestWorkflowEnvironment;
  let bundle: WorkflowBundle;

  before(async () => {
    env = await createTimeSkippingEnv();
    bundle = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('ERROR') });
  });
  after(async () => {
    await env?.teardown();
  });

  /** Runs `fn` with a worker of the busy workflow whose guard is `deadlockMs` (0: off). */
  async function withWorker<T>(deadlockMs: number, fn: (taskQueue: string) => Promise<T>): Promise<T> {
    const taskQueue = `deadlock-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: bundle,
      ...workflowDeadlockOptions(deadlockMs),
    });
    return worker.runUntil(fn(taskQueue));
  }

  it('off: a long synchronous activation finishes', async () => {
    const result = await withWorker(0, (taskQueue) =>
      env.client.workflow.execute('busyWorkflow', { taskQueue, workflowId: randomUUID(), args: [ITERATIONS] }),
    );
    assert.equal(result, expectedSum(ITERATIONS));
  });

  it('on: an activation longer than the timeout fails its workflow task with the timeout', async () => {
    await withWorker(20, async (taskQueue) => {
      const handle = await env.client.workflow.start('busyWorkflow', {
        taskQueue,
        workflowId: randomUUID(),
        args: [ITERATIONS],
      });
      const deadline = Date.now() + 60_000;
      let failure: string | undefined;
      while (!failure && Date.now() < deadline) {
        const { events } = await handle.fetchHistory();
        failure =
          events?.find((e) => e.workflowTaskFailedEventAttributes)?.workflowTaskFailedEventAttributes?.failure
            ?.message ?? undefined;
        if (!failure) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await handle.terminate('test over');
      assert.match(failure ?? 'no workflow task failed', /timed out/i);
    });
  });
});
