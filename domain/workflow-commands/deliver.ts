// Delivering outbox commands to Temporal, idempotently by workflow id: a start that finds the
// workflow running is success (USE_EXISTING); signals and the signal's re-read are nudges that are
// safe to repeat; a signal to a sequence run whose workflow is gone is done (the run reads its row
// at its next step, and reconcile starts a missing one). Lead-import entries claimed together start
// one lead-import workflow per organization. A mailbox's sync follows its row whatever the order
// its commands arrive in (the row, read at delivery, says whether it runs).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { followMailboxRow } from '../mailboxes/sync-workflows.ts';
import { WorkflowNotRunningError } from '../shared/errors.ts';
import { truncateText } from '../shared/text.ts';
import type { StoredCommand } from './commands.ts';
import type { WorkflowCommand } from './command.types.ts';
import {
  claimCommandsById,
  claimDueCommands,
  claimMailboxSyncs,
  claimRunsChanged,
  markDone,
  markFailed,
  type ClaimOptions,
} from './outbox.ts';

/** Workflows told at once (a template archived ends many runs in one request). */
const DELIVERY_CONCURRENCY = 16;

export interface CommandDeliveryDeps {
  workflows: WorkflowClients;
  logger?: Pick<Logger, 'warn'>;
}

/** A call to a workflow that is gone (or not started yet) counts as delivered: the run reads its row when it (re)starts. */
export async function ignoringMissing(signal: () => Promise<void>): Promise<void> {
  try {
    await signal();
  } catch (error) {
    if (!(error instanceof WorkflowNotRunningError)) throw error;
  }
}

type OneCommand = Exclude<WorkflowCommand, { kind: 'LEAD_IMPORT' }>;
/** How a command reaches its workflow (`em` reads what the delivery needs from the rows). */
export type Delivery = (deps: CommandDeliveryDeps & { em: EntityManager }, command: OneCommand) => Promise<void>;

const deliverOne: Delivery = async ({ workflows, em }, command) => {
  switch (command.kind) {
    case 'START_SEQUENCE':
      return workflows.sequence.start(command.organizationId, command);
    case 'TASK_COMPLETED':
      return ignoringMissing(() => workflows.sequence.taskCompleted(command.sequenceId, command.taskId));
    case 'RUN_CHANGED':
      return ignoringMissing(() => workflows.sequence.runChanged(command.sequenceId));
    case 'WAKE_PLAYBOOKS':
      return ignoringMissing(() => workflows.eventResolution.drainNow());
    case 'SIGNAL_CHANGED':
      if (command.change === 'CREATE') return workflows.signal.start(command.organizationId, command.signalId);
      return workflows.signal.changed(command.organizationId, command.signalId, command.change);
    case 'MAILBOX_SYNC':
      return followMailboxRow(em, workflows, { id: command.mailboxId, organizationId: command.organizationId });
    case 'ERASE_PERSON':
      return workflows.erasure.start(command.organizationId, command.jobId);
  }
};

/** Delivers claimed commands; answers the ids delivered and the failures with their errors. */
async function deliverAll(
  deps: CommandDeliveryDeps & { em: EntityManager },
  commands: StoredCommand[],
  deliver: Delivery,
): Promise<{ done: string[]; failed: { command: StoredCommand; error: string }[] }> {
  const done: string[] = [];
  const failed: { command: StoredCommand; error: string }[] = [];
  const message = (error: unknown) => truncateText(error instanceof Error ? error.message : String(error), 500);
  const imports = new Map<string, StoredCommand[]>();
  const byWorkflow = new Map<string, StoredCommand[]>();
  for (const stored of commands) {
    const command = stored.command;
    if (command.kind === 'LEAD_IMPORT')
      imports.set(command.organizationId, [...(imports.get(command.organizationId) ?? []), stored]);
    else byWorkflow.set(stored.workflowId, [...(byWorkflow.get(stored.workflowId) ?? []), stored]);
  }
  // One workflow's commands one after another (each has it re-read its row); different workflows side by side.
  const queue = [...byWorkflow.values()];
  const deliverGroups = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      for (const stored of group) {
        try {
          await deliver(deps, stored.command as OneCommand);
          done.push(stored.id);
        } catch (error) {
          failed.push({ command: stored, error: message(error) });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, queue.length) }, deliverGroups));
  for (const [organizationId, group] of imports) {
    const entries = group.map((g) => g.command as Extract<WorkflowCommand, { kind: 'LEAD_IMPORT' }>);
    try {
      await deps.workflows.leadImport.start(
        organizationId,
        entries.filter((e) => e.import).map((e) => e.entryId),
        entries.filter((e) => !e.import).map((e) => e.entryId),
      );
      done.push(...group.map((g) => g.id));
    } catch (error) {
      for (const command of group) failed.push({ command, error: message(error) });
    }
  }
  return { done, failed };
}

