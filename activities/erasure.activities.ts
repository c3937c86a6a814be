// The erasure workflow's activities (workflows/erasure.workflow.ts): each one step of
// domain/erasure/steps.ts on a fresh EntityManager, heartbeating (a killed worker's step is retried at once elsewhere).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Providers } from '../providers/index.ts';
import type { WorkflowClients } from '../workflows/clients.ts';
import type { ErasureJobInput } from '../workflows/erasure.definitions.ts';
import * as steps from '../domain/erasure/steps.ts';
import { activityContext, whileHeartbeating } from './heartbeat.ts';

/** How long the runs' workflows are given to close after their stop before they are terminated. */
const RUNS_CLOSE_WAIT_MS = 20_000;
const POLL_MS = 500;

export interface ErasureActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Config;
  workflows: WorkflowClients;
  providers: Pick<Providers, 'crm'>;
}

export function createErasureActivities(deps: ErasureActivityDeps) {
  const em = () => deps.orm.em.fork();
  return {
    /** The job RUNNING and the person's runs stopped; false when the job was already done. */
    async beginErasure(input: ErasureJobInput): Promise<boolean> {
      return whileHeartbeating(() =>
        steps.beginErasure(em(), { workflows: deps.workflows, logger: deps.logger }, input.jobId),
      );
    },

    /** Answers how many of the person's sends are still in flight. */
    async settleErasedEffects(input: ErasureJobInput & { force: boolean }): Promise<number> {
      return whileHeartbeating(() => steps.settleEffects(em(), input.jobId, input.force));
    },

    /** Waits (heartbeating) for the person's runs' workflows to close; those still open after the wait are terminated. */
    async awaitRunsClosed(input: ErasureJobInput): Promise<number> {
      let open = await steps.runsOfJob(em(), input.jobId);
      const until = Date.now() + RUNS_CLOSE_WAIT_MS;
      while (open.length && Date.now() < until) {
        activityContext()?.heartbeat();
        const still = await Promise.all(open.map((id) => deps.workflows.sequence.isOpen(id)));
        open = open.filter((_, i) => still[i]);
        if (open.length) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      for (const id of open) {
        deps.logger.warn({ sequenceId: id, jobId: input.jobId }, 'a run of an erased person did not close; terminated');
        await deps.workflows.sequence.terminate(id, 'its person was erased');
      }
      return open.length;
    },

    /** Answers how many CRM records were deleted. */
    async eraseInCrm(input: ErasureJobInput): Promise<number> {
      return whileHeartbeating(() => steps.eraseInCrm(em(), deps.providers.crm, input.jobId));
    },

    async eraseRows(input: ErasureJobInput): Promise<Record<string, number> | null> {
      return whileHeartbeating(() => steps.eraseRows(em(), deps.config.webhookSecretKey, input.jobId));
    },

    async failErasure(input: ErasureJobInput & { error: string }): Promise<void> {
      await steps.failErasure(em(), input.jobId, input.error);
    },
  };
}

export type ErasureActivities = ReturnType<typeof createErasureActivities>;
