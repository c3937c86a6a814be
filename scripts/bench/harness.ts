// Shared benchmark plumbing: a throwaway embedded PostgreSQL, server child processes, autocannon
// runs and medians. Benchmarks print figures; they never assert timings.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request as CannonRequest } from 'autocannon';
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
  const postgres = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), port: await freePort(), database: 'bench', persistent: false });
  return {
    ...postgres,
    dataDir,
    stop: async () => { await postgres.stop(); rmSync(dataDir, { recursive: true, force: true }); },
  };
}

/** Starts `node <script>` with env and waits until `readyUrl` answers. */
export async function startServer(script: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(projectRoot, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (await fetch(readyUrl).then((r) => r.status < 500, () => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not become ready`);
}

export { stopChild, freePort };

export interface MeasureOptions {
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** Called per request: a path (and body) that vary, e.g. a new email for each upsert. */
  next?: () => { path: string; body?: string };
}

export async function measure(url: string, options: MeasureOptions): Promise<Measurement> {
  const next = options.next;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: { ...(next ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(next ? {
      requests: [{
        method: options.method ?? 'GET',
        setupRequest: (request: CannonRequest): CannonRequest => {
          const { path, body } = next();
          return { ...request, path, ...(body !== undefined ? { body } : {}) };
        },
      }],
    } : {}),
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
