// The two worker processes the mailboxes benchmark runs against (mailboxes.bench.ts), as children
// with the bench stack's environment: `node worker.ts` and the mailbox worker, in IDLE or poll mode,
// started and stopped together.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { mailboxWorkerArgs } from '../mailbox-worker-args.ts';
import { projectRoot } from '../tools.ts';
import { stopChild } from './harness.ts';

export interface Workers {
  /** `node worker.ts`: the sync workflows and the sequences. */
  service: ChildProcess;
  /** The mailbox worker: the syncs' IMAP activities, whose memory, CPU and connections are measured. */
  worker: ChildProcess;
}

export function benchWorkers({
  database,
  temporal,
  taskQueue,
  secretKey,
}: {
  database: { url: string };
  temporal: { address: string };
  taskQueue: string;
  secretKey: string;
}) {
  // The service worker runs the sync workflows and the sequences; the mailbox worker, whose memory and connections are measured, the syncs' IMAP activities.
  // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) goes to both, as the harness gives it to its servers.
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  const child = (args: string[], mode: 'auto' | 'poll'): ChildProcess =>
    spawn(process.execPath, [...nodeArgs, ...args], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        TEMPORAL_ADDRESS: temporal.address,
        TEMPORAL_TASK_QUEUE: taskQueue,
        WEBHOOK_SECRET_KEY: secretKey,
        MAILBOX_SYNC_MODE: mode,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        WORKER_METRICS_PORT: '0',
        MAILBOX_WORKER_METRICS_PORT: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });

  const startWorkers = (mode: 'auto' | 'poll'): Workers => ({
    service: child([join(projectRoot, 'worker.ts')], mode),
    worker: child(mailboxWorkerArgs({ mailboxWorkerHeapMb: 1024 }), mode),
  });
  const stopWorkers = async ({ service, worker }: Workers) => {
    await stopChild(worker, 30_000);
    await stopChild(service, 30_000);
  };
  return { startWorkers, stopWorkers };
}
