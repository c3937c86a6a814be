// The worker process: runs the service's workflows and activities on the configured task queue
// (the mailbox sync's workflows among them; their IMAP activities run in mailbox-worker.ts, a
// process of their own). Stops gracefully on SIGINT/SIGTERM (the SDK's runtime drains in-flight
// tasks first).
import { fileURLToPath } from 'node:url';
import { Worker } from '@temporalio/worker';
import { loadConfig } from './config.ts';
import { createActivities } from './activities/index.ts';
import { workflowDeadlockOptions } from './temporal/deadlock-guard.ts';
import { workerVersioning } from './temporal/worker-versioning.ts';
import type { Tracing } from './observability/tracing.ts';
import { workerObservability, type WorkerMetrics } from './observability/worker.ts';
import { createEventResolutionClient } from './workflows/event-resolution.client.ts';
import { createWebhookClient } from './workflows/webhook.client.ts';
import { createWorkflowCommandsClient } from './workflows/workflow-commands.client.ts';
import { createAuditRetentionClient } from './workflows/audit-retention.client.ts';
import { registerThreadMemoryMetrics } from './observability/thread-memory.ts';
import { snapshotThreadsOnSignal } from './observability/thread-snapshot.ts';
import { openWorkerProcess, type ProcessWorkerDeps } from './worker-process.ts';

export const defaultWorkflowsPath = fileURLToPath(new URL('./workflows/index.ts', import.meta.url));

/** A worker process's deps (worker-process.ts); tests leave out metrics and tracing. */
export interface WorkerDeps extends Omit<ProcessWorkerDeps, 'metrics' | 'tracing'> {
  /** Start the webhook dispatcher if it is not running (default true). */
  startDispatcher?: boolean;
  /** Start the event-resolution workflow if it is not running (default true). */
  startEventResolution?: boolean;
  /** Tests point this at a module that adds their own workflows to the service's. */
  workflowsPath?: string;
  /** Tests may add activities of their own. */
  extraActivities?: Record<string, (...args: never[]) => unknown>;
  /** Activity metrics go here (observability/worker.ts); without it activities are only given log context. */
  metrics?: WorkerMetrics;
  /** Tracing on: OpenTelemetry activity and workflow interceptors, workflow spans exported through a sink. */
  tracing?: Tracing;
}

/**
 * Connections one activity may hold at once: its transaction, plus one a provider or a counter
 * opens on its own (the sandbox mail transport, the sender's daily count).
 */
const CONNECTIONS_PER_ACTIVITY = 2;

/**
 * The worker's activity slots must fit its database pool: with more activities than the pool can
 * serve twice over, every connection can end up held by a transaction that waits for a second
 * one, and the worker stalls (pg's pool waits forever). Refuse such a configuration at start.
 */
export function checkPoolFitsActivities(poolMax: number, activities: number, localActivities: number): void {
  const needed = (activities + localActivities) * CONNECTIONS_PER_ACTIVITY + 2;
  if (needed > poolMax) {
    throw new Error(
      `DB_POOL_MAX ${poolMax} is too small for WORKER_ACTIVITY_CONCURRENCY ${activities} + WORKER_LOCAL_ACTIVITY_CONCURRENCY ${localActivities}: ` +
        `each activity may hold ${CONNECTIONS_PER_ACTIVITY} connections, so the pool needs at least ${needed}.`,
    );
  }
}

export async function createWorker(deps: WorkerDeps): Promise<Worker> {
  const poolMax = (deps.orm.config.get('pool') as { max?: number } | undefined)?.max ?? deps.config.dbPoolMax;
  checkPoolFitsActivities(poolMax, deps.config.workerActivityConcurrency, deps.config.workerLocalActivityConcurrency);
  const worker = await Worker.create({
    maxConcurrentActivityTaskExecutions: deps.config.workerActivityConcurrency,
    maxConcurrentLocalActivityExecutions: deps.config.workerLocalActivityConcurrency,
    ...(deps.config.workerMaxCachedWorkflows > 0 ? { maxCachedWorkflows: deps.config.workerMaxCachedWorkflows } : {}),
    ...workflowDeadlockOptions(deps.config.workflowDeadlockMs),
    connection: deps.connection,
    namespace: deps.namespace,
    taskQueue: deps.taskQueue,
    workflowsPath: deps.workflowsPath ?? defaultWorkflowsPath,
    activities: {
      ...createActivities({ orm: deps.orm, logger: deps.logger, config: deps.config, temporal: deps.temporal }),
      ...deps.extraActivities,
    },
    bundlerOptions: { ignoreModules: [] },
    ...workerObservability({ metrics: deps.metrics, tracing: deps.tracing }),
    ...workerVersioning(deps.config.workerDeployment),
  });
  // Every worker asks for the one dispatcher, event-resolution workflow, outbox drain and audit retention of its task queue; all but the first find them running.
  if (deps.startDispatcher !== false)
    await createWebhookClient(deps.temporal, deps.taskQueue).ensureDispatcher(deps.config.webhookPollMs);
  if (deps.startEventResolution !== false)
    await createEventResolutionClient(deps.temporal, deps.taskQueue).ensure(deps.config);
  if (deps.startDispatcher !== false) {
    await createWorkflowCommandsClient(deps.temporal, deps.taskQueue).ensureDrain();
    await createAuditRetentionClient(deps.temporal, deps.taskQueue).ensure(deps.config.auditRetentionDays);
  }
  return worker;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  if (!config.databaseUrl || !config.temporalAddress) {
    console.error('worker.ts needs DATABASE_URL and TEMPORAL_ADDRESS (npm start sets both for the embedded default).');
    process.exit(2);
  }
  const proc = await openWorkerProcess({
    name: 'worker',
    config,
    metricsPort: config.workerMetricsPort,
    poolMax: config.dbPoolMax,
    registerMetrics: ({ registry, logger }) => {
      // Before Worker.create starts the workflow threads: only threads started afterwards are followed.
      const threads = registerThreadMemoryMetrics(registry);
      if (config.workerThreadSnapshotDir) snapshotThreadsOnSignal(threads, config.workerThreadSnapshotDir, logger);
    },
  });
  // The inbox sync's activities run in their own process (mailbox-worker.ts), never here.
  await proc.run(async (connection) => [await createWorker(proc.workerDeps(connection))]);
}
