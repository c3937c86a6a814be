// Tasks (docs/api/tasks.md; scopes tasks:read / tasks:write): the list and reads, the thread of a reply
// task, standalone to-dos, reassignment, the state machine (start, complete, skip, reopen, snooze)
// and execute.
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Config } from '../../config.ts';
import type { MessageSort } from '../../domain/engagement/messages.service.ts';
import { executeTask, type ExecutePayload } from '../../domain/tasks/execute.ts';
import { MailboxCredentials } from '../../domain/mailboxes/credentials.ts';
import { mailboxSending } from '../../domain/mailboxes/mailbox-sending.ts';
import {
  getTask,
  listTasks,
  taskThread,
  TASK_SORT_FIELDS,
  type TaskFilters,
  type TaskSort,
} from '../../domain/tasks/reads.ts';
import { snoozeTask } from '../../domain/tasks/snooze.ts';
import type { TaskDeps } from '../../domain/tasks/task-changes.ts';
import {
  createTask,
  reassignTask,
  updateTask,
  type CreateTaskRequest,
  type ReassignRequest,
  type UpdateTaskRequest,
} from '../../domain/tasks/todos.ts';
import { completeTask, reopenTask, skipTask, startTask, type CompleteRequest } from '../../domain/tasks/transitions.ts';
import type { Providers } from '../../providers/index.ts';
import type { AppContext } from '../context.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  completeSchema,
  createTaskSchema,
  executeResultSchema,
  executeSchema,
  messageSchema,
  reassignSchema,
  snoozeSchema,
  taskListFilters,
  taskSchema,
  updateTaskSchema,
} from '../schemas/tasks.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';
import {
  CALL_DONE,
  TODO_REASSIGNED,
  TODO_REOPENED,
  TODO_SKIPPED,
  TODO_SNOOZED,
  TODO_STARTED,
  TODO_UPDATED,
} from '../examples/tasks.examples.ts';

export interface TasksDeps {
  workflows: WorkflowClients;
  providers: Pick<Providers, 'mail' | 'linkedin'>;
  config: Pick<Config, 'temporalTaskQueue' | 'webhookSecretKey'>;
}

type Params = { task_id: string };
const tags = ['Tasks'];
const params = idParams('task_id');

const notFound = { description: 'No such task in the organization (NotFoundIssue).' };
const invalidTransition = {
  description: "The transition is not allowed from the task's status (CommitIssue; `data.status`).",
};

const threadQuery = listQuerySchema([]);
(threadQuery.properties as Record<string, unknown>).sort_order = {
  type: 'string',
  enum: ['asc', 'desc'],
  default: 'asc',
  description: 'By sent_at; default `asc` (oldest first).',
};

