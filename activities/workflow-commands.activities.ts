// The outbox drain's activity: one pass over due workflow commands (domain/workflow-commands). Safe
// to retry: commands are claimed with a lease and delivered idempotently by workflow id.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { drainCommands } from '../domain/workflow-commands/deliver.ts';
import type { WorkflowClients } from '../workflows/clients.ts';
import type { DrainInput, DrainTotals } from '../workflows/workflow-commands.definitions.ts';

export interface WorkflowCommandActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Pick<Config, 'temporalTaskQueue'>;
  workflows: WorkflowClients;
}

export function createWorkflowCommandActivities(deps: WorkflowCommandActivityDeps) {
  return {
    async drainWorkflowCommands(input: DrainInput): Promise<DrainTotals> {
      const pass = await drainCommands(
        deps.orm.em.fork(),
        { workflows: deps.workflows, logger: deps.logger },
        input.limit,
      );
      if (pass.claimed > 0) deps.logger.debug(pass, 'workflow commands drained');
      return pass;
    },
  };
}

export type WorkflowCommandActivities = ReturnType<typeof createWorkflowCommandActivities>;
