// The tasks feature's queries (the task read with its embeds, the list, the locked row a change
// reads, to-dos, replies and their threads), in typed Kysely. Each runs on the `em` it is given (its
// transaction, if any); the use cases beside this file hold the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Insertable, type Updateable } from 'kysely';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';
import type { TaskStatus, TaskType } from '../../db/entities/task.entity.ts';

// ---- The task as the API reads it

/**
 * Tasks (alias t) with their sequence (s), its template (st), the task's contact else the
 * sequence's (c) with its account (a), and the assignee (u), selecting what a TaskRecord needs;
 * callers add the where and the order.
 */
export function taskQuery(em: EntityManager) {
  return selectTask(taskFrom(em));
}

/** Tasks (alias t) with their sequence (s): what the task filters need, so a count reads no more. */
export function taskFrom(em: EntityManager) {
  return typedKysely(em).selectFrom('tasks as t').leftJoin('sequences as s', 's.id', 't.sequence_id');
}

/** taskFrom's tasks, filtered or not, joined and selected as taskQuery's. */
export function selectTask(from: ReturnType<typeof taskFrom>) {
  return from
    .leftJoin('sequence_templates as st', 'st.id', 's.sequence_template_id')
    .leftJoin('contacts as c', (join) => join.on('c.id', '=', (eb) => eb.fn.coalesce('t.contact_id', 's.contact_id')))
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .leftJoin('users as u', 'u.id', 't.assignee_id')
    .select((eb) => [
      't.id',
      't.organization_id',
      't.type',
      't.priority',
      't.status',
      't.sequence_id',
      eb.fn.coalesce('t.contact_id', 's.contact_id').as('contact_id'),
      't.assignee_id',
      't.message_id',
      't.step_number',
      't.title',
      't.notes',
      eb.fn<string | null>('to_char', ['t.due_date', sql.lit('YYYY-MM-DD')]).as('due_date'),
      't.disposition',
      't.phone',
      't.completion_source',
      't.reopen_reason',
      't.snoozed_until',
      't.started_at',
      't.completed_at',
      't.skipped_at',
      't.reopened_at',
      't.created_at',
      't.updated_at',
      's.sequence_template_id',
      'st.name as template_name',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.linkedin_url',
      'c.job_title',
      eb.fn.coalesce('c.company_name', 'a.name').as('company_name'),
      'a.domain as company_domain',
      'u.email as assignee_email',
      'u.name as assignee_name',
    ]);
}

/** taskQuery's row: the task, its contact's summary columns, template and assignee. */
export type TaskRow = Awaited<ReturnType<ReturnType<typeof taskQuery>['executeTakeFirstOrThrow']>>;

/** A YYYY-MM-DD string as a date parameter (the API's due dates). */
const asDate = (value: string) => sql<string>`${value}::date`;

/** The organization's task with its embeds, if any. */
export function taskRow(em: EntityManager, organizationId: string, id: string) {
  return taskQuery(em).where('t.id', '=', id).where('t.organization_id', '=', organizationId).executeTakeFirst();
}

/** These tasks with their embeds, in the order of `ids`. */
export function taskRowsInOrder(em: EntityManager, ids: string[]) {
  return taskQuery(em)
    .where('t.id', 'in', ids)
    .orderBy(sql<number>`array_position(${ids}::uuid[], t.id)`)
    .execute();
}

// ---- The list

export const TASK_SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type TaskSort = (typeof TASK_SORT_FIELDS)[number];

/** The list's filters (GET /v1/tasks). */
export interface TaskFilters {
  sequence_id?: string;
  sequence_template_ids?: string[];
  types?: TaskType[];
  status?: TaskStatus;
  priorities?: Row<'tasks'>['priority'][];
  assignee_user_id?: string;
  contact_id?: string;
  created_after?: string;
  created_before?: string;
  due_date_after?: string;
  due_date_before?: string;
  snoozed?: boolean;
}

