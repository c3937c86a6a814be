// Where the worker's memory is, per part, read at scrape time: the V8 heap of the main thread and
// of every worker thread (the Temporal SDK runs workflows in worker threads with heaps of their
// own), and the process's resident memory split into anonymous (heaps, native allocations of the
// SDK core) and file-backed pages (/proc/self/status, Linux only). The process-wide figures of
// prom-client's defaults see only the main thread's heap, so a growing workflow thread or native
// growth would otherwise show only as an unexplained resident total.
import { readFile } from 'node:fs/promises';
import { getHeapStatistics, type HeapInfo } from 'node:v8';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import { Gauge, type Registry } from 'prom-client';

/** The label of the main thread; a worker thread is `workflow-<threadId>` (in the worker process only the SDK's workflow threads are worker threads). */
export const MAIN_THREAD = 'main';

export interface ThreadTracker {
  /** The live worker threads by label, in the order they started. */
  threads(): ReadonlyMap<string, ThreadWorker>;
  /** Stops following new threads (the ones already followed are dropped). */
  close(): void;
}

/** Follows every worker thread this process starts from now on until it exits (Node's process 'worker' event). */
export function trackWorkerThreads(): ThreadTracker {
  const live = new Map<string, ThreadWorker>();
  const onWorker = (worker: ThreadWorker) => {
    const label = `workflow-${worker.threadId}`;
    live.set(label, worker);
    worker.once('exit', () => live.delete(label));
  };
  process.on('worker', onWorker);
  return {
    threads: () => live,
    close() {
      process.off('worker', onWorker);
      live.clear();
    },
  };
}

/** /proc/self/status fields (kB) exported as `kind`: resident in all, and its anonymous, file-backed and shared-memory parts. */
const STATUS_FIELDS: Record<string, string> = {
  VmRSS: 'rss',
  RssAnon: 'anon',
  RssFile: 'file',
  RssShmem: 'shmem',
  VmHWM: 'peak_rss',
};

/** Resident memory of this process by kind, in bytes, from /proc/self/status; empty where there is none (not Linux). */
export async function processMemory(): Promise<Record<string, number>> {
  let status: string;
  try {
    status = await readFile('/proc/self/status', 'utf8');
  } catch {
    return {};
  }
  const memory: Record<string, number> = {};
  for (const line of status.split('\n')) {
    const match = /^(\w+):\s+(\d+) kB$/.exec(line);
    const kind = match ? STATUS_FIELDS[match[1]] : undefined;
    if (match && kind) memory[kind] = Number(match[2]) * 1024;
  }
  return memory;
}

/** Heap statistics of the main thread and of each live worker thread; a thread that exits meanwhile is left out. */
export async function threadHeaps(tracker: ThreadTracker): Promise<Map<string, HeapInfo>> {
  const heaps = new Map<string, HeapInfo>([[MAIN_THREAD, getHeapStatistics()]]);
  await Promise.all(
    [...tracker.threads()].map(async ([label, worker]) => {
      try {
        heaps.set(label, await worker.getHeapStatistics());
      } catch {
        // Exited between the listing and the question.
      }
    }),
  );
  return heaps;
}

const registered = new WeakMap<Registry, ThreadTracker>();

/**
 * Adds to `registry` worker_heap_used_bytes, worker_heap_total_bytes, worker_heap_physical_bytes,
 * worker_heap_external_bytes and worker_heap_detached_contexts by `thread`, and worker_process_memory_bytes by `kind`, all read when scraped. Call it before the
 * SDK creates its workflow threads: only threads started afterwards are seen. Once per registry.
 */
export function registerThreadMemoryMetrics(registry: Registry): ThreadTracker {
  const existing = registered.get(registry);
  if (existing) return existing;
  const tracker = trackWorkerThreads();
  // One read of the heaps serves the heap gauges of a scrape (they are collected one after another).
  let pending: Promise<Map<string, HeapInfo>> | undefined;
  const heaps = () => {
    pending ??= threadHeaps(tracker).finally(() =>
      setImmediate(() => {
        pending = undefined;
      }),
    );
    return pending;
  };
  const heapGauge = (name: string, help: string, field: (heap: HeapInfo) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['thread'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const [thread, heap] of await heaps()) this.set({ thread }, field(heap));
      },
    });
  heapGauge(
    'worker_heap_used_bytes',
    'V8 heap in use, by thread: main, or workflow-<id> for each workflow worker thread.',
    (heap) => heap.used_heap_size,
  );
  heapGauge('worker_heap_total_bytes', 'V8 heap reserved, by thread.', (heap) => heap.total_heap_size);
  heapGauge(
    'worker_heap_physical_bytes',
    'Resident part of the V8 heap reserved, by thread.',
    (heap) => heap.total_physical_size,
  );
  heapGauge(
    'worker_heap_detached_contexts',
    'V8 contexts no longer in use but not yet collected, by thread (a count that keeps rising is a leak of contexts).',
    (heap) => heap.number_of_detached_contexts,
  );
  heapGauge(
    'worker_heap_external_bytes',
    'Memory outside the V8 heap held by its objects (array buffers, ...), by thread.',
    (heap) => heap.external_memory,
  );
  new Gauge({
    name: 'worker_process_memory_bytes',
    help: 'Resident memory of the worker process by kind (Linux /proc/self/status): rss, anon (heaps and native allocations), file (mapped files), shmem, peak_rss.',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [kind, bytes] of Object.entries(await processMemory())) this.set({ kind }, bytes);
    },
  });
  registered.set(registry, tracker);
  return tracker;
}
