// The full-stack test helper: a real PostgreSQL (embedded, throwaway), a real Temporal dev server,
// the worker (service workflows plus test-only ones) and the API listening on port 0. One stack
// per test process, started on first use and torn down by the root hook (test/helpers/hooks.ts).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes, randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Runtime, DefaultLogger, type Worker } from '@temporalio/worker';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { loadConfig, type Config } from '../../config.ts';
import { migrate, openOrm } from '../../db/orm.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { startApi, type RunningApi } from '../../api/server.ts';
import { createWorker } from '../../worker.ts';
import { createMailboxSyncWorker } from '../../mailbox-worker.ts';
import {
  freePort,
  startEmbeddedPostgres,
  startTemporalDevServer,
  type RunningPostgres,
  type RunningTemporal,
} from '../../scripts/local-stack.ts';
import { temporalCli } from '../../scripts/tools.ts';
import { testActivities } from './test-activities.ts';

export interface Stack {
  config: Config;
  databaseUrl: string;
  temporalAddress: string;
  taskQueue: string;
  url: string;
  orm: MikroORM;
  temporal: Client;
}

interface Parts {
  stack: Stack;
  dataDir: string;
  postgres: RunningPostgres;
  temporalServer: RunningTemporal;
  api: RunningApi;
  worker: Worker;
  workerRun: Promise<void>;
  /** The worker of the mailbox task queue (inbox sync activities). */
  mailboxWorker: Worker;
  mailboxWorkerRun: Promise<void>;
  workerConnection: NativeConnection;
  clientConnection: Connection;
}

let starting: Promise<Parts> | undefined;

export const testWorkflowsPath = fileURLToPath(new URL('./workflows.ts', import.meta.url));

let runtimeInstalled = false;
function quietSdkLogs(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  Runtime.install({ logger: new DefaultLogger('ERROR') });
}

async function start(): Promise<Parts> {
  quietSdkLogs();
  const dataDir = mkdtempSync(join(tmpdir(), 'ows-test-'));
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the `postgres` user, which must reach its data folder
  const [pgPort, temporalPort] = [await freePort(), await freePort()];
  const postgres = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'postgres'),
    port: pgPort,
    database: 'outreach_test',
    persistent: false,
  });
  const temporalServer = await startTemporalDevServer({
    cli: temporalCli(),
    port: temporalPort,
    uiPort: null,
    dbFile: null,
  });
  const taskQueue = `test-${randomUUID()}`;
  // A real secret key, as production has (mailbox passwords are never sealed under the development
  // one); in the environment too, so the API and worker processes a test starts share it.
  process.env.WEBHOOK_SECRET_KEY ||= randomBytes(48).toString('base64');
  const config = loadConfig({
    WEBHOOK_SECRET_KEY: process.env.WEBHOOK_SECRET_KEY,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    KEY_CACHE_TTL_MS: '300',
    LAST_USED_FLUSH_MS: '200',
    BODY_LIMIT_BYTES: String(64 * 1024),
    TEMPORAL_TASK_QUEUE: taskQueue,
    DATABASE_URL: postgres.url,
    TEMPORAL_ADDRESS: temporalServer.address,
    DATA_DIR: dataDir,
    ENRICH_ASYNC_DELAY_MS: '300',
    // slow-verify.test addresses take this long: enrollment tests wait less than this to see a 202.
    SLOW_VERIFY_MS: '3000',
    WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
    WEBHOOK_POLL_MS: '50',
    // A short send timeout keeps leases (twice the timeout) short, so a restarted worker's claims return quickly.
    WEBHOOK_TIMEOUT_MS: '3000',
    // The stack's event drain runs only when a test wakes it (drainNow): events stay PENDING otherwise.
    EVENT_RESOLUTION_INTERVAL_MS: '86400000',
    // A tenth of the default directory keeps the stack quick to start; the lookups are the same.
    DIRECTORY_COMPANIES: process.env.TEST_DIRECTORY_COMPANIES ?? '2000',
    DIRECTORY_PEOPLE: process.env.TEST_DIRECTORY_PEOPLE ?? '20000',
    // The limiter stays on (every response carries its headers) with budgets no suite's loops reach;
    // test/api/rate-limit.test.ts builds its own app with tiny ones.
    RATE_LIMIT_PER_KEY: '1000000000',
    RATE_LIMIT_PER_ORG: '1000000000',
    RATE_LIMIT_ENRICHMENT_PER_ORG: '1000000000',
    // The workflow deadlock guard on (production leaves it off for its CPU): workflow code that never yields fails a test.
    WORKFLOW_DEADLOCK_MS: '5000',
  });
  const orm = await openOrm({ databaseUrl: postgres.url, poolMax: config.dbPoolMax });
  await migrate(orm);
  await ensureDirectoryLoaded(orm, { companies: config.directoryCompanies, people: config.directoryPeople });
  const clientConnection = await Connection.connect({ address: temporalServer.address });
  const temporal = new Client({ connection: clientConnection, namespace: config.temporalNamespace });
  const workerConnection = await NativeConnection.connect({ address: temporalServer.address });
  const worker = await buildWorker(workerConnection, config, orm, temporal);
  const workerRun = worker.run();
  const mailboxWorker = await buildMailboxWorker(workerConnection, config, orm, temporal);
  const mailboxWorkerRun = mailboxWorker.run();
  const api = await startApi(config, { databaseUrl: postgres.url, temporalAddress: temporalServer.address });
  return {
    stack: {
      config,
      databaseUrl: postgres.url,
      temporalAddress: temporalServer.address,
      taskQueue,
      url: api.url,
      orm,
      temporal,
    },
    dataDir,
    postgres,
    temporalServer,
    api,
    worker,
    workerRun,
    mailboxWorker,
    mailboxWorkerRun,
    workerConnection,
    clientConnection,
  };
}

