// A Worker Versioning rollout, checked on any Temporal server: workers of build A (versioned as
// TEMPORAL_WORKER_DEPLOYMENT_NAME / TEMPORAL_WORKER_BUILD_ID make them, temporal/worker-versioning.ts)
// start a PINNED run and an AUTO_UPGRADE run; build B, whose workflow answers differently, is
// deployed beside A and made current; then a new run starts. Each run's answer names the build it
// ended on. Used by test/api/worker-versioning.test.ts (the test stack's dev server) and by
// `npm run bench -- cluster --rollout` (the real server of `npm run cluster`).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { Worker, type NativeConnection } from '@temporalio/worker';
import { loadConfig } from '../../config.ts';
import { makeVersionCurrent, workerVersioning } from '../../temporal/worker-versioning.ts';

const build = (name: 'a' | 'b') => fileURLToPath(new URL(`./build-${name}.workflow.ts`, import.meta.url));

export interface RolloutOutcome {
  /** What the run started on A as PINNED answered: 'A' when it finished on A. */
  pinnedStartedOnA: string;
  /** What a run started after B was made current answered. */
  startedAfterRollout: string;
  /** What the AUTO_UPGRADE run started on A answered: 'B' when it moved. */
  upgrading: string;
  /** Whether A's worker was still serving when its pinned run ended. */
  aServedToTheEnd: boolean;
  /** Runs started that did not end with an answer (0 when nothing was lost). */
  lost: number;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`rollout check: timed out waiting for ${what}`);
    await sleep(500);
  }
}

export async function checkRollout(options: {
  client: Client;
  /** The workers' connection (the caller's settings: address, TLS); closed by the caller. */
  connection: NativeConnection;
  log?: (line: string) => void;
}): Promise<RolloutOutcome> {
  const { client, connection } = options;
  const log = options.log ?? (() => {});
  const suffix = randomUUID().split('-')[0]!;
  const taskQueue = `rollout-check-${suffix}`;
  const deploymentName = `ows-rollout-check-${suffix}`;
  const running: Array<{ worker: Worker; done: Promise<void> }> = [];

  async function deploy(buildId: 'a' | 'b'): Promise<Worker> {
    const env = { TEMPORAL_WORKER_DEPLOYMENT_NAME: deploymentName, TEMPORAL_WORKER_BUILD_ID: buildId };
    const worker = await Worker.create({
      connection,
      namespace: client.options.namespace,
      taskQueue,
      workflowsPath: build(buildId),
      ...workerVersioning(loadConfig(env).workerDeployment),
    });
    running.push({ worker, done: worker.run() });
    await makeVersionCurrent(client, { name: deploymentName, buildId }, { identity: 'rollout-check' });
    log(`build ${buildId} deployed and current`);
    return worker;
  }
  const start = (workflow: 'pinnedWorkflow' | 'upgradingWorkflow') =>
    client.workflow.start(workflow, { taskQueue, workflowId: `${workflow}-${randomUUID()}` });
  const buildOf = async (handle: WorkflowHandle) =>
    (await handle.describe()).raw.workflowExecutionInfo?.versioningInfo?.deploymentVersion?.buildId ?? undefined;

  try {
    const workerA = await deploy('a');
    const pinnedOnA = await start('pinnedWorkflow');
    const upgrading = await start('upgradingWorkflow');
    await waitFor('the pinned run on A', async () => (await buildOf(pinnedOnA)) === 'a');

    await deploy('b');
    const afterRollout = await start('pinnedWorkflow');
    // Each tick is a workflow task, where the upgrading run may move and the pinned one never does.
    await waitFor('the upgrading run on B', async () => {
      await upgrading.signal('tick');
      await pinnedOnA.signal('tick');
      return (await buildOf(upgrading)) === 'b';
    });
    const handles = [pinnedOnA, afterRollout, upgrading];
    for (const handle of handles) await handle.signal('finish');
    const answers = await Promise.all(
      handles.map((handle) =>
        Promise.race([handle.result() as Promise<string>, sleep(60_000).then(() => undefined)]).catch(() => undefined),
      ),
    );
    return {
      pinnedStartedOnA: answers[0] ?? 'none',
      startedAfterRollout: answers[1] ?? 'none',
      upgrading: answers[2] ?? 'none',
      aServedToTheEnd: workerA.getState() === 'RUNNING',
      lost: answers.filter((answer) => answer === undefined).length,
    };
  } finally {
    for (const { worker, done } of running) {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await done.catch(() => {});
    }
  }
}
