// CPU time per request of a server under load (Linux /proc): what a request costs the server
// process and PostgreSQL, a figure a busy shared machine disturbs far less than requests per
// second. The API and its baseline run in turns, so each turn's PostgreSQL time is its own.
import { cpuMs, postmasterPid } from './cpu-time.ts';
import { median, type Measurement } from './harness.ts';

export interface CpuTurn {
  /** Server process CPU per request, µs. */
  server: number;
  /** PostgreSQL (postmaster and backends) CPU per request, µs. */
  postgres: number;
}

/** Runs one measured turn against `pid`, and the CPU it and PostgreSQL (on `databaseUrl`'s port) spent per request. */
export async function withCpu(
  pid: number | undefined,
  databaseUrl: string,
  durationSeconds: number,
  run: () => Promise<Measurement>,
): Promise<{ measurement: Measurement; cpu: CpuTurn }> {
  const postgresPid = postmasterPid(Number(new URL(databaseUrl).port));
  const [server0, pg0] = [pid === undefined ? Number.NaN : cpuMs(pid), cpuMs(postgresPid)];
  const measurement = await run();
  const requests = Math.max(1, measurement.requestsPerSecond * durationSeconds);
  const server = pid === undefined ? Number.NaN : ((cpuMs(pid) - server0) * 1000) / requests;
  return { measurement, cpu: { server, postgres: ((cpuMs(postgresPid) - pg0) * 1000) / requests } };
}

/** "CPU per request: API 310 µs + PostgreSQL 120 µs | baseline 140 µs + PostgreSQL 100 µs; API / baseline 1.78" over the rounds (medians). */
export function cpuLine(api: CpuTurn[], baseline: CpuTurn[]): string {
  const m = (turns: CpuTurn[], key: keyof CpuTurn) => median(turns.map((t) => t[key]));
  const [a, ap, b, bp] = [m(api, 'server'), m(api, 'postgres'), m(baseline, 'server'), m(baseline, 'postgres')];
  return (
    `CPU per request (medians): API ${a.toFixed(0)} µs + PostgreSQL ${ap.toFixed(0)} µs | baseline ${b.toFixed(0)} µs + PostgreSQL ${bp.toFixed(0)} µs; ` +
    `server CPU API / baseline ${(a / b).toFixed(2)}, with PostgreSQL ${((a + ap) / (b + bp)).toFixed(2)}`
  );
}
