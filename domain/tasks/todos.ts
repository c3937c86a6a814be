// Standalone to-dos (type TODO): create, edit, reassign (any task), and their task.created events.
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TaskType } from '../../db/entities/task.entity.ts';
import { organizationUser } from '../people/accounts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { emitEvents } from '../activity/emit.ts';
import { getTask } from './reads.ts';
import { taskEvent } from './task-events.ts';
import { OPEN_STATUSES, SELECT, toTaskRecord, type Priority, type TaskRecord, type TaskRow } from './task-record.ts';

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
