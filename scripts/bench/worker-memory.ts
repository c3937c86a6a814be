// The worker's memory by part during a benchmark, read from its /metrics endpoint
// (observability/thread-memory.ts): resident, anonymous and file-backed memory of the process,
// the main thread's V8 heap and each workflow thread's; and from its /proc smaps, how much of the
// anonymous memory is glibc malloc's (native allocations) and how much other mappings (V8's heap
// pages). Sampled every 15 s as the load runs (a garbage collection moves a heap by tens of MiB, so
// one sample a minute gives a loose slope), printed every minute; at the end the slope of each
// series (least squares, MiB a minute) over the part of the run after the cache has filled.
import { anonymousMemoryMiB } from './process-stats.ts';

const MiB = 1024 * 1024;

/** One sample: seconds into the run, then MiB by series name (rss, anon, file, heap main, heap workflow-<id>). */
export interface MemorySample {
  t: number;
  series: Record<string, number>;
}

/** Series of a Prometheus text exposition line `name{label="value",...} number` that the sample keeps, by its name there. */
function seriesName(metric: string, labels: Record<string, string>): string | undefined {
  if (metric === 'worker_process_memory_bytes' && ['rss', 'anon', 'file'].includes(labels.kind)) return labels.kind;
  if (metric === 'worker_heap_used_bytes' && labels.thread) return `heap ${labels.thread}`;
  return undefined;
}

/** The memory series in a /metrics answer, in MiB. */
export function parseMemoryMetrics(text: string): Record<string, number> {
  const series: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{([^}]*)\}\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[2].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const name = seriesName(match[1], labels);
    if (name) series[name] = Number(match[3]) / MiB;
  }
  return series;
}

/** Scrapes the worker once and reads its smaps; an endpoint that does not answer leaves its series out rather than failing the run. */
export async function sampleWorkerMemory(metricsUrl: string, pid: number, t: number): Promise<MemorySample> {
  let scraped: Record<string, number> = {};
  try {
    const response = await fetch(metricsUrl, { signal: AbortSignal.timeout(10_000) });
    if (response.ok) scraped = parseMemoryMetrics(await response.text());
  } catch {
    // Left out of this sample.
  }
  const { malloc, mmap } = anonymousMemoryMiB(pid);
  return { t, series: { ...scraped, ...(Number.isNaN(malloc) ? {} : { malloc, 'other anon': mmap }) } };
}

export interface WorkerMemoryRecorder {
  /** Call as the load runs with the seconds elapsed: samples when the next 15 s are due, prints every minute. */
  tick(elapsed: number): void;
  /** Takes the last sample at `t` and answers them all. */
  finish(t: number): Promise<MemorySample[]>;
}

const SAMPLE_SECONDS = 15;

export function recordWorkerMemory(
  metricsUrl: string,
  pid: number,
  print: (line: string) => void = console.log,
): WorkerMemoryRecorder {
  const samples: Promise<MemorySample>[] = [];
  const take = (t: number) =>
    samples.push(
      sampleWorkerMemory(metricsUrl, pid, t).then((sample) => {
        if (t % 60 === 0) print(`  worker memory ${formatSample(sample)} (MiB)`);
        return sample;
      }),
    );
  take(0);
  let next = SAMPLE_SECONDS;
  return {
    tick(elapsed) {
      if (elapsed < next) return;
      take(next);
      next += SAMPLE_SECONDS;
    },
    async finish(t) {
      if (t !== next - SAMPLE_SECONDS) take(t);
      return Promise.all(samples);
    },
  };
}

/** Least-squares slope of y over x (NaN with fewer than two points). */
export function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return sxx ? points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx : Number.NaN;
}

/** MiB a minute of each series over the samples from `fromSeconds` on. */
export function slopesFrom(samples: MemorySample[], fromSeconds: number): Record<string, number> {
  const later = samples.filter((s) => s.t >= fromSeconds);
  const names = [...new Set(later.flatMap((s) => Object.keys(s.series)))];
  return Object.fromEntries(
    names.map((name) => [
      name,
      slope(later.filter((s) => name in s.series).map((s) => ({ x: s.t / 60, y: s.series[name] }))),
    ]),
  );
}

/** One line of a sample: `600s rss 612 anon 508 file 104 malloc 131 other anon 377 heap main 88 heap workflow-1 70` (MiB). */
export function formatSample(sample: MemorySample): string {
  return `${sample.t}s ${
    Object.entries(sample.series)
      .map(([name, mib]) => `${name} ${mib.toFixed(0)}`)
      .join(' ') || '(no metrics)'
  }`;
}

/** The end-of-run lines: the slope of each series over the second half of the run, and the goal. */
export function formatSlopes(samples: MemorySample[], seconds: number): string {
  const slopes = slopesFrom(samples, seconds / 2);
  const parts = Object.entries(slopes).map(
    ([name, perMinute]) => `${name} ${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(2)}`,
  );
  return `worker memory slope over the second half (from ${seconds / 2} s), MiB a minute: ${parts.join(', ') || 'no samples'} (goal < 0.5 MiB a minute)`;
}
