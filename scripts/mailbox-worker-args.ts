// How a launcher (npm start, npm run cluster, a test) starts the mailbox worker: node with its heap
// bounded at MAILBOX_WORKER_HEAP_MB (--max-old-space-size), so mail read by the inbox sync can
// exhaust only that process's memory. Compose passes the same flag in the service's command.
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { projectRoot } from './tools.ts';

export function mailboxWorkerArgs(config: Pick<Config, 'mailboxWorkerHeapMb'>): string[] {
  return [`--max-old-space-size=${config.mailboxWorkerHeapMb}`, join(projectRoot, 'mailbox-worker.ts')];
}
