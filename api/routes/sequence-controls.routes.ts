// Sequence controls (docs/api/sequences.md, 'Sequence runs'): pause, resume, stop and variables
// of one run (domain/sequences/controls.service.ts). Each is written in the row by the request and
// then told to the run's workflow (docs/workflow-commands.md, 'Controls'); the answer is the row as
// written. A lead awaiting review (FOUND, no workflow before its approval): stop and variables work,
// pause and resume answer 409.
import type { AppContext } from '../context.ts';
import * as controls from '../../domain/sequences/controls.service.ts';
import type { PauseInput, StopInput } from '../../domain/sequences/controls.service.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { defineRoute, type RouteDef, type RouteResponse } from '../route.ts';
import { idParams, nullableTimestamp } from '../schemas/common.schemas.ts';
import { variablesMap } from '../schemas/people.schemas.ts';
import { named } from '../schemas/named.ts';
import { sequenceSchema } from '../schemas/sequences.schemas.ts';
import { SEQUENCE_PAUSED, SEQUENCE_STOPPED } from '../examples/sequences.examples.ts';

type Params = { sequence_id: string };
const tags = ['Sequences'];
const AWAITING_REVIEW_PAUSE =
  'A lead awaiting review (FOUND) has no steps to hold: pause and resume answer 409; approve it (its NEW_LEAD_REVIEW task) or stop it.';

// Pause and resume write at the revision they read: a run whose steps keep writing its row can make them give up.
const KEPT_CHANGING =
  'The run kept changing (its steps) while the change was tried; nothing changed, send it again (UnavailableIssue). ' +
  'An unreachable Temporal is no reason: the change is committed and reaches the run when it can.';
function responses(
  what: string,
  conflicts: string,
  example?: unknown,
  unavailable?: string,
): Record<number, RouteResponse> {
  const answers: Record<number, RouteResponse> = {
    200: {
      description: `The sequence as the ${what} left it (the row as written).`,
      schema: sequenceSchema,
      ...(example === undefined ? {} : { example }),
    },
    404: { description: 'No such sequence in the organization.' },
    409: { description: conflicts },
  };
  if (unavailable) answers[503] = { description: unavailable };
  return answers;
}

export function sequenceControlsRoutes(deps: { workflows: WorkflowClients }): RouteDef[] {
  const org = (ctx: AppContext) => ctx.state.principal.organizationId;
  const controlDeps = (ctx: AppContext): controls.ControlDeps => ({
    em: ctx.state.em,
    workflows: deps.workflows,
    logger: ctx.state.logger,
  });
  // Pause and resume run statements only (one read, one write, the command's mark): no fork of the request's EntityManager.
  const statementDeps = (ctx: AppContext): controls.ControlDeps => ({
    em: ctx.state.rootEm,
    workflows: deps.workflows,
    logger: ctx.state.logger,
  });
  return [
    defineRoute<Params, Record<string, never>, PauseInput>({
      method: 'POST',
      path: '/v1/sequences/{sequence_id}/pause',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'pauseSequence',
      summary: 'Pause a sequence',
      description:
        'WAITING_FOR_USER. With `paused_until` the run resumes by itself at that time; without it, when resumed. A pause of a paused run replaces its paused_until. ' +
        AWAITING_REVIEW_PAUSE,
      params: idParams('sequence_id'),
      body: named('SequencePause', {
        type: 'object',
        additionalProperties: false,
        properties: { paused_until: nullableTimestamp },
      }),
      responses: responses(
        'pause',
        'The sequence has ended, or is a lead awaiting review (FOUND) (CommitIssue).',
        SEQUENCE_PAUSED,
        KEPT_CHANGING,
      ),
      handler: async (ctx, { params, body }) => {
        return {
          status: 200,
          body: await controls.pauseRun(statementDeps(ctx), org(ctx), params.sequence_id, {
            paused_until: body?.paused_until ?? null,
          }),
        };
      },
    }),
    defineRoute<Params>({
      method: 'POST',
      path: '/v1/sequences/{sequence_id}/resume',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'resumeSequence',
      summary: 'Resume a paused sequence',
      description:
        'Restores the status held before the pause. A run that is not paused, or has ended, answers 409. ' +
        AWAITING_REVIEW_PAUSE,
      params: idParams('sequence_id'),
      responses: responses(
        'resume',
        'The sequence is not paused, has ended, or is a lead awaiting review (FOUND) (CommitIssue).',
        undefined,
        KEPT_CHANGING,
      ),
      handler: async (ctx, { params }) => {
        return { status: 200, body: await controls.resumeRun(statementDeps(ctx), org(ctx), params.sequence_id) };
      },
    }),
    defineRoute<Params, Record<string, never>, StopInput>({
      method: 'POST',
      path: '/v1/sequences/{sequence_id}/stop',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'stopSequence',
      summary: 'Stop a sequence with an outcome',
      description:
        'WIN: SUCCEEDED, LOSE: FAILED, with sequence.stopped. Scope ACCOUNT also stops the running sequences of the other contacts of the same account, ' +
        'in the same transaction. The contact stays reachable. A lead awaiting review (FOUND) is stopped too: its NEW_LEAD_REVIEW task is SKIPPED ' +
        "(task.skipped) and its run never starts (a later approval answers 409). The run's workflow is told after the commit and sends nothing more.",
      params: idParams('sequence_id'),
      body: named('SequenceStop', {
        type: 'object',
        additionalProperties: false,
        required: ['reason', 'scope'],
        properties: {
          reason: { type: 'string', enum: ['WIN', 'LOSE'] },
          scope: { type: 'string', enum: ['CONTACT', 'ACCOUNT'] },
        },
      }),
      responses: responses('stop', 'The sequence has ended (CommitIssue).', SEQUENCE_STOPPED),
      handler: async (ctx, { params, body }) => {
        const input: StopInput = { reason: body.reason, scope: body.scope };
        return { status: 200, body: await controls.stopRun(controlDeps(ctx), org(ctx), params.sequence_id, input) };
      },
    }),
    defineRoute<Params, Record<string, never>, { variables: Record<string, string | null> }>({
      method: 'PATCH',
      path: '/v1/sequences/{sequence_id}',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'updateSequenceVariables',
      summary: 'Merge variables into a sequence run',
      description:
        "Keys merge into the run's variables (a null value clears a key); the run's next steps render with them (a step already under way keeps " +
        'what it rendered). A lead awaiting review (FOUND) takes them in its row; its run renders with them once approved.',
      params: idParams('sequence_id'),
      body: named('SequenceVariablesUpdate', {
        type: 'object',
        additionalProperties: false,
        required: ['variables'],
        properties: {
          variables: variablesMap,
        },
      }),
      responses: responses('update', 'The sequence has ended (CommitIssue).'),
      handler: async (ctx, { params, body }) => {
        return {
          status: 200,
          body: await controls.setRunVariables(controlDeps(ctx), org(ctx), params.sequence_id, body.variables),
        };
      },
    }),
  ];
}
