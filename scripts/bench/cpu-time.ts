// CPU time the stack's processes spent (Linux /proc), for figures that a busy shared machine
// disturbs less than latencies: what one operation costs the API, the worker, Temporal and PostgreSQL.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of a process in ms, and its parent's pid; null once it is gone. */
function stat(pid: number): { ms: number; ppid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' '); // fields from the 3rd (state) on
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return { ms: (ticks * 1000) / TICKS_PER_SECOND, ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** CPU ms of `pid` and of its children (e.g. PostgreSQL's backends under the postmaster), ended ones included. */
export function cpuMs(pid: number, child: (pid: number) => boolean = () => true): number {
  let total = stat(pid)?.ms ?? Number.NaN;
  for (const entry of readdirSync('/proc')) {
    const id = Number(entry);
    if (!Number.isInteger(id)) continue;
    const s = stat(id);
    if (s?.ppid === pid && child(id)) total += s.ms;
  }
  return total;
}

/**
 * CPU ms of the client connections' backends under the PostgreSQL server `postmaster` (titled
 * "postgres: user database host(port) ..."), living ones only: without the server's background
 * processes (autovacuum, checkpointer, WAL writer, I/O workers), whose work comes and goes.
 */
export function backendsCpuMs(postmaster: number): number {
  const client = (pid: number) => {
    try {
      return /^postgres: \S+ \S+ [^ ]+\(\d+\)/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  };
  return cpuMs(postmaster, client) - (stat(postmaster)?.ms ?? Number.NaN);
}

/** The pid of the PostgreSQL server (postmaster) listening on `port`, from the processes' command lines. */
export function postmasterPid(port: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('-D') && args[args.indexOf('-p') + 1] === String(port)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return Number.NaN;
}

export interface CpuMeter {
  /** "api 12, worker 30, ..., all 42" ms of CPU per operation since the meter started, over `operations`. */
  perOperation(operations: number): string;
  /** CPU ms of each process since the meter started. */
  totals(): Record<string, number>;
}

/** Starts counting the CPU time of the named processes. */
export function cpuMeter(pids: Record<string, number>): CpuMeter {
  const start = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const totals = () => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid) - start[name]]));
  return {
    perOperation: (operations) => {
      const each = Object.entries(totals()).map(([name, ms]) => [name, ms / operations] as const);
      const all = each.reduce((sum, [, ms]) => sum + ms, 0);
      return [...each, ['all', all] as const].map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ');
    },
    totals,
  };
}
