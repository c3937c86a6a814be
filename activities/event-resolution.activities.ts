// Event-resolution activities: one batch of subject resolution (domain/events/resolution.service.ts)
// and the PENDING playbook runs (domain/playbooks/playbooks.service.ts). Both are safe to retry: a batch
// claims with FOR UPDATE SKIP LOCKED and commits whole; an enrollment is named by its run.
import type { WorkflowClients } from '../workflows/clients.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { resolveEventBatch } from '../domain/events/resolution.service.ts';
import { runPendingPlaybooks } from '../domain/playbooks/playbooks.service.ts';
import { createProviders, type Providers } from '../providers/index.ts';
import type { ResolveBatchInput, ResolveBatchResult, RunPlaybooksInput, RunPlaybooksResult } from '../workflows/event-resolution.definitions.ts';

export interface EventResolutionActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Config;
  /** Starts the sequence workflows of enrolled contacts. */
  workflows: WorkflowClients;
  providers?: Pick<Providers, 'directory' | 'crm' | 'verifier'>;
}

export function createEventResolutionActivities(deps: EventResolutionActivityDeps) {
  const providers = deps.providers ?? createProviders({ orm: deps.orm, config: deps.config });

  return {
    async resolveEventBatch(input: ResolveBatchInput): Promise<ResolveBatchResult> {
      const started = Date.now();
      const result = await resolveEventBatch(deps.orm.em.fork(), providers, { limit: input.batchSize, organizationIds: input.organizationIds });
      if (result.claimed > 0) deps.logger.debug({ ...result, ms: Date.now() - started }, 'event resolution batch done');
      return result;
    },

    async runPendingPlaybooks(input: RunPlaybooksInput): Promise<RunPlaybooksResult> {
      return runPendingPlaybooks(deps.orm.em.fork(), {
        directory: providers.directory, verifier: providers.verifier, workflows: deps.workflows,
        slowVerifyMs: deps.config.slowVerifyMs, logger: deps.logger,
      }, input.limit, input.organizationIds);
    },
  };
}

export type EventResolutionActivities = ReturnType<typeof createEventResolutionActivities>;
