// The worker process: runs the service's workflows and activities on the configured task queue.
// Stops gracefully on SIGINT/SIGTERM (the SDK's runtime drains in-flight tasks first).
import { fileURLToPath } from 'node:url';
import { NativeConnection, Runtime, Worker } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { loadConfig, type Config } from './config.ts';
import { openOrm } from './db/orm.ts';
import { createActivities, createMailboxSyncWorkerActivities } from './activities/index.ts';
import { connectTemporal } from './temporal/client.ts';
import { temporalLogger } from './temporal/logger.ts';
import { workflowDeadlockOptions } from './temporal/deadlock-guard.ts';
import { createLogger } from './observability/logging.ts';
import { setupTracing, tracingClientInterceptors, type Tracing } from './observability/tracing.ts';
import { coreMetricsTelemetry, createWorkerMetrics, freePort, startWorkerMetricsServer, workerObservability, type WorkerMetrics } from './observability/worker.ts';
import { createEventResolutionClient } from './workflows/event-resolution.client.ts';
import { createWebhookClient } from './workflows/webhook.client.ts';
import { createWorkflowCommandsClient } from './workflows/workflow-commands.client.ts';
import { mailboxSyncTaskQueue } from './workflows/mailbox-sync.definitions.ts';
import { createWorkflowClients } from './workflows/clients.ts';
import { registerThreadMemoryMetrics } from './observability/thread-memory.ts';
import { snapshotThreadsOnSignal } from './observability/thread-snapshot.ts';
import { ensureMailboxSyncs } from './domain/mailboxes/sync-workflows.ts';

export const defaultWorkflowsPath = fileURLToPath(new URL('./workflows/index.ts', import.meta.url));

export interface WorkerDeps {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  orm: MikroORM;
  logger: Logger;
  config: Config;
  /** A client on its own Connection (NativeConnection serves the worker only); activities start workflows with it. */
  temporal: Client;
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
    throw new Error(`DB_POOL_MAX ${poolMax} is too small for WORKER_ACTIVITY_CONCURRENCY ${activities} + WORKER_LOCAL_ACTIVITY_CONCURRENCY ${localActivities}: `
      + `each activity may hold ${CONNECTIONS_PER_ACTIVITY} connections, so the pool needs at least ${needed}.`);
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
    activities: { ...createActivities({ orm: deps.orm, logger: deps.logger, config: deps.config, temporal: deps.temporal }), ...deps.extraActivities },
    bundlerOptions: { ignoreModules: [] },
    ...workerObservability({ metrics: deps.metrics, tracing: deps.tracing }),
  });
  // Every worker asks for the one dispatcher, event-resolution workflow and outbox drain of its task queue; all but the first find them running.
  if (deps.startDispatcher !== false) await createWebhookClient(deps.temporal, deps.taskQueue).ensureDispatcher(deps.config.webhookPollMs);
  if (deps.startEventResolution !== false) await createEventResolutionClient(deps.temporal, deps.taskQueue).ensure(deps.config);
  if (deps.startDispatcher !== false) await createWorkflowCommandsClient(deps.temporal, deps.taskQueue).ensureDrain();
  return worker;
}

/**
 * The worker of the inbox sync activities, on the mailbox task queue beside the service's: one
 * activity per connected mailbox holds an IMAP session and mostly waits, so they get slots of their
 * own (MAILBOX_SYNC_CONCURRENCY) instead of the service's few. Each uses at most one database
 * connection at a time, and only while it records a message. On start, every mailbox that is not
 * DISCONNECTED gets its sync workflow (a running one is kept).
 */
export async function createMailboxSyncWorker(deps: WorkerDeps & { startMailboxSyncs?: boolean }): Promise<Worker> {
  const worker = await Worker.create({
    maxConcurrentActivityTaskExecutions: deps.config.mailboxSyncConcurrency,
    connection: deps.connection,
    namespace: deps.namespace,
    taskQueue: mailboxSyncTaskQueue(deps.taskQueue),
    activities: createMailboxSyncWorkerActivities({ orm: deps.orm, logger: deps.logger, config: deps.config, temporal: deps.temporal }),
    ...workerObservability({ metrics: deps.metrics, tracing: deps.tracing }),
  });
  if (deps.startMailboxSyncs !== false) {
    const started = await ensureMailboxSyncs({ em: deps.orm.em.fork(), workflows: createWorkflowClients(deps.temporal, deps.taskQueue) });
    if (started) deps.logger.info({ mailboxes: started }, 'mailbox sync workflows ensured');
  }
  return worker;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  if (!config.databaseUrl || !config.temporalAddress) {
    console.error('worker.ts needs DATABASE_URL and TEMPORAL_ADDRESS (npm start sets both for the embedded default).');
    process.exit(2);
  }
  const logger = createLogger('worker', { level: config.logLevel });
  const tracing = setupTracing({ serviceName: config.otelServiceName ?? 'outreach-worker', otlpEndpoint: config.otlpEndpoint });
  // Core's own exporter listens on loopback only; the worker's endpoint relays it with its own metrics.
  const corePort = config.workerMetricsPort > 0 ? await freePort() : undefined;
  Runtime.install({ logger: temporalLogger(logger), ...(corePort ? { telemetryOptions: coreMetricsTelemetry(corePort) } : {}) });
  const metrics = createWorkerMetrics();
  // Before Worker.create starts the workflow threads: only threads started afterwards are followed.
  const threads = registerThreadMemoryMetrics(metrics.registry);
  if (config.workerThreadSnapshotDir) snapshotThreadsOnSignal(threads, config.workerThreadSnapshotDir, logger);
  // Set once created: until then (bundling the workflows takes a while) /healthz answers 503.
  const created: { worker?: Worker } = {};
  // A taken port (a second worker on one host) costs the endpoint, not the worker.
  const metricsServer = corePort
    ? await startWorkerMetricsServer({
      registry: metrics.registry, port: config.workerMetricsPort, host: config.host, coreMetricsUrl: `http://127.0.0.1:${corePort}/metrics`,
      workerState: () => created.worker?.getState(),
    })
      .catch((error: unknown) => void logger.error({ err: error, port: config.workerMetricsPort }, 'worker metrics endpoint not started'))
    : undefined;
  if (metricsServer) logger.info({ url: metricsServer.url }, 'worker metrics listening');
  const orm = await openOrm({ databaseUrl: config.databaseUrl, poolMax: config.dbPoolMax, preparedStatements: config.dbPreparedStatements });
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  const temporal = await connectTemporal({ address: config.temporalAddress, namespace: config.temporalNamespace, interceptors: tracingClientInterceptors(tracing) });
  const worker = await createWorker({
    connection, namespace: config.temporalNamespace, taskQueue: config.temporalTaskQueue, orm, logger, config, temporal: temporal.client, metrics, tracing,
  });
  created.worker = worker;
  const mailboxWorker = await createMailboxSyncWorker({
    connection, namespace: config.temporalNamespace, taskQueue: config.temporalTaskQueue, orm, logger, config, temporal: temporal.client, metrics, tracing,
  });
  logger.info({ taskQueue: config.temporalTaskQueue, namespace: config.temporalNamespace }, 'worker running');
  try {
    // Both stop on SIGINT/SIGTERM (the SDK's runtime shuts every worker down).
    await Promise.all([worker.run(), mailboxWorker.run()]);
  } finally {
    await connection.close();
    await temporal.connection.close();
    await orm.close();
    await metricsServer?.close();
    await tracing?.shutdown();
    logger.info('worker stopped');
  }
}
