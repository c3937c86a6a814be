// The cluster's worker processes of one build: N service workers (worker.ts) and M mailbox workers
// (mailbox-worker.ts, heap bounded). With a build id they poll as that version of the worker
// deployment CLUSTER_DEPLOYMENT_NAME (TEMPORAL_WORKER_DEPLOYMENT_NAME / TEMPORAL_WORKER_BUILD_ID,
// as a release sets them) and the version is made current once they poll, as the release procedure
// of docs/deployment.md does; without one they are unversioned.
import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { connectTemporal } from '../../temporal/client.ts';
import type { TemporalTls } from '../../temporal/tls.ts';
import { makeVersionCurrent } from '../../temporal/worker-versioning.ts';
import { freePort } from '../local-stack.ts';
import { mailboxWorkerArgs } from '../mailbox-worker-args.ts';
import { projectRoot } from '../tools.ts';
import { ManagedProcess, type ManagedProcessOptions } from './managed-process.ts';

/** The worker deployment of a versioned cluster's workers. */
export const CLUSTER_DEPLOYMENT_NAME = 'outreach';

export interface WorkerGeneration {
  buildId: string | undefined;
  workers: ManagedProcess[];
  mailboxWorkers: ManagedProcess[];
  /** Each process's GET /metrics (loopback, no token). */
  metricsUrls: string[];
  stop(): Promise<void>;
}

export async function startServiceWorkers(options: {
  workers: number;
  mailboxWorkers: number;
  serviceEnv: Record<string, string>;
  runDir: string;
  buildId?: string;
  /** How the launcher reaches Temporal (to make the version current). */
  temporal: { address: string; tls: TemporalTls | undefined };
  onUnexpectedExit: ManagedProcessOptions['onUnexpectedExit'];
}): Promise<WorkerGeneration> {
  const { buildId, serviceEnv } = options;
  const tag = buildId ? `-${buildId}` : '';
  const env = buildId
    ? { ...serviceEnv, TEMPORAL_WORKER_DEPLOYMENT_NAME: CLUSTER_DEPLOYMENT_NAME, TEMPORAL_WORKER_BUILD_ID: buildId }
    : serviceEnv;
  const metricsUrls: string[] = [];
  const spawn = async (name: string, args: string[], portVariable: string) => {
    const port = await freePort();
    metricsUrls.push(`http://127.0.0.1:${port}/metrics`);
    const worker = new ManagedProcess({
      name,
      command: process.execPath,
      args,
      env: { ...env, [portVariable]: String(port), OTEL_SERVICE_NAME: `outreach-${name}` },
      logFile: join(options.runDir, `${name}.log`),
      onUnexpectedExit: options.onUnexpectedExit,
    });
    worker.start();
    return worker;
  };
  const workers: ManagedProcess[] = [];
  const mailboxWorkers: ManagedProcess[] = [];
  for (let i = 1; i <= options.workers; i++)
    workers.push(await spawn(`worker${tag}-${i}`, [join(projectRoot, 'worker.ts')], 'WORKER_METRICS_PORT'));
  for (let i = 1; i <= options.mailboxWorkers; i++)
    mailboxWorkers.push(
      await spawn(`mailbox-worker${tag}-${i}`, mailboxWorkerArgs(loadConfig(env)), 'MAILBOX_WORKER_METRICS_PORT'),
    );
  const all = [...workers, ...mailboxWorkers];
  const stop = async () => {
    await Promise.all(all.map((w) => w.stop(loadConfig(env).shutdownTimeoutMs)));
    await Promise.all(all.map((w) => w.close()));
  };
  if (buildId) {
    const { client, connection } = await connectTemporal({
      address: options.temporal.address,
      namespace: serviceEnv.TEMPORAL_NAMESPACE ?? 'default',
      tls: options.temporal.tls,
    });
    try {
      // Bundling the workflows takes the new workers a while before they poll.
      await makeVersionCurrent(
        client,
        { name: CLUSTER_DEPLOYMENT_NAME, buildId },
        { identity: 'npm run cluster', timeoutMs: 180_000 },
      );
    } catch (error) {
      await stop();
      throw error;
    } finally {
      await connection.close();
    }
  }
  return { buildId, workers, mailboxWorkers, metricsUrls, stop };
}
