// What a child process holds, read from /proc (Linux): its resident memory now and at its peak,
// and its TCP connections to a port (its IMAP sessions to the mail server).
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** VmRSS and VmHWM of the process, in MiB (NaN where /proc is not readable). */
export function memoryMiB(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** Established TCP connections of the process whose remote port is `port`. */
export function connectionsTo(pid: number, port: number): number {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const match = /^socket:\[(\d+)\]$/.exec(target);
        if (match) inodes.add(match[1]);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    return Number.NaN;
  }
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns.length < 10) continue;
      const remotePort = parseInt(columns[2].split(':')[1] ?? '', 16);
      // State 01 is ESTABLISHED.
      if (remotePort === port && columns[3] === '01' && inodes.has(columns[9])) count++;
    }
  }
  return count;
}

/** glibc reserves each thread arena as a mapping aligned to its 64 MiB maximum heap size. */
const ARENA_ALIGNMENT = 64 * 1024 * 1024;

/**
 * The process's anonymous resident memory in MiB, split by who mapped it (/proc/<pid>/smaps):
 * `malloc` is glibc malloc's heaps (the [heap] of the main arena and the 64 MiB-aligned heaps of
 * its thread arenas: the Rust core's and Node's native allocations, array buffers); `mmap` is the
 * other anonymous mappings (V8's heap pages of every thread, large allocations, thread stacks).
 * An estimate by mapping shape, for benchmarks; NaN where smaps is not readable.
 */
export function anonymousMemoryMiB(pid: number): { malloc: number; mmap: number } {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return { malloc: Number.NaN, mmap: Number.NaN };
  }
  const kib = { malloc: 0, mmap: 0 };
  let kind: keyof typeof kib | undefined;
  for (const line of text.split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      const [start, end, name] = [parseInt(mapping[1], 16), parseInt(mapping[2], 16), mapping[3].trim()];
      if (name === '[heap]' || (name === '' && start % ARENA_ALIGNMENT === 0 && end - start <= ARENA_ALIGNMENT))
        kind = 'malloc';
      else kind = name === '' ? 'mmap' : undefined;
    } else if (kind && line.startsWith('Rss:')) {
      kib[kind] += Number(/\d+/.exec(line)?.[0] ?? 0);
    }
  }
  return { malloc: kib.malloc / 1024, mmap: kib.mmap / 1024 };
}
