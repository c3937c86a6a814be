// Signal activities: the signal workflow's reads of its row and its checks (domain/signals/checks.service.ts).
import { activityContext } from './heartbeat.ts';
import type { WorkflowClients } from '../workflows/clients.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { checkSignal, type SignalCheckDeps } from '../domain/signals/checks.service.ts';
import { isCustom, loadSignal } from '../domain/signals/signal-row.ts';
import { presetOf } from '../domain/signals/presets.ts';
import type { SignalType } from '../domain/signals/presets.types.ts';
import type { Providers } from '../providers/index.ts';
import type {
  CheckSignalInput,
  CheckSignalResult,
  SignalRowState,
  SignalWorkflowInput,
} from '../workflows/signal.definitions.ts';

export interface SignalActivityDeps {
  orm: MikroORM;
  logger: Logger;
  config: Config;
  workflows: WorkflowClients;
  providers: Pick<Providers, 'directory' | 'enrichment' | 'signals'>;
  /** The preset's scope; default: domain/signals/presets.ts presetOf(type).scope. */
  scopeOf?: (type: SignalType) => Promise<'COMPANY' | 'PEOPLE'>;
}

async function presetScope(type: SignalType): Promise<'COMPANY' | 'PEOPLE'> {
  return presetOf(type).scope;
}

export function createSignalActivities(deps: SignalActivityDeps) {
  const { providers } = deps;
  const checks: SignalCheckDeps = {
    directory: providers.directory,
    enrichment: providers.enrichment,
    signals: providers.signals,
    scopeOf: deps.scopeOf ?? presetScope,
    workflows: deps.workflows,
    slowVerifyMs: deps.config.slowVerifyMs,
    logger: deps.logger,
  };
  const em = () => deps.orm.em.fork();

  return {
    /** The row as the workflow schedules from it; null when the signal does not exist (the workflow ends). */
    async loadSignalState(input: SignalWorkflowInput): Promise<SignalRowState | null> {
      const row = await loadSignal(em(), input.organizationId, input.signalId);
      if (!row) return null;
      return {
        status: row.status,
        cadence: row.cadence,
        customEvent: isCustom(row),
        createdAt: new Date(row.created_at).toISOString(),
        lastCheckedAt: row.last_checked_at ? new Date(row.last_checked_at).toISOString() : null,
        updatedAt: new Date(row.updated_at).toISOString(),
      };
    },

    async checkSignal(input: CheckSignalInput): Promise<CheckSignalResult> {
      const started = Date.now();
      const context = activityContext();
      const withHeartbeat = context ? { ...checks, heartbeat: () => context.heartbeat() } : checks;
      const result = await checkSignal(
        em(),
        withHeartbeat,
        input.organizationId,
        input.signalId,
        new Date(input.at),
        input.dayMs,
      );
      deps.logger.debug({ signalId: input.signalId, ...result, ms: Date.now() - started }, 'signal checked');
      return result;
    },
  };
}

export type SignalActivities = ReturnType<typeof createSignalActivities>;
