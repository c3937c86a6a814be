// Lead-import activities: the lead-import workflow's steps (profile completion from the directory
// with contact_entry.resolved, FAILED marking, and enrollment of resolved entries).
import type { WorkflowClients } from '../workflows/clients.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import * as entries from '../domain/lists/lead-import-steps.ts';
import type { Providers } from '../providers/index.ts';
import type {
  EnrollEntriesInput,
  EnrollEntriesResult,
  FailEntriesInput,
  ImportLeadsInput,
  ImportLeadsResult,
} from '../workflows/lead-import.definitions.ts';

export interface LeadImportActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Config;
  /** Delivers enrolled runs' start commands; starts the enrollment workflow of an email to verify first. */
  workflows: WorkflowClients;
  providers: Pick<Providers, 'directory' | 'verifier'>;
}

export function createLeadImportActivities(deps: LeadImportActivityDeps) {
  const { providers } = deps;
  const em = () => deps.orm.em.fork();

  return {
    async importLeads(input: ImportLeadsInput): Promise<ImportLeadsResult> {
      const resolvedEntryIds = await entries.importLeads(
        em(),
        providers.directory,
        input.organizationId,
        input.entryIds,
      );
      deps.logger.debug(
        { organizationId: input.organizationId, entries: input.entryIds.length, resolved: resolvedEntryIds.length },
        'lead import chunk done',
      );
      return { resolvedEntryIds };
    },

    async failEntries(input: FailEntriesInput): Promise<number> {
      return entries.failEntries(em(), input.organizationId, input.entryIds, input.reason);
    },

    async enrollEntries(input: EnrollEntriesInput): Promise<EnrollEntriesResult> {
      return entries.enrollEntries(
        em(),
        {
          directory: providers.directory,
          workflows: deps.workflows,
          slowVerifyMs: deps.config.slowVerifyMs,
          logger: deps.logger,
        },
        input.organizationId,
        input.entryIds,
        input.runId,
      );
    },
  };
}

export type LeadImportActivities = ReturnType<typeof createLeadImportActivities>;
