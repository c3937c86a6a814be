// Event-resolution activities: one batch of subject resolution (domain/events/resolution.service.ts)
// and the PENDING playbook runs (domain/playbooks/pending-runs.ts). Both are safe to retry: a batch
// claims with FOR UPDATE SKIP LOCKED and commits whole; an enrollment is named by its run.
import type { WorkflowClients } from '../workflows/clients.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { resolveEventBatch } from '../domain/events/resolution.service.ts';
import { runPendingPlaybooks } from '../domain/playbooks/pending-runs.ts';
import type { Providers } from '../providers/index.ts';
import type { ResolveBatchResult } from '../domain/events/resolution.types.ts';
import type { RunPlaybooksResult } from '../domain/playbooks/pending-runs.types.ts';
import type { ResolveBatchInput, RunPlaybooksInput } from '../workflows/event-resolution.definitions.ts';

export interface EventResolutionActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Config;
  /** Delivers enrolled runs' start commands; starts the enrollment workflow of an email to verify first. */
  workflows: WorkflowClients;
  providers: Pick<Providers, 'directory' | 'crm' | 'verifier'>;
}

export function createEventResolutionActivities(deps: EventResolutionActivityDeps) {
  const { providers } = deps;

  return {
    async resolveEventBatch(input: ResolveBatchInput): Promise<ResolveBatchResult> {
      const started = Date.now();
      const result = await resolveEventBatch(deps.orm.em.fork(), providers, {
        limit: input.batchSize,
        organizationIds: input.organizationIds,
      });
      if (result.claimed > 0) deps.logger.debug({ ...result, ms: Date.now() - started }, 'event resolution batch done');
      return result;
    },

    async runPendingPlaybooks(input: RunPlaybooksInput): Promise<RunPlaybooksResult> {
      return runPendingPlaybooks(
        deps.orm.em.fork(),
        {
          directory: providers.directory,
          workflows: deps.workflows,
          logger: deps.logger,
          slowVerifyMs: deps.config.slowVerifyMs,
          enrollmentWaitMs: deps.config.enrollmentWaitMs,
        },
        input.limit,
        input.organizationIds,
      );
    },
  };
}

export type EventResolutionActivities = ReturnType<typeof createEventResolutionActivities>;
