// The playbooks feature's queries (playbooks, their runs, and the tasks runs make), in typed Kysely;
// SQL where one statement writes or matches a batch through unnest of parallel arrays. Each runs on
// the `em` it is given (its transaction, if any); the use cases beside this file hold the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Updateable } from 'kysely';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';
import type { PlaybookAction, PlaybookStatus } from '../../db/entities/playbook.entity.ts';
import type { PlaybookRunStatus } from '../../db/entities/playbook-run.entity.ts';

/** The database's clock: a run's completion is stamped by the database, not this process. */
const dbNow = sql<Date>`now()`;

/** The action as the jsonb the column holds (serialized here so the driver sends one JSON text). */
const jsonb = (action: PlaybookAction) => sql<PlaybookAction>`${JSON.stringify(action)}::jsonb`;

// ---- Playbooks

export const PLAYBOOK_COLUMNS = [
  'id',
  'name',
  'event_name',
  'action',
  'requires_approval',
  'status',
  'owner_user_id',
  'created_at',
  'updated_at',
] as const;
export type PlaybookRow = Pick<Row<'playbooks'>, (typeof PLAYBOOK_COLUMNS)[number]>;

export const PLAYBOOK_SORT_FIELDS = ['created_at', 'updated_at', 'name'] as const;
export type PlaybookSort = (typeof PLAYBOOK_SORT_FIELDS)[number];

export interface PlaybookFilters {
  event_name?: string;
  status?: PlaybookStatus;
}

/** Whether the organization has this sequence template, not archived. */
export async function isLiveTemplate(em: EntityManager, organizationId: string, templateId: string): Promise<boolean> {
  return !!(await typedKysely(em)
    .selectFrom('sequence_templates')
    .select('id')
    .where('id', '=', templateId)
    .where('organization_id', '=', organizationId)
    .where('status', '<>', 'ARCHIVED')
    .executeTakeFirst());
}

