// Every change after create commits the row first, then tells the signal's workflow
// (workflows/signal.client.ts) with the `signalChanged` Update. When that call fails (Temporal
// unreachable: 503) the row change is undone, so a refused request leaves nothing half-written.
import type { EntityManager } from '@mikro-orm/postgresql';
import { SIGNAL_RESYNC_TIMEOUT_MS } from '../../workflows/signal.client.ts';
import type { SignalChange } from '../../workflows/signal.definitions.ts';
import type { SignalRow, SignalsDeps } from './signal-records.ts';

/**
 * Sends the change to the workflow; on failure undoes the committed row change (`undo`) and
 * rethrows. An Update can fail after the workflow applied it (its answer lost to a timeout): the
 * workflow would then hold the undone state (e.g. PAUSED while the row is ACTIVE again, so it never
 * checks). So after the undo the workflow is told to re-read the restored row, best effort: when
 * Temporal is unreachable that fails too, and then the first Update never reached it either.
 */
export async function notifyOrUndo(deps: SignalsDeps, organizationId: string, row: SignalRow, change: SignalChange['change'], undo: (tx: EntityManager) => Promise<void>) {
  try {
    await deps.workflows.signal.changed(organizationId, row.id, change);
  } catch (error) {
    await deps.em.fork().transactional(undo);
    await deps.workflows.signal.changed(organizationId, row.id, 'EDIT', SIGNAL_RESYNC_TIMEOUT_MS).catch(() => {});
    throw error;
  }
}
