// Tasks: reads, standalone to-dos, the state machine (start, complete, skip, reopen, snooze) and
// execute (reply, call log, lead review, playbook approval).
//
// Every change runs in one transaction that locks the task's sequence first (lockRun, the order the
// sequence code uses: run, then task) and then the task row, writes the task and emits its task.*
// event: a sequence task's is its run's event; a standalone to-do's (created, completed, skipped,
// reopened, also by its snooze reminder) has the same shape with the sequence fields null, so it
// reaches only webhook subscriptions for all templates. A PLAYBOOK_APPROVAL task emits none.
// Temporal is told after the commit: a CALL task's sequence gets taskCompletedSignal, an approved
// lead's run is started. A snooze starts its reminder timer before the commit (the timer checks the
// row when it fires, so a timer whose snooze never committed is a no-op).
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { COMPLETION_SOURCES, TASK_DISPOSITIONS, TASK_PRIORITIES, TaskStatus, TaskType } from '../../db/entities/task.entity.ts';
import type { Providers } from '../../providers/index.ts';
import type { TaskReminderInput, TaskReminderResult } from '../../workflows/task-reminder.definitions.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { organizationUser } from '../people/accounts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { emitEvent, emitEvents, type SequenceEvent, type SequenceEventType } from '../activity/emit.ts';
import { getMessage, listMessages, type MessageRecord } from '../engagement/messages.service.ts';
import { decideApproval } from '../playbooks/playbooks.service.ts';
import type { ContactSummary, OwnerEmbed } from '../people/records.ts';
import { RUNNING, end, lockRun, sequenceEvent, settleWait, update, type RunRow } from '../sequences/runs.ts';
import { getSequence, type SequenceRecord } from '../sequences/sequences.service.ts';
import type { WorkflowCommand } from '../workflow-commands/commands.ts';
import { deliverNow } from '../workflow-commands/deliver.ts';
import { recordCommands } from '../workflow-commands/outbox.ts';
import { deliverReply, prepareReply, sentReplyId, type PreparedReply, type ReplyPayload } from './replies.ts';
import { iso } from '../shared/time.ts';

export type Disposition = (typeof TASK_DISPOSITIONS)[number];
export type CompletionSource = (typeof COMPLETION_SOURCES)[number];
export type Priority = (typeof TASK_PRIORITIES)[number];

export const OPEN_STATUSES: readonly TaskStatus[] = ['PENDING', 'IN_PROGRESS'];
/** How far ahead a snooze may reach. */
export const MAX_SNOOZE_DAYS = 365;

/** The task's fields, with its times as `Time` (ISO strings in the record, Dates in the row). */
interface TaskFields<Time> {
  id: string;
  organization_id: string;
  type: TaskType;
  priority: Priority;
  status: TaskStatus;
  sequence_id: string | null;
  /** The task's contact, else its sequence's. */
  contact_id: string | null;
  /** Reply tasks: the INBOUND message to answer. */
  message_id: string | null;
  step_number: number | null;
  title: string | null;
  notes: string | null;
  due_date: string | null;
  disposition: Disposition | null;
  phone: string | null;
  completion_source: CompletionSource | null;
  reopen_reason: 'REMINDER_RULE' | null;
  snoozed_until: Time | null;
  started_at: Time | null;
  completed_at: Time | null;
  skipped_at: Time | null;
  reopened_at: Time | null;
  created_at: Time;
  updated_at: Time;
}

export interface TaskRecord extends TaskFields<string> {
  assignee_user_id: string | null;
  contact: ContactSummary | null;
  assignee: OwnerEmbed | null;
  sequence_template: { id: string; name: string } | null;
}

/** SELECT's row: the task, its contact's summary columns, template and assignee. */
interface TaskRow extends TaskFields<Date>, Omit<ContactSummary, 'id'> {
  assignee_id: string | null;
  sequence_template_id: string | null;
  template_name: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
}