function buildWorker(connection: NativeConnection, config: Config, orm: MikroORM, temporal: Client): Promise<Worker> {
  return createWorker({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.temporalTaskQueue,
    orm,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    config,
    temporal,
    workflowsPath: testWorkflowsPath,
    extraActivities: testActivities,
  });
}

function buildMailboxWorker(
  connection: NativeConnection,
  config: Config,
  orm: MikroORM,
  temporal: Client,
): Promise<Worker> {
  return createMailboxSyncWorker({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.temporalTaskQueue,
    orm,
    config,
    temporal,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
}

/** Stops the stack's workers (gracefully: running activities are cancelled and drained), then starts new ones. */
export async function restartWorker(pauseMs = 500): Promise<void> {
  if (!starting) throw new Error('no stack is running');
  const parts = await starting;
  parts.worker.shutdown();
  parts.mailboxWorker.shutdown();
  await parts.workerRun.catch(() => {});
  await parts.mailboxWorkerRun.catch(() => {});
  await new Promise((r) => setTimeout(r, pauseMs));
  parts.worker = await buildWorker(parts.workerConnection, parts.stack.config, parts.stack.orm, parts.stack.temporal);
  parts.workerRun = parts.worker.run();
  parts.mailboxWorker = await buildMailboxWorker(
    parts.workerConnection,
    parts.stack.config,
    parts.stack.orm,
    parts.stack.temporal,
  );
  parts.mailboxWorkerRun = parts.mailboxWorker.run();
}

/** The shared stack of this test process (started on first call). */
export async function getStack(): Promise<Stack> {
  starting ??= start();
  return (await starting).stack;
}

export async function stopStack(): Promise<void> {
  if (!starting) return;
  const parts = await starting.catch(() => undefined);
  starting = undefined;
  if (!parts) return;
  await parts.api.stop();
  parts.worker.shutdown();
  parts.mailboxWorker.shutdown();
  await parts.workerRun.catch(() => {});
  await parts.mailboxWorkerRun.catch(() => {});
  await parts.workerConnection.close();
  await parts.clientConnection.close();
  await parts.stack.orm.close();
  await parts.temporalServer.stop();
  await parts.postgres.stop();
  rmSync(parts.dataDir, { recursive: true, force: true });
}
