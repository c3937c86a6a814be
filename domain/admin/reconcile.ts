// Reconcile: the rows and the workflows that disagree, and (with fix) their repair. A sequence run
// (ACTIVE or waiting) and every signal have a running workflow; a running sequence or signal
// workflow has a row that still needs it. Commands still in the outbox are on their way, not a
// disagreement; a fix delivers them first. Repairs: a missing workflow is started from its row, an
// orphan workflow is terminated (its row is gone or ended, so nothing of it is lost). Contact
// entries whose lead import was dropped are reported too and queued again (reconcile-lead-imports.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { SIGNAL_WORKFLOW, signalWorkflowId } from '../../workflows/signal.definitions.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { drainCommands } from '../workflow-commands/deliver.ts';
import { pendingWorkflowIds } from '../workflow-commands/outbox.ts';
import { requeueEntries, stuckEntries } from './reconcile-lead-imports.ts';
import { WORKFLOW_STATUSES } from '../sequences/statuses.ts';
import { allSignals, rowStatuses, runsWithStatus } from './admin.queries.ts';

const WITH_WORKFLOW: readonly string[] = WORKFLOW_STATUSES;

export interface ReconcileDeps {
  em: EntityManager;
  workflows: WorkflowClients;
}

export interface Disagreement {
  /** ROW_WITHOUT_WORKFLOW: the row needs a running workflow and has none. ORPHAN_WORKFLOW: a running workflow whose row is gone or ended. */
  kind: 'ROW_WITHOUT_WORKFLOW' | 'ORPHAN_WORKFLOW';
  resource: 'SEQUENCE' | 'SIGNAL' | 'CONTACT_ENTRY';
  id: string;
  organization_id: string | null;
  workflow_id: string;
  /** The row's status; null when the row is missing. */
  row_status: string | null;
  /** With --fix: what was done (STARTED, TERMINATED, REQUEUED), or the error; null without --fix. */
  repair: string | null;
}

export interface ReconcileReport {
  organization_id: string | null;
  fixed: boolean;
  /** Outbox commands delivered before looking (with --fix), and those still pending. */
  commands_delivered: number;
  commands_pending: number;
  disagreements: Disagreement[];
}

async function repair(fix: boolean, action: () => Promise<string>): Promise<string | null> {
  if (!fix) return null;
  try {
    return await action();
  } catch (error) {
    return `FAILED: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export async function reconcile(
  deps: ReconcileDeps,
  options: { organizationId?: string; fix?: boolean } = {},
): Promise<ReconcileReport> {
  const { em, workflows } = deps;
  const { inventory } = workflows;
  const fix = options.fix ?? false;
  const organizationId = options.organizationId;
  let delivered = 0;
  if (fix) {
    for (
      let pass = await drainCommands(em, deps, 500, { organizationId, all: true });
      ;
      pass = await drainCommands(em, deps, 500, { organizationId, all: true })
    ) {
      delivered += pass.delivered;
      if (pass.claimed < 500) break;
    }
  }
  const pending = await pendingWorkflowIds(em, organizationId);
  const sequences = await runsWithStatus(em, WITH_WORKFLOW, organizationId);
  const signals = await allSignals(em, organizationId);
  const out: Disagreement[] = [];

  const runningSequences = await inventory.listRunning(SEQUENCE_WORKFLOW, organizationId);
  for (const row of sequences) {
    const workflowId = sequenceWorkflowId(row.id);
    if (runningSequences.has(workflowId) || pending.has(workflowId) || (await inventory.isRunning(workflowId)))
      continue;
    out.push({
      kind: 'ROW_WITHOUT_WORKFLOW',
      resource: 'SEQUENCE',
      id: row.id,
      organization_id: row.organization_id,
      workflow_id: workflowId,
      row_status: row.status,
      repair: await repair(fix, async () => {
        await workflows.sequence.start(row.organization_id, {
          sequenceId: row.id,
          contactId: row.contact_id!,
          sequenceTemplateId: row.sequence_template_id!,
        });
        return 'STARTED';
      }),
    });
  }
  const runningSignals = await inventory.listRunning(SIGNAL_WORKFLOW, organizationId);
  for (const row of signals) {
    const workflowId = signalWorkflowId(row.id);
    if (runningSignals.has(workflowId) || pending.has(workflowId) || (await inventory.isRunning(workflowId))) continue;
    out.push({
      kind: 'ROW_WITHOUT_WORKFLOW',
      resource: 'SIGNAL',
      id: row.id,
      organization_id: row.organization_id,
      workflow_id: workflowId,
      row_status: row.status,
      repair: await repair(fix, async () => {
        await workflows.signal.start(row.organization_id, row.id);
        return 'STARTED';
      }),
    });
  }

  // Running workflows against their rows.
  const orphans = async (
    resource: Disagreement['resource'],
    running: Map<string, string | null>,
    prefix: string,
    table: 'sequences' | 'signals',
    live: (status: string) => boolean,
  ) => {
    const ids = [...running.keys()].filter((w) => w.startsWith(prefix)).map((w) => w.slice(prefix.length));
    if (!ids.length) return;
    const rows = await rowStatuses(em, table, ids);
    const statusOf = new Map(rows.map((r) => [r.id, r.status]));
    for (const id of ids) {
      const status = statusOf.get(id) ?? null;
      if (status !== null && live(status)) continue;
      const workflowId = `${prefix}${id}`;
      out.push({
        kind: 'ORPHAN_WORKFLOW',
        resource,
        id,
        organization_id: running.get(workflowId) ?? null,
        workflow_id: workflowId,
        row_status: status,
        repair: await repair(fix, async () => {
          await inventory.terminate(
            workflowId,
            status === null ? 'reconcile: its row is gone' : `reconcile: its row is ${status}`,
          );
          return 'TERMINATED';
        }),
      });
    }
  };
  // A FOUND run is started by its approval, so a running workflow of a FOUND row is not an orphan either.
  await orphans(
    'SEQUENCE',
    runningSequences,
    sequenceWorkflowId(''),
    'sequences',
    (s) => WITH_WORKFLOW.includes(s) || s === 'FOUND',
  );
  await orphans('SIGNAL', runningSignals, signalWorkflowId(''), 'signals', () => true);

  // Contact entries whose lead import was dropped: reported, and with fix queued again.
  const stuck = await stuckEntries(em, workflows, pending, organizationId);
  const requeued = fix && stuck.length ? await requeueEntries(em, workflows, stuck) : new Map<string, string>();
  for (const entry of stuck) {
    out.push({
      kind: 'ROW_WITHOUT_WORKFLOW',
      resource: 'CONTACT_ENTRY',
      id: entry.id,
      organization_id: entry.organization_id,
      workflow_id: entry.workflow_id,
      row_status: 'PENDING',
      repair: fix ? (requeued.get(entry.id) ?? null) : null,
    });
  }

  return {
    organization_id: organizationId ?? null,
    fixed: fix,
    commands_delivered: delivered,
    commands_pending: (await pendingWorkflowIds(em, organizationId)).size,
    disagreements: out,
  };
}
