// The time-skipping harness: a day-long durable timer completes in seconds of wall time, queries
// answer while the workflow waits, and activities run on a test worker.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createTimeSkippingEnv } from '../helpers/time-skipping.ts';
import { testWorkflowsPath } from '../helpers/stack.ts';
import { testActivities } from '../helpers/test-activities.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('time-skipping test environment', function () {
  this.timeout(120_000);
  let env: TestWorkflowEnvironment;

  before(async () => {
    env = await createTimeSkippingEnv();
  });

  after(async () => {
    await env?.teardown();
  });

  it('when a workflow sleeps for a day, then it completes with workflow time a day later', async () => {
    const taskQueue = `ts-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowsPath: testWorkflowsPath,
      activities: testActivities,
    });
    const result = await worker.runUntil(
      env.client.workflow.execute('countdownWorkflow', {
        taskQueue,
        workflowId: `countdown-${randomUUID()}`,
        args: [DAY, 'hello'],
      }),
    );
    const elapsed = Date.parse(result.finishedAt) - Date.parse(result.startedAt);
    assert.ok(elapsed >= DAY, `workflow time advanced ${elapsed} ms`);
    assert.match(result.echoed, /^hello from countdown-.* \(attempt 1\)$/);
  });

  it('when a waiting workflow is queried, then it reports what it waits for; a signal wakes it', async () => {
    const taskQueue = `ts-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowsPath: testWorkflowsPath,
      activities: testActivities,
    });
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.start('countdownWorkflow', {
        taskQueue,
        workflowId: `countdown-${randomUUID()}`,
        args: [7 * DAY, 'q'],
      });
      const status = await handle.query<{ phase: string; wakeAt: string }>('status');
      assert.equal(status.phase, 'waiting');
      await env.sleep(DAY);
      assert.equal((await handle.query<{ phase: string }>('status')).phase, 'waiting');
      await handle.signal('skip');
      const result = await handle.result();
      assert.ok(Date.parse(result.finishedAt) - Date.parse(result.startedAt) < 7 * DAY);
      assert.equal((await handle.query<{ phase: string }>('status')).phase, 'done');
    });
  });
});
