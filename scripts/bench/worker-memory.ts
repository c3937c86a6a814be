// The worker's memory by part during a benchmark, read from its /metrics endpoint
// (observability/thread-memory.ts): resident, anonymous and file-backed memory of the process,
// the main thread's V8 heap and each workflow thread's, sampled as the load runs; and the slope of
// each series (least squares, MiB a minute) over the part of the run after the cache has filled.

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

/** Scrapes the worker once; an endpoint that does not answer gives an empty sample rather than failing the run. */
export async function sampleWorkerMemory(metricsUrl: string, t: number): Promise<MemorySample> {
  try {
    const response = await fetch(metricsUrl, { signal: AbortSignal.timeout(10_000) });
    return { t, series: response.ok ? parseMemoryMetrics(await response.text()) : {} };
  } catch {
    return { t, series: {} };
  }
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
  return Object.fromEntries(names.map((name) => [name, slope(later.filter((s) => name in s.series).map((s) => ({ x: s.t / 60, y: s.series[name] })))]));
}

/** One line of a sample: `600s rss 612 anon 590 file 22 heap main 88 heap workflow-1 240` (MiB). */
export function formatSample(sample: MemorySample): string {
  return `${sample.t}s ${Object.entries(sample.series).map(([name, mib]) => `${name} ${mib.toFixed(0)}`).join(' ') || '(no metrics)'}`;
}

/** The end-of-run lines: the slope of each series over the second half of the run, and the goal. */
export function formatSlopes(samples: MemorySample[], seconds: number): string {
  const slopes = slopesFrom(samples, seconds / 2);
  const parts = Object.entries(slopes).map(([name, perMinute]) => `${name} ${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(2)}`);
  return `worker memory slope over the second half (from ${seconds / 2} s), MiB a minute: ${parts.join(', ') || 'no samples'} (goal < 0.5 MiB a minute)`;
}
