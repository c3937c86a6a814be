// The outbox table's queries (workflow_commands), in typed Kysely; the statements of every change's
// fast path compiled once (db/statement.ts), the drain's claim in SQL. Each runs on the `em` it is
// given (its transaction, if any); outbox.ts holds the rules (leases, grace, retry pauses).
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  sql,
  type ExpressionBuilder,
  type ExpressionWrapper,
  type Insertable,
  type Kysely,
  type SqlBool,
} from 'kysely';
import { nowPlus, typedKysely, type DB, type Row } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';
import type { WorkflowCommand } from './command.types.ts';

const RETURNED = ['id', 'kind', 'workflow_id', 'payload', 'attempts'] as const;
/** A claimed command as the outbox holds it. */
export type CommandRow = Pick<Row<'workflow_commands'>, (typeof RETURNED)[number]>;

/** How long a claimed command is held before another drain may take it. */
export const LEASE_MS = 60_000;

/** Which untried commands a fast path claims. */
export type Which = (
  eb: ExpressionBuilder<DB, 'workflow_commands'>,
) => ExpressionWrapper<DB, 'workflow_commands', SqlBool>;

// The one command of most changes (an enrollment's start, a run changed): compiled once.
export const insertOneCommand = statement(
  (
    db,
    id: string,
    organizationId: string,
    kind: WorkflowCommand['kind'],
    workflowId: string,
    payload: WorkflowCommand,
    due: Date,
    now: Date,
  ) =>
    db.insertInto('workflow_commands').values({
      id,
      organization_id: organizationId,
      kind,
      workflow_id: workflowId,
      payload,
      next_attempt_at: due,
      created_at: now,
    }),
);

export async function insertCommandRows(tx: EntityManager, rows: Insertable<DB['workflow_commands']>[]): Promise<void> {
  await typedKysely(tx).insertInto('workflow_commands').values(rows).execute();
}

function claimUntriedQuery(db: Kysely<DB>, which: Which, leaseMs: number) {
  return db
    .updateTable('workflow_commands')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: nowPlus(leaseMs) }))
    .where(which)
    .where('status', '=', 'PENDING')
    .where('attempts', '=', 0)
    .returning(RETURNED);
}

/** Claims the untried commands `which` selects, each counting an attempt and leased for `leaseMs`. */
export function claimUntried(em: EntityManager, which: Which, leaseMs: number): Promise<CommandRow[]> {
  return claimUntriedQuery(typedKysely(em), which, leaseMs).execute();
}

// The fast path's claim and its mark, after every change that records a command: compiled once.
const claimUntriedByIdStatement = statement((db, ids: string[]) =>
  claimUntriedQuery(db, (eb) => eb('id', '=', eb.fn.any(eb.val(ids))), LEASE_MS),
);

/** Claims these commands unless a drain tried them already (leased for LEASE_MS). */
export async function claimUntriedById(em: EntityManager, ids: string[]): Promise<CommandRow[]> {
  return (await claimUntriedByIdStatement(em, ids)).rows;
}

const markDoneStatement = statement((db, ids: string[]) =>
  db
    .updateTable('workflow_commands')
    .set((eb) => ({ status: 'DONE', done_at: eb.fn<Date>('now'), last_error: null }))
    .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
    .where('status', '=', 'PENDING'),
);

/** These commands, still PENDING, are DONE. */
export async function markDoneById(em: EntityManager, ids: string[]): Promise<void> {
  await markDoneStatement(em, ids);
}

/**
 * Claims up to `limit` PENDING commands (only those due unless `all`; of one organization or all),
 * oldest due first, skipping rows another drain holds; each counts an attempt and is leased for `leaseMs`.
 */
export async function claimDueCommandRows(
  em: EntityManager,
  limit: number,
  leaseMs: number,
  options: { organizationId?: string; all?: boolean },
): Promise<CommandRow[]> {
  const org = options.organizationId ? sql`AND organization_id = ${options.organizationId}` : sql``;
  const due = options.all ? sql`` : sql`AND next_attempt_at <= now()`;
  // SQL: the claim locks the due rows with SKIP LOCKED in a CTE and updates them in one statement.
  const { rows } = await sql<CommandRow>`
    WITH due AS (
      SELECT id FROM workflow_commands WHERE status = 'PENDING' ${due} ${org}
       ORDER BY next_attempt_at, created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    UPDATE workflow_commands c SET attempts = c.attempts + 1, next_attempt_at = ${nowPlus(leaseMs)}
      FROM due WHERE c.id = due.id
    RETURNING c.id, c.kind, c.workflow_id, c.payload, c.attempts`.execute(em.getKysely());
  return rows;
}

/** The PENDING LEAD_IMPORT commands for these workflow ids are DONE. */
export async function markLeadImportsDone(tx: EntityManager, workflowIds: string[]): Promise<void> {
  await typedKysely(tx)
    .updateTable('workflow_commands')
    .set((eb) => ({ status: 'DONE', done_at: eb.fn<Date>('now') }))
    .where('kind', '=', 'LEAD_IMPORT')
    .where('status', '=', 'PENDING')
    .where((eb) => eb('workflow_id', '=', eb.fn.any(eb.val(workflowIds))))
    .execute();
}

/** A PENDING command keeps the error and is due again after `delayMs`; its attempts are at least `attempts`. */
export async function markCommandFailed(
  em: EntityManager,
  id: string,
  attempts: number,
  error: string,
  delayMs: number,
): Promise<void> {
  await typedKysely(em)
    .updateTable('workflow_commands')
    .set((eb) => ({
      last_error: error,
      next_attempt_at: nowPlus(delayMs),
      attempts: eb.fn<number>('greatest', ['attempts', eb.val(attempts)]),
    }))
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

/** The workflow ids of PENDING commands, of one organization or all. */
export async function pendingCommandWorkflowIds(em: EntityManager, organizationId?: string): Promise<string[]> {
  const rows = await typedKysely(em)
    .selectFrom('workflow_commands')
    .select('workflow_id')
    .distinct()
    .where('status', '=', 'PENDING')
    .$if(!!organizationId, (q) => q.where('organization_id', '=', organizationId!))
    .execute();
  return rows.map((r) => r.workflow_id);
}
