// Shared benchmark plumbing: a throwaway embedded PostgreSQL, server child processes, autocannon
// runs and medians. Benchmarks print figures; they never assert timings.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { freePort, startEmbeddedPostgres, stopChild, type RunningPostgres } from '../local-stack.ts';
import { projectRoot } from '../tools.ts';

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function benchDatabase(): Promise<RunningPostgres & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ows-bench-'));
  chmodSync(dataDir, 0o755);
  const postgres = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'pg'),
    port: await freePort(),
    database: 'bench',
    persistent: false,
  });
  return {
    ...postgres,
    dataDir,
    stop: async () => {
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): given to every service child (the API, the worker). */
const nodeArgs = (): string[] => (process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []);

/** Starts `node <script>` with env and waits until `readyUrl` answers. */
export async function startServer(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs(), join(projectRoot, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (
      await fetch(readyUrl).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not become ready`);
}

export { stopChild, freePort };

/** The round settings of the alternating-rounds benchmarks (BENCH_ROUNDS, BENCH_DURATION seconds, BENCH_CONNECTIONS). */
export function roundSettings(defaultRounds = 3): { rounds: number; duration: number; connections: number } {
  return {
    rounds: envNumber('BENCH_ROUNDS', defaultRounds),
    duration: envNumber('BENCH_DURATION', 10),
    connections: envNumber('BENCH_CONNECTIONS', 10),
  };
}

/** A throwaway migrated database with one bootstrapped organization ("Bench"); the ORM (2 connections) stays open for the caller. */
export async function benchDatabaseWithOrg(): Promise<{
  database: Awaited<ReturnType<typeof benchDatabase>>;
  orm: MikroORM;
  org: Awaited<ReturnType<typeof admin.bootstrap>>;
}> {
  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 2 });
  await migrate(orm);
  const org = await admin.bootstrap(orm.em.fork(), {
    orgName: 'Bench',
    ownerEmail: 'bench@example.com',
    ownerName: 'Bench',
  });
  return { database, orm, org };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The value at percentile `p` of ascending `sorted` (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
}

export interface BenchServices {
  /** The task queue the worker polls. */
  taskQueue: string;
  /** The API's base URL. */
  base: string;
  /** The headers of a JSON request as the given key. */
  headers: Record<string, string>;
  /** POSTs `body` as JSON; throws unless the status is `expected`; answers the parsed body. */
  post<T>(path: string, body: unknown, expected: number): Promise<T>;
  /** Process ids of the API and the worker (resident memory is read from /proc). */
  pids: { api: number; worker: number };
  /** The worker's Prometheus endpoint (a free port each run, so benchmarks beside each other do not share one). */
  workerMetricsUrl: string;
  /** Stops the API, then the worker. */
  stop(): Promise<void>;
}

/** Resident set size of a process in MiB (Linux /proc), or NaN when it cannot be read. */
export function residentMiB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** `node worker.ts` on a task queue of its own and `node api/server.ts` as children, on the given database and Temporal; requests as `apiKey`. */
export async function startServices(
  databaseUrl: string,
  temporalAddress: string,
  apiKey: string,
): Promise<BenchServices> {
  const taskQueue = `bench-${randomUUID()}`;
  const serviceEnv = {
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const workerMetricsPort = await freePort();
  const worker: ChildProcess = spawn(process.execPath, [...nodeArgs(), join(projectRoot, 'worker.ts')], {
    env: { ...process.env, ...serviceEnv, WORKER_METRICS_PORT: String(workerMetricsPort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const apiPort = await freePort();
  let api: ChildProcess;
  try {
    api = await startServer(
      'api/server.ts',
      { ...serviceEnv, PORT: String(apiPort), HOST: '127.0.0.1' },
      `http://127.0.0.1:${apiPort}/healthz`,
    );
  } catch (error) {
    await stopChild(worker, 10_000);
    throw error;
  }
  const base = `http://127.0.0.1:${apiPort}`;
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  return {
    taskQueue,
    base,
    headers,
    pids: { api: api.pid!, worker: worker.pid! },
    workerMetricsUrl: `http://127.0.0.1:${workerMetricsPort}/metrics`,
    async post<T>(path: string, body: unknown, expected: number): Promise<T> {
      const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const text = await response.text();
      if (response.status !== expected) throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
      return JSON.parse(text) as T;
    },
    async stop() {
      await stopChild(api, 5000);
      await stopChild(worker, 10_000);
    },
  };
}

export interface MeasureOptions {
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** Called per request: a path (and body) that vary, e.g. a new email for each upsert. */
  next?: () => { path: string; body?: string };
  /** Called per response (with `next`), e.g. to collect what the API answered. */
  onResponse?: (status: number, body: string) => void;
}

export async function measure(url: string, options: MeasureOptions): Promise<Measurement> {
  const next = options.next;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: { ...(next ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(next
      ? {
          requests: [
            {
              method: options.method ?? 'GET',
              setupRequest: (request: CannonRequest): CannonRequest => {
                const { path, body } = next();
                return { ...request, path, ...(body !== undefined ? { body } : {}) };
              },
              ...(options.onResponse ? { onResponse: options.onResponse } : {}),
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
