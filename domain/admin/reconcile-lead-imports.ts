// Reconcile's part for lead imports: a contact entry PENDING (its profile not completed) with no
// LEAD_IMPORT command on its way and no lead import of its organization running has been dropped
// (its import workflow failed or was terminated). A running import's entries are not read from its
// input, so while any import of the organization runs its PENDING entries count as on their way.
// The repair records a new LEAD_IMPORT command for each and delivers it (the drain retries a
// delivery that fails).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { LEAD_IMPORT_WORKFLOW } from '../../workflows/lead-import.definitions.ts';
import { LEAD_IMPORT_ENTRY_PREFIX } from '../workflow-commands/commands.ts';
import type { WorkflowCommand } from '../workflow-commands/command.types.ts';
import { deliverNow } from '../workflow-commands/deliver.ts';
import { recordCommands } from '../workflow-commands/outbox.ts';
import { pendingContactEntries } from './admin.queries.ts';

export interface StuckEntry {
  id: string;
  organization_id: string;
  /** The key its LEAD_IMPORT command carries (`lead-import-entry/<id>`). */
  workflow_id: string;
}

/** PENDING entries nothing will import; `pending` holds the workflow ids of commands still on their way. */
export async function stuckEntries(
  em: EntityManager,
  workflows: WorkflowClients,
  pending: Set<string>,
  organizationId?: string,
): Promise<StuckEntry[]> {
  const rows = await pendingContactEntries(em, organizationId);
  if (!rows.length) return [];
  const importing = new Set((await workflows.inventory.listRunning(LEAD_IMPORT_WORKFLOW, organizationId)).values());
  return rows
    .map((r) => ({ ...r, workflow_id: `${LEAD_IMPORT_ENTRY_PREFIX}${r.id}` }))
    .filter((r) => !pending.has(r.workflow_id) && !importing.has(r.organization_id));
}

/** Queues the entries' import again (one LEAD_IMPORT command each) and delivers it; answers each entry's repair. */
export async function requeueEntries(
  em: EntityManager,
  workflows: WorkflowClients,
  entries: StuckEntry[],
): Promise<Map<string, string>> {
  const commands: WorkflowCommand[] = entries.map((e) => ({
    kind: 'LEAD_IMPORT',
    organizationId: e.organization_id,
    entryId: e.id,
    import: true,
  }));
  const ids = await em.fork().transactional((tx) => recordCommands(tx, workflows.taskQueue, commands));
  const failed = new Set(await deliverNow(em, { workflows }, ids));
  return new Map(
    entries.map((e, i) => [
      e.id,
      failed.has(ids[i]) ? 'FAILED: not delivered yet; the outbox drain retries it' : 'REQUEUED',
    ]),
  );
}
