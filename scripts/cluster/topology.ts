// The production topology on one machine: PostgreSQL, Temporal's four services on it, the Web UI
// when it can be had, N workers, the mailbox workers (the inbox sync in processes of their own,
// heap bounded) and N API replicas in production mode (SANDBOX_MODE=false, real
// SMTP to a local sink, secrets generated for the run) behind a local load balancer. Used by
// `npm run cluster` and `npm run bench -- cluster`; stop() takes it down in order.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { loadConfig } from '../../config.ts';
import { PLAIN_DATABASE, type DatabaseTls } from '../../db/database-tls.ts';
import { migrate, openOrm } from '../../db/orm.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { MUTUAL_TLS_SERVER_NAME, writeMutualTlsFiles, type MutualTlsFiles } from '../certificates.ts';
import { freePort } from '../local-stack.ts';
import { projectRoot, temporalCli } from '../tools.ts';
import { temporalServerBinaries, temporalUiBinary } from './binaries.ts';
import { startLoadBalancer, type LoadBalancer } from './load-balancer.ts';
import { ManagedProcess } from './managed-process.ts';
import { registerNamespace } from './namespace.ts';
import { startClusterPostgres, type ClusterPostgres } from './postgres.ts';
import { setupTemporalSchemas } from './schema.ts';
import { generatedSecrets } from './secrets.ts';
import { CLUSTER_DEPLOYMENT_NAME, startServiceWorkers, type WorkerGeneration } from './service-workers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import {
  clientTls,
  clientTlsCliArgs,
  clientTlsEnv,
  startTemporalCluster,
  type TemporalCluster,
} from './temporal-cluster.ts';

export interface ClusterOptions {
  /** Folder of this cluster's data (PostgreSQL), generated configs and process logs. */
  runDir: string;
  databaseUrl?: string;
  /** TLS to DATABASE_URL's server (DATABASE_SSL_MODE, DATABASE_SSL_CA); default plain. */
  databaseTls?: DatabaseTls;
  postgresPort: number;
  temporalPort: number;
  /** Port of the load balancer (the API's public address). */
  port: number;
  /** Port of the Web UI; null: no UI. */
  uiPort: number | null;
  apiReplicas: number;
  workers: number;
  /** Mailbox worker processes (the inbox sync's activities); default 1. */
  mailboxWorkers?: number;
  directory: { companies: number; people: number };
  /**
   * TLS everywhere, with certificates made for the run under runDir/tls: mutual TLS on Temporal's
   * frontend, and the embedded PostgreSQL serving TLS that the services, the schema tool and
   * Temporal's persistence verify (verify-full).
   */
  tls?: boolean;
  /**
   * Worker Versioning: the workers poll as this build of CLUSTER_DEPLOYMENT_NAME, made current once
   * they poll; unset, they are unversioned.
   */
  workerBuildId?: string;
  /** Variables added to the API and worker environment (e.g. log level, a benchmark's loopback receivers). */
  env?: Record<string, string>;
  log: (line: string) => void;
}

