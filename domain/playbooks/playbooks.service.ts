// Playbooks (issue 7 item 5; SPEC names them and leaves them open): event-triggered actions on the
// contact an ingested event resolved to.
//
// A playbook has a trigger (`event_name`, exact), an action (ENROLL_IN_SEQUENCE a template, or
// CREATE_TASK a to-do), `requires_approval` and a status (ACTIVE or PAUSED). When the resolution
// drain resolves an event to a contact, every ACTIVE playbook of its name gets one run (unique per
// playbook and event), made in the drain's own transaction, with the action copied into it (an
// approver approves what the run says, whatever the playbook becomes later):
//   - requires_approval: the run waits (AWAITING_APPROVAL) on a PLAYBOOK_APPROVAL task made with
//     it; execute `playbook_approval` {approved} decides it, completing the task (any
//     completion_source) approves it, skipping it rejects it;
//   - CREATE_TASK: the TODO is created at once (in the same transaction, with task.created), the
//     run COMPLETED;
//   - ENROLL_IN_SEQUENCE: the run is PENDING until the workflow's next activity enrolls the contact
//     through the one enrollment path (domain/sequences/enrollment: eligibility, verification of a
//     never-verified email, then the sequence row with sequence.created, or a REFUSED row), seconds later.
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlaybookAction, PlaybookStatus } from '../../db/entities/playbook.entity.ts';
import type { PlaybookRunOutcome, PlaybookRunStatus } from '../../db/entities/playbook-run.entity.ts';
import { DomainError } from '../shared/errors.ts';
import { enrollContact, type EnrollmentDeps } from '../sequences/enrollment/enroll-contact.ts';
// The two services call each other inside one transaction (approval decisions; to-do announcements).
import { emitTodosCreated } from '../tasks/todos.ts';
import { truncateText } from '../shared/text.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Records

export interface PlaybookRecord {
  id: string;
  name: string;
  event_name: string;
  action: PlaybookAction;
  requires_approval: boolean;
  status: PlaybookStatus;
  owner_user_id: string | null;
  created_at: string;
  updated_at: string;
}

interface PlaybookRow extends Omit<PlaybookRecord, 'created_at' | 'updated_at'> {
  created_at: Date;
  updated_at: Date;
}

const PLAYBOOK_COLUMNS = sql.raw('id, name, event_name, action, requires_approval, status, owner_user_id, created_at, updated_at');

function toPlaybook(r: PlaybookRow): PlaybookRecord {
  return {
    id: r.id, name: r.name, event_name: r.event_name, action: r.action, requires_approval: r.requires_approval, status: r.status,
    owner_user_id: r.owner_user_id, created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)!,
  };
}

