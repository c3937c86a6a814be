// Tasks (docs/api/tasks.md; scopes tasks:read / tasks:write): the list and reads, the thread of a reply
// task, standalone to-dos and reassignment. The state machine and execute are in task-actions.routes.ts,
// which shares this file's task answers (taskResponse, notFound).
import type { MessageSort } from '../../domain/engagement/messages.service.ts';
import {
  getTask,
  listTasks,
  taskThread,
  TASK_SORT_FIELDS,
  type TaskFilters,
  type TaskSort,
} from '../../domain/tasks/reads.ts';
import {
  createTask,
  reassignTask,
  updateTask,
  type CreateTaskRequest,
  type ReassignRequest,
  type UpdateTaskRequest,
} from '../../domain/tasks/todos.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  createTaskSchema,
  messageSchema,
  reassignSchema,
  taskListFilters,
  taskSchema,
  updateTaskSchema,
} from '../schemas/tasks.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';
import { TODO_REASSIGNED, TODO_UPDATED } from '../examples/tasks.examples.ts';

type Params = { task_id: string };
const tags = ['Tasks'];
const params = idParams('task_id');

export const notFound = { description: 'No such task in the organization (NotFoundIssue).' };

/** A task route's answers: the task (200) and 404, plus the route's own. */
export const taskResponse = (what: string, extra: Record<number, { description: string }> = {}, example?: unknown) => ({
  200: { description: what, schema: taskSchema, ...(example === undefined ? {} : { example }) },
  404: notFound,
  ...extra,
});

const threadQuery = listQuerySchema([]);
(threadQuery.properties as Record<string, unknown>).sort_order = {
  type: 'string',
  enum: ['asc', 'desc'],
  default: 'asc',
  description: 'By sent_at; default `asc` (oldest first).',
};

export function tasksRoutes(): RouteDef[] {
  return [
    defineRoute<Record<string, string>, PageQuery<TaskSort> & TaskFilters>({
      method: 'GET',
      path: '/v1/tasks',
      auth: 'key',
      scope: 'tasks:read',
      tags,
      operationId: 'listTasks',
      requestExample: { query: { assignee_user_id: EXAMPLE_IDS.user, status: 'PENDING' } },
      summary: 'List tasks',
      description:
        'Default order: created_at ascending. Filters combine with AND; the repeatable ones (types, priorities, sequence_template_ids) match any of their values. ' +
        "`contact_id` matches the task's contact or its sequence's. created_after/created_before and the due-date bounds are strict.",
      query: listQuerySchema(TASK_SORT_FIELDS, taskListFilters),
      responses: { 200: { description: 'Envelope of tasks.', schema: envelopeSchema(taskSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await listTasks(ctx.state.em, ctx.state.principal.organizationId, filters, {
          ...pageWindow(query),
          sortBy: sort_by,
          sortOrder: sort_order,
        });
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<Params>({
      method: 'GET',
      path: '/v1/tasks/{task_id}',
      auth: 'key',
      scope: 'tasks:read',
      tags,
      operationId: 'getTask',
      summary: 'A task',
      description: 'The task with its contact, assignee and sequence template embeds (null when not applicable).',
      params,
      responses: taskResponse('The task.'),
      handler: async (ctx, { params: p }) => ({
        status: 200,
        body: await getTask(ctx.state.em, ctx.state.principal.organizationId, p.task_id),
      }),
    }),
    defineRoute<Params, PageQuery<MessageSort>>({
      method: 'GET',
      path: '/v1/tasks/{task_id}/messages',
      auth: 'key',
      scope: 'tasks:read',
      tags,
      operationId: 'listTaskMessages',
      summary: 'The message thread of a task',
      description:
        "Oldest first, records as GET /v1/messages serves them. EMAIL_REPLY / LINKEDIN_REPLY: the messages of the task's sequence on that channel " +
        "(the contact's reply and the team's messages, including replies sent with execute); other sequence tasks: every message of the sequence; " +
        'a standalone task: none.',
      params,
      query: threadQuery,
      responses: {
        200: { description: 'Envelope of messages.', schema: envelopeSchema(messageSchema) },
        404: notFound,
      },
      handler: async (ctx, { params: p, query }) => {
        const { items, total } = await taskThread(ctx.state.em, ctx.state.principal.organizationId, p.task_id, {
          ...pageWindow(query),
          sortOrder: query.sort_order,
        });
        return { status: 200, body: envelope(items, total, query) };
      },
    }),
    defineRoute<Record<string, string>, Record<string, never>, CreateTaskRequest>({
      method: 'POST',
      path: '/v1/tasks',
      auth: 'key',
      scope: 'tasks:write',
      tags,
      operationId: 'createTask',
      summary: 'Create a to-do',
      description:
        "A standalone task of type TODO, PENDING. The assignee defaults to the API key's user (null: unassigned). " +
        'Emits task.created with the task embedded, sequence_id, sequence_template_id and sequence_template null, and the contact (null when none); ' +
        'it reaches webhook subscriptions for all templates (sequence_template_ids null) only.',
      body: createTaskSchema,
      responses: {
        200: { description: 'The new task.', schema: taskSchema },
        422: {
          description:
            'contact_id or assignee_user_id is not (an active user) of the organization (ValidationIssue naming it).',
        },
      },
      handler: async (ctx, { body }) => {
        const { em, principal } = ctx.state;
        return { status: 200, body: await createTask(em, principal.organizationId, principal.userId, body) };
      },
    }),
    defineRoute<Params, Record<string, never>, UpdateTaskRequest>({
      method: 'PATCH',
      path: '/v1/tasks/{task_id}',
      auth: 'key',
      scope: 'tasks:write',
      tags,
      operationId: 'updateTask',
      summary: 'Edit a to-do',
      description:
        'Standalone to-dos (type TODO) only: title, notes, due_date, assignee_user_id, priority. Other task types answer 422 BusinessIssue.',
      params,
      body: updateTaskSchema,
      responses: taskResponse(
        'The task.',
        {
          422: {
            description:
              'Not a TODO (BusinessIssue), or the assignee is not an active user of the organization (ValidationIssue).',
          },
        },
        TODO_UPDATED,
      ),
      handler: async (ctx, { params: p, body }) => ({
        status: 200,
        body: await updateTask(ctx.state.em, ctx.state.principal.organizationId, p.task_id, body),
      }),
    }),
    defineRoute<Params, Record<string, never>, ReassignRequest>({
      method: 'PATCH',
      path: '/v1/tasks/{task_id}/assignee',
      auth: 'key',
      scope: 'tasks:write',
      tags,
      operationId: 'reassignTask',
      summary: 'Reassign a task',
      description:
        'scope TASK (default): this task. SEQUENCE: this task, the open tasks of its sequence and the tasks the sequence creates later.',
      params,
      body: reassignSchema,
      responses: taskResponse(
        'The task.',
        {
          422: {
            description:
              'The user is not an active user of the organization, or SEQUENCE for a standalone task (ValidationIssue).',
          },
        },
        TODO_REASSIGNED,
      ),
      handler: async (ctx, { params: p, body }) => ({
        status: 200,
        body: await reassignTask(ctx.state.em, ctx.state.principal.organizationId, p.task_id, body),
      }),
    }),
  ];
}
