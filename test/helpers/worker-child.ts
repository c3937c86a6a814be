// A worker as its own process (node worker.ts) on the test stack's database and Temporal, on a task
// queue of its own, for suites that kill it (SIGKILL) and start another one mid-step.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { projectRoot } from '../../scripts/tools.ts';
import type { Stack } from './stack.ts';

export interface WorkerChild {
  /** The task queue the worker polls: start the suite's workflows there. */
  taskQueue: string;
  /** The environment the worker runs with (the stack's, the queue, `extra`). */
  env: Record<string, string>;
  /** Starts one more worker process with that environment. */
  start(): ChildProcess;
}

/** The environment of a worker child on `stack` (`extra`: e.g. SMTP_URL), and a way to start one. */
export function workerChild(stack: Stack, name: string, extra: Record<string, string> = {}): WorkerChild {
  const taskQueue = `${name}-${randomUUID()}`;
  const env = {
    DATABASE_URL: stack.databaseUrl,
    TEMPORAL_ADDRESS: stack.temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    LOG_LEVEL: 'silent',
    WORKER_METRICS_PORT: '0',
    WEBHOOK_SECRET_KEY: randomUUID() + randomUUID(),
    DIRECTORY_COMPANIES: stack.config.directoryCompanies.toString(),
    DIRECTORY_PEOPLE: stack.config.directoryPeople.toString(),
    ...extra,
  };
  return {
    taskQueue,
    env,
    start: () =>
      spawn(process.execPath, [join(projectRoot, 'worker.ts')], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'ignore'],
      }),
  };
}