function toTaskRecord(r: TaskRow): TaskRecord {
  return {
    id: r.id,
    organization_id: r.organization_id,
    type: r.type,
    priority: r.priority,
    status: r.status,
    sequence_id: r.sequence_id,
    contact_id: r.contact_id,
    assignee_user_id: r.assignee_id,
    message_id: r.message_id,
    step_number: r.step_number,
    title: r.title,
    notes: r.notes,
    due_date: r.due_date,
    disposition: r.disposition,
    phone: r.phone,
    completion_source: r.completion_source,
    reopen_reason: r.reopen_reason,
    snoozed_until: iso(r.snoozed_until),
    started_at: iso(r.started_at),
    completed_at: iso(r.completed_at),
    skipped_at: iso(r.skipped_at),
    reopened_at: iso(r.reopened_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    contact: r.contact_id ? {
      id: r.contact_id, first_name: r.first_name, last_name: r.last_name, email: r.email, linkedin_url: r.linkedin_url,
      job_title: r.job_title, company_name: r.company_name, company_domain: r.company_domain,
    } : null,
    assignee: r.assignee_id && r.assignee_email !== null ? { id: r.assignee_id, email: r.assignee_email, name: r.assignee_name ?? '' } : null,
    sequence_template: r.sequence_template_id && r.template_name !== null ? { id: r.sequence_template_id, name: r.template_name } : null,
  };
}

const SELECT = sql.raw(`
  SELECT t.id, t.organization_id, t.type, t.priority, t.status, t.sequence_id, coalesce(t.contact_id, s.contact_id) AS contact_id,
         t.assignee_id, t.message_id, t.step_number, t.title, t.notes, to_char(t.due_date, 'YYYY-MM-DD') AS due_date,
         t.disposition, t.phone, t.completion_source, t.reopen_reason, t.snoozed_until, t.started_at, t.completed_at, t.skipped_at, t.reopened_at,
         t.created_at, t.updated_at,
         s.sequence_template_id, st.name AS template_name,
         c.first_name, c.last_name, c.email, c.linkedin_url, c.job_title, coalesce(c.company_name, a.name) AS company_name, a.domain AS company_domain,
         u.email AS assignee_email, u.name AS assignee_name
    FROM tasks t
    LEFT JOIN sequences s ON s.id = t.sequence_id
    LEFT JOIN sequence_templates st ON st.id = s.sequence_template_id
    LEFT JOIN contacts c ON c.id = coalesce(t.contact_id, s.contact_id)
    LEFT JOIN accounts a ON a.id = c.account_id
    LEFT JOIN users u ON u.id = t.assignee_id`);

async function findTask(em: EntityManager, organizationId: string, id: string): Promise<TaskRecord | null> {
  const { rows } = await sql<TaskRow>`${SELECT} WHERE t.id = ${id} AND t.organization_id = ${organizationId}`.execute(em.getKysely());
  return rows[0] ? toTaskRecord(rows[0]) : null;
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function getTask(em: EntityManager, organizationId: string, id: string): Promise<TaskRecord> {
  const task = await findTask(em, organizationId, id);
  if (!task) throw DomainError.notFound('Task');
  return task;
}

export const TASK_SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type TaskSort = (typeof TASK_SORT_FIELDS)[number];

export interface TaskFilters {
  sequence_id?: string;
  sequence_template_ids?: string[];
  types?: TaskType[];
  status?: TaskStatus;
  priorities?: Priority[];
  assignee_user_id?: string;
  contact_id?: string;
  created_after?: string;
  created_before?: string;
  due_date_after?: string;
  due_date_before?: string;
  snoozed?: boolean;
}

export async function listTasks(
  em: EntityManager,
  organizationId: string,
  filters: TaskFilters,
  page: { limit: number; offset: number; sortBy?: TaskSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: TaskRecord[]; total: number }> {
  const where: RawBuilder<unknown>[] = [sql`t.organization_id = ${organizationId}`];
  if (filters.sequence_id) where.push(sql`t.sequence_id = ${filters.sequence_id}`);
  if (filters.sequence_template_ids?.length) where.push(sql`s.sequence_template_id = ANY (${filters.sequence_template_ids}::uuid[])`);
  if (filters.types?.length) where.push(sql`t.type = ANY (${filters.types}::text[])`);
  if (filters.status) where.push(sql`t.status = ${filters.status}`);
  if (filters.priorities?.length) where.push(sql`t.priority = ANY (${filters.priorities}::text[])`);
  if (filters.assignee_user_id) where.push(sql`t.assignee_id = ${filters.assignee_user_id}`);
  if (filters.contact_id) where.push(sql`(t.contact_id = ${filters.contact_id} OR s.contact_id = ${filters.contact_id})`);
  if (filters.created_after) where.push(sql`t.created_at > ${new Date(filters.created_after)}`);
  if (filters.created_before) where.push(sql`t.created_at < ${new Date(filters.created_before)}`);
  if (filters.due_date_after) where.push(sql`t.due_date > ${filters.due_date_after}::date`);
  if (filters.due_date_before) where.push(sql`t.due_date < ${filters.due_date_before}::date`);
  if (filters.snoozed !== undefined) where.push(filters.snoozed ? sql`t.snoozed_until IS NOT NULL` : sql`t.snoozed_until IS NULL`);
  const condition = sql.join(where, sql` AND `);
  const column = sql.ref(`t.${page.sortBy ?? 'created_at'}`);
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const [{ rows }, counted] = await Promise.all([
    sql<TaskRow>`${SELECT} WHERE ${condition} ORDER BY ${column} ${direction}, t.id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(em.getKysely()),
    sql<{ total: string }>`SELECT count(*) AS total FROM tasks t LEFT JOIN sequences s ON s.id = t.sequence_id WHERE ${condition}`.execute(em.getKysely()),
  ]);
  return { items: rows.map(toTaskRecord), total: Number(counted.rows[0].total) };
}

/**
 * The thread of a task, oldest first, as the messages API serves messages: for a reply task the
 * messages of its sequence on the reply's channel (EMAIL_REPLY: EMAIL, LINKEDIN_REPLY: LINKEDIN);
 * for another sequence task every message of the sequence; a task without a sequence: the
 * contact's messages on the channel of the message it answers, else none.
 */
export async function taskThread(
  em: EntityManager, organizationId: string, id: string, page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ items: MessageRecord[]; total: number }> {
  const task = await getTask(em, organizationId, id);
  const channel = task.type === 'EMAIL_REPLY' ? 'EMAIL' : task.type === 'LINKEDIN_REPLY' ? 'LINKEDIN' : undefined;
  const window = { limit: page.limit, offset: page.offset, sortBy: 'sent_at' as const, sortOrder: page.sortOrder };
  if (task.sequence_id) return listMessages(em, organizationId, { sequence_id: task.sequence_id, channel }, window);
  if (task.contact_id && task.message_id && channel) return listMessages(em, organizationId, { contact_id: task.contact_id, channel }, window);
  return { items: [], total: 0 };
}

// ---------------------------------------------------------------------------------------------
// Standalone to-dos

export interface CreateTaskRequest {
  title: string;
  due_date: string;
  notes?: string | null;
  contact_id?: string | null;
  assignee_user_id?: string | null;
  priority?: Priority;
}

async function requireContact(em: EntityManager, organizationId: string, contactId: string): Promise<void> {
  const { rows } = await sql`SELECT 1 FROM contacts WHERE id = ${contactId} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows[0]) throw DomainError.invalid('contact_id', 'is not a contact of this organization', 422);
}

/** A TODO, PENDING, with task.created; the assignee defaults to the API key's user. */
export async function createTask(em: EntityManager, organizationId: string, keyUserId: string, request: CreateTaskRequest): Promise<TaskRecord> {
  const id = randomUUID();
  await em.transactional(async (tx) => {
    if (request.contact_id) await requireContact(tx, organizationId, request.contact_id);
    const assignee = request.assignee_user_id === undefined ? keyUserId : request.assignee_user_id;
    if (assignee) await organizationUser(tx, organizationId, assignee, 'assignee_user_id');
    const now = new Date();
    await sql`
      INSERT INTO tasks (id, organization_id, type, priority, status, contact_id, assignee_id, title, notes, due_date, created_at, updated_at)
      VALUES (${id}, ${organizationId}, 'TODO', ${request.priority ?? 'TODAY'}, 'PENDING', ${request.contact_id ?? null}, ${assignee},
              ${request.title.trim()}, ${request.notes ?? null}, ${request.due_date}::date, ${now}, ${now})`.execute(tx.getKysely());
    await emitTodosCreated(tx, [id]);
  });
  return getTask(em, organizationId, id);
}

/**
 * task.created for new to-dos (POST /v1/tasks, a playbook's CREATE_TASK), in the transaction that
 * wrote them, in the order given; the full record is embedded.
 */
export async function emitTodosCreated(tx: EntityManager, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const { rows } = await sql<TaskRow>`${SELECT} WHERE t.id = ANY (${ids}::uuid[]) ORDER BY array_position(${ids}::uuid[], t.id)`.execute(tx.getKysely());
  await emitEvents(tx, rows.map(toTaskRecord).flatMap((task) => taskEvent(null, 'task.created', task, {}) ?? []));
}

export interface UpdateTaskRequest {
  title?: string;
  notes?: string | null;
  due_date?: string;
  assignee_user_id?: string | null;
  priority?: Priority;
}

/** Edits a standalone to-do (type TODO); other types answer 422 (their content comes from their sequence). */
export async function updateTask(em: EntityManager, organizationId: string, id: string, request: UpdateTaskRequest): Promise<TaskRecord> {
  await em.transactional(async (tx) => {
    const { rows } = await sql<{ type: TaskType }>`SELECT type FROM tasks WHERE id = ${id} AND organization_id = ${organizationId} FOR UPDATE`.execute(tx.getKysely());
    if (!rows[0]) throw DomainError.notFound('Task');
    if (rows[0].type !== 'TODO') {
      throw DomainError.business(`Only standalone to-dos (type TODO) can be edited; this task is ${rows[0].type}. Use PATCH /v1/tasks/{task_id}/assignee to reassign it.`, { type: rows[0].type });
    }
    if (request.assignee_user_id) await organizationUser(tx, organizationId, request.assignee_user_id, 'assignee_user_id');
    const sets: RawBuilder<unknown>[] = [sql`updated_at = ${new Date()}`];
    if (request.title !== undefined) sets.push(sql`title = ${request.title.trim()}`);
    if (request.notes !== undefined) sets.push(sql`notes = ${request.notes}`);
    if (request.due_date !== undefined) sets.push(sql`due_date = ${request.due_date}::date`);
    if (request.assignee_user_id !== undefined) sets.push(sql`assignee_id = ${request.assignee_user_id}`);
    if (request.priority !== undefined) sets.push(sql`priority = ${request.priority}`);
    await sql`UPDATE tasks SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`.execute(tx.getKysely());
  });
  return getTask(em, organizationId, id);
}

export interface ReassignRequest {
  assignee_user_id: string;
  scope?: 'TASK' | 'SEQUENCE';
}

/**
 * TASK: this task. SEQUENCE: this task, every open task of its sequence, and the tasks the run
 * creates later (sequences.task_assignee_id). The user must be an active user of the organization.
 */
export async function reassignTask(em: EntityManager, organizationId: string, id: string, request: ReassignRequest): Promise<TaskRecord> {
  await em.transactional(async (tx) => {
    const { rows } = await sql<{ sequence_id: string | null }>`SELECT sequence_id FROM tasks WHERE id = ${id} AND organization_id = ${organizationId}`.execute(tx.getKysely());
    if (!rows[0]) throw DomainError.notFound('Task');
    await organizationUser(tx, organizationId, request.assignee_user_id, 'assignee_user_id');
    const now = new Date();
    if ((request.scope ?? 'TASK') === 'SEQUENCE') {
      const sequenceId = rows[0].sequence_id;
      if (!sequenceId) throw DomainError.invalid('scope', 'SEQUENCE needs a task of a sequence; this is a standalone task', 422);
      await sql`UPDATE sequences SET task_assignee_id = ${request.assignee_user_id} WHERE id = ${sequenceId}`.execute(tx.getKysely());
      await sql`
        UPDATE tasks SET assignee_id = ${request.assignee_user_id}, updated_at = ${now}
         WHERE sequence_id = ${sequenceId} AND (id = ${id} OR status = ANY (${[...OPEN_STATUSES]}::text[]))`.execute(tx.getKysely());
    } else {
      await sql`UPDATE tasks SET assignee_id = ${request.assignee_user_id}, updated_at = ${now} WHERE id = ${id}`.execute(tx.getKysely());
    }
  });
  return getTask(em, organizationId, id);
}

// ---------------------------------------------------------------------------------------------
// The state machine

export interface TaskDeps {
  em: EntityManager;
  workflows: WorkflowClients;
  logger?: Pick<Logger, 'warn'>;
}

interface LockedTask {
  id: string;
  organization_id: string;
  type: TaskType;
  status: TaskStatus;
  sequence_id: string | null;
  contact_id: string | null;
  message_id: string | null;
  snoozed_until: Date | null;
  reopened_at: Date | null;
}

/** After the commit: what Temporal must hear. */
interface AfterCommit {
  /** A CALL task of this run was completed or skipped: taskCompletedSignal. */
  signalSequence?: string;
  /** The run's row changed (the team's answer to a reply changed its wait): runChanged. */
  notifySequence?: string;
  /** An approved lead: start its run. */
  startSequence?: { sequenceId: string; contactId: string; sequenceTemplateId: string };
  /** An approved playbook enrollment waits for the event-resolution workflow: wake it. */
  pokePlaybooks?: boolean;
}

/** Locks the task's run (when it has one), then the task; 404 for another organization's task. */
async function withLockedTask<T>(
  em: EntityManager, organizationId: string, id: string, work: (tx: EntityManager, task: LockedTask, run: RunRow | null) => Promise<T>,
): Promise<T> {
  const head = await sql<{ sequence_id: string | null }>`SELECT sequence_id FROM tasks WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!head.rows[0]) throw DomainError.notFound('Task');
  return em.transactional(async (tx) => {
    const run = head.rows[0].sequence_id ? await lockRun(tx, head.rows[0].sequence_id) : null;
    const { rows } = await sql<LockedTask>`
      SELECT id, organization_id, type, status, sequence_id, contact_id, message_id, snoozed_until, reopened_at
        FROM tasks WHERE id = ${id} AND organization_id = ${organizationId} FOR UPDATE`.execute(tx.getKysely());
    if (!rows[0]) throw DomainError.notFound('Task');
    return work(tx, rows[0], run);
  });
}

function invalidTransition(task: LockedTask, action: string, allowed: readonly string[]): DomainError {
  return DomainError.conflict(`A ${task.status} task cannot be ${action}; allowed from ${allowed.join(' or ')}.`, { status: task.status });
}

/**
 * A task.* event with the task embedded: a sequence task's is its run's event; a to-do's has the
 * same fields with sequence_id, sequence_template_id and sequence_template null and its contact
 * (null when none). Null for another task without a run (PLAYBOOK_APPROVAL: no event).
 */
function taskEvent(run: RunRow | null, type: SequenceEventType, task: TaskRecord, fields: Record<string, unknown>): SequenceEvent | null {
  const extra = { resourceType: 'TASK' as const, channel: 'MANUAL' as const, taskId: task.id, messageId: task.message_id, embeds: { task }, fields };
  if (run) return sequenceEvent(run, type, extra);
  if (task.type !== 'TODO') return null;
  return { type, organizationId: task.organization_id, contact: task.contact, sequenceId: null, sequenceTemplate: null, ...extra };
}

/** task.completed, task.skipped or task.reopened (see taskEvent), with the task's status. */
async function emitTaskEvent(tx: EntityManager, run: RunRow | null, type: SequenceEventType, task: TaskRecord, fields: Record<string, unknown> = {}): Promise<void> {
  const event = taskEvent(run, type, task, { status: task.status, ...fields });
  if (event) await emitEvent(tx, event);
}

/** What Temporal must hear after a change, as outbox commands recorded in the change's transaction. */
function commandsAfter(organizationId: string, taskId: string, after: AfterCommit): WorkflowCommand[] {
  const commands: WorkflowCommand[] = [];
  if (after.signalSequence) commands.push({ kind: 'TASK_COMPLETED', organizationId, sequenceId: after.signalSequence, taskId });
  if (after.notifySequence) commands.push({ kind: 'RUN_CHANGED', organizationId, sequenceId: after.notifySequence });
  if (after.startSequence) commands.push({ kind: 'START_SEQUENCE', organizationId, ...after.startSequence });
  // Its next drain carries an approved playbook run out anyway (within the interval); the nudge only makes it seconds.
  if (after.pokePlaybooks) commands.push({ kind: 'WAKE_PLAYBOOKS', organizationId });
  return commands;
}

/**
 * Runs a change under the locks with the commands it leaves for workflows recorded in the same
 * transaction, delivers them after the commit (the outbox drain delivers what this misses), and
 * answers the task as committed.
 */
async function change(
  deps: TaskDeps, organizationId: string, id: string,
  work: (tx: EntityManager, task: LockedTask, run: RunRow | null) => Promise<AfterCommit>,
): Promise<TaskRecord> {
  const commandIds = await withLockedTask(deps.em, organizationId, id, async (tx, task, run) =>
    recordCommands(tx, deps.workflows.taskQueue, commandsAfter(organizationId, id, await work(tx, task, run))));
  await deliverNow(deps.em, deps, commandIds);
  return getTask(deps.em, organizationId, id);
}

/** A CALL task of a still-running sequence wakes its workflow when it is done. */
function sequenceToSignal(task: LockedTask, run: RunRow | null): string | undefined {
  return task.type === 'CALL' && run && RUNNING.includes(run.status) ? run.id : undefined;
}

async function writeTask(tx: EntityManager, organizationId: string, id: string, sets: RawBuilder<unknown>[]): Promise<TaskRecord> {
  await sql`UPDATE tasks SET ${sql.join([...sets, sql`updated_at = ${new Date()}`], sql`, `)} WHERE id = ${id}`.execute(tx.getKysely());
  return (await findTask(tx, organizationId, id))!;
}

export async function startTask(deps: TaskDeps, organizationId: string, id: string): Promise<TaskRecord> {
  return change(deps, organizationId, id, async (tx, task) => {
    if (task.status !== 'PENDING') throw invalidTransition(task, 'started', ['PENDING']);
    await writeTask(tx, organizationId, id, [sql`status = 'IN_PROGRESS'`, sql`started_at = ${new Date()}`]);
    return {};
  });
}

export interface CompleteRequest {
  completion_source?: CompletionSource;
  disposition?: Disposition;
}

/** Completes inside a transaction (shared by complete and execute). */
async function completeIn(
  tx: EntityManager, organizationId: string, task: LockedTask, run: RunRow | null, source: CompletionSource, extra: RawBuilder<unknown>[] = [],
): Promise<TaskRecord> {
  if (!OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'completed', OPEN_STATUSES);
  const record = await writeTask(tx, organizationId, task.id, [
    sql`status = 'COMPLETED'`, sql`completed_at = ${new Date()}`, sql`completion_source = ${source}`, sql`snoozed_until = NULL`, ...extra,
  ]);
  await emitTaskEvent(tx, run, 'task.completed', record, { completion_source: source, disposition: record.disposition });
  return record;
}

/**
 * Records the outcome only (no step is executed, whatever the source, default TASK_EXECUTION;
 * EXTERNAL_CRM says it happened elsewhere). A CALL task's sequence moves on. `disposition` is for
 * CALL tasks. Completing a PLAYBOOK_APPROVAL task approves its playbook run, as execute
 * playbook_approval approved true does (skipping rejects it): a completed approval never leaves
 * its run waiting on a closed task.
 */
export async function completeTask(deps: TaskDeps, organizationId: string, id: string, request: CompleteRequest): Promise<TaskRecord> {
  return change(deps, organizationId, id, async (tx, task, run) => {
    if (request.disposition && task.type !== 'CALL') throw DomainError.invalid('disposition', `is for CALL tasks; this task is ${task.type}`, 422);
    const extra = request.disposition ? [sql`disposition = ${request.disposition}`] : [];
    let pokePlaybooks = false;
    if (task.type === 'PLAYBOOK_APPROVAL' && OPEN_STATUSES.includes(task.status)) {
      pokePlaybooks = (await decideApproval(tx, organizationId, task.id, true)).poke;
    }
    await completeIn(tx, organizationId, task, run, request.completion_source ?? 'TASK_EXECUTION', extra);
    await replyTaskChanged(tx, task, run);
    return { signalSequence: sequenceToSignal(task, run), pokePlaybooks };
  });
}

export async function skipTask(deps: TaskDeps, organizationId: string, id: string): Promise<TaskRecord> {
  return change(deps, organizationId, id, async (tx, task, run) => {
    if (!OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'skipped', OPEN_STATUSES);
    // Skipping an approval rejects its playbook run (unless a reopened task's run was decided before).
    if (task.type === 'PLAYBOOK_APPROVAL') await decideApproval(tx, organizationId, task.id, false).catch((e: unknown) => { if (!(e instanceof DomainError)) throw e; });
    const record = await writeTask(tx, organizationId, id, [sql`status = 'SKIPPED'`, sql`skipped_at = ${new Date()}`, sql`snoozed_until = NULL`]);
    await emitTaskEvent(tx, run, 'task.skipped', record);
    await replyTaskChanged(tx, task, run);
    return { signalSequence: sequenceToSignal(task, run) };
  });
}

/**
 * COMPLETED or SKIPPED back to PENDING: reopened_at now, the outcome fields (completed_at,
 * skipped_at, completion_source, disposition) cleared. A sequence that moved on does not go back.
 */
export async function reopenTask(deps: TaskDeps, organizationId: string, id: string): Promise<TaskRecord> {
  return change(deps, organizationId, id, async (tx, task, run) => {
    if (OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'reopened', ['COMPLETED', 'SKIPPED']);
    const record = await writeTask(tx, organizationId, id, [
      sql`status = 'PENDING'`, sql`reopened_at = ${new Date()}`, sql`reopen_reason = NULL`, sql`completed_at = NULL`, sql`skipped_at = NULL`,
      sql`completion_source = NULL`, sql`disposition = NULL`, sql`started_at = NULL`,
    ]);
    await emitTaskEvent(tx, run, 'task.reopened', record, { reopen_reason: null });
    await replyTaskChanged(tx, task, run);
    return {};
  });
}

/**
 * Snoozes an open task until a future time: the status stays, snoozed_until is set; at that time
 * the reminder workflow brings it back (PENDING, reopen_reason REMINDER_RULE, task.reopened). A new
 * snooze replaces the timer (the workflow of the task's id is terminated and started anew).
 */
export async function snoozeTask(deps: TaskDeps, organizationId: string, id: string, snoozedUntil: string, now = new Date()): Promise<TaskRecord> {
  const until = new Date(snoozedUntil);
  if (until.getTime() <= now.getTime()) throw DomainError.invalid('snoozed_until', 'must be in the future', 422);
  if (until.getTime() > now.getTime() + MAX_SNOOZE_DAYS * 86_400_000) throw DomainError.invalid('snoozed_until', `must be within ${MAX_SNOOZE_DAYS} days`, 422);
  const current = await getTask(deps.em, organizationId, id);
  if (!(OPEN_STATUSES as string[]).includes(current.status)) {
    throw DomainError.conflict(`A ${current.status} task cannot be snoozed; allowed from PENDING or IN_PROGRESS.`, { status: current.status });
  }
  // The timer first: if the commit below fails, the timer finds another snoozed_until and does nothing.
  const input: TaskReminderInput = { taskId: id, organizationId, snoozedUntil: until.toISOString() };
  // One reminder per task: a running one gets the new time as a Signal; otherwise a new run starts.
  await deps.workflows.taskReminder.snooze(input, { contactId: current.contact_id, sequenceTemplateId: current.sequence_template?.id });
  return change(deps, organizationId, id, async (tx, task) => {
    if (!OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'snoozed', OPEN_STATUSES);
    await writeTask(tx, organizationId, id, [sql`snoozed_until = ${until}`]);
    return {};
  });
}

/**
 * The reminder's activity: when the task is still open and snoozed until exactly this time, it
 * comes back (PENDING, snoozed_until cleared, reopen_reason REMINDER_RULE, reopened_at, task.reopened).
 * Otherwise (completed, skipped, re-snoozed, deleted) nothing happens. Idempotent.
 */
export async function reminderDue(em: EntityManager, input: TaskReminderInput): Promise<TaskReminderResult> {
  try {
    return await withLockedTask(em, input.organizationId, input.taskId, async (tx, task, run) => {
      const due = task.snoozed_until && new Date(task.snoozed_until).getTime() === new Date(input.snoozedUntil).getTime();
      if (!due || !OPEN_STATUSES.includes(task.status)) return { outcome: 'STALE' as const };
      const record = await writeTask(tx, input.organizationId, task.id, [
        sql`status = 'PENDING'`, sql`snoozed_until = NULL`, sql`reopen_reason = 'REMINDER_RULE'`, sql`reopened_at = ${new Date()}`,
      ]);
      await emitTaskEvent(tx, run, 'task.reopened', record, { reopen_reason: 'REMINDER_RULE' });
      return { outcome: 'REOPENED' as const };
    });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return { outcome: 'STALE' };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Execute

export type ExecutePayload =
  | ReplyPayload
  | { type: 'call'; phone?: string; disposition?: Disposition }
  | { type: 'new_lead_review'; approved: boolean }
  | { type: 'playbook_approval'; approved: boolean };

/** The task type each payload type serves, and the payload fields it takes. */
export const PAYLOAD_TASK_TYPES: Record<ExecutePayload['type'], { task: TaskType; fields: string[] }> = {
  email_reply: { task: 'EMAIL_REPLY', fields: ['body', 'subject'] },
  linkedin_reply: { task: 'LINKEDIN_REPLY', fields: ['body'] },
  call: { task: 'CALL', fields: ['phone', 'disposition'] },
  new_lead_review: { task: 'NEW_LEAD_REVIEW', fields: ['approved'] },
  playbook_approval: { task: 'PLAYBOOK_APPROVAL', fields: ['approved'] },
};

export interface ExecuteResult {
  task: TaskRecord;
  /** email_reply / linkedin_reply: the reply sent (OUTBOUND, in_reply_to_id the message answered). */
  message: MessageRecord | null;
  /** The task's sequence after the execution (null for a standalone task). */
  sequence: SequenceRecord | null;
}

export interface ExecuteDeps extends TaskDeps {
  providers: Pick<Providers, 'mail' | 'linkedin'>;
  /** The key's user: the sender of a reply when the run has none. */
  userId: string;
}

/**
 * The run's step a task's reply belongs to: the step of the message it answers, else the run's
 * current step (at least 1); null for a task without a run answering no step's message.
 */
async function replyStep(tx: EntityManager, task: LockedTask, run: RunRow | null): Promise<number | null> {
  const { rows } = task.message_id
    ? await sql<{ step_number: number | null }>`SELECT step_number FROM messages WHERE id = ${task.message_id}`.execute(tx.getKysely())
    : { rows: [] };
  return rows[0]?.step_number ?? (run ? Math.max(1, run.current_step) : null);
}

/**
 * A reply task of a run that a reply halted was completed, skipped or reopened without execute: the
 * run waits for the lead once no reply (or CALL) task of it is open, for the user again otherwise.
 */
async function replyTaskChanged(tx: EntityManager, task: LockedTask, run: RunRow | null): Promise<void> {
  if (run && run.replied_at !== null && (task.type === 'EMAIL_REPLY' || task.type === 'LINKEDIN_REPLY')) await settleWait(tx, run);
}

/**
 * A lead awaiting review whose run was stopped in its row (domain/sequences/controls.service.ts): its
 * open NEW_LEAD_REVIEW tasks are SKIPPED with task.skipped. Skipped, not completed: nobody approved
 * or rejected the lead, so the review was not done; the stop decided instead, and a later execute
 * or complete of the task answers 409. In the caller's transaction, after the run's lock.
 */
export async function skipOpenReviewTasks(tx: EntityManager, run: RunRow): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM tasks WHERE sequence_id = ${run.id} AND type = 'NEW_LEAD_REVIEW' AND status = ANY (${[...OPEN_STATUSES]}::text[])
     ORDER BY created_at, id FOR UPDATE`.execute(tx.getKysely());
  for (const { id } of rows) {
    const record = await writeTask(tx, run.organization_id, id, [sql`status = 'SKIPPED'`, sql`skipped_at = ${new Date()}`, sql`snoozed_until = NULL`]);
    await emitTaskEvent(tx, run, 'task.skipped', record);
  }
}

/** Stores the sent reply OUTBOUND in the thread, emits message.sent, completes the task; the run waits for the lead. */
async function recordReply(
  tx: EntityManager, organizationId: string, task: LockedTask, run: RunRow | null, reply: PreparedReply, providerMessageId: string,
): Promise<AfterCommit & { messageId: string }> {
  const messageId = randomUUID();
  const at = new Date();
  const stepNumber = await replyStep(tx, task, run);
  await sql`
    INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, provider_message_id, in_reply_to_id, sent_at, created_at)
    VALUES (${messageId}, ${organizationId}, ${reply.contactId}, ${run?.id ?? null}, ${reply.channel}, 'OUTBOUND', 'MESSAGE', ${reply.subject}, ${reply.body},
            ${stepNumber}, ${providerMessageId}, ${task.message_id}, ${at}, ${at})`.execute(tx.getKysely());
  // The team answered: the contact's turn (WAITING_FOR_LEAD), unless another CALL or reply task of the run is still open; a pause stays.
  const waiting = run ? await settleWait(tx, run, task.id) : null;
  if (waiting) {
    const message = { id: messageId, subject: reply.subject, body: reply.body, channel: reply.channel, direction: 'OUTBOUND', sent_at: at.toISOString(), step_number: stepNumber };
    await emitEvent(tx, sequenceEvent(waiting, 'message.sent', {
      resourceType: 'MESSAGE', channel: reply.channel, messageId, taskId: task.id, embeds: { message }, fields: { in_reply_to_message_id: task.message_id },
    }));
  }
  await completeIn(tx, organizationId, task, waiting, 'TASK_EXECUTION');
  return { messageId, notifySequence: waiting && waiting !== run ? waiting.id : undefined };
}

/**
 * A reply is sent before the task's transaction: recorded as an effect under the task's lock, sent
 * with no lock held, then stored by the completion. Answers what that completion stores.
 */
async function sendReply(deps: ExecuteDeps, organizationId: string, id: string, payload: ReplyPayload): Promise<{ reply: PreparedReply; providerMessageId: string }> {
  const reply = await withLockedTask(deps.em, organizationId, id, async (tx, task, run) => {
    if (!OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'executed', OPEN_STATUSES);
    return prepareReply(tx, { organizationId, userId: deps.userId, task, run, payload });
  });
  const outcome = await deliverReply(deps.em.fork(), deps.providers, reply);
  return { reply, providerMessageId: await sentReplyId(deps.em.fork(), reply, outcome) };
}

/**
 * Runs the task in the service. Checks, in order: 404; the payload fits the task type (422 naming
 * both); the task is open (409); playbook_approval: its run still awaits approval (409).
 */
export async function executeTask(deps: ExecuteDeps, organizationId: string, id: string, payload: ExecutePayload): Promise<ExecuteResult> {
  const current = await getTask(deps.em, organizationId, id);
  const spec = PAYLOAD_TASK_TYPES[payload.type];
  const extra = Object.keys(payload).filter((k) => k !== 'type' && !spec.fields.includes(k));
  if (extra.length > 0) {
    throw DomainError.invalidFields(`payload: ${extra.join(', ')} not a field of ${payload.type}`, extra.map((k) => ({ path: `payload.${k}`, message: `is not a field of ${payload.type}` })));
  }
  if (spec.task !== current.type) {
    throw DomainError.invalid('payload.type', `${payload.type} does not fit a ${current.type} task (it serves ${spec.task} tasks)`, 422);
  }
  let messageId: string | null = null;
  const sent = payload.type === 'email_reply' || payload.type === 'linkedin_reply' ? await sendReply(deps, organizationId, id, payload) : null;
  await change(deps, organizationId, id, async (tx, task, run) => {
    if (!OPEN_STATUSES.includes(task.status)) throw invalidTransition(task, 'executed', OPEN_STATUSES);
    switch (payload.type) {
      case 'email_reply':
      case 'linkedin_reply': {
        const done = await recordReply(tx, organizationId, task, run, sent!.reply, sent!.providerMessageId);
        messageId = done.messageId;
        return done;
      }
      case 'call': {
        const extra = [sql`disposition = ${payload.disposition ?? null}`];
        if (payload.phone !== undefined) extra.push(sql`phone = ${payload.phone}`);
        await completeIn(tx, organizationId, task, run, 'TASK_EXECUTION', extra);
        return { signalSequence: sequenceToSignal(task, run) };
      }
      case 'new_lead_review': {
        if (!run) throw DomainError.business('This lead review has no sequence to start or refuse.');
        if (run.status !== 'FOUND') {
          throw DomainError.conflict(`The sequence is ${run.status}; only a FOUND sequence awaits a lead review.`, { sequence_status: run.status });
        }
        let after: AfterCommit = {};
        let decided: RunRow;
        if (payload.approved) {
          decided = await update(tx, run, { status: 'ACTIVE' });
          after = { startSequence: { sequenceId: run.id, contactId: run.contact_id, sequenceTemplateId: run.sequence_template_id } };
        } else {
          decided = await end(tx, run, 'REFUSED', 'LEAD_REJECTED');
        }
        await completeIn(tx, organizationId, task, decided, 'TASK_EXECUTION');
        return after;
      }
      case 'playbook_approval': {
        const decided = await decideApproval(tx, organizationId, task.id, payload.approved);
        await completeIn(tx, organizationId, task, run, 'TASK_EXECUTION');
        return { pokePlaybooks: decided.poke };
      }
      default:
        throw DomainError.business(`Unknown payload type.`);
    }
  });
  const task = await getTask(deps.em, organizationId, id);
  const message = messageId ? await getMessage(deps.em, organizationId, messageId) : null;
  const sequence = task.sequence_id ? await getSequence(deps.em, organizationId, task.sequence_id) : null;
  return { task, message, sequence };
}
