// Sequence templates: list, read, and (no dashboard exists) create and patch in the same shape.
import type { WorkflowClients } from '../../workflows/clients.ts';
import * as templates from '../../domain/sequences/templates.service.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  templateCreateSchema,
  templateListFilters,
  templatePatchSchema,
  templateSchema,
} from '../schemas/sequence-templates.schemas.ts';

type TemplateParams = { sequence_template_id: string };
const tags = ['Sequence templates'];
const invalid =
  'The body does not match the schema (ValidationIssue; `data.errors` names each field): types, sizes, unknown fields, a timezone not in the list, ' +
  'an EMAIL step without subject or a subject on another step type.';
const refused =
  'The body matches the schema but breaks a rule it cannot state (ValidationIssue naming the field; nothing is written): ' +
  '`schedule.end_hour` not after `schedule.start_hour`, a subject or body that is not valid Liquid (`steps[i].subject`, `steps[i].body`), ' +
  'ACTIVE without steps (`steps`), `sender_user_id` not an active user of the organization, a member of `sender_user_ids` not an active user or ' +
  'named twice (`sender_user_ids[i]`), or `sender_user_id` other than the first of the pool (`sender_user_id`).';

export function sequenceTemplatesRoutes(deps: { workflows: WorkflowClients }): RouteDef[] {
  return [
    defineRoute<Record<string, string>, PageQuery<templates.TemplateSort> & templates.TemplateFilters>({
      method: 'GET',
      path: '/v1/sequence-templates',
      auth: 'key',
      scope: 'sequences:read',
      tags,
      operationId: 'listSequenceTemplates',
      summary: 'List sequence templates',
      description: 'Default order: created_at ascending. Each item is the full template, steps included.',
      query: listQuerySchema(templates.TEMPLATE_SORT_FIELDS, templateListFilters),
      responses: { 200: { description: 'Envelope of templates.', schema: envelopeSchema(templateSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await templates.listTemplates(
          ctx.state.em,
          ctx.state.principal.organizationId,
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
    defineRoute<TemplateParams>({
      method: 'GET',
      path: '/v1/sequence-templates/{sequence_template_id}',
      auth: 'key',
      scope: 'sequences:read',
      tags,
      operationId: 'getSequenceTemplate',
      summary: 'A sequence template, with its steps',
      description:
        'The template with its ordered steps (type, delay, subject and body as Liquid source), schedule, sender, status and `step_count`.',
      params: idParams('sequence_template_id'),
      responses: { 200: { description: 'The template.', schema: templateSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await templates.getTemplate(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.sequence_template_id,
        ),
      }),
    }),
    defineRoute<Record<string, string>, Record<string, never>, templates.TemplateInput>({
      method: 'POST',
      path: '/v1/sequence-templates',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'createSequenceTemplate',
      location: '/v1/sequence-templates/{id}',
      summary: 'Create a sequence template',
      description:
        "Status defaults to PENDING_SETUP (a draft); created ACTIVE, activated_at is set. sender_user_id defaults to the key's user.",
      body: templateCreateSchema,
      responses: {
        201: { description: 'The template.', schema: templateSchema },
        400: { description: invalid },
        422: { description: refused },
      },
      handler: async (ctx, { body }) => {
        const { principal, em } = ctx.state;
        return {
          status: 201,
          body: await templates.createTemplate(em, principal.organizationId, principal.userId, body),
        };
      },
    }),
    defineRoute<TemplateParams, Record<string, never>, templates.TemplatePatch>({
      method: 'PATCH',
      path: '/v1/sequence-templates/{sequence_template_id}',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'updateSequenceTemplate',
      summary: 'Update a sequence template',
      description:
        'Any create field; only fields sent change (steps are replaced as a whole). The first change to ACTIVE sets activated_at, which later changes keep. ' +
        'Status effects on running sequences: INACTIVE (or PENDING_SETUP) holds them before their next step; ACTIVE or FINISHING lets held ones go on; ' +
        'ARCHIVED ends them STOPPED_EARLY with stopped_reason TEMPLATE_STOPPED. Only ACTIVE templates take enrollments.',
      params: idParams('sequence_template_id'),
      body: templatePatchSchema,
      responses: {
        200: { description: 'The template.', schema: templateSchema },
        400: { description: invalid },
        422: { description: refused },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await templates.updateTemplate(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.sequence_template_id,
          body,
          deps.workflows,
        ),
      }),
    }),
  ];
}
