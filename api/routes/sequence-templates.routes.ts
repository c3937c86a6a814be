// Sequence templates: list, read, and (no dashboard exists) create and patch in the same shape.
import type { Config } from '../../config.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import * as templates from '../../domain/sequences/templates.service.ts';
import { previewStep, type PreviewInput } from '../../domain/sequences/preview.service.ts';
import { serviceBaseUrl, type StepEmailSettings } from '../../domain/sequences/step-email.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  templateCreateSchema,
  templateListFilters,
  templatePatchSchema,
  templateSchema,
} from '../schemas/sequence-templates.schemas.ts';
import { templatePreviewRequestSchema, templatePreviewSchema } from '../schemas/template-preview.schemas.ts';

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

export function sequenceTemplatesRoutes(deps: {
  workflows: WorkflowClients;
  config: Pick<Config, 'publicBaseUrl' | 'port' | 'webhookSecretKey'>;
}): RouteDef[] {
  // What the content check and the preview render with: the send path's base URL and token secret.
  const content: StepEmailSettings = { baseUrl: serviceBaseUrl(deps.config), secret: deps.config.webhookSecretKey };
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
        "Status defaults to PENDING_SETUP (a draft); created ACTIVE, activated_at is set and the answer carries `warnings` (the content check). sender_user_id defaults to the key's user.",
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
          body: await templates.createTemplate(em, principal.organizationId, principal.userId, body, content),
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
        'ARCHIVED ends them STOPPED_EARLY with stopped_reason TEMPLATE_STOPPED. Only ACTIVE templates take enrollments. ' +
        'An answer whose template is ACTIVE carries `warnings`, the content check of its EMAIL steps (never a refusal).',
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
          content,
        ),
      }),
    }),
    defineRoute<TemplateParams, Record<string, never>, PreviewInput>({
      method: 'POST',
      path: '/v1/sequence-templates/{sequence_template_id}/preview',
      auth: 'key',
      scope: 'sequences:read',
      tags,
      operationId: 'previewSequenceTemplateStep',
      summary: 'Preview a step for a contact, with its content check',
      description:
        "Renders one step (and variant) for one contact exactly as a run sends it: Liquid over the contact, its account and the template's sender, " +
        'the thread\'s "Re: " subject on a step that continues it, links tracked or not, the compliance footer with the unsubscribe link, ' +
        'the open pixel; then the content check (warnings, never refusals). Sends nothing and writes nothing; its links carry tokens of no run or message.',
      params: idParams('sequence_template_id'),
      body: templatePreviewRequestSchema,
      responses: {
        200: { description: 'The step as it would go out, and its warnings.', schema: templatePreviewSchema },
        400: { description: 'The body does not match the schema (ValidationIssue naming the field).' },
        404: { description: 'No such template or contact in the organization (NotFoundIssue).' },
        422: {
          description:
            "A `step` past the template's last, a `variant` past the step's last, or a text that does not render for this contact (ValidationIssue naming the field).",
        },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await previewStep(
          ctx.state.em,
          content,
          ctx.state.principal.organizationId,
          params.sequence_template_id,
          body,
        ),
      }),
    }),
  ];
}