export interface Cluster {
  url: string;
  uiUrl: string | null;
  temporal: TemporalCluster;
  /** The run's certificates when Temporal's frontend requires mTLS. */
  tls: MutualTlsFiles | undefined;
  postgres: ClusterPostgres;
  smtp: SmtpSink;
  lb: LoadBalancer;
  apis: ManagedProcess[];
  apiUrls: string[];
  workers: ManagedProcess[];
  mailboxWorkers: ManagedProcess[];
  /** GET /metrics of each worker and mailbox worker (loopback, no token). */
  workerMetricsUrls: string[];
  /** The environment the API and workers run with (secrets included). */
  serviceEnv: Record<string, string>;
  /** Starts the workers of another build beside the running ones and makes it current (a rollout). */
  deployWorkers(buildId: string): Promise<WorkerGeneration>;
  /** Waits until `api` answers GET /readyz with 200. */
  waitReady(api: ManagedProcess, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The service's variables for its database's TLS (db/database-tls.ts reads them). */
function databaseTlsEnv(tls: DatabaseTls): Record<string, string> {
  if (tls.mode === 'disable') return {};
  return { DATABASE_SSL_MODE: tls.mode, ...(tls.caFile ? { DATABASE_SSL_CA: tls.caFile } : {}) };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { log } = options;
  mkdirSync(options.runDir, { recursive: true });
  const stack: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const part of stack.splice(0).reverse())
      await part().catch((error: unknown) => log(`stop failed: ${String(error)}`));
  };
  let stopping = false;
  const onUnexpectedExit = (name: string, code: number | null, signal: string | null, lines: string[]) => {
    if (!stopping) log(`${name} exited (${signal ?? code}); last output:\n  ${lines.slice(-5).join('\n  ')}`);
  };
  try {
    const binaries = temporalServerBinaries(log);
    const tls = options.tls ? writeMutualTlsFiles(join(options.runDir, 'tls')) : undefined;
    const postgres = await startClusterPostgres({
      databaseUrl: options.databaseUrl,
      databaseTls: options.databaseTls ?? PLAIN_DATABASE,
      tls,
      dataDir: join(options.runDir, 'postgres'),
      port: options.postgresPort,
      log,
    });
    stack.push(() => postgres.stop());
    log(
      `PostgreSQL ${postgres.server.host}:${postgres.server.port}${postgres.dataDir ? ` (data: ${postgres.dataDir})` : ''}`,
    );
    await setupTemporalSchemas(binaries, postgres.server, log);

    const temporal = await startTemporalCluster({
      binaries,
      runDir: options.runDir,
      postgres: postgres.server,
      frontendPort: options.temporalPort,
      tls,
      onUnexpectedExit,
    });
    stack.push(() => temporal.stop());
    log(
      `Temporal ${temporal.address}: frontend, history, matching and worker services (pids ${Object.values(
        temporal.services,
      )
        .map((s) => s.pid)
        .join(', ')})`,
    );
    await registerNamespace({
      cli: temporalCli(),
      address: temporal.address,
      namespace: 'default',
      retention: '72h',
      ...(tls ? { tls: { cliArgs: clientTlsCliArgs(tls), client: clientTls(tls) } } : {}),
      log,
    });

    let uiUrl: string | null = null;
    const ui = options.uiPort ? temporalUiBinary(log) : null;
    if (ui && options.uiPort) {
      const uiDir = join(options.runDir, 'ui-config');
      mkdirSync(uiDir, { recursive: true });
      writeFileSync(
        join(uiDir, 'cluster.yaml'),
        YAML.stringify({
          temporalGrpcAddress: temporal.address,
          host: '127.0.0.1',
          port: options.uiPort,
          enableUi: true,
          defaultNamespace: 'default',
          disableNewsFetch: true,
          ...(tls
            ? {
                tls: {
                  caFile: tls.caFile,
                  certFile: tls.clientCertFile,
                  keyFile: tls.clientKeyFile,
                  serverName: MUTUAL_TLS_SERVER_NAME,
                },
              }
            : {}),
        }),
      );
      const uiProcess = new ManagedProcess({
        name: 'temporal-ui',
        command: ui,
        args: ['--root', options.runDir, '--config', 'ui-config', '--env', 'cluster', 'start'],
        logFile: join(options.runDir, 'temporal-ui.log'),
        onUnexpectedExit,
      });
      uiProcess.start();
      stack.push(async () => {
        await uiProcess.stop(5000);
        await uiProcess.close();
      });
      uiUrl = `http://127.0.0.1:${options.uiPort}`;
    }

    const smtp = await startSmtpSink();
    stack.push(() => smtp.close());
    const orm = await openOrm({ databaseUrl: postgres.url, tls: postgres.server.tls, poolMax: 2 });
    try {
      const applied = await migrate(orm);
      log(applied.length ? `applied migrations: ${applied.length}` : 'database schema is up to date');
      await ensureDirectoryLoaded(orm, { ...options.directory, log: () => {} });
    } finally {
      await orm.close();
    }

    const serviceEnv: Record<string, string> = {
      SANDBOX_MODE: 'false',
      SMTP_URL: smtp.url,
      ...generatedSecrets(),
      PUBLIC_BASE_URL: `http://127.0.0.1:${options.port}`,
      DATABASE_URL: postgres.url,
      ...databaseTlsEnv(postgres.server.tls),
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_NAMESPACE: 'default',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(tls ? clientTlsEnv(tls) : {}),
      ...options.env,
    };
    const generation = (buildId: string | undefined) =>
      startServiceWorkers({
        workers: options.workers,
        mailboxWorkers: options.mailboxWorkers ?? 1,
        serviceEnv,
        runDir: options.runDir,
        buildId,
        temporal: { address: temporal.address, tls: tls ? clientTls(tls) : undefined },
        onUnexpectedExit,
      });
    const first = await generation(options.workerBuildId);
    const stopFirstWorkers = () => first.stop();
    stack.push(stopFirstWorkers);
    if (options.workerBuildId) log(`workers: build ${options.workerBuildId} of ${CLUSTER_DEPLOYMENT_NAME}, current`);
    const { workers, mailboxWorkers, metricsUrls: workerMetricsUrls } = first;
    const apis: ManagedProcess[] = [];
    const apiUrls: string[] = [];
    for (let i = 1; i <= options.apiReplicas; i++) {
      const port = await freePort();
      apiUrls.push(`http://127.0.0.1:${port}`);
      apis.push(
        new ManagedProcess({
          name: `api-${i}`,
          command: process.execPath,
          args: [join(projectRoot, 'api', 'server.ts')],
          env: { ...serviceEnv, PORT: String(port), OTEL_SERVICE_NAME: `outreach-api-${i}` },
          logFile: join(options.runDir, `api-${i}.log`),
          onUnexpectedExit,
        }),
      );
    }
    stack.push(async () => {
      await Promise.all(apis.map((a) => a.stop(loadConfig(serviceEnv).shutdownTimeoutMs)));
      await Promise.all(apis.map((a) => a.close()));
    });
    const waitReady = async (api: ManagedProcess, timeoutMs = 60_000) => {
      const url = apiUrls[apis.indexOf(api)];
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (
          await fetch(`${url}/readyz`).then(
            async (r) => {
              await r.arrayBuffer();
              return r.ok;
            },
            () => false,
          )
        )
          return;
        if (!api.running) throw new Error(`${api.name} exited: ${api.tail().slice(-5).join('\n')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`${api.name} not ready within ${timeoutMs} ms`);
    };
    for (const api of apis) api.start();
    await Promise.all(apis.map((api) => waitReady(api)));

    const lb = await startLoadBalancer({ backends: apiUrls, port: options.port, log: (line) => log(`[lb] ${line}`) });
    stack.push(() => lb.stop());
    return {
      url: lb.url,
      uiUrl,
      temporal,
      tls,
      postgres,
      smtp,
      lb,
      apis,
      apiUrls,
      workers,
      mailboxWorkers,
      workerMetricsUrls,
      serviceEnv,
      waitReady,
      async deployWorkers(buildId) {
        const next = await generation(buildId);
        // Stopped next to the first build's workers: after the load balancer and the APIs.
        stack.splice(stack.indexOf(stopFirstWorkers), 0, () => next.stop());
        return next;
      },
      stop: async () => {
        stopping = true;
        await stop();
      },
    };
  } catch (error) {
    stopping = true;
    await stop();
    throw error;
  }
}
