// Runs a process's Temporal workers, and renews their connection when the TLS files change. The
// worker's NativeConnection keeps the TLS settings it was made with (the SDK has no way to change
// them), so a renewed client certificate or a rotated CA is taken up by a new generation: a new
// connection with the new files, new workers on it that start polling, then the old workers shut
// down gracefully (their in-flight tasks finish or are handed back) and their connection closes.
// A new set that cannot connect leaves the running generation in place; the next change tries again.
import type { NativeConnection, Worker } from '@temporalio/worker';
import type { CertificateWatch, TlsFiles } from './certificate-files.ts';

interface Generation {
  connection: NativeConnection;
  workers: Worker[];
  /** Settles when every worker of the generation has stopped. */
  done: Promise<unknown>;
  replaced: boolean;
}

export interface RotatingWorkersOptions {
  /** Opens a connection with a set of files (the first set, then each renewed one). */
  connect(files: TlsFiles | undefined): Promise<NativeConnection>;
  /** Creates the process's workers on a connection. */
  makeWorkers(connection: NativeConnection): Promise<Worker[]>;
  /** The files to follow; none: one generation for the process's life. */
  watch?: CertificateWatch;
  /** Told of each generation's workers as they start (the health check reads their state). */
  onWorkers?(workers: Worker[]): void;
  onRenewed?(generation: number): void;
  onRenewFailed?(error: unknown): void;
}

async function begin(connection: NativeConnection, options: RotatingWorkersOptions): Promise<Generation> {
  let workers: Worker[];
  try {
    workers = await options.makeWorkers(connection);
  } catch (error) {
    await connection.close();
    throw error;
  }
  options.onWorkers?.(workers);
  return { connection, workers, done: Promise.all(workers.map((worker) => worker.run())), replaced: false };
}

/**
 * Runs the workers until they stop for good (SIGINT/SIGTERM: the SDK's runtime shuts down every
 * worker; or a worker's fatal error, which rejects), renewing them on each change of the files.
 * Resolves with the last connection, which the caller closes with its other resources.
 */
export async function runRotatingWorkers(options: RotatingWorkersOptions): Promise<NativeConnection> {
  let current = await begin(await options.connect(options.watch?.current()), options);
  let generation = 1;
  let stopping = false;
  let renewals: Promise<void> = Promise.resolve();

  const renew = async (files: TlsFiles) => {
    if (stopping) return;
    let next: Generation;
    try {
      next = await begin(await options.connect(files), options);
    } catch (error) {
      options.onRenewFailed?.(error);
      return;
    }
    if (stopping) {
      for (const worker of next.workers) worker.shutdown();
      await next.done.catch(() => {});
      await next.connection.close();
      return;
    }
    const previous = current;
    current = next;
    generation += 1;
    previous.replaced = true;
    for (const worker of previous.workers) if (worker.getState() === 'RUNNING') worker.shutdown();
    await previous.done.catch(() => {});
    await previous.connection.close();
    options.onRenewed?.(generation);
  };
  const unsubscribe = options.watch?.onChange((files) => {
    renewals = renewals.then(() => renew(files));
  });

  try {
    for (;;) {
      const running = current;
      await running.done;
      if (!running.replaced) break;
    }
  } finally {
    stopping = true;
    unsubscribe?.();
    await renewals;
  }
  return current.connection;
}
