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
