// A mailbox's sync workflow follows its row: running while the mailbox is not DISCONNECTED, cancelled
// once it is. Connect, test, disconnect and a user's removal record a MAILBOX_SYNC command with the
// change (domain/workflow-commands); its delivery reads the row and starts, wakes or stops the sync,
// so commands delivered late or out of order still end where the row is. Every worker start asks
// again for every mailbox (a running sync is kept), so a workflow lost to a wiped Temporal comes back.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { mailboxStatus, syncedMailboxes } from './mailboxes.queries.ts';

type SyncClients = Pick<WorkflowClients, 'mailboxSync'>;

export async function ensureMailboxSyncs(deps: { em: EntityManager; workflows: SyncClients }): Promise<number> {
  const rows = await syncedMailboxes(deps.em);
  for (const row of rows) await deps.workflows.mailboxSync.start({ id: row.id, organizationId: row.organization_id });
  return rows.length;
}

async function wantsSync(em: EntityManager, mailboxId: string): Promise<boolean> {
  const status = await mailboxStatus(em, mailboxId);
  return status !== undefined && status !== 'DISCONNECTED';
}

/**
 * Starts (or wakes: a sync waiting after a refused login tries again at once) the mailbox's sync
 * when its row is not DISCONNECTED; cancels it otherwise. A connect that commits while the cancel is
 * on its way is read again after it, and its sync started.
 */
export async function followMailboxRow(
  em: EntityManager,
  workflows: SyncClients,
  mailbox: { id: string; organizationId: string },
): Promise<void> {
  if (await wantsSync(em, mailbox.id)) return workflows.mailboxSync.start(mailbox);
  await workflows.mailboxSync.stop(mailbox.id);
  if (await wantsSync(em, mailbox.id)) await workflows.mailboxSync.start(mailbox);
}
