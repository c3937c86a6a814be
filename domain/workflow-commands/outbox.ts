// The outbox table's reads and writes: record commands inside the caller's transaction, claim due
// ones with a lease (a drain that dies lets them go when it ends), mark them done or failed.
import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type ExpressionWrapper, type Kysely, type SqlBool } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { nowPlus, typedKysely, type DB, type Row } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';
import { mailboxSyncWorkflowId } from '../../workflows/mailbox-sync.definitions.ts';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { LEAD_IMPORT_ENTRY_PREFIX, commandWorkflowId, type StoredCommand } from './commands.ts';
import type { WorkflowCommand } from './command.types.ts';

/** How long a claimed command is held before another drain may take it. */
const LEASE_MS = 60_000;
/** A new command is left to the request that recorded it (the fast path) this long before the drain takes it. */
export const FAST_PATH_GRACE_MS = 30_000;
/** The pause after a failed delivery: doubling from 1 s, at most 5 minutes. */
const retryDelayMs = (attempts: number) => Math.min(300_000, 1_000 * 2 ** Math.max(0, attempts - 1));

/** Records the commands in `tx` (the transaction of the change they announce); answers their ids. */
export async function recordCommands(tx: EntityManager, taskQueue: string, commands: WorkflowCommand[]): Promise<string[]> {
  return (await recordStoredCommands(tx, taskQueue, commands)).map((c) => c.id);
}

/** recordCommands, answering the rows as written: the request that recorded them delivers them without claiming (deliverRecorded). */
export async function recordStoredCommands(tx: EntityManager, taskQueue: string, commands: WorkflowCommand[]): Promise<StoredCommand[]> {
  return insertCommands(tx, commands.map((command) => ({ command, workflowId: commandWorkflowId(command, taskQueue) })));
}

/**
 * RUN_CHANGED for runs whose row changed outside their workflow (ended, paused or resumed, or a held
 * run let go), in `tx`: the run re-reads its row when the command is delivered. Answers the commands
 * as written (deliverRunsChanged finds them by run; deliverRecorded takes them as they are).
 */
export async function recordRunsChanged(tx: EntityManager, runs: { id: string; organizationId: string }[]): Promise<StoredCommand[]> {
  return insertCommands(tx, runs.map(runChanged));
}

/**
 * MAILBOX_SYNC for mailboxes whose row changed (connected, tested, disconnected, their user
 * removed), in `tx`: their sync workflow is made to follow the row when the command is delivered.
 */
export async function recordMailboxSyncs(tx: EntityManager, mailboxes: { id: string; organizationId: string }[]): Promise<StoredCommand[]> {
  return insertCommands(tx, mailboxes.map((m) => ({
    command: { kind: 'MAILBOX_SYNC', organizationId: m.organizationId, mailboxId: m.id } satisfies WorkflowCommand,
    workflowId: mailboxSyncWorkflowId(m.id),
  })));
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
    id: randomUUID(), organization_id: command.organizationId, kind: command.kind, workflow_id: workflowId, payload: command,
    next_attempt_at: new Date(now.getTime() + FAST_PATH_GRACE_MS), created_at: now,
  };
}

/** commandRowOf for a run's RUN_CHANGED. */
export const runChangedRowOf = (run: { id: string; organizationId: string }, now: Date) => {
  const { command, workflowId } = runChanged(run);
  return commandRowOf(command, workflowId, now);
};

/** A command row as written, as its fast path delivers it (not tried yet). */
export const storedCommandOf = (row: ReturnType<typeof commandRowOf>): StoredCommand =>
  ({ id: row.id, kind: row.kind, workflowId: row.workflow_id, command: row.payload, attempts: 0 });

async function insertCommands(tx: EntityManager, commands: { command: WorkflowCommand; workflowId: string }[]): Promise<StoredCommand[]> {
  if (!commands.length) return [];
  const now = new Date();
  const rows = commands.map(({ command, workflowId }) => commandRowOf(command, workflowId, now));
  if (rows.length === 1) {
    const [r] = rows;
    await insertOneCommand(tx, r.id, r.organization_id, r.kind, r.workflow_id, r.payload, r.next_attempt_at, r.created_at);
  } else {
    await typedKysely(tx).insertInto('workflow_commands').values(rows).execute();
  }
  return rows.map(storedCommandOf);
}

// The one command of most changes (an enrollment's start, a run changed): compiled once (db/statement.ts).
const insertOneCommand = statement((
  db, id: string, organizationId: string, kind: WorkflowCommand['kind'], workflowId: string, payload: WorkflowCommand, due: Date, now: Date,
) => db.insertInto('workflow_commands')
  .values({ id, organization_id: organizationId, kind, workflow_id: workflowId, payload, next_attempt_at: due, created_at: now }));

const RETURNED = ['id', 'kind', 'workflow_id', 'payload', 'attempts'] as const;
type CommandRow = Pick<Row<'workflow_commands'>, (typeof RETURNED)[number]>;

/** Which untried commands a fast path claims. */
type Which = (eb: ExpressionBuilder<DB, 'workflow_commands'>) => ExpressionWrapper<DB, 'workflow_commands', SqlBool>;

const stored = (r: CommandRow): StoredCommand => ({ id: r.id, kind: r.kind, workflowId: r.workflow_id, command: r.payload, attempts: r.attempts });