/** Delivers, then records each outcome: done, or pending again with the error (reported). */
async function settle(
  em: EntityManager,
  deps: CommandDeliveryDeps,
  commands: StoredCommand[],
  deliver: Delivery = deliverOne,
): Promise<{ delivered: number; failed: string[] }> {
  const { done, failed } = await deliverAll({ ...deps, em }, commands, deliver);
  await markDone(em, done);
  for (const f of failed) {
    deps.logger?.warn(
      { commandId: f.command.id, kind: f.command.kind, workflowId: f.command.workflowId, error: f.error },
      'a workflow command was not delivered; the drain retries it',
    );
    await markFailed(em, f.command, f.error);
  }
  return { delivered: done.length, failed: failed.map((f) => f.command.id) };
}

/**
 * The fast path: delivers the commands a request just committed. Never throws for a delivery that
 * failed (the drain delivers it later); answers the ids still pending.
 */
export async function deliverNow(em: EntityManager, deps: CommandDeliveryDeps, ids: string[]): Promise<string[]> {
  return (await settle(em, deps, await claimCommandsById(em, ids))).failed;
}

/**
 * The fast path of commands this request recorded (recordStoredCommands) a moment ago: delivered
 * without a claim (nothing else takes them before FAST_PATH_GRACE_MS; a drain that did anyway would
 * repeat an idempotent delivery). Never throws for a failed delivery; answers the ids still pending.
 * `deliver` replaces the usual delivery where the request has more to say than the drain could
 * (e.g. a RUN_CHANGED told as the Update that carries the change; the drain signals it instead).
 */
export async function deliverRecorded(
  em: EntityManager,
  deps: CommandDeliveryDeps,
  commands: StoredCommand[],
  deliver: Delivery = deliverOne,
): Promise<string[]> {
  // This delivery is their first attempt, as a claim would have counted it.
  return (
    await settle(
      em,
      deps,
      commands.map((c) => ({ ...c, attempts: c.attempts + 1 })),
      deliver,
    )
  ).failed;
}

/**
 * The fast path of runs changed outside their workflow (endRuns and recordRunsChanged recorded
 * their RUN_CHANGED commands): delivers those not tried yet. Never throws for a failed delivery.
 */
export async function deliverRunsChanged(
  em: EntityManager,
  deps: CommandDeliveryDeps,
  sequenceIds: string[],
): Promise<void> {
  await settle(em, deps, await claimRunsChanged(em, sequenceIds));
}

/** The fast path of mailbox changes (MAILBOX_SYNC commands recorded with them): delivers those not tried yet. Never throws for a failed delivery. */
export async function deliverMailboxSyncs(
  em: EntityManager,
  deps: CommandDeliveryDeps,
  mailboxIds: string[],
): Promise<string[]> {
  return (await settle(em, deps, await claimMailboxSyncs(em, mailboxIds))).failed;
}

/** The durable path: one pass over due commands, `limit` at most. */
export async function drainCommands(
  em: EntityManager,
  deps: CommandDeliveryDeps,
  limit: number,
  options: ClaimOptions = {},
): Promise<{ claimed: number; delivered: number; failed: number }> {
  const claimed = await claimDueCommands(em, limit, options);
  const settled = await settle(em, deps, claimed);
  return { claimed: claimed.length, delivered: settled.delivered, failed: settled.failed.length };
}
