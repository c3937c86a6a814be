// createActivities(deps): the activity implementations the worker registers, built from their
// dependencies (no global singletons). Activities do all I/O and are idempotent; their failures are
// classified (activities/failures.ts) so that only what a retry can fix is retried.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { createWorkflowClients } from '../workflows/clients.ts';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createProviders, type Providers } from '../providers/index.ts';
import { createAuditActivities } from './audit.activities.ts';
import { createEnrollmentActivities } from './enrollment.activities.ts';
import { createErasureActivities } from './erasure.activities.ts';
import { classifyFailures } from './failures.ts';
import { createEventResolutionActivities } from './event-resolution.activities.ts';
import { createLeadImportActivities } from './lead-import.activities.ts';
import { createMailboxSyncActivities, type MailboxSyncActivityDeps } from './mailbox-sync.activities.ts';
import { createSequenceActivities } from './sequences.activities.ts';
import { createSignalActivities } from './signals.activities.ts';
import { createTaskActivities } from './tasks.activities.ts';
import { createWebhookActivities } from './webhooks.activities.ts';
import { createWorkflowCommandActivities } from './workflow-commands.activities.ts';
import { useSuppressionHashKey } from '../domain/people/suppression-hash.ts';

export interface ActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Config;
  /** A client (not the worker's NativeConnection): the workflow client modules activities start and signal workflows with are built on it. */
  temporal: Client;
  /** The outside services; built once from the ORM and config when absent (tests hand in fakes). */
  providers?: Providers;
}

export function createActivities({ temporal, providers, ...rest }: ActivityDeps) {
  useSuppressionHashKey(rest.config.suppressionHashKey);
  const deps = {
    ...rest,
    workflows: createWorkflowClients(temporal, rest.config.temporalTaskQueue),
    providers: providers ?? createProviders({ orm: rest.orm, config: rest.config }),
  };
  return classifyFailures(
    {
      ...createWebhookActivities(deps),
      ...createEnrollmentActivities(deps),
      ...createLeadImportActivities(deps),
      ...createSequenceActivities(deps),
      ...createTaskActivities(deps),
      ...createEventResolutionActivities(deps),
      ...createSignalActivities(deps),
      ...createWorkflowCommandActivities(deps),
      ...createAuditActivities(deps),
      ...createErasureActivities(deps),
    },
    (activity, failure) =>
      deps.logger.error(
        { activity, errorType: failure.type, err: failure.cause ?? failure },
        `${activity} failed for good: ${failure.message}`,
      ),
  );
}

export type Activities = ReturnType<typeof createActivities>;

/**
 * The inbox sync activities alone, for the worker of the mailbox task queue (its own process,
 * mailbox-worker.ts): the service's worker never runs them. `budget` bounds the bytes of mail all
 * its syncs hold at once.
 */
export function createMailboxSyncWorkerActivities({
  temporal,
  budget,
  onRecorded,
  ...rest
}: ActivityDeps & Pick<MailboxSyncActivityDeps, 'budget' | 'onRecorded'>) {
  const deps = {
    ...rest,
    budget,
    onRecorded,
    workflows: createWorkflowClients(temporal, rest.config.temporalTaskQueue),
  };
  return classifyFailures(createMailboxSyncActivities(deps), (activity, failure) =>
    deps.logger.error(
      { activity, errorType: failure.type, err: failure.cause ?? failure },
      `${activity} failed for good: ${failure.message}`,
    ),
  );
}
