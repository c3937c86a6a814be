// Standalone to-dos (type TODO): create, edit, reassign (any task), and their task.created events.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { organizationUser } from '../people/accounts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { emitEvents } from '../activity/emit.ts';
import { getTask } from './reads.ts';
import { taskEvent } from './task-events.ts';
import { OPEN_STATUSES, toTaskRecord, type Priority, type TaskRecord } from './task-record.ts';
import {
  insertTask,
  isOrganizationContact,
  lockTaskType,
  reassignRunTasks,
  setTaskAssignee,
  taskHead,
  taskRowsInOrder,
  updateTaskRow,
} from './tasks.queries.ts';

export interface CreateTaskRequest {
  title: string;
  due_date: string;
  notes?: string | null;
  contact_id?: string | null;
  assignee_user_id?: string | null;
  priority?: Priority;
}

async function requireContact(em: EntityManager, organizationId: string, contactId: string): Promise<void> {
  if (!(await isOrganizationContact(em, organizationId, contactId)))
    throw DomainError.invalid('contact_id', 'is not a contact of this organization', 422);
}

/** A TODO, PENDING, with task.created; the assignee defaults to the API key's user. */
export async function createTask(
  em: EntityManager,
  organizationId: string,
  keyUserId: string,
  request: CreateTaskRequest,
): Promise<TaskRecord> {
  const id = randomUUID();
  await em.transactional(async (tx) => {
    if (request.contact_id) await requireContact(tx, organizationId, request.contact_id);
    const assignee = request.assignee_user_id === undefined ? keyUserId : request.assignee_user_id;
    if (assignee) await organizationUser(tx, organizationId, assignee, 'assignee_user_id');
    const now = new Date();
    await insertTask(tx, {
      id,
      organization_id: organizationId,
      type: 'TODO',
      priority: request.priority ?? 'TODAY',
      status: 'PENDING',
      contact_id: request.contact_id ?? null,
      assignee_id: assignee,
      title: request.title.trim(),
      notes: request.notes ?? null,
      due_date: request.due_date,
      created_at: now,
      updated_at: now,
    });
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
  const rows = await taskRowsInOrder(tx, ids);
  await emitEvents(
    tx,
    rows.map(toTaskRecord).flatMap((task) => taskEvent(null, 'task.created', task, {}) ?? []),
  );
}

export interface UpdateTaskRequest {
  title?: string;
  notes?: string | null;
  due_date?: string;
  assignee_user_id?: string | null;
  priority?: Priority;
}

/** Edits a standalone to-do (type TODO); other types answer 422 (their content comes from their sequence). */
export async function updateTask(
  em: EntityManager,
  organizationId: string,
  id: string,
  request: UpdateTaskRequest,
): Promise<TaskRecord> {
  await em.transactional(async (tx) => {
    const task = await lockTaskType(tx, organizationId, id);
    if (!task) throw DomainError.notFound('Task');
    if (task.type !== 'TODO') {
      throw DomainError.business(
        `Only standalone to-dos (type TODO) can be edited; this task is ${task.type}. Use PATCH /v1/tasks/{task_id}/assignee to reassign it.`,
        { type: task.type },
      );
    }
    if (request.assignee_user_id)
      await organizationUser(tx, organizationId, request.assignee_user_id, 'assignee_user_id');
    await updateTaskRow(tx, id, {
      ...(request.title !== undefined && { title: request.title.trim() }),
      ...(request.notes !== undefined && { notes: request.notes }),
      ...(request.due_date !== undefined && { due_date: request.due_date }),
      ...(request.assignee_user_id !== undefined && { assignee_id: request.assignee_user_id }),
      ...(request.priority !== undefined && { priority: request.priority }),
    });
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
export async function reassignTask(
  em: EntityManager,
  organizationId: string,
  id: string,
  request: ReassignRequest,
): Promise<TaskRecord> {
  await em.transactional(async (tx) => {
    const task = await taskHead(tx, organizationId, id);
    if (!task) throw DomainError.notFound('Task');
    await organizationUser(tx, organizationId, request.assignee_user_id, 'assignee_user_id');
    const now = new Date();
    if ((request.scope ?? 'TASK') === 'SEQUENCE') {
      const sequenceId = task.sequence_id;
      if (!sequenceId)
        throw DomainError.invalid('scope', 'SEQUENCE needs a task of a sequence; this is a standalone task', 422);
      await reassignRunTasks(tx, sequenceId, id, OPEN_STATUSES, request.assignee_user_id, now);
    } else {
      await setTaskAssignee(tx, id, request.assignee_user_id, now);
    }
  });
  return getTask(em, organizationId, id);
}
