// Readiness: whether the service's dependencies (PostgreSQL, Temporal) answer now, each within a
// short bound so a hung dependency cannot hold the probe.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { withTimeout } from '../shared/timeout.ts';
import { pingDatabase } from './admin.queries.ts';

/** How long each dependency may take to answer before it counts as unreachable. */
const CHECK_TIMEOUT_MS = 2000;

export type DependencyCheck = 'ok' | 'unreachable';

export interface Readiness {
  ready: boolean;
  checks: { database: DependencyCheck; temporal: DependencyCheck };
}

export async function readiness(deps: {
  em: EntityManager;
  workflows: Pick<WorkflowClients, 'ping'>;
}): Promise<Readiness> {
  const [database, temporal] = await Promise.allSettled([
    withTimeout(pingDatabase(deps.em), CHECK_TIMEOUT_MS, 'database'),
    withTimeout(deps.workflows.ping(), CHECK_TIMEOUT_MS, 'temporal'),
  ]);
  const checks: Readiness['checks'] = {
    database: database.status === 'fulfilled' ? 'ok' : 'unreachable',
    temporal: temporal.status === 'fulfilled' ? 'ok' : 'unreachable',
  };
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