export interface PlaybookRunRecord {
  id: string;
  playbook_id: string;
  event_id: string;
  contact_id: string;
  status: PlaybookRunStatus;
  action: PlaybookAction;
  approval_task_id: string | null;
  outcome: PlaybookRunOutcome | null;
  sequence_id: string | null;
  created_task_id: string | null;
  error: string | null;
  decided_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

type RunRow = Omit<PlaybookRunRecord, 'decided_at' | 'completed_at' | 'created_at' | 'updated_at'> & {
  decided_at: Date | null; completed_at: Date | null; created_at: Date; updated_at: Date;
};

const RUN_COLUMNS = sql.raw(`id, playbook_id, event_id, contact_id, status, action, approval_task_id, outcome, sequence_id, created_task_id, error,
  decided_at, completed_at, created_at, updated_at`);

function toRun(r: RunRow): PlaybookRunRecord {
  return { ...r, decided_at: iso(r.decided_at), completed_at: iso(r.completed_at), created_at: iso(r.created_at)!, updated_at: iso(r.updated_at)! };
}

// ---------------------------------------------------------------------------------------------
// Create, read, update, delete

export interface ActionInput {
  type: PlaybookAction['type'];
  sequence_template_id?: string;
  title?: string;
  priority?: 'HOT' | 'TODAY' | 'EXTRA';
  due_in_days?: number;
}

export interface CreatePlaybookRequest {
  name: string;
  event_name: string;
  action: ActionInput;
  requires_approval?: boolean;
  status?: PlaybookStatus;
}

export type UpdatePlaybookRequest = Partial<CreatePlaybookRequest>;

/** The action's fields by type: each type's required and forbidden fields are named (400). */
async function actionOf(em: EntityManager, organizationId: string, input: ActionInput): Promise<PlaybookAction> {
  const fields = { ENROLL_IN_SEQUENCE: ['sequence_template_id'], CREATE_TASK: ['title', 'priority', 'due_in_days'] }[input.type];
  const errors = Object.keys(input).filter((k) => k !== 'type' && !fields.includes(k))
    .map((k) => ({ path: `action.${k}`, message: `is not a field of ${input.type}` }));
  if (input.type === 'ENROLL_IN_SEQUENCE' && input.sequence_template_id === undefined) errors.push({ path: 'action.sequence_template_id', message: 'is required for ENROLL_IN_SEQUENCE' });
  if (input.type === 'CREATE_TASK' && !input.title?.trim()) errors.push({ path: 'action.title', message: 'is required for CREATE_TASK (not blank)' });
  if (errors.length) throw DomainError.invalidFields(errors.map((e) => `${e.path} ${e.message}`).join('; '), errors);
  if (input.type === 'CREATE_TASK') return { type: 'CREATE_TASK', title: input.title!.trim(), priority: input.priority ?? 'TODAY', due_in_days: input.due_in_days ?? 0 };
  const { rows } = await sql`SELECT 1 FROM sequence_templates WHERE id = ${input.sequence_template_id} AND organization_id = ${organizationId} AND status <> 'ARCHIVED'`
    .execute(em.getKysely());
  if (!rows[0]) throw DomainError.invalid('action.sequence_template_id', 'is not a sequence template of this organization (or it is archived)', 422);
  return { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: input.sequence_template_id! };
}

function blank(field: string, value: string | undefined): void {
  if (value !== undefined && !value.trim()) throw DomainError.invalid(field, 'must not be blank');
}

export async function createPlaybook(em: EntityManager, organizationId: string, userId: string | null, request: CreatePlaybookRequest): Promise<PlaybookRecord> {
  blank('name', request.name);
  const action = await actionOf(em, organizationId, request.action);
  const now = new Date();
  const { rows } = await sql<PlaybookRow>`
    INSERT INTO playbooks (id, organization_id, name, event_name, action, requires_approval, status, owner_user_id, created_at, updated_at)
    VALUES (${randomUUID()}, ${organizationId}, ${request.name.trim()}, ${request.event_name}, ${JSON.stringify(action)}::jsonb,
            ${request.requires_approval ?? false}, ${request.status ?? 'ACTIVE'}, ${userId}, ${now}, ${now})
    RETURNING ${PLAYBOOK_COLUMNS}`.execute(em.getKysely());
  return toPlaybook(rows[0]);
}

export async function getPlaybook(em: EntityManager, organizationId: string, id: string): Promise<PlaybookRecord> {
  const { rows } = await sql<PlaybookRow>`SELECT ${PLAYBOOK_COLUMNS} FROM playbooks WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Playbook');
  return toPlaybook(rows[0]);
}

export const PLAYBOOK_SORT_FIELDS = ['created_at', 'updated_at', 'name'] as const;
export type PlaybookSort = (typeof PLAYBOOK_SORT_FIELDS)[number];

export interface PlaybookFilters {
  event_name?: string;
  status?: PlaybookStatus;
}

export async function listPlaybooks(
  em: EntityManager, organizationId: string, filters: PlaybookFilters, page: { limit: number; offset: number; sortBy?: PlaybookSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: PlaybookRecord[]; total: number }> {
  const where: RawBuilder<unknown>[] = [sql`organization_id = ${organizationId}`];
  if (filters.event_name !== undefined) where.push(sql`event_name = ${filters.event_name}`);
  if (filters.status) where.push(sql`status = ${filters.status}`);
  const condition = sql.join(where, sql` AND `);
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const db = em.getKysely();
  const [{ rows }, counted] = await Promise.all([
    sql<PlaybookRow>`SELECT ${PLAYBOOK_COLUMNS} FROM playbooks WHERE ${condition}
      ORDER BY ${sql.ref(page.sortBy ?? 'created_at')} ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM playbooks WHERE ${condition}`.execute(db),
  ]);
  return { items: rows.map(toPlaybook), total: Number(counted.rows[0].total) };
}

/** Fields sent replace the stored ones (`action` as a whole); runs already made keep their action. */
export async function updatePlaybook(em: EntityManager, organizationId: string, id: string, request: UpdatePlaybookRequest): Promise<PlaybookRecord> {
  await getPlaybook(em, organizationId, id);
  blank('name', request.name);
  const sets: RawBuilder<unknown>[] = [sql`updated_at = ${new Date()}`];
  if (request.name !== undefined) sets.push(sql`name = ${request.name.trim()}`);
  if (request.event_name !== undefined) sets.push(sql`event_name = ${request.event_name}`);
  if (request.action !== undefined) sets.push(sql`action = ${JSON.stringify(await actionOf(em, organizationId, request.action))}::jsonb`);
  if (request.requires_approval !== undefined) sets.push(sql`requires_approval = ${request.requires_approval}`);
  if (request.status !== undefined) sets.push(sql`status = ${request.status}`);
  const { rows } = await sql<PlaybookRow>`UPDATE playbooks SET ${sql.join(sets)} WHERE id = ${id} AND organization_id = ${organizationId} RETURNING ${PLAYBOOK_COLUMNS}`
    .execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Playbook');
  return toPlaybook(rows[0]);
}

/**
 * Deletes the playbook with its runs; the open PLAYBOOK_APPROVAL tasks of its waiting runs are
 * SKIPPED in the same transaction (nothing is left to approve). Tasks and sequences the runs
 * already made stay.
 */
export async function deletePlaybook(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await em.fork().transactional(async (tx) => {
    const db = tx.getKysely();
    const { rows } = await sql`SELECT id FROM playbooks WHERE id = ${id} AND organization_id = ${organizationId} FOR UPDATE`.execute(db);
    if (!rows[0]) throw DomainError.notFound('Playbook');
    const now = new Date();
    await sql`
      UPDATE tasks SET status = 'SKIPPED', skipped_at = ${now}, snoozed_until = NULL, updated_at = ${now}
       WHERE organization_id = ${organizationId} AND status IN ('PENDING', 'IN_PROGRESS') AND type = 'PLAYBOOK_APPROVAL'
         AND id IN (SELECT approval_task_id FROM playbook_runs WHERE playbook_id = ${id} AND status = 'AWAITING_APPROVAL')`.execute(db);
    await sql`DELETE FROM playbooks WHERE id = ${id}`.execute(db);
  });
}

export const PLAYBOOK_RUN_SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type PlaybookRunSort = (typeof PLAYBOOK_RUN_SORT_FIELDS)[number];

export interface PlaybookRunFilters {
  status?: PlaybookRunStatus;
  event_id?: string;
  contact_id?: string;
}

export async function listRuns(
  em: EntityManager, organizationId: string, playbookId: string, filters: PlaybookRunFilters,
  page: { limit: number; offset: number; sortBy?: PlaybookRunSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: PlaybookRunRecord[]; total: number }> {
  await getPlaybook(em, organizationId, playbookId);
  const where: RawBuilder<unknown>[] = [sql`playbook_id = ${playbookId}`, sql`organization_id = ${organizationId}`];
  if (filters.status) where.push(sql`status = ${filters.status}`);
  if (filters.event_id) where.push(sql`event_id = ${filters.event_id}`);
  if (filters.contact_id) where.push(sql`contact_id = ${filters.contact_id}`);
  const condition = sql.join(where, sql` AND `);
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const db = em.getKysely();
  const [{ rows }, counted] = await Promise.all([
    sql<RunRow>`SELECT ${RUN_COLUMNS} FROM playbook_runs WHERE ${condition}
      ORDER BY ${sql.ref(page.sortBy ?? 'created_at')} ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM playbook_runs WHERE ${condition}`.execute(db),
  ]);
  return { items: rows.map(toRun), total: Number(counted.rows[0].total) };
}

// ---------------------------------------------------------------------------------------------
// Runs: made by the resolution drain (in its transaction)

export interface ResolvedEvent {
  eventId: string;
  organizationId: string;
  eventName: string;
  contactId: string;
}

interface NewTask {
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

/** Writes the tasks; the to-dos among them announce themselves (task.created). */
async function insertTasks(tx: EntityManager, tasks: NewTask[], now: Date): Promise<void> {
  if (!tasks.length) return;
  const col = <T>(pick: (t: NewTask) => T) => tasks.map(pick);
  await sql`
    INSERT INTO tasks (id, organization_id, type, priority, status, contact_id, assignee_id, title, notes, due_date, created_at, updated_at)
    SELECT x.id, x.org, x.type, x.priority, 'PENDING', x.contact, x.assignee, x.title, x.notes, x.due::date, ${now}, ${now}
      FROM unnest(${col((t) => t.id)}::uuid[], ${col((t) => t.organizationId)}::uuid[], ${col((t) => t.type)}::text[], ${col((t) => t.priority)}::text[],
                  ${col((t) => t.contactId)}::uuid[], ${col((t) => t.assigneeId)}::uuid[], ${col((t) => t.title)}::text[], ${col((t) => t.notes)}::text[],
                  ${col((t) => t.dueDate)}::text[]) AS x(id, org, type, priority, contact, assignee, title, notes, due)`.execute(tx.getKysely());
  await emitTodosCreated(tx, tasks.filter((t) => t.type === 'TODO').map((t) => t.id));
}

const dateIn = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

function todoFor(run: { organizationId: string; contactId: string; eventId: string; eventName: string; playbookName: string; assigneeId: string | null },
  action: Extract<PlaybookAction, { type: 'CREATE_TASK' }>, now: Date): NewTask {
  return {
    id: randomUUID(), organizationId: run.organizationId, type: 'TODO', priority: action.priority, contactId: run.contactId, assigneeId: run.assigneeId,
    title: action.title, notes: `Created by the playbook "${run.playbookName}" for the event ${run.eventName} (${run.eventId}).`, dueDate: dateIn(now, action.due_in_days),
  };
}

interface TriggeredRow {
  id: string;
  organization_id: string;
  name: string;
  event_name: string;
  action: PlaybookAction;
  requires_approval: boolean;
  assignee_id: string | null;
}

/**
 * The runs of every ACTIVE playbook watching the events' names (the events resolved to a contact),
 * in the caller's transaction: approval tasks and immediate to-dos are written with them. Answers
 * how many runs were made.
 */
export async function createRunsForResolvedEvents(tx: EntityManager, events: ResolvedEvent[], now: Date): Promise<number> {
  if (!events.length) return 0;
  const db = tx.getKysely();
  const pairs = [...new Map(events.map((e) => [`${e.organizationId}|${e.eventName}`, e])).values()];
  const { rows: playbooks } = await sql<TriggeredRow>`
    SELECT p.id, p.organization_id, p.name, p.event_name, p.action, p.requires_approval, u.id AS assignee_id
      FROM playbooks p JOIN unnest(${pairs.map((e) => e.organizationId)}::uuid[], ${pairs.map((e) => e.eventName)}::text[]) AS x(org, name)
        ON p.organization_id = x.org AND p.event_name = x.name
      LEFT JOIN users u ON u.id = p.owner_user_id AND u.removed_at IS NULL
     WHERE p.status = 'ACTIVE'`.execute(db);
  if (!playbooks.length) return 0;
  const templateIds = [...new Set(playbooks.flatMap((p) => (p.action.type === 'ENROLL_IN_SEQUENCE' ? [p.action.sequence_template_id] : [])))];
  const templateNames = new Map<string, string>();
  if (templateIds.length) {
    const { rows } = await sql<{ id: string; name: string }>`SELECT id, name FROM sequence_templates WHERE id = ANY (${templateIds}::uuid[])`.execute(db);
    for (const r of rows) templateNames.set(r.id, r.name);
  }

  const runs: { id: string; e: ResolvedEvent; p: TriggeredRow; status: PlaybookRunStatus; task: NewTask | null; approval: boolean }[] = [];
  for (const e of events) {
    for (const p of playbooks) {
      if (p.organization_id !== e.organizationId || p.event_name !== e.eventName) continue;
      const base = { organizationId: e.organizationId, contactId: e.contactId, eventId: e.eventId, eventName: e.eventName, playbookName: p.name, assigneeId: p.assignee_id };
      if (p.requires_approval) {
        const what = p.action.type === 'CREATE_TASK'
          ? `create the to-do "${p.action.title}" (priority ${p.action.priority}, due in ${p.action.due_in_days} days)`
          : `enroll the contact in the sequence template "${templateNames.get(p.action.sequence_template_id) ?? p.action.sequence_template_id}"`;
        const task: NewTask = {
          id: randomUUID(), organizationId: e.organizationId, type: 'PLAYBOOK_APPROVAL', priority: 'TODAY', contactId: e.contactId, assigneeId: p.assignee_id,
          title: truncateText(`Approve playbook "${p.name}"`, 200), dueDate: dateIn(now, 0),
          notes: `The event ${e.eventName} (${e.eventId}) resolved to this contact. On approval the playbook will ${what}. `
            + 'Execute playbook_approval {approved: true|false}, or complete this task to approve; skip it to reject.',
        };
        runs.push({ id: randomUUID(), e, p, status: 'AWAITING_APPROVAL', task, approval: true });
      } else if (p.action.type === 'CREATE_TASK') {
        runs.push({ id: randomUUID(), e, p, status: 'COMPLETED', task: todoFor(base, p.action, now), approval: false });
      } else {
        runs.push({ id: randomUUID(), e, p, status: 'PENDING', task: null, approval: false });
      }
    }
  }
  if (!runs.length) return 0;
  const col = <T>(pick: (r: (typeof runs)[number]) => T) => runs.map(pick);
  const { rows: inserted } = await sql<{ id: string }>`
    INSERT INTO playbook_runs (id, organization_id, playbook_id, event_id, contact_id, status, action, approval_task_id, outcome, created_task_id, completed_at, created_at, updated_at)
    SELECT x.id, x.org, x.playbook, x.event, x.contact, x.status, x.action, x.approval, x.outcome, x.created_task, x.completed_at, ${now}, ${now}
      FROM unnest(${col((r) => r.id)}::uuid[], ${col((r) => r.e.organizationId)}::uuid[], ${col((r) => r.p.id)}::uuid[], ${col((r) => r.e.eventId)}::uuid[],
                  ${col((r) => r.e.contactId)}::uuid[], ${col((r) => r.status)}::text[], ${col((r) => JSON.stringify(r.p.action))}::jsonb[],
                  ${col((r) => (r.approval ? r.task!.id : null))}::uuid[], ${col((r) => (r.status === 'COMPLETED' ? 'TASK_CREATED' : null))}::text[],
                  ${col((r) => (!r.approval && r.task ? r.task.id : null))}::uuid[], ${col((r) => (r.status === 'COMPLETED' ? now : null))}::timestamptz[])
        AS x(id, org, playbook, event, contact, status, action, approval, outcome, created_task, completed_at)
    ON CONFLICT (playbook_id, event_id) DO NOTHING RETURNING id`.execute(db);
  const made = new Set(inserted.map((r) => r.id));
  await insertTasks(tx, runs.filter((r) => made.has(r.id) && r.task).map((r) => r.task!), now);
  return made.size;
}

// ---------------------------------------------------------------------------------------------
// Approval (PLAYBOOK_APPROVAL tasks; called by the tasks service inside its transaction)

/**
 * Decides the run behind an approval task, in the task's transaction. Approved: a CREATE_TASK
 * action creates its to-do now (run COMPLETED); an ENROLL_IN_SEQUENCE run goes back to PENDING
 * and `poke` asks the caller to wake the resolution workflow after the commit (the next drain
 * would do it anyway). Rejected: REJECTED. A run already decided: 409.
 */
export async function decideApproval(tx: EntityManager, organizationId: string, taskId: string, approved: boolean): Promise<{ poke: boolean; status: PlaybookRunStatus }> {
  const db = tx.getKysely();
  const { rows } = await sql<{ id: string; status: PlaybookRunStatus; action: PlaybookAction; contact_id: string; event_id: string; event_name: string; name: string; assignee_id: string | null }>`
    SELECT r.id, r.status, r.action, r.contact_id, r.event_id, e.event_name, p.name, u.id AS assignee_id
      FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id JOIN ingested_events e ON e.id = r.event_id
      LEFT JOIN users u ON u.id = p.owner_user_id AND u.removed_at IS NULL
     WHERE r.approval_task_id = ${taskId} AND r.organization_id = ${organizationId} FOR UPDATE OF r`.execute(db);
  const run = rows[0];
  if (!run) throw DomainError.business('This approval task has no playbook run any more (its playbook was deleted).', { task_id: taskId });
  if (run.status !== 'AWAITING_APPROVAL') {
    throw DomainError.conflict(`The playbook run was already decided (it is ${run.status}).`, { playbook_run_id: run.id, playbook_run_status: run.status });
  }
  const now = new Date();
  if (!approved) {
    await sql`UPDATE playbook_runs SET status = 'REJECTED', decided_at = ${now}, updated_at = ${now} WHERE id = ${run.id}`.execute(db);
    return { poke: false, status: 'REJECTED' };
  }
  if (run.action.type === 'CREATE_TASK') {
    const task = todoFor({ organizationId, contactId: run.contact_id, eventId: run.event_id, eventName: run.event_name, playbookName: run.name, assigneeId: run.assignee_id }, run.action, now);
    await insertTasks(tx, [task], now);
    await sql`UPDATE playbook_runs SET status = 'COMPLETED', outcome = 'TASK_CREATED', created_task_id = ${task.id}, decided_at = ${now}, completed_at = ${now}, updated_at = ${now}
               WHERE id = ${run.id}`.execute(db);
    return { poke: false, status: 'COMPLETED' };
  }
  await sql`UPDATE playbook_runs SET status = 'PENDING', decided_at = ${now}, updated_at = ${now} WHERE id = ${run.id}`.execute(db);
  return { poke: true, status: 'PENDING' };
}

// ---------------------------------------------------------------------------------------------
// PENDING runs: enrollment (the resolution workflow's follow-up activity)

export type RunPlaybooksDeps = EnrollmentDeps;

export interface RunPlaybooksResult {
  /** Runs taken from the queue. */
  claimed: number;
  completed: number;
  failed: number;
  /** Left PENDING after an unexpected error (the next call tries again). */
  retrying: number;
}

/**
 * Carries out up to `limit` PENDING runs, oldest first, 8 at a time. ENROLL_IN_SEQUENCE enrolls
 * through the one enrollment path, named `playbook-run/<run id>` so a retried call finds the row it
 * wrote; the sequence workflow is started before the run is marked COMPLETED. A contact or
 * template that is gone fails the run with the reason.
 */
export async function runPendingPlaybooks(em: EntityManager, deps: RunPlaybooksDeps, limit: number, organizationIds?: string[]): Promise<RunPlaybooksResult> {
  const orgFilter = organizationIds ? sql`AND organization_id = ANY (${organizationIds}::uuid[])` : sql``;
  const { rows } = await sql<{ id: string; organization_id: string; contact_id: string; action: PlaybookAction; playbook_id: string; event_id: string }>`
    SELECT id, organization_id, contact_id, action, playbook_id, event_id FROM playbook_runs
     WHERE status = 'PENDING' ${orgFilter} ORDER BY created_at, id LIMIT ${limit}`.execute(em.getKysely());
  const result: RunPlaybooksResult = { claimed: rows.length, completed: 0, failed: 0, retrying: 0 };
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const run = rows[next++];
      try {
        await carryOut(em, deps, run);
        result.completed++;
      } catch (error) {
        if (error instanceof DomainError) {
          await sql`UPDATE playbook_runs SET status = 'FAILED', error = ${truncateText(error.message, 500)}, completed_at = now(), updated_at = now()
                     WHERE id = ${run.id} AND status = 'PENDING'`.execute(em.fork().getKysely());
          result.failed++;
        } else {
          deps.logger?.warn({ err: error, playbookRunId: run.id }, 'playbook run failed; it stays PENDING');
          result.retrying++;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, rows.length) }, lane));
  return result;
}

async function carryOut(em: EntityManager, deps: RunPlaybooksDeps, run: { id: string; organization_id: string; contact_id: string; action: PlaybookAction }): Promise<void> {
  const organizationId = run.organization_id;
  if (run.action.type === 'CREATE_TASK') {
    // Approved to-dos are created at approval; a PENDING one is only met after a crash in between.
    const action = run.action;
    await em.fork().transactional(async (tx) => {
      const { rows } = await sql<{ id: string; event_id: string; event_name: string; name: string; assignee_id: string | null }>`
        SELECT r.id, r.event_id, e.event_name, p.name, u.id AS assignee_id FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id
          JOIN ingested_events e ON e.id = r.event_id LEFT JOIN users u ON u.id = p.owner_user_id AND u.removed_at IS NULL
         WHERE r.id = ${run.id} AND r.status = 'PENDING' FOR UPDATE OF r`.execute(tx.getKysely());
      if (!rows[0]) return;
      const now = new Date();
      const task = todoFor({ organizationId, contactId: run.contact_id, eventId: rows[0].event_id, eventName: rows[0].event_name, playbookName: rows[0].name, assigneeId: rows[0].assignee_id }, action, now);
      await insertTasks(tx, [task], now);
      await sql`UPDATE playbook_runs SET status = 'COMPLETED', outcome = 'TASK_CREATED', created_task_id = ${task.id}, completed_at = ${now}, updated_at = ${now} WHERE id = ${run.id}`
        .execute(tx.getKysely());
    });
    return;
  }
  const result = await enrollContact(em, deps, {
    organizationId, contactId: run.contact_id, sequenceTemplateId: run.action.sequence_template_id, enrollmentRunId: `playbook-run/${run.id}`,
  });
  const outcome: PlaybookRunOutcome = result.outcome === 'DUPLICATE' ? 'ALREADY_ENROLLED' : result.outcome === 'REFUSED' ? 'ENROLLMENT_REFUSED' : 'ENROLLED';
  const error = result.outcome === 'REFUSED' ? `The contact cannot be enrolled: ${result.reason}.` : null;
  await sql`
    UPDATE playbook_runs SET status = 'COMPLETED', outcome = ${outcome}, sequence_id = ${result.sequenceId}, error = ${error}, completed_at = now(), updated_at = now()
     WHERE id = ${run.id} AND status = 'PENDING'`.execute(em.fork().getKysely());
}