export interface PlaybookValues {
  id: string;
  organization_id: string;
  name: string;
  event_name: string;
  action: PlaybookAction;
  requires_approval: boolean;
  status: PlaybookStatus;
  owner_user_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export function insertPlaybook(em: EntityManager, values: PlaybookValues): Promise<PlaybookRow> {
  return typedKysely(em)
    .insertInto('playbooks')
    .values({ ...values, action: jsonb(values.action) })
    .returning(PLAYBOOK_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function playbookRow(em: EntityManager, organizationId: string, id: string): Promise<PlaybookRow | undefined> {
  return typedKysely(em)
    .selectFrom('playbooks')
    .select(PLAYBOOK_COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Writes `sets` (an action as a whole) and updated_at; undefined when the organization has no such playbook. */
export function updatePlaybookRow(
  em: EntityManager,
  organizationId: string,
  id: string,
  sets: Omit<Updateable<DB['playbooks']>, 'action'> & { action?: PlaybookAction },
): Promise<PlaybookRow | undefined> {
  const { action, ...rest } = sets;
  return typedKysely(em)
    .updateTable('playbooks')
    .set({
      updated_at: new Date(),
      ...rest,
      ...(action !== undefined && { action: jsonb(action) }),
    })
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .returning(PLAYBOOK_COLUMNS)
    .executeTakeFirst();
}

/** One page of the organization's matching playbooks, and how many match. */
export async function playbookPage(
  em: EntityManager,
  organizationId: string,
  filters: PlaybookFilters,
  page: { limit: number; offset: number; sortBy: PlaybookSort; sortOrder: 'asc' | 'desc' },
): Promise<{ rows: PlaybookRow[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('playbooks')
    .where('organization_id', '=', organizationId)
    .$if(filters.event_name !== undefined, (q) => q.where('event_name', '=', filters.event_name!))
    .$if(!!filters.status, (q) => q.where('status', '=', filters.status!));
  const [rows, counted] = await Promise.all([
    matching
      .select(PLAYBOOK_COLUMNS)
      .orderBy(page.sortBy, page.sortOrder)
      .orderBy('id', page.sortOrder)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/**
 * Deletes the organization's playbook with its runs, the open approval tasks of its waiting runs
 * SKIPPED first; false when there is no such playbook (nothing written).
 */
export async function deletePlaybookRows(
  tx: EntityManager,
  organizationId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const db = typedKysely(tx);
  const playbook = await db
    .selectFrom('playbooks')
    .select('id')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  if (!playbook) return false;
  await db
    .updateTable('tasks')
    .set({ status: 'SKIPPED', skipped_at: now, snoozed_until: null, updated_at: now })
    .where('organization_id', '=', organizationId)
    .where('status', 'in', ['PENDING', 'IN_PROGRESS'])
    .where('type', '=', 'PLAYBOOK_APPROVAL')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('playbook_runs')
        .select('approval_task_id')
        .where('playbook_id', '=', id)
        .where('status', '=', 'AWAITING_APPROVAL'),
    )
    .execute();
  await db.deleteFrom('playbooks').where('id', '=', id).execute();
  return true;
}

// ---- Runs

export const RUN_COLUMNS = [
  'id',
  'playbook_id',
  'event_id',
  'contact_id',
  'status',
  'action',
  'approval_task_id',
  'outcome',
  'sequence_id',
  'created_task_id',
  'error',
  'decided_at',
  'completed_at',
  'created_at',
  'updated_at',
] as const;
export type RunRow = Pick<Row<'playbook_runs'>, (typeof RUN_COLUMNS)[number]>;

export const PLAYBOOK_RUN_SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type PlaybookRunSort = (typeof PLAYBOOK_RUN_SORT_FIELDS)[number];

export interface PlaybookRunFilters {
  status?: PlaybookRunStatus;
  event_id?: string;
  contact_id?: string;
}

/** One page of the playbook's matching runs, and how many match. */
export async function runPage(
  em: EntityManager,
  organizationId: string,
  playbookId: string,
  filters: PlaybookRunFilters,
  page: { limit: number; offset: number; sortBy: PlaybookRunSort; sortOrder: 'asc' | 'desc' },
): Promise<{ rows: RunRow[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('playbook_runs')
    .where('playbook_id', '=', playbookId)
    .where('organization_id', '=', organizationId)
    .$if(!!filters.status, (q) => q.where('status', '=', filters.status!))
    .$if(!!filters.event_id, (q) => q.where('event_id', '=', filters.event_id!))
    .$if(!!filters.contact_id, (q) => q.where('contact_id', '=', filters.contact_id!));
  const [rows, counted] = await Promise.all([
    matching
      .select(RUN_COLUMNS)
      .orderBy(page.sortBy, page.sortOrder)
      .orderBy('id', page.sortOrder)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/**
 * A playbook run (alias r) locked (FOR UPDATE OF r) with what its to-do needs: the event's name,
 * the playbook's name and its owner when still an active user (the assignee).
 */
function lockedRunForTodo(tx: EntityManager) {
  return typedKysely(tx)
    .selectFrom('playbook_runs as r')
    .innerJoin('playbooks as p', 'p.id', 'r.playbook_id')
    .innerJoin('ingested_events as e', 'e.id', 'r.event_id')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'p.owner_user_id').on('u.removed_at', 'is', null))
    .select(['r.id', 'r.event_id', 'e.event_name', 'p.name', 'u.id as assignee_id'])
    .forUpdate('r');
}

/** The run an approval task decides, locked, with its status, action and contact and what its to-do needs. */
export function lockRunOfApproval(tx: EntityManager, organizationId: string, taskId: string) {
  return lockedRunForTodo(tx)
    .select(['r.status', 'r.action', 'r.contact_id'])
    .where('r.approval_task_id', '=', taskId)
    .where('r.organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** The run, locked, with what its to-do needs; undefined unless it is PENDING. */
export function lockPendingRun(tx: EntityManager, runId: string) {
  return lockedRunForTodo(tx).where('r.id', '=', runId).where('r.status', '=', 'PENDING').executeTakeFirst();
}

/** Up to `limit` PENDING runs, oldest first, of these organizations (all when absent). */
export function pendingRuns(em: EntityManager, limit: number, organizationIds?: string[]) {
  return typedKysely(em)
    .selectFrom('playbook_runs')
    .select(['id', 'organization_id', 'contact_id', 'action', 'playbook_id', 'event_id'])
    .where('status', '=', 'PENDING')
    .$if(!!organizationIds, (q) => q.where((eb) => eb('organization_id', '=', eb.fn.any(eb.val(organizationIds!)))))
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Writes `sets` to the run (updated_at among them). */
export async function updateRun(
  tx: EntityManager,
  runId: string,
  sets: Updateable<DB['playbook_runs']>,
): Promise<void> {
  await typedKysely(tx).updateTable('playbook_runs').set(sets).where('id', '=', runId).execute();
}

/** A PENDING run fails with `error`, stamped by the database's clock; a run no longer PENDING stays. */
export async function failPendingRun(em: EntityManager, runId: string, error: string): Promise<void> {
  await typedKysely(em)
    .updateTable('playbook_runs')
    .set({ status: 'FAILED', error, completed_at: dbNow, updated_at: dbNow })
    .where('id', '=', runId)
    .where('status', '=', 'PENDING')
    .execute();
}

/** A PENDING run completes with its enrollment's outcome, stamped by the database's clock; a run no longer PENDING stays. */
export async function completePendingRun(
  em: EntityManager,
  runId: string,
  done: Pick<Row<'playbook_runs'>, 'outcome' | 'sequence_id' | 'error'>,
): Promise<void> {
  await typedKysely(em)
    .updateTable('playbook_runs')
    .set({
      status: 'COMPLETED',
      outcome: done.outcome,
      sequence_id: done.sequence_id,
      error: done.error,
      completed_at: dbNow,
      updated_at: dbNow,
    })
    .where('id', '=', runId)
    .where('status', '=', 'PENDING')
    .execute();
}

// ---- What resolved events trigger

/** A playbook the events trigger, with its owner as the assignee when still an active user. */
export type TriggeredRow = Pick<
  Row<'playbooks'>,
  'id' | 'organization_id' | 'name' | 'event_name' | 'action' | 'requires_approval'
> & { assignee_id: string | null };

/** The ACTIVE playbooks watching these (organization, event name) pairs. */
export async function triggeredPlaybooks(
  tx: EntityManager,
  pairs: { organizationId: string; eventName: string }[],
): Promise<TriggeredRow[]> {
  // SQL: the playbooks are matched against (organization, event name) pairs joined from unnest of two parallel arrays.
  const { rows } = await sql<TriggeredRow>`
    SELECT p.id, p.organization_id, p.name, p.event_name, p.action, p.requires_approval, u.id AS assignee_id
      FROM playbooks p JOIN unnest(${pairs.map((e) => e.organizationId)}::uuid[], ${pairs.map((e) => e.eventName)}::text[]) AS x(org, name)
        ON p.organization_id = x.org AND p.event_name = x.name
      LEFT JOIN users u ON u.id = p.owner_user_id AND u.removed_at IS NULL
     WHERE p.status = 'ACTIVE'`.execute(tx.getKysely());
  return rows;
}

/** The names of these sequence templates. */
export function sequenceTemplateNames(tx: EntityManager, ids: string[]) {
  return typedKysely(tx).selectFrom('sequence_templates').select(['id', 'name']).where('id', 'in', ids).execute();
}

/** A run to insert (the playbook's action copied into it). */
export interface NewRun {
  id: string;
  organizationId: string;
  playbookId: string;
  eventId: string;
  contactId: string;
  status: PlaybookRunStatus;
  action: PlaybookAction;
  approvalTaskId: string | null;
  outcome: 'TASK_CREATED' | null;
  createdTaskId: string | null;
  completedAt: Date | null;
}

/** Inserts the runs in one statement, skipping (playbook, event) pairs already run; answers the ids inserted. */
export async function insertRuns(tx: EntityManager, runs: NewRun[], now: Date): Promise<string[]> {
  const col = <T>(pick: (r: NewRun) => T) => runs.map(pick);
  // SQL: INSERT ... SELECT over unnest of parallel arrays, skipping (playbook, event) pairs already run, in one statement.
  const { rows } = await sql<{ id: string }>`
    INSERT INTO playbook_runs (id, organization_id, playbook_id, event_id, contact_id, status, action, approval_task_id, outcome, created_task_id, completed_at, created_at, updated_at)
    SELECT x.id, x.org, x.playbook, x.event, x.contact, x.status, x.action, x.approval, x.outcome, x.created_task, x.completed_at, ${now}, ${now}
      FROM unnest(${col((r) => r.id)}::uuid[], ${col((r) => r.organizationId)}::uuid[], ${col((r) => r.playbookId)}::uuid[], ${col((r) => r.eventId)}::uuid[],
                  ${col((r) => r.contactId)}::uuid[], ${col((r) => r.status)}::text[], ${col((r) => JSON.stringify(r.action))}::jsonb[],
                  ${col((r) => r.approvalTaskId)}::uuid[], ${col((r) => r.outcome)}::text[],
                  ${col((r) => r.createdTaskId)}::uuid[], ${col((r) => r.completedAt)}::timestamptz[])
        AS x(id, org, playbook, event, contact, status, action, approval, outcome, created_task, completed_at)
    ON CONFLICT (playbook_id, event_id) DO NOTHING RETURNING id`.execute(tx.getKysely());
  return rows.map((r) => r.id);
}

// ---- The tasks runs make

export interface NewTask {
  id: string;
  organizationId: string;
  type: 'TODO' | 'PLAYBOOK_APPROVAL';
  priority: string;
  contactId: string;
  assigneeId: string | null;
  title: string;
  notes: string;
  dueDate: string;
}

/** Inserts the tasks, PENDING, in one statement. */
export async function insertTaskRows(tx: EntityManager, tasks: NewTask[], now: Date): Promise<void> {
  const col = <T>(pick: (t: NewTask) => T) => tasks.map(pick);
  // SQL: one INSERT ... SELECT over unnest of parallel arrays writes every task in one statement.
  await sql`
    INSERT INTO tasks (id, organization_id, type, priority, status, contact_id, assignee_id, title, notes, due_date, created_at, updated_at)
    SELECT x.id, x.org, x.type, x.priority, 'PENDING', x.contact, x.assignee, x.title, x.notes, x.due::date, ${now}, ${now}
      FROM unnest(${col((t) => t.id)}::uuid[], ${col((t) => t.organizationId)}::uuid[], ${col((t) => t.type)}::text[], ${col((t) => t.priority)}::text[],
                  ${col((t) => t.contactId)}::uuid[], ${col((t) => t.assigneeId)}::uuid[], ${col((t) => t.title)}::text[], ${col((t) => t.notes)}::text[],
                  ${col((t) => t.dueDate)}::text[]) AS x(id, org, type, priority, contact, assignee, title, notes, due)`.execute(
    tx.getKysely(),
  );
}
