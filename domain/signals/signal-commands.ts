// Every signal change reaches the signal's workflow through the outbox of workflow commands: the
// row change and its SIGNAL_CHANGED command commit together, and the command is delivered right
// after the commit (the drain delivers what that misses: a crash, Temporal gone meanwhile, an
// Update not taken up in time or its answer lost). The workflow re-reads the row whatever the
// change, so a delivery repeated by the drain is harmless. The last step before the commit is a
// ping of the workflow service: when it does not answer, the request is refused (503) and the
// transaction rolls back, so nothing is written. It comes after every check of the request, so a
// 404, 409 or 422 answers as it would with Temporal up, and a change with nothing for the workflow
// (an unchanged status, an archived signal's rename) needs no ping.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowCommand } from '../workflow-commands/command.types.ts';
import { deliverNow } from '../workflow-commands/deliver.ts';
import { recordCommands } from '../workflow-commands/outbox.ts';
import { requireWorkflowService } from '../workflow-commands/reachable.ts';
import type { SignalsDeps } from './signal-records.ts';

type SignalChangeKind = Extract<WorkflowCommand, { kind: 'SIGNAL_CHANGED' }>['change'];

/**
 * Runs `work` (the row change) in one transaction with the SIGNAL_CHANGED command it answers
 * (`change` null: nothing for the workflow), then delivers the command. Answers what `work`
 * answered: the committed change, whether or not the delivery went through at once.
 */
export async function changeSignal<T>(
  deps: SignalsDeps, organizationId: string, work: (tx: EntityManager) => Promise<{ result: T; signalId: string; change: SignalChangeKind | null }>,
): Promise<T> {
  const { result, commandIds } = await deps.em.transactional(async (tx) => {
    const done = await work(tx);
    if (!done.change) return { result: done.result, commandIds: [] };
    // Bounded (a few seconds) while the signal's row is locked: only in an outage does it take long.
    await requireWorkflowService(deps.workflows);
    const command: WorkflowCommand = { kind: 'SIGNAL_CHANGED', organizationId, signalId: done.signalId, change: done.change };
    return { result: done.result, commandIds: await recordCommands(tx, deps.workflows.taskQueue, [command]) };
  });
  await deliverNow(deps.em, deps, commandIds);
  return result;
}
