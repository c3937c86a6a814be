// Every signal change reaches the signal's workflow through the outbox of workflow commands: the
// row change and its SIGNAL_CHANGED command commit together, with no call to Temporal before the
// commit, and the command is delivered right after it (the fast path). What that misses (a crash,
// Temporal unreachable, an Update not taken up in time or its answer lost) the drain delivers
// later. The workflow re-reads the row whatever the change, so a repeated delivery is harmless. A
// change with nothing for the workflow (an unchanged status, an archived signal's rename) records
// no command. See docs/workflow-commands.md, "Controls".
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowCommand } from '../workflow-commands/command.types.ts';
import { deliverRecorded } from '../workflow-commands/deliver.ts';
import { recordStoredCommands } from '../workflow-commands/outbox.ts';
import type { SignalsDeps } from './signal-records.ts';

type SignalChangeKind = Extract<WorkflowCommand, { kind: 'SIGNAL_CHANGED' }>['change'];

/**
 * Runs `work` (the row change) in one transaction with the SIGNAL_CHANGED command it answers
 * (`change` null: nothing for the workflow), then delivers the command. Answers what `work`
 * answered: the committed change, whether or not the delivery went through at once.
 */
export async function changeSignal<T>(
  deps: SignalsDeps,
  organizationId: string,
  work: (tx: EntityManager) => Promise<{ result: T; signalId: string; change: SignalChangeKind | null }>,
): Promise<T> {
  const { result, commands } = await deps.em.transactional(async (tx) => {
    const done = await work(tx);
    if (!done.change) return { result: done.result, commands: [] };
    const command: WorkflowCommand = {
      kind: 'SIGNAL_CHANGED',
      organizationId,
      signalId: done.signalId,
      change: done.change,
    };
    return { result: done.result, commands: await recordStoredCommands(tx, deps.workflows.taskQueue, [command]) };
  });
  await deliverRecorded(deps.em, deps, commands);
  return result;
}
