// The outbox: record commands inside the caller's transaction, claim due ones with a lease (a drain
// that dies lets them go when it ends), mark them done or failed. Its queries are in outbox.queries.ts.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { mailboxSyncWorkflowId } from '../../workflows/mailbox-sync.definitions.ts';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { LEAD_IMPORT_ENTRY_PREFIX, commandWorkflowId, type StoredCommand } from './commands.ts';
import type { WorkflowCommand } from './command.types.ts';
import {
  LEASE_MS,
  claimDueCommandRows,
  claimUntried as claimUntriedRows,
  claimUntriedById,
  insertCommandRows,
  insertOneCommand,
  markCommandFailed,
  markDoneById,
  markLeadImportsDone,
  pendingCommandWorkflowIds,
  type CommandRow,
  type Which,
} from './outbox.queries.ts';

/** A new command is left to the request that recorded it (the fast path) this long before the drain takes it. */
export const FAST_PATH_GRACE_MS = 30_000;
/** The pause after a failed delivery: doubling from 1 s, at most 5 minutes. */
const retryDelayMs = (attempts: number) => Math.min(300_000, 1_000 * 2 ** Math.max(0, attempts - 1));

/** Records the commands in `tx` (the transaction of the change they announce); answers their ids. */
export async function recordCommands(
  tx: EntityManager,
  taskQueue: string,
  commands: WorkflowCommand[],
): Promise<string[]> {
  return (await recordStoredCommands(tx, taskQueue, commands)).map((c) => c.id);
}

/** recordCommands, answering the rows as written: the request that recorded them delivers them without claiming (deliverRecorded). */
export async function recordStoredCommands(
  tx: EntityManager,
  taskQueue: string,
  commands: WorkflowCommand[],
): Promise<StoredCommand[]> {
  return insertCommands(
    tx,
    commands.map((command) => ({ command, workflowId: commandWorkflowId(command, taskQueue) })),
  );
}

/**
 * RUN_CHANGED for runs whose row changed outside their workflow (ended, paused or resumed, or a held
 * run let go), in `tx`: the run re-reads its row when the command is delivered. Answers the commands
 * as written (deliverRunsChanged finds them by run; deliverRecorded takes them as they are).
 */
export async function recordRunsChanged(
  tx: EntityManager,
  runs: { id: string; organizationId: string }[],
): Promise<StoredCommand[]> {
  return insertCommands(tx, runs.map(runChanged));
}

/**
 * MAILBOX_SYNC for mailboxes whose row changed (connected, tested, disconnected, their user
 * removed), in `tx`: their sync workflow is made to follow the row when the command is delivered.
 */
export async function recordMailboxSyncs(
  tx: EntityManager,
  mailboxes: { id: string; organizationId: string }[],
): Promise<StoredCommand[]> {
  return insertCommands(
    tx,
    mailboxes.map((m) => ({
      command: { kind: 'MAILBOX_SYNC', organizationId: m.organizationId, mailboxId: m.id } satisfies WorkflowCommand,
      workflowId: mailboxSyncWorkflowId(m.id),
    })),
  );
}

/** The RUN_CHANGED command of a run and the workflow it is for. */
const runChanged = (run: { id: string; organizationId: string }) => ({
  command: { kind: 'RUN_CHANGED', organizationId: run.organizationId, sequenceId: run.id } satisfies WorkflowCommand,
  workflowId: sequenceWorkflowId(run.id),
});

/**
 * The outbox row of a command recorded at `now`: left to the request that recorded it (its fast
 * path) for FAST_PATH_GRACE_MS, then due for the drain. For statements that write it with other rows.
 */
export function commandRowOf(command: WorkflowCommand, workflowId: string, now: Date) {
  return {
    id: randomUUID(),
    organization_id: command.organizationId,
    kind: command.kind,
    workflow_id: workflowId,
    payload: command,
    next_attempt_at: new Date(now.getTime() + FAST_PATH_GRACE_MS),
    created_at: now,
  };
}

/** commandRowOf for a run's RUN_CHANGED. */
export const runChangedRowOf = (run: { id: string; organizationId: string }, now: Date) => {
  const { command, workflowId } = runChanged(run);
  return commandRowOf(command, workflowId, now);
};