export function tasksRoutes(deps: TasksDeps): RouteDef[] {
  const taskDeps = (ctx: AppContext): TaskDeps => ({
    em: ctx.state.em,
    workflows: deps.workflows,
    logger: ctx.state.logger,
  });
  // A reply email goes out through its sender's connected mailbox, as a step's email does.
  const mailboxes = mailboxSending({
    credentials: new MailboxCredentials(deps.config.webhookSecretKey),
    fallback: deps.providers.mail,
  });
  const taskResponse = (what: string, extra: Record<number, { description: string }> = {}, example?: unknown) => ({
    200: { description: what, schema: taskSchema, ...(example === undefined ? {} : { example }) },
    404: notFound,
    ...extra,
  });
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
    defineRoute<Params>({
      method: 'POST',
      path: '/v1/tasks/{task_id}/start',
      auth: 'key',
      scope: 'tasks:write',
      tags,
      operationId: 'startTask',
      summary: 'Start a task (an assignee opened it)',
      description: 'PENDING to IN_PROGRESS, started_at set. Any other status: 409.',
      params,
      responses: taskResponse('The task, IN_PROGRESS.', { 409: invalidTransition }, TODO_STARTED),
      handler: async (ctx, { params: p }) => ({
        status: 200,
        body: await startTask(taskDeps(ctx), ctx.state.principal.organizationId, p.task_id),
      }),
    }),
    defineRoute<Params, Record<string, never>, CompleteRequest>({
      method: 'POST',
      path: '/v1/tasks/{task_id}/complete',
      auth: 'key',
      scope: 'tasks:write',
      tags,
      operationId: 'completeTask',
      requestExample: { params: { task_id: EXAMPLE_IDS.callTask } },
      summary: 'Complete a task',
      description:
        'PENDING or IN_PROGRESS to COMPLETED, recording completion_source (optional for every task type, default TASK_EXECUTION) and, ' +
        "for CALL tasks, the disposition. Records the outcome only: nothing is sent (use execute for that); a NEW_LEAD_REVIEW's sequence stays FOUND (execute new_lead_review decides it). " +
        "A CALL step of a sequence moves on; a reply task's sequence, halted by the reply, waits for the lead (WAITING_FOR_LEAD) once none of its reply or CALL tasks is open. " +
        'Emits task.completed (sequence tasks and to-dos). ' +
        'Exception: completing a PLAYBOOK_APPROVAL task, with any completion_source, approves its playbook run and carries the action out, as execute ' +
        'playbook_approval with approved true does (skip the task to reject the run; a run already decided: 409).',
      params,
      body: completeSchema,
      responses: taskResponse(
        'The task, COMPLETED.',
        {
          409: { description: 'The task is not open, or its playbook run was already decided (CommitIssue).' },
          422: {
            description:
              'disposition on a task that is not a CALL (ValidationIssue naming it), or a PLAYBOOK_APPROVAL task whose playbook was deleted (BusinessIssue).',
          },
        },
        CALL_DONE,
      ),
      handler: async (ctx, { params: p, body }) => ({
        status: 200,
        body: await completeTask(taskDeps(ctx), ctx.state.principal.organizationId, p.task_id, body ?? {}),
      }),
    }),
    defineRoute<Params>({
      method: 'POST',
      path: '/v1/tasks/{task_id}/skip',
      auth: 'key',
      scope: 'tasks:write',
      tags,
      operationId: 'skipTask',
      summary: 'Skip a task',
      description:
        "PENDING or IN_PROGRESS to SKIPPED. A CALL step of a sequence moves on; a reply task's sequence waits for the lead as on complete. Emits task.skipped (sequence tasks and to-dos). Skipping a PLAYBOOK_APPROVAL task records its playbook run REJECTED.",
      params,
      responses: taskResponse('The task, SKIPPED.', { 409: invalidTransition }, TODO_SKIPPED),
      handler: async (ctx, { params: p }) => ({
        status: 200,
        body: await skipTask(taskDeps(ctx), ctx.state.principal.organizationId, p.task_id),
      }),
    }),
    defineRoute<Params>({
      method: 'POST',
      path: '/v1/tasks/{task_id}/reopen',
      auth: 'key',
      scope: 'tasks:write',
      tags,
      operationId: 'reopenTask',
      summary: 'Reopen a completed or skipped task',
      description:
        'COMPLETED or SKIPPED to PENDING: reopened_at set, reopen_reason null, the outcome (completed_at, skipped_at, completion_source, disposition) cleared. ' +
        "A sequence that moved on does not go back; a reopened reply task's sequence waits for the user again (WAITING_FOR_USER). Emits task.reopened (sequence tasks and to-dos).",
      params,
      responses: taskResponse('The task, PENDING.', { 409: invalidTransition }, TODO_REOPENED),
      handler: async (ctx, { params: p }) => ({
        status: 200,
        body: await reopenTask(taskDeps(ctx), ctx.state.principal.organizationId, p.task_id),
      }),
    }),
    defineRoute<Params, Record<string, never>, { snoozed_until: string }>({
      method: 'POST',
      path: '/v1/tasks/{task_id}/snooze',
      auth: 'key',
      scope: 'tasks:write',
      tags,
      operationId: 'snoozeTask',
      summary: 'Snooze an open task until a time',
      description:
        'The status stays and snoozed_until is set (GET /v1/tasks?snoozed=false hides snoozed tasks). At that time the task comes back: ' +
        'status PENDING, snoozed_until null, reopen_reason REMINDER_RULE, reopened_at set, task.reopened (sequence tasks and to-dos). A new snooze replaces the previous time; ' +
        'completing or skipping cancels it.',
      params,
      body: snoozeSchema,
      responses: taskResponse(
        'The task, snoozed.',
        {
          409: invalidTransition,
          422: { description: 'snoozed_until not in the future or too far ahead (ValidationIssue).' },
        },
        TODO_SNOOZED,
      ),
      handler: async (ctx, { params: p, body }) => ({
        status: 200,
        body: await snoozeTask(taskDeps(ctx), ctx.state.principal.organizationId, p.task_id, body.snoozed_until),
      }),
    }),
    defineRoute<Params, Record<string, never>, { payload: ExecutePayload }>({
      method: 'POST',
      path: '/v1/tasks/{task_id}/execute',
      auth: 'key',
      scope: 'tasks:write',
      tags,
      operationId: 'executeTask',
      requestExample: { params: { task_id: EXAMPLE_IDS.callTask } },
      summary: 'Execute a task in the service',
      description:
        "email_reply / linkedin_reply: sends the reply through the channel from the sequence's sender, exactly once, stores it OUTBOUND in the thread " +
        '(an email reply goes through the sender\'s connected mailbox when it has one, from its address, as "Re: <subject>" unless subject is given, with ' +
        "In-Reply-To the answered message's Message-ID and References the thread's; otherwise through the service's own transport) " +
        '(in_reply_to_id: the message answered), emits message.sent (its step_number the step of the message answered), completes the task; the sequence ' +
        'waits for the lead (WAITING_FOR_LEAD; WAITING_FOR_USER while another reply or CALL task of it is open). ' +
        'call: logs phone and disposition and completes the task; a CALL step moves on. new_lead_review: approved true turns the FOUND sequence ACTIVE and starts it; ' +
        "false ends it REFUSED (stopped_reason LEAD_REJECTED). playbook_approval: approved true carries out the playbook run's action (CREATE_TASK: the TODO now; " +
        'ENROLL_IN_SEQUENCE: the enrollment within seconds, see GET /v1/playbooks/{id}/runs), false records the run REJECTED. ' +
        'The task ends COMPLETED (completion_source TASK_EXECUTION).',
      params,
      body: executeSchema,
      responses: {
        200: { description: 'The task, the message sent (replies) and the sequence.', schema: executeResultSchema },
        404: notFound,
        409: {
          description:
            "The task is not open (COMPLETED or SKIPPED), the lead review's sequence is no longer FOUND (approved, rejected or stopped), or the playbook run was already decided (CommitIssue).",
        },
        422: {
          description:
            "The payload type does not fit the task type (ValidationIssue naming payload.type); the approval's playbook was deleted; the contact lacks the channel; the channel refused; the sender's connected mailbox is AUTH_FAILED or ERROR, so nothing was sent (BusinessIssue).",
        },
      },
      handler: async (ctx, { params: p, body }) => {
        const { principal } = ctx.state;
        return {
          status: 200,
          body: await executeTask(
            { ...taskDeps(ctx), providers: deps.providers, mailboxes, userId: principal.userId },
            principal.organizationId,
            p.task_id,
            body.payload,
          ),
        };
      },
    }),
  ];
}
