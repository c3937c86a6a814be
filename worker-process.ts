// What a worker process (worker.ts, mailbox-worker.ts) sets up around its Temporal worker: the
// logger, tracing, the SDK runtime with Core's metrics on a loopback port, the process's own
// Prometheus endpoint and health check, its PostgreSQL pool, the worker's NativeConnection and a
// client on its own Connection; and, once the worker stops, their release in order.
import { NativeConnection, Runtime, type Worker } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from './config.ts';
import { openOrm } from './db/orm.ts';
import { connectTemporal } from './temporal/client.ts';
import { temporalSecurity } from './temporal/tls.ts';
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

export interface WorkerProcess {
  logger: Logger;
  tracing: Tracing | undefined;
  metrics: WorkerMetrics;
  orm: MikroORM;
  connection: NativeConnection;
  temporal: Client;
  /** Runs the process's workers until SIGINT/SIGTERM (the SDK's runtime shuts them down), then releases everything. */
  run(workers: Worker[]): Promise<void>;
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
  const connection = await NativeConnection.connect({
    address: config.temporalAddress!,
    ...temporalSecurity(config.temporalTls),
  });
  const temporal = await connectTemporal({
    address: config.temporalAddress!,
    namespace: config.temporalNamespace,
    tls: config.temporalTls,
    interceptors: tracingClientInterceptors(tracing),
  });
  return {
    logger,
    tracing,
    metrics,
    orm,
    connection,
    temporal: temporal.client,
    async run(workers) {
      created.workers = workers;
      logger.info({ taskQueue: config.temporalTaskQueue, namespace: config.temporalNamespace }, `${name} running`);
      try {
        await Promise.all(workers.map((worker) => worker.run()));
      } finally {
        await connection.close();
        await temporal.connection.close();
        await orm.close();
        await metricsServer?.close();
        await tracing?.shutdown();
        logger.info(`${name} stopped`);
      }
    },
  };
}
