// Every mailbox that is not DISCONNECTED has its sync workflow running: asked for at each worker
// start (a running one is kept), so a workflow lost to a wiped Temporal or a failed start at
// connect time comes back by itself.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';

export async function ensureMailboxSyncs(deps: { em: EntityManager; workflows: Pick<WorkflowClients, 'mailboxSync'> }): Promise<number> {
  const rows = await typedKysely(deps.em).selectFrom('mailboxes').select(['id', 'organization_id']).where('status', '<>', 'DISCONNECTED').execute();
  for (const row of rows) await deps.workflows.mailboxSync.start({ id: row.id, organizationId: row.organization_id });
  return rows.length;
}
