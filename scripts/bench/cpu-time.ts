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
export function cpuMs(pid: number): number {
  let total = stat(pid)?.ms ?? Number.NaN;
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (!Number.isInteger(child)) continue;
    const s = stat(child);
    if (s?.ppid === pid) total += s.ms;
  }
  return total;
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
  /** "api 12, worker 30, ..." ms of CPU per operation since the meter started, over `operations`. */
  perOperation(operations: number): string;
  /** CPU ms of each process since the meter started. */
  totals(): Record<string, number>;
}

/** Starts counting the CPU time of the named processes. */
export function cpuMeter(pids: Record<string, number>): CpuMeter {
  const start = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const totals = () => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid) - start[name]]));
  return {
    perOperation: (operations) =>
      Object.entries(totals())
        .map(([name, ms]) => `${name} ${(ms / operations).toFixed(1)}`)
        .join(', '),
    totals,
  };
}