/** A command row as written, as its fast path delivers it (not tried yet). */
export const storedCommandOf = (row: ReturnType<typeof commandRowOf>): StoredCommand => ({
  id: row.id,
  kind: row.kind,
  workflowId: row.workflow_id,
  command: row.payload,
  attempts: 0,
});

async function insertCommands(
  tx: EntityManager,
  commands: { command: WorkflowCommand; workflowId: string }[],
): Promise<StoredCommand[]> {
  if (!commands.length) return [];
  const now = new Date();
  const rows = commands.map(({ command, workflowId }) => commandRowOf(command, workflowId, now));
  if (rows.length === 1) {
    const [r] = rows;
    await insertOneCommand(
      tx,
      r.id,
      r.organization_id,
      r.kind,
      r.workflow_id,
      r.payload,
      r.next_attempt_at,
      r.created_at,
    );
  } else {
    await insertCommandRows(tx, rows);
  }
  return rows.map(storedCommandOf);
}

const stored = (r: CommandRow): StoredCommand => ({
  id: r.id,
  kind: r.kind,
  workflowId: r.workflow_id,
  command: r.payload,
  attempts: r.attempts,
});

/** Takes these commands (the fast path, right after their commit) unless a drain tried them already. */
export async function claimCommandsById(em: EntityManager, ids: string[]): Promise<StoredCommand[]> {
  if (!ids.length) return [];
  return (await claimUntriedById(em, ids)).map(stored);
}

/** The fast path of a change that knows its runs, not its command ids: their untried RUN_CHANGED commands. */
export async function claimRunsChanged(em: EntityManager, sequenceIds: string[]): Promise<StoredCommand[]> {
  if (!sequenceIds.length) return [];
  return claimUntried(em, (eb) =>
    eb.and([
      eb('kind', '=', 'RUN_CHANGED'),
      eb('workflow_id', '=', eb.fn.any(eb.val(sequenceIds.map(sequenceWorkflowId)))),
    ]),
  );
}

/** The fast path of a mailbox change: its untried MAILBOX_SYNC commands. */
export async function claimMailboxSyncs(em: EntityManager, mailboxIds: string[]): Promise<StoredCommand[]> {
  if (!mailboxIds.length) return [];
  return claimUntried(em, (eb) =>
    eb.and([
      eb('kind', '=', 'MAILBOX_SYNC'),
      eb('workflow_id', '=', eb.fn.any(eb.val(mailboxIds.map(mailboxSyncWorkflowId)))),
    ]),
  );
}

async function claimUntried(em: EntityManager, which: Which): Promise<StoredCommand[]> {
  return (await claimUntriedRows(em, which, LEASE_MS)).map(stored);
}

export interface ClaimOptions {
  organizationId?: string;
  /** Also commands not due yet (left to their fast path, or pausing after a failure): an operator's drain. */
  all?: boolean;
}

/** Takes up to `limit` due commands, oldest first. */
export async function claimDueCommands(
  em: EntityManager,
  limit: number,
  options: ClaimOptions = {},
): Promise<StoredCommand[]> {
  return (await claimDueCommandRows(em, limit, LEASE_MS, options)).map(stored);
}

export async function markDone(em: EntityManager, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await markDoneById(em, ids);
}

/** The LEAD_IMPORT commands of these entries are settled another way (the entries were marked FAILED). */
export async function markEntryCommandsDone(tx: EntityManager, entryIds: string[]): Promise<void> {
  if (!entryIds.length) return;
  await markLeadImportsDone(
    tx,
    entryIds.map((id) => `${LEAD_IMPORT_ENTRY_PREFIX}${id}`),
  );
}

/**
 * A failed delivery: kept PENDING with the error, due again after a growing pause. `attempts`
 * counts this try (a command delivered without a claim, by the request that recorded it, is
 * counted here).
 */
export async function markFailed(em: EntityManager, command: StoredCommand, error: string): Promise<void> {
  await markCommandFailed(em, command.id, command.attempts, error, retryDelayMs(command.attempts));
}

/** Commands recorded but not delivered yet, per workflow id (reconcile reads them as "on their way"). */
export async function pendingWorkflowIds(em: EntityManager, organizationId?: string): Promise<Set<string>> {
  return new Set(await pendingCommandWorkflowIds(em, organizationId));
}
