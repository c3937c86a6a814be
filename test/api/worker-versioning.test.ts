// A rollout under Worker Versioning, on the stack's Temporal server: workers of build A (as
// TEMPORAL_WORKER_DEPLOYMENT_NAME / TEMPORAL_WORKER_BUILD_ID make them, temporal/worker-versioning.ts)
// start runs; build B, whose workflow answers differently, is deployed beside A and made current.
// The PINNED run started on A finishes on A, a new run starts and finishes on B, an AUTO_UPGRADE run
// moves to B; nothing is lost.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { loadConfig } from '../../config.ts';
import { workerVersioning } from '../../temporal/worker-versioning.ts';
import { getStack } from '../helpers/stack.ts';
import { until } from '../helpers/poll.ts';

const build = (name: string) =>
  fileURLToPath(new URL(`../helpers/versioning/build-${name}.workflow.ts`, import.meta.url));

describe('Worker Versioning rollout', function () {
  this.timeout(180_000);
  const suffix = randomUUID().split('-')[0]!;
  const taskQueue = `versioning-${suffix}`;
  const deploymentName = `ows-versioning-${suffix}`;
  const running: Array<{ worker: Worker; done: Promise<void> }> = [];
  let connection: NativeConnection;
  let client: Client;

  before(async () => {
    const stack = await getStack();
    client = stack.temporal;
    connection = await NativeConnection.connect({ address: stack.temporalAddress });
  });
  after(async () => {
    for (const { worker, done } of running) {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await done;
    }
    await connection?.close();
  });

  async function deploy(buildId: string): Promise<Worker> {
    const env = { TEMPORAL_WORKER_DEPLOYMENT_NAME: deploymentName, TEMPORAL_WORKER_BUILD_ID: buildId };
    const worker = await Worker.create({
      connection,
      namespace: 'default',
      taskQueue,
      workflowsPath: build(buildId),
      ...workerVersioning(loadConfig(env).workerDeployment),
    });
    running.push({ worker, done: worker.run() });
    return worker;
  }

  /** What an operator runs (`temporal worker deployment set-current-version`): retried until the version's pollers are known. */
  async function makeCurrent(buildId: string): Promise<void> {
    await until(
      async () => {
        try {
          await client.workflowService.setWorkerDeploymentCurrentVersion({
            namespace: 'default',
            deploymentName,
            buildId,
            identity: 'worker-versioning-test',
          });
          return true;
        } catch {
          return false;
        }
      },
      { timeoutMs: 60_000, intervalMs: 500, what: `build ${buildId} current` },
    );
  }

  const start = (workflow: 'pinnedWorkflow' | 'upgradingWorkflow') =>
    client.workflow.start(workflow, { taskQueue, workflowId: `${workflow}-${randomUUID()}` });

  async function buildOf(handle: WorkflowHandle): Promise<string | undefined> {
    const { raw } = await handle.describe();
    return raw.workflowExecutionInfo?.versioningInfo?.deploymentVersion?.buildId ?? undefined;
  }

  it('when build B is made current beside A, then the pinned run ends on A, a new run on B, and an upgrading run moves to B', async () => {
    const workerA = await deploy('a');
    await makeCurrent('a');
    const pinnedOnA = await start('pinnedWorkflow');
    const upgrading = await start('upgradingWorkflow');
    await until(async () => (await buildOf(pinnedOnA)) === 'a', { timeoutMs: 30_000, what: 'the pinned run on A' });

    await deploy('b');
    await makeCurrent('b');
    const pinnedOnB = await start('pinnedWorkflow');

    // The new routing reaches the task queue within seconds; each tick is a workflow task where the
    // upgrading run may move, the pinned one never does.
    await until(
      async () => {
        await upgrading.signal('tick');
        await pinnedOnA.signal('tick');
        return (await buildOf(upgrading)) === 'b';
      },
      { timeoutMs: 60_000, intervalMs: 500, what: 'the upgrading run on B' },
    );
    assert.equal(await buildOf(pinnedOnA), 'a');
    for (const handle of [pinnedOnA, upgrading, pinnedOnB]) await handle.signal('finish');
    assert.equal(await pinnedOnA.result(), 'A', 'the run pinned to A finishes on A');
    assert.equal(await pinnedOnB.result(), 'B', 'a run started after the rollout starts on B');
    assert.equal(await upgrading.result(), 'B', 'an AUTO_UPGRADE run moves to the current build');
    assert.equal(workerA.getState(), 'RUNNING', 'A kept serving its pinned run until it ended');
  });
});
