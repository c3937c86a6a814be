// What a worker process (worker.ts, mailbox-worker.ts) sets up around its Temporal worker: the
// logger, tracing, the SDK runtime with Core's metrics on a loopback port, the process's own
// Prometheus endpoint and health check, its PostgreSQL pool, a client on its own Connection, and
// the workers on a NativeConnection that is renewed when the TLS files change
// (temporal/worker-rotation.ts); once the workers stop, the release of all of it in order.
import { NativeConnection, Runtime, type Worker } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from './config.ts';
import { openOrm } from './db/orm.ts';
import { connectTemporal } from './temporal/client.ts';
import { watchTlsFiles } from './temporal/certificate-files.ts';
import { followsFiles, temporalSecurity } from './temporal/tls.ts';
import { runRotatingWorkers } from './temporal/worker-rotation.ts';
import { temporalLogger } from './temporal/logger.ts';
import { createLogger } from './observability/logging.ts';
import { createRegistry } from './observability/metrics.ts';
import { setupTracing, tracingClientInterceptors, type Tracing } from './observability/tracing.ts';
import {
  coreMetricsTelemetry,
  createWorkerMetrics,
  freePort,
  startWorkerMetricsServer,
  type WorkerMetrics,
} from './observability/worker.ts';

export interface WorkerProcessOptions {
  /** The service label of logs and metrics: `worker`, `mailbox-worker`. */
  name: string;
  config: Config;
  /** Port of this process's GET /metrics and /healthz (0: none). */
  metricsPort: number;
  /** Connections of this process's PostgreSQL pool. */
  poolMax: number;
  /** Called before any worker exists, to add gauges of the process's own to the registry. */
  registerMetrics?: (on: { registry: Registry; logger: Logger; orm: MikroORM }) => void;
}

/** What every worker of the process is created with (the service's createWorker takes more). */
export interface ProcessWorkerDeps {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  orm: MikroORM;
  logger: Logger;
  config: Config;
  /** A client on its own Connection (NativeConnection serves the worker only); activities start workflows with it. */
  temporal: Client;
  /** Activity metrics go here (observability/worker.ts); without it activities are only given log context. */
  metrics: WorkerMetrics;
  /** Tracing on: OpenTelemetry activity and workflow interceptors, workflow spans exported through a sink. */
  tracing: Tracing | undefined;
}

export interface WorkerProcess {
  logger: Logger;
  tracing: Tracing | undefined;
  metrics: WorkerMetrics;
  orm: MikroORM;
  temporal: Client;
  /** The process's settings and resources for a worker on `connection`. */
  workerDeps(connection: NativeConnection): ProcessWorkerDeps;
  /**
   * Runs the workers `makeWorkers` creates on a connection until SIGINT/SIGTERM (the SDK's runtime
   * shuts them down), then releases everything. Called again with a new connection when the TLS
   * files change.
   */
  run(makeWorkers: (connection: NativeConnection) => Promise<Worker[]>): Promise<void>;
}

export async function openWorkerProcess(options: WorkerProcessOptions): Promise<WorkerProcess> {
  const { config, name } = options;
  const logger = createLogger(name, { level: config.logLevel });
  const tracing = setupTracing({
    serviceName: config.otelServiceName ?? `outreach-${name}`,
    otlpEndpoint: config.otlpEndpoint,
  });
  // Core's own exporter listens on loopback only; the process's endpoint relays it with its own metrics.
  const corePort = options.metricsPort > 0 ? await freePort() : undefined;
  Runtime.install({
    logger: temporalLogger(logger),
    ...(corePort ? { telemetryOptions: coreMetricsTelemetry(corePort) } : {}),
  });
  const metrics = createWorkerMetrics(createRegistry(name));
  const orm = await openOrm({
    databaseUrl: config.databaseUrl!,
    tls: config.databaseTls,
    poolMax: options.poolMax,
    poolIdleMs: config.dbPoolIdleMs,
    preparedStatements: config.dbPreparedStatements,
  });
  options.registerMetrics?.({ registry: metrics.registry, logger, orm });
  // Set once created: until then (bundling the workflows takes a while) /healthz answers 503.
  const created: { workers?: Worker[] } = {};
  // A taken port (a second worker on one host) costs the endpoint, not the worker.
  const metricsServer = corePort
    ? await startWorkerMetricsServer({
        registry: metrics.registry,
        port: options.metricsPort,
        host: config.host,
        coreMetricsUrl: `http://127.0.0.1:${corePort}/metrics`,
        workerState: () =>
          created.workers?.map((w) => w.getState()).find((state) => state !== 'RUNNING') ??
          created.workers?.[0]?.getState(),
      }).catch(
        (error: unknown) =>
          void logger.error({ err: error, port: options.metricsPort }, `${name} metrics endpoint not started`),
      )
    : undefined;
  if (metricsServer) logger.info({ url: metricsServer.url }, `${name} metrics listening`);
  const tlsProblem = (error: Error) =>
    logger.error({ err: error }, 'renewed Temporal TLS files cannot be used: the last good ones stay in force');
  const temporal = await connectTemporal({
    address: config.temporalAddress!,
    namespace: config.temporalNamespace,
    tls: config.temporalTls,
    interceptors: tracingClientInterceptors(tracing),
    onTlsFilesProblem: tlsProblem,
  });
  const watch = followsFiles(config.temporalTls) ? watchTlsFiles(config.temporalTls, tlsProblem) : undefined;
  return {
    logger,
    tracing,
    metrics,
    orm,
    temporal: temporal.client,
    workerDeps: (connection) => ({
      connection,
      namespace: config.temporalNamespace,
      taskQueue: config.temporalTaskQueue,
      orm,
      logger,
      config,
      temporal: temporal.client,
      metrics,
      tracing,
    }),
    async run(makeWorkers) {
      let connection: NativeConnection | undefined;
      try {
        connection = await runRotatingWorkers({
          connect: (files) =>
            NativeConnection.connect({
              address: config.temporalAddress!,
              ...temporalSecurity(config.temporalTls, files),
            }),
          makeWorkers,
          watch,
          onWorkers: (workers) => {
            created.workers = workers;
            logger.info(
              { taskQueue: config.temporalTaskQueue, namespace: config.temporalNamespace },
              `${name} running`,
            );
          },
          onRenewed: (generation) => {
            metrics.connectionRenewals.inc();
            logger.info({ generation }, `${name} reconnected to Temporal with renewed TLS files`);
          },
          onRenewFailed: (error) =>
            logger.error(
              { err: error },
              `${name} could not connect with renewed TLS files: kept the current connection`,
            ),
        });
      } finally {
        await connection?.close();
        await temporal.connection.close();
        await orm.close();
        await metricsServer?.close();
        await tracing?.shutdown();
        logger.info(`${name} stopped`);
      }
    },
  };
}
