// Task actions (docs/api/tasks.md; scope tasks:write): the state machine (start, complete, skip,
// reopen, snooze) and execute, which sends a reply, logs a call or decides a review or an approval.
// These reach the task's sequence and workflows; the reads and to-dos are in tasks.routes.ts.
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Config } from '../../config.ts';
import { executeTask, type ExecutePayload } from '../../domain/tasks/execute.ts';
import { MailboxCredentials } from '../../domain/mailboxes/credentials.ts';
import { mailboxSending } from '../../domain/mailboxes/mailbox-sending.ts';
import { snoozeTask } from '../../domain/tasks/snooze.ts';
import type { TaskDeps } from '../../domain/tasks/task-changes.ts';
import { completeTask, reopenTask, skipTask, startTask, type CompleteRequest } from '../../domain/tasks/transitions.ts';
import type { Providers } from '../../providers/index.ts';
import type { AppContext } from '../context.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import { completeSchema, executeResultSchema, executeSchema, snoozeSchema } from '../schemas/tasks.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';
import { CALL_DONE, TODO_REOPENED, TODO_SKIPPED, TODO_SNOOZED, TODO_STARTED } from '../examples/tasks.examples.ts';
import { notFound, taskResponse } from './tasks.routes.ts';

export interface TaskActionsDeps {
  workflows: WorkflowClients;
  providers: Pick<Providers, 'mail' | 'linkedin'>;
  config: Pick<Config, 'temporalTaskQueue' | 'webhookSecretKey'>;
}

type Params = { task_id: string };
const tags = ['Tasks'];
const params = idParams('task_id');

const invalidTransition = {
  description: "The transition is not allowed from the task's status (CommitIssue; `data.status`).",
};

export function taskActionsRoutes(deps: TaskActionsDeps): RouteDef[] {
  const taskDeps = (ctx: AppContext): TaskDeps => ({
    em: ctx.state.em,
    workflows: deps.workflows,
    logger: ctx.state.logger,
  });
  // A reply email goes out through its sender's connected mailbox, as a step's email does.
  const mailboxes = mailboxSending({
    credentials: new MailboxCredentials(deps.config.webhookSecretKey),
    fallback: deps.providers.mail,
    dkimSecretKey: deps.config.webhookSecretKey,
  });
  return [
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