/** Takes these commands (the fast path, right after their commit) unless a drain tried them already. */
export async function claimCommandsById(em: EntityManager, ids: string[]): Promise<StoredCommand[]> {
  if (!ids.length) return [];
  return (await claimUntriedById(em, ids)).rows.map(stored);
}

// The fast path's claim and its mark, after every change that records a command: compiled once.
const claimUntriedById = statement((db, ids: string[]) => claimUntriedQuery(db, (eb) => eb('id', '=', eb.fn.any(eb.val(ids)))));
const markDoneById = statement((db, ids: string[]) => db.updateTable('workflow_commands')
  .set((eb) => ({ status: 'DONE', done_at: eb.fn<Date>('now'), last_error: null }))
  .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids)))).where('status', '=', 'PENDING'));

/** The fast path of a change that knows its runs, not its command ids: their untried RUN_CHANGED commands. */
export async function claimRunsChanged(em: EntityManager, sequenceIds: string[]): Promise<StoredCommand[]> {
  if (!sequenceIds.length) return [];
  return claimUntried(em, (eb) => eb.and([eb('kind', '=', 'RUN_CHANGED'), eb('workflow_id', '=', eb.fn.any(eb.val(sequenceIds.map(sequenceWorkflowId))))]));
}

/** The fast path of a mailbox change: its untried MAILBOX_SYNC commands. */
export async function claimMailboxSyncs(em: EntityManager, mailboxIds: string[]): Promise<StoredCommand[]> {
  if (!mailboxIds.length) return [];
  return claimUntried(em, (eb) => eb.and([eb('kind', '=', 'MAILBOX_SYNC'), eb('workflow_id', '=', eb.fn.any(eb.val(mailboxIds.map(mailboxSyncWorkflowId))))]));
}

function claimUntriedQuery(db: Kysely<DB>, which: Which) {
  return db.updateTable('workflow_commands')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: nowPlus(LEASE_MS) }))
    .where(which).where('status', '=', 'PENDING').where('attempts', '=', 0)
    .returning(RETURNED);
}

async function claimUntried(em: EntityManager, which: Which): Promise<StoredCommand[]> {
  return (await claimUntriedQuery(typedKysely(em), which).execute()).map(stored);
}

export interface ClaimOptions {
  organizationId?: string;
  /** Also commands not due yet (left to their fast path, or pausing after a failure): an operator's drain. */
  all?: boolean;
}

/** Takes up to `limit` due commands, oldest first. */
export async function claimDueCommands(em: EntityManager, limit: number, options: ClaimOptions = {}): Promise<StoredCommand[]> {
  const org = options.organizationId ? sql`AND organization_id = ${options.organizationId}` : sql``;
  const due = options.all ? sql`` : sql`AND next_attempt_at <= now()`;
  // SQL: the claim locks the due rows with SKIP LOCKED in a CTE and updates them in one statement.
  const { rows } = await sql<CommandRow>`
    WITH due AS (
      SELECT id FROM workflow_commands WHERE status = 'PENDING' ${due} ${org}
       ORDER BY next_attempt_at, created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    UPDATE workflow_commands c SET attempts = c.attempts + 1, next_attempt_at = ${nowPlus(LEASE_MS)}
      FROM due WHERE c.id = due.id
    RETURNING c.id, c.kind, c.workflow_id, c.payload, c.attempts`.execute(em.getKysely());
  return rows.map(stored);
}

export async function markDone(em: EntityManager, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await markDoneById(em, ids);
}

/** The LEAD_IMPORT commands of these entries are settled another way (the entries were marked FAILED). */
export async function markEntryCommandsDone(tx: EntityManager, entryIds: string[]): Promise<void> {
  if (!entryIds.length) return;
  await typedKysely(tx).updateTable('workflow_commands')
    .set((eb) => ({ status: 'DONE', done_at: eb.fn<Date>('now') }))
    .where('kind', '=', 'LEAD_IMPORT').where('status', '=', 'PENDING')
    .where((eb) => eb('workflow_id', '=', eb.fn.any(eb.val(entryIds.map((id) => `${LEAD_IMPORT_ENTRY_PREFIX}${id}`)))))
    .execute();
}

/**
 * A failed delivery: kept PENDING with the error, due again after a growing pause. `attempts`
 * counts this try (a command delivered without a claim, by the request that recorded it, is
 * counted here).
 */
export async function markFailed(em: EntityManager, command: StoredCommand, error: string): Promise<void> {
  await typedKysely(em).updateTable('workflow_commands')
    .set((eb) => ({ last_error: error, next_attempt_at: nowPlus(retryDelayMs(command.attempts)), attempts: eb.fn<number>('greatest', ['attempts', eb.val(command.attempts)]) }))
    .where('id', '=', command.id).where('status', '=', 'PENDING')
    .execute();
}

/** Commands recorded but not delivered yet, per workflow id (reconcile reads them as "on their way"). */
export async function pendingWorkflowIds(em: EntityManager, organizationId?: string): Promise<Set<string>> {
  const rows = await typedKysely(em)
    .selectFrom('workflow_commands').select('workflow_id').distinct()
    .where('status', '=', 'PENDING')
    .$if(!!organizationId, (q) => q.where('organization_id', '=', organizationId!))
    .execute();
  return new Set(rows.map((r) => r.workflow_id));
}