/** One page of the matching tasks with their embeds, and how many match. */
export async function taskListPage(
  em: EntityManager,
  organizationId: string,
  filters: TaskFilters,
  page: { limit: number; offset: number; sortBy: TaskSort; sortOrder: 'asc' | 'desc' },
) {
  const matching = taskFrom(em)
    .where('t.organization_id', '=', organizationId)
    .$if(!!filters.sequence_id, (q) => q.where('t.sequence_id', '=', filters.sequence_id!))
    .$if(!!filters.sequence_template_ids?.length, (q) =>
      q.where('s.sequence_template_id', 'in', filters.sequence_template_ids!),
    )
    .$if(!!filters.types?.length, (q) => q.where('t.type', 'in', filters.types!))
    .$if(!!filters.status, (q) => q.where('t.status', '=', filters.status!))
    .$if(!!filters.priorities?.length, (q) => q.where('t.priority', 'in', filters.priorities!))
    .$if(!!filters.assignee_user_id, (q) => q.where('t.assignee_id', '=', filters.assignee_user_id!))
    .$if(!!filters.contact_id, (q) =>
      q.where((eb) =>
        eb.or([eb('t.contact_id', '=', filters.contact_id!), eb('s.contact_id', '=', filters.contact_id!)]),
      ),
    )
    .$if(!!filters.created_after, (q) => q.where('t.created_at', '>', new Date(filters.created_after!)))
    .$if(!!filters.created_before, (q) => q.where('t.created_at', '<', new Date(filters.created_before!)))
    .$if(!!filters.due_date_after, (q) => q.where('t.due_date', '>', asDate(filters.due_date_after!)))
    .$if(!!filters.due_date_before, (q) => q.where('t.due_date', '<', asDate(filters.due_date_before!)))
    .$if(filters.snoozed !== undefined, (q) => q.where('t.snoozed_until', filters.snoozed ? 'is not' : 'is', null));
  const [rows, counted] = await Promise.all([
    selectTask(matching)
      .orderBy(`t.${page.sortBy}`, page.sortOrder)
      .orderBy('t.id', page.sortOrder)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

// ---- Changes: the locked row, and writes

const LOCKED_COLUMNS = [
  'id',
  'organization_id',
  'type',
  'status',
  'sequence_id',
  'contact_id',
  'message_id',
  'snoozed_until',
  'reopened_at',
] as const;
/** The task row a change reads under its lock. */
export type LockedTask = Pick<Row<'tasks'>, (typeof LOCKED_COLUMNS)[number]>;
/** The columns a change writes (updated_at is set with them); a due date as YYYY-MM-DD. */
export type TaskSets = Omit<Updateable<DB['tasks']>, 'due_date'> & { due_date?: string };

/** The organization's task's head (its sequence), read without a lock; undefined when there is none. */
export function taskHead(em: EntityManager, organizationId: string, id: string) {
  return typedKysely(em)
    .selectFrom('tasks')
    .select('sequence_id')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Locks the organization's task row (FOR UPDATE) and reads what a change needs. */
export function lockTask(tx: EntityManager, organizationId: string, id: string): Promise<LockedTask | undefined> {
  return typedKysely(tx)
    .selectFrom('tasks')
    .select(LOCKED_COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

/** Locks the organization's task row (FOR UPDATE) and reads its type. */
export function lockTaskType(tx: EntityManager, organizationId: string, id: string) {
  return typedKysely(tx)
    .selectFrom('tasks')
    .select('type')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

/** Writes `sets` and updated_at. */
export async function updateTaskRow(tx: EntityManager, id: string, sets: TaskSets): Promise<void> {
  const { due_date: dueDate, ...rest } = sets;
  await typedKysely(tx)
    .updateTable('tasks')
    .set({ ...rest, ...(dueDate !== undefined && { due_date: asDate(dueDate) }), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Inserts a task; its due date as YYYY-MM-DD. */
export async function insertTask(
  tx: EntityManager,
  values: Omit<Insertable<DB['tasks']>, 'due_date'> & { due_date: string },
): Promise<void> {
  await typedKysely(tx)
    .insertInto('tasks')
    .values({ ...values, due_date: asDate(values.due_date) })
    .execute();
}

/** The run's NEW_LEAD_REVIEW tasks in one of `statuses`, oldest first, locked (FOR UPDATE). */
export function lockReviewTasks(tx: EntityManager, sequenceId: string, statuses: readonly TaskStatus[]) {
  return typedKysely(tx)
    .selectFrom('tasks')
    .select('id')
    .where('sequence_id', '=', sequenceId)
    .where('type', '=', 'NEW_LEAD_REVIEW')
    .where('status', 'in', statuses)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The run's later tasks go to this assignee, and so do this task and every task of the run in one of `statuses`. */
export async function reassignRunTasks(
  tx: EntityManager,
  sequenceId: string,
  taskId: string,
  statuses: readonly TaskStatus[],
  assigneeId: string,
  now: Date,
): Promise<void> {
  await typedKysely(tx)
    .updateTable('sequences')
    .set({ task_assignee_id: assigneeId })
    .where('id', '=', sequenceId)
    .execute();
  await typedKysely(tx)
    .updateTable('tasks')
    .set({ assignee_id: assigneeId, updated_at: now })
    .where('sequence_id', '=', sequenceId)
    .where((eb) => eb.or([eb('id', '=', taskId), eb('status', 'in', statuses)]))
    .execute();
}

export async function setTaskAssignee(tx: EntityManager, id: string, assigneeId: string, now: Date): Promise<void> {
  await typedKysely(tx)
    .updateTable('tasks')
    .set({ assignee_id: assigneeId, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function isOrganizationContact(
  em: EntityManager,
  organizationId: string,
  contactId: string,
): Promise<boolean> {
  return !!(await typedKysely(em)
    .selectFrom('contacts')
    .select('id')
    .where('id', '=', contactId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst());
}

// ---- Replies and their threads

/** The contact a reply goes to. */
export function replyContactRow(tx: EntityManager, contactId: string) {
  return typedKysely(tx)
    .selectFrom('contacts')
    .select(['id', 'first_name', 'last_name', 'email', 'linkedin_url'])
    .where('id', '=', contactId)
    .executeTakeFirst();
}

/** A mailbox's status and last error. */
export function mailboxState(em: EntityManager, mailboxId: string) {
  return typedKysely(em)
    .selectFrom('mailboxes')
    .select(['status', 'last_error'])
    .where('id', '=', mailboxId)
    .executeTakeFirst();
}

/** Drops a reply's effect that was refused or cancelled (nothing went out). */
export async function dropRefusedEffect(em: EntityManager, key: string): Promise<void> {
  await typedKysely(em)
    .deleteFrom('outbound_effects')
    .where('key', '=', key)
    .where('state', 'in', ['REFUSED', 'CANCELLED'])
    .execute();
}

/** One message of a thread: its subject, provider id and the message it answers. */
export function threadMessage(em: EntityManager, id: string) {
  return typedKysely(em)
    .selectFrom('messages')
    .select(['subject', 'provider_message_id', 'in_reply_to_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The step number of a message, if it has one. */
export async function messageStep(tx: EntityManager, id: string): Promise<number | null | undefined> {
  return (await typedKysely(tx).selectFrom('messages').select('step_number').where('id', '=', id).executeTakeFirst())
    ?.step_number;
}

export async function insertMessage(tx: EntityManager, values: Insertable<DB['messages']>): Promise<void> {
  await typedKysely(tx).insertInto('messages').values(values).execute();
}
