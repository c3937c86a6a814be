// The outbox table's reads and writes: record commands inside the caller's transaction, claim due
// ones with a lease (a drain that dies lets them go when it ends), mark them done or failed.
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { LEAD_IMPORT_ENTRY_PREFIX, commandWorkflowId, type StoredCommand, type WorkflowCommand } from './commands.ts';

/** How long a claimed command is held before another drain may take it. */
const LEASE_MS = 60_000;
/** A new command is left to the request that recorded it (the fast path) this long before the drain takes it. */
export const FAST_PATH_GRACE_MS = 30_000;
/** The pause after a failed delivery: doubling from 1 s, at most 5 minutes. */
const retryDelayMs = (attempts: number) => Math.min(300_000, 1_000 * 2 ** Math.max(0, attempts - 1));

/** Records the commands in `tx` (the transaction of the change they announce); answers their ids. */
export async function recordCommands(tx: EntityManager, taskQueue: string, commands: WorkflowCommand[]): Promise<string[]> {
  return insertCommands(tx, commands.map((command) => ({ command, workflowId: commandWorkflowId(command, taskQueue) })));
}

/**
 * RUN_CHANGED for runs whose row changed outside their workflow (ended, or a held run let go), in
 * `tx`: the run re-reads its row when the command is delivered.
 */
export async function recordRunsChanged(tx: EntityManager, runs: { id: string; organizationId: string }[]): Promise<string[]> {
  return insertCommands(tx, runs.map((run) => ({
    command: { kind: 'RUN_CHANGED', organizationId: run.organizationId, sequenceId: run.id },
    workflowId: sequenceWorkflowId(run.id),
  })));
}

async function insertCommands(tx: EntityManager, commands: { command: WorkflowCommand; workflowId: string }[]): Promise<string[]> {
  if (!commands.length) return [];
  const now = new Date();
  const due = new Date(now.getTime() + FAST_PATH_GRACE_MS);
  const rows = commands.map((c) => ({ id: randomUUID(), ...c }));
  const values = rows.map(({ id, command, workflowId }) =>
    sql`(${id}, ${command.organizationId}, ${command.kind}, ${workflowId}, ${JSON.stringify(command)}::jsonb, ${due}, ${now})`);
  await sql`
    INSERT INTO workflow_commands (id, organization_id, kind, workflow_id, payload, next_attempt_at, created_at)
    VALUES ${sql.join(values)}`.execute(tx.getKysely());
  return rows.map((r) => r.id);
}

interface CommandRow {
  id: string;
  kind: StoredCommand['kind'];
  workflow_id: string;
  payload: WorkflowCommand;
  attempts: number;
}

const stored = (r: CommandRow): StoredCommand => ({ id: r.id, kind: r.kind, workflowId: r.workflow_id, command: r.payload, attempts: r.attempts });

/** Takes these commands (the fast path, right after their commit) unless a drain tried them already. */
export async function claimCommandsById(em: EntityManager, ids: string[]): Promise<StoredCommand[]> {
  if (!ids.length) return [];
  return claimUntried(em, sql`id = ANY (${ids}::uuid[])`);
}

/** The fast path of a change that knows its runs, not its command ids: their untried RUN_CHANGED commands. */
export async function claimRunsChanged(em: EntityManager, sequenceIds: string[]): Promise<StoredCommand[]> {
  if (!sequenceIds.length) return [];
  return claimUntried(em, sql`kind = 'RUN_CHANGED' AND workflow_id = ANY (${sequenceIds.map(sequenceWorkflowId)}::text[])`);
}

async function claimUntried(em: EntityManager, which: RawBuilder<unknown>): Promise<StoredCommand[]> {
  const { rows } = await sql<CommandRow>`
    UPDATE workflow_commands SET attempts = attempts + 1, next_attempt_at = now() + ${LEASE_MS}::int * interval '1 millisecond'
     WHERE ${which} AND status = 'PENDING' AND attempts = 0
    RETURNING id, kind, workflow_id, payload, attempts`.execute(em.getKysely());
  return rows.map(stored);
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
  const { rows } = await sql<CommandRow>`
    WITH due AS (
      SELECT id FROM workflow_commands WHERE status = 'PENDING' ${due} ${org}
       ORDER BY next_attempt_at, created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    UPDATE workflow_commands c SET attempts = c.attempts + 1, next_attempt_at = now() + ${LEASE_MS}::int * interval '1 millisecond'
      FROM due WHERE c.id = due.id
    RETURNING c.id, c.kind, c.workflow_id, c.payload, c.attempts`.execute(em.getKysely());
  return rows.map(stored);
}

export async function markDone(em: EntityManager, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await sql`UPDATE workflow_commands SET status = 'DONE', done_at = now(), last_error = NULL WHERE id = ANY (${ids}::uuid[]) AND status = 'PENDING'`
    .execute(em.getKysely());
}

/** The LEAD_IMPORT commands of these entries are settled another way (the entries were marked FAILED). */
export async function markEntryCommandsDone(tx: EntityManager, entryIds: string[]): Promise<void> {
  if (!entryIds.length) return;
  await sql`UPDATE workflow_commands SET status = 'DONE', done_at = now() WHERE kind = 'LEAD_IMPORT' AND status = 'PENDING'
             AND workflow_id = ANY (${entryIds.map((id) => `${LEAD_IMPORT_ENTRY_PREFIX}${id}`)}::text[])`.execute(tx.getKysely());
}

/** A failed delivery: kept PENDING with the error, due again after a growing pause. */
export async function markFailed(em: EntityManager, command: StoredCommand, error: string): Promise<void> {
  await sql`
    UPDATE workflow_commands SET last_error = ${error}, next_attempt_at = now() + ${retryDelayMs(command.attempts)}::int * interval '1 millisecond'
     WHERE id = ${command.id} AND status = 'PENDING'`.execute(em.getKysely());
}

/** Commands recorded but not delivered yet, per workflow id (reconcile reads them as "on their way"). */
export async function pendingWorkflowIds(em: EntityManager, organizationId?: string): Promise<Set<string>> {
  const org = organizationId ? sql`AND organization_id = ${organizationId}` : sql``;
  const { rows } = await sql<{ workflow_id: string }>`SELECT DISTINCT workflow_id FROM workflow_commands WHERE status = 'PENDING' ${org}`.execute(em.getKysely());
  return new Set(rows.map((r) => r.workflow_id));
}
