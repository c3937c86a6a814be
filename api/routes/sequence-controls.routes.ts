// Sequence controls (SPEC 'Sequences'): pause, resume, stop and variables of one run, each executed
// as a Workflow Update on `sequence/<id>`; the answer is the record the Update returned.
import type { Client } from '@temporalio/client';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, WorkflowNotFoundError } from '@temporalio/common';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { conflict, fieldIssue, notFound, unavailable } from '../errors.ts';
import { DATA_ERROR, INVALID_INPUT } from '../../workflows/failures.definitions.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams, nullableTimestamp } from '../schemas/common.schemas.ts';
import { variablesMap } from '../schemas/people.schemas.ts';
import { sequenceSchema } from '../schemas/sequences.schemas.ts';
import {
  SEQUENCE_INVALID_INPUT, SEQUENCE_NOT_PAUSED, SEQUENCE_TERMINAL, SEQUENCE_UPDATE_FAILED, pauseUpdate, resumeUpdate, sequenceWorkflowId, setVariablesUpdate, stopUpdate,
  type PauseInput, type SequenceRecord, type SetVariablesInput, type StopInput,
} from '../../workflows/sequence.definitions.ts';

type Params = { sequence_id: string };
const tags = ['Sequences'];
const ENDED = ['SUCCEEDED', 'FAILED', 'STOPPED_EARLY', 'COMPLETED', 'REFUSED'];

const responses = (what: string) => ({
  200: { description: `The sequence as the ${what} left it.`, schema: sequenceSchema },
  404: { description: 'No such sequence in the organization.' },
  409: { description: 'The sequence has ended (or never started), or the transition is not allowed (CommitIssue).' },
  503: { description: 'The run could not write the change in a few quick attempts (the database or the workers are unavailable); nothing changed, send it again (UnavailableIssue).' },
});

/** 404 for another organization's id and 409 for an ended run, before any Update is attempted. */
async function runningSequence(ctx: AppContext, id: string): Promise<void> {
  const { rows } = await sql<{ status: string }>`SELECT status FROM sequences WHERE id = ${id} AND organization_id = ${ctx.state.principal.organizationId}`
    .execute(ctx.state.em.getKysely());
  if (!rows[0]) throw notFound('Sequence');
  if (ENDED.includes(rows[0].status)) throw conflict(`The sequence is ${rows[0].status}; it can no longer be changed.`, { status: rows[0].status });
}

/**
 * Checks the row (404, 409), then runs the Update on the sequence's workflow; a validator's refusal
 * maps to 409 (terminal, not paused) or 400, a missing workflow to 409.
 */
async function control(
  ctx: AppContext,
  client: Client,
  id: string,
  run: (workflow: ReturnType<Client['workflow']['getHandle']>) => Promise<SequenceRecord>,
): Promise<{ status: number; body: SequenceRecord }> {
  await runningSequence(ctx, id);
  try {
    return { status: 200, body: await run(client.workflow.getHandle(sequenceWorkflowId(id))) };
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) throw conflict('The sequence is not running.');
    if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
      const { type, message } = error.cause;
      if (type === SEQUENCE_TERMINAL || type === SEQUENCE_NOT_PAUSED) throw conflict(message);
      if (type === SEQUENCE_INVALID_INPUT) throw fieldIssue('body', message);
      if (type === SEQUENCE_UPDATE_FAILED) {
        // The run refused the data for good (400), or could not write it in a few quick attempts (503: retry).
        const cause = error.cause.details?.[0];
        if (cause === DATA_ERROR || cause === INVALID_INPUT) throw fieldIssue('body', message);
        throw unavailable(`The sequence could not apply the change now: ${message}`);
      }
    }
    throw error;
  }
}

export function sequenceControlsRoutes(deps: { temporal: Client }): RouteDef[] {
  return [
    defineRoute<Params, Record<string, never>, PauseInput>({
      method: 'POST', path: '/v1/sequences/{sequence_id}/pause', auth: 'key', scope: 'sequences:write', tags,
      operationId: 'pauseSequence',
      summary: 'Pause a sequence',
      description: 'WAITING_FOR_USER. With `paused_until` the run resumes by itself at that time; without it, when resumed. A pause of a paused run replaces its paused_until.',
      params: idParams('sequence_id'),
      body: { type: 'object', additionalProperties: false, properties: { paused_until: nullableTimestamp } },
      responses: responses('pause'),
      handler: async (ctx, { params, body }) => {
        return control(ctx, deps.temporal, params.sequence_id, (workflow) => workflow.executeUpdate(pauseUpdate, { args: [{ paused_until: body?.paused_until ?? null }] }));
      },
    }),
    defineRoute<Params>({
      method: 'POST', path: '/v1/sequences/{sequence_id}/resume', auth: 'key', scope: 'sequences:write', tags,
      operationId: 'resumeSequence',
      summary: 'Resume a paused sequence',
      description: 'Restores the status held before the pause. A run that is not paused, or has ended, answers 409.',
      params: idParams('sequence_id'),
      responses: responses('resume'),
      handler: async (ctx, { params }) => {
        return control(ctx, deps.temporal, params.sequence_id, (workflow) => workflow.executeUpdate(resumeUpdate));
      },
    }),
    defineRoute<Params, Record<string, never>, StopInput>({
      method: 'POST', path: '/v1/sequences/{sequence_id}/stop', auth: 'key', scope: 'sequences:write', tags,
      operationId: 'stopSequence',
      summary: 'Stop a sequence with an outcome',
      description: 'WIN: SUCCEEDED, LOSE: FAILED. Scope ACCOUNT also stops the running sequences of the other contacts of the same account (each through its own workflow). The contact stays reachable.',
      params: idParams('sequence_id'),
      body: {
        type: 'object', additionalProperties: false, required: ['reason', 'scope'],
        properties: { reason: { type: 'string', enum: ['WIN', 'LOSE'] }, scope: { type: 'string', enum: ['CONTACT', 'ACCOUNT'] } },
      },
      responses: responses('stop'),
      handler: async (ctx, { params, body }) => {
        return control(ctx, deps.temporal, params.sequence_id, (workflow) => workflow.executeUpdate(stopUpdate, { args: [{ reason: body.reason, scope: body.scope }] }));
      },
    }),
    defineRoute<Params, Record<string, never>, SetVariablesInput>({
      method: 'PATCH', path: '/v1/sequences/{sequence_id}', auth: 'key', scope: 'sequences:write', tags,
      operationId: 'updateSequenceVariables',
      summary: 'Merge variables into a sequence run',
      description: 'Keys merge into the run\'s variables (a null value clears a key); later steps render with them.',
      params: idParams('sequence_id'),
      body: {
        type: 'object', additionalProperties: false, required: ['variables'],
        properties: {
          variables: variablesMap,
        },
      },
      responses: responses('update'),
      handler: async (ctx, { params, body }) => {
        return control(ctx, deps.temporal, params.sequence_id, (workflow) => workflow.executeUpdate(setVariablesUpdate, { args: [{ variables: body.variables }] }));
      },
    }),
  ];
}
