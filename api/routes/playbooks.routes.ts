// Playbooks (docs/api/playbooks.md; scopes playbooks:read / playbooks:write): event-triggered
// actions on the contact an ingested event resolves to, and their runs.
import {
  createPlaybook,
  deletePlaybook,
  getPlaybook,
  listPlaybooks,
  PLAYBOOK_SORT_FIELDS,
  updatePlaybook,
  type CreatePlaybookRequest,
  type PlaybookFilters,
  type PlaybookSort,
  type UpdatePlaybookRequest,
} from '../../domain/playbooks/playbook-crud.ts';
import {
  listRuns,
  PLAYBOOK_RUN_SORT_FIELDS,
  type PlaybookRunFilters,
  type PlaybookRunSort,
} from '../../domain/playbooks/run-reads.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  createPlaybookSchema,
  playbookListFilters,
  playbookRunFilters,
  playbookRunSchema,
  playbookSchema,
  updatePlaybookSchema,
} from '../schemas/playbooks.schemas.ts';
import { PLAYBOOK_UPDATED } from '../examples/events.examples.ts';

type Params = { playbook_id: string };
const tags = ['Playbooks'];
const params = idParams('playbook_id');
const notFound = { description: 'No such playbook in the organization (NotFoundIssue).' };
const invalid = {
  400: {
    description:
      'A field is malformed, unknown, blank, or belongs to the other action type (ValidationIssue naming each field, e.g. `action.title`).',
  },
  422: {
    description:
      'action.sequence_template_id is not a (non-archived) sequence template of the organization (ValidationIssue naming it).',
  },
};

const RUN_RULES =
  'When an ingested event resolves to a contact (GET /v1/events; resolution drains about every two minutes), every ACTIVE playbook whose event_name ' +
  "equals the event's gets one run for that event (never two), acting on that contact. Without approval, CREATE_TASK creates the TODO in the same " +
  'transaction as the resolution, and ENROLL_IN_SEQUENCE enrolls within seconds after it (the enrollment checks of POST /v1/sequences apply: an ' +
  'ineligible contact gets a REFUSED sequence and the run records ENROLLMENT_REFUSED). With requires_approval, the run waits on a PLAYBOOK_APPROVAL ' +
  'task (assigned to the playbook\'s owner): POST /v1/tasks/{id}/execute {payload: {type: "playbook_approval", approved: true}} or POST /v1/tasks/{id}/complete ' +
  '(any completion_source, default TASK_EXECUTION) approves it and carries the action out; approved false or skipping the task records the run REJECTED. ' +
  'Events that resolve to an account only, or stay UNRESOLVED, run no playbook.';

export function playbooksRoutes(): RouteDef[] {
  return [
    defineRoute<Record<string, string>, Record<string, never>, CreatePlaybookRequest>({
      method: 'POST',
      path: '/v1/playbooks',
      auth: 'key',
      scope: 'playbooks:write',
      tags,
      operationId: 'createPlaybook',
      location: '/v1/playbooks/{id}',
      summary: 'Create a playbook',
      description: `${RUN_RULES} The API key's user becomes the owner (the assignee of the tasks the runs create).`,
      body: createPlaybookSchema,
      responses: { 201: { description: 'The playbook.', schema: playbookSchema }, ...invalid },
      handler: async (ctx, { body }) => {
        const { em, principal } = ctx.state;
        return { status: 201, body: await createPlaybook(em, principal.organizationId, principal.userId, body) };
      },
    }),
    defineRoute<Record<string, string>, PageQuery<PlaybookSort> & PlaybookFilters>({
      method: 'GET',
      path: '/v1/playbooks',
      auth: 'key',
      scope: 'playbooks:read',
      tags,
      operationId: 'listPlaybooks',
      summary: 'List playbooks',
      description: 'Default order: created_at ascending. Filters: event_name (exact), status.',
      query: listQuerySchema(PLAYBOOK_SORT_FIELDS, playbookListFilters),
      responses: { 200: { description: 'Envelope of playbooks.', schema: envelopeSchema(playbookSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await listPlaybooks(ctx.state.em, ctx.state.principal.organizationId, filters, {
          ...pageWindow(query),
          sortBy: sort_by,
          sortOrder: sort_order,
        });
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<Params>({
      method: 'GET',
      path: '/v1/playbooks/{playbook_id}',
      auth: 'key',
      scope: 'playbooks:read',
      tags,
      operationId: 'getPlaybook',
      summary: 'A playbook',
      description:
        'The playbook: the event name it listens to, its status, whether its runs wait for approval, and its action.',
      params,
      responses: { 200: { description: 'The playbook.', schema: playbookSchema }, 404: notFound },
      handler: async (ctx, { params: p }) => ({
        status: 200,
        body: await getPlaybook(ctx.state.em, ctx.state.principal.organizationId, p.playbook_id),
      }),
    }),
    defineRoute<Params, Record<string, never>, UpdatePlaybookRequest>({
      method: 'PATCH',
      path: '/v1/playbooks/{playbook_id}',
      auth: 'key',
      scope: 'playbooks:write',
      tags,
      operationId: 'updatePlaybook',
      summary: 'Update a playbook',
      description:
        'Fields sent replace the stored ones (`action` as a whole). Runs already made keep the action they were made with; ' +
        'PAUSED stops new runs (events resolving meanwhile do not run it later).',
      params,
      body: updatePlaybookSchema,
      responses: {
        200: { description: 'The playbook.', schema: playbookSchema, example: PLAYBOOK_UPDATED },
        404: notFound,
        ...invalid,
      },
      handler: async (ctx, { params: p, body }) => ({
        status: 200,
        body: await updatePlaybook(ctx.state.em, ctx.state.principal.organizationId, p.playbook_id, body),
      }),
    }),
    defineRoute<Params>({
      method: 'DELETE',
      path: '/v1/playbooks/{playbook_id}',
      auth: 'key',
      scope: 'playbooks:write',
      tags,
      operationId: 'deletePlaybook',
      summary: 'Delete a playbook',
      description:
        'Deletes the playbook and its runs. Open PLAYBOOK_APPROVAL tasks of its waiting runs are SKIPPED; tasks and sequences runs already made stay.',
      params,
      responses: { 204: { description: 'Deleted.' }, 404: notFound },
      handler: async (ctx, { params: p }) => {
        await deletePlaybook(ctx.state.em, ctx.state.principal.organizationId, p.playbook_id);
        return { status: 204 };
      },
    }),
    defineRoute<Params, PageQuery<PlaybookRunSort> & PlaybookRunFilters>({
      method: 'GET',
      path: '/v1/playbooks/{playbook_id}/runs',
      auth: 'key',
      scope: 'playbooks:read',
      tags,
      operationId: 'listPlaybookRuns',
      summary: 'The runs of a playbook',
      description:
        'One run per (playbook, ingested event). Default order: created_at ascending. Filters: status, event_id, contact_id.',
      params,
      query: listQuerySchema(PLAYBOOK_RUN_SORT_FIELDS, playbookRunFilters),
      responses: {
        200: { description: 'Envelope of runs.', schema: envelopeSchema(playbookRunSchema) },
        404: notFound,
      },
      handler: async (ctx, { params: p, query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await listRuns(
          ctx.state.em,
          ctx.state.principal.organizationId,
          p.playbook_id,
          filters,
          {
            ...pageWindow(query),
            sortBy: sort_by,
            sortOrder: sort_order,
          },
        );
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
  ];
}
