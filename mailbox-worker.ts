// The mailbox worker process: runs the inbox sync's activities (one per connected mailbox: an IMAP
// session that mostly waits, then fetches and parses mail from outside) on the mailbox task queue,
// apart from the service's worker, so a flood of mail or a hostile message costs this process's
// event loop, heap and connections, never a step's send, a webhook or the outbox drain. Its own
// bounds: MAILBOX_SYNC_CONCURRENCY activities, MAILBOX_DB_POOL_MAX connections, the bytes of mail
// held at once (MAILBOX_FETCH_BUDGET_BYTES), and a V8 heap of MAILBOX_WORKER_HEAP_MB that whatever
// starts it passes as --max-old-space-size (scripts/mailbox-worker-args.ts). On start it asks for the sync
// workflow of every mailbox that is not DISCONNECTED (a running one is kept); every minute it marks
// the inboxes no sync has read for MAILBOX_SYNC_STALL_MINUTES (domain/mailboxes/sync-watch.ts).
import { getHeapStatistics } from 'node:v8';
import { Worker } from '@temporalio/worker';
import { createMailboxSyncWorkerActivities } from './activities/index.ts';
import { loadConfig } from './config.ts';
import { ensureMailboxSyncs } from './domain/mailboxes/sync-workflows.ts';
import { markUnreadInboxes } from './domain/mailboxes/sync-watch.ts';
import { inboxMessagesCounter, registerMailboxSyncMetrics } from './observability/mailbox-sync.ts';
import { workerObservability } from './observability/worker.ts';
import { ByteBudget } from './providers/mail/fetch-budget.ts';
import { createWorkflowClients } from './workflows/clients.ts';
import { mailboxSyncTaskQueue } from './workflows/mailbox-sync.definitions.ts';
import { workerVersioning } from './temporal/worker-versioning.ts';
import type { WorkerDeps } from './worker.ts';
import { openWorkerProcess } from './worker-process.ts';

/**
 * The worker of the inbox sync activities, on the mailbox task queue beside the service's: one
 * activity per connected mailbox holds an IMAP session and mostly waits, so they get slots of their
 * own (MAILBOX_SYNC_CONCURRENCY). Each uses at most one database connection at a time, and only
 * while it records a message. With `startMailboxSyncs` (default), every mailbox that is not
 * DISCONNECTED gets its sync workflow (a running one is kept).
 */
/** How often the worker looks for inboxes no sync reads. */
const WATCH_EVERY_MS = 60_000;

export async function createMailboxSyncWorker(
  deps: Omit<WorkerDeps, 'workflowsPath' | 'extraActivities' | 'startDispatcher' | 'startEventResolution'> & {
    startMailboxSyncs?: boolean;
    budget?: ByteBudget;
  },
): Promise<Worker> {
  const counter = deps.metrics ? inboxMessagesCounter(deps.metrics.registry) : null;
  const worker = await Worker.create({
    maxConcurrentActivityTaskExecutions: deps.config.mailboxSyncConcurrency,
    connection: deps.connection,
    namespace: deps.namespace,
    taskQueue: mailboxSyncTaskQueue(deps.taskQueue),
    activities: createMailboxSyncWorkerActivities({
      orm: deps.orm,
      logger: deps.logger,
      config: deps.config,
      temporal: deps.temporal,
      budget: deps.budget,
      onRecorded: counter ? (kind) => counter.inc({ kind }) : undefined,
    }),
    ...workerObservability({ metrics: deps.metrics, tracing: deps.tracing }),
    // The same version as the workers: a version is current on every task queue it polls.
    ...workerVersioning(deps.config.workerDeployment),
  });
  if (deps.startMailboxSyncs !== false) {
    const started = await ensureMailboxSyncs({
      em: deps.orm.em.fork(),
      workflows: createWorkflowClients(deps.temporal, deps.taskQueue),
    });
    if (started) deps.logger.info({ mailboxes: started }, 'mailbox sync workflows ensured');
  }
  return worker;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  if (!config.databaseUrl || !config.temporalAddress) {
    console.error(
      'mailbox-worker.ts needs DATABASE_URL and TEMPORAL_ADDRESS (npm start sets both for the embedded default).',
    );
    process.exit(2);
  }
  const budget = new ByteBudget(config.mailboxFetchBudgetBytes);
  const proc = await openWorkerProcess({
    name: 'mailbox-worker',
    config,
    metricsPort: config.mailboxWorkerMetricsPort,
    poolMax: config.mailboxDbPoolMax,
    registerMetrics: ({ registry, orm }) => registerMailboxSyncMetrics(registry, { orm, budget }),
  });
  const heapMb = Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024);
  // V8's limit is the flag's old space plus the young generation (about 200 MiB more); far above it, the flag was not given.
  if (heapMb > config.mailboxWorkerHeapMb + 256) {
    proc.logger.warn(
      { heapMb, wanted: config.mailboxWorkerHeapMb },
      'mailbox worker heap not bounded as configured: start it with node --max-old-space-size=MAILBOX_WORKER_HEAP_MB',
    );
  }
  proc.logger.info(
    {
      heapMb,
      concurrency: config.mailboxSyncConcurrency,
      pool: config.mailboxDbPoolMax,
      budgetBytes: config.mailboxFetchBudgetBytes,
    },
    'mailbox worker bounds',
  );
  const watch = setInterval(() => {
    markUnreadInboxes(proc.orm.em.fork(), config.mailboxSyncStallMinutes)
      .then((marked) => {
        if (marked) proc.logger.warn({ marked }, 'inboxes no sync has read: marked blind');
      })
      .catch((error: unknown) => proc.logger.error({ err: error }, 'the watch of unread inboxes failed'));
  }, WATCH_EVERY_MS);
  try {
    await proc.run(async (connection) => [await createMailboxSyncWorker({ ...proc.workerDeps(connection), budget })]);
  } finally {
    clearInterval(watch);
  }
}
