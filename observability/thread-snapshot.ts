// Heap snapshots of the worker's workflow threads on a signal: Node's --heapsnapshot-signal writes
// only the main thread's heap, and the workflows (the cached ones in particular) live in the SDK's
// worker threads. Off unless WORKER_THREAD_SNAPSHOT_DIR is set.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import type { ThreadTracker } from './thread-memory.ts';

/** Writes every live worker thread's heap to `<dir>/<thread>-<time>.heapsnapshot`; answers the files written. */
export async function snapshotThreads(tracker: ThreadTracker, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  // One at a time: a snapshot holds a copy of the heap's graph in memory while it is written.
  for (const [label, worker] of [...tracker.threads()]) {
    const file = join(dir, `${label}-${new Date().toISOString().replace(/[:.]/g, '-')}.heapsnapshot`);
    await pipeline(await worker.getHeapSnapshot(), createWriteStream(file));
    written.push(file);
  }
  return written;
}

/**
 * On `signal` (SIGPWR: SIGUSR2, the usual choice, shuts the Temporal worker down), snapshots the
 * worker threads into `dir`. It may share SIGPWR with `--heapsnapshot-signal=SIGPWR`, which adds
 * the main thread's. Answers a function that removes the handler.
 */
export function snapshotThreadsOnSignal(
  tracker: ThreadTracker,
  dir: string,
  logger: Logger,
  signal: NodeJS.Signals = 'SIGPWR',
): () => void {
  let running = false;
  const onSignal = () => {
    if (running) return;
    running = true;
    snapshotThreads(tracker, dir)
      .then((files) => logger.info({ files }, 'workflow thread heap snapshots written'))
      .catch((error: unknown) => logger.error({ err: error, dir }, 'workflow thread heap snapshot failed'))
      .finally(() => {
        running = false;
      });
  };
  process.on(signal, onSignal);
  return () => void process.off(signal, onSignal);
}
