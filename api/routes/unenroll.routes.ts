// POST /v1/contacts/unenroll (scope sequences:write): per contact, every non-finished run FAILED with
// stopped_reason UNENROLLED and the person excluded for at least three months; answered per contact.
import type { WorkflowClients } from '../../workflows/clients.ts';
import * as unenroll from '../../domain/sequences/unenroll.service.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { uuid } from '../schemas/common.schemas.ts';
import { named } from '../schemas/named.ts';

const resultSchema = named('ContactUnenrollResult', {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: named('ContactUnenrollItem', {
        type: 'object',
        required: ['contact_id', 'status', 'stopped_sequence_ids', 'exclusion_id'],
        properties: {
          contact_id: uuid,
          status: {
            type: 'string',
            enum: ['UNENROLLED', 'NOT_FOUND'],
            description: 'NOT_FOUND: no such contact in the organization (nothing done).',
          },
          stopped_sequence_ids: {
            type: 'array',
            items: uuid,
            description: 'The runs this call ended FAILED with stopped_reason UNENROLLED.',
          },
          exclusion_id: {
            type: ['string', 'null'],
            format: 'uuid',
            description:
              "The person's contact exclusion, in force for at least three months from now: created now, an existing shorter or lapsed one extended, " +
              'or an existing longer or permanent one kept; null for NOT_FOUND or a contact without email and LinkedIn URL.',
          },
        },
      }),
    },
  },
});

export function unenrollRoutes(deps: { workflows: WorkflowClients }): RouteDef[] {
  return [
    defineRoute<
      Record<string, string>,
      Record<string, never>,
      { contact_ids: string[]; sequence_template_id?: string }
    >({
      method: 'POST',
      path: '/v1/contacts/unenroll',
      auth: 'key',
      scope: 'sequences:write',
      tags: ['Sequences'],
      operationId: 'unenrollContacts',
      summary: 'Unenroll contacts from their sequences',
      description:
        'For each contact: every non-finished sequence (FOUND, ACTIVE, WAITING_FOR_LEAD, WAITING_FOR_USER; only those of ' +
        '`sequence_template_id` when given) ends FAILED with stopped_reason UNENROLLED, running ones through their workflow; and in every case ' +
        `the contact is excluded until at least ${unenroll.UNENROLL_EXCLUSION_MONTHS} months from now: without an exclusion of the person (email or ` +
        'LinkedIn URL) one is created (reason CONTACT_REFUSED, `contact_exclusion.created`); an existing one that ends sooner or has lapsed gets that ' +
        '`until` (its reason and message stay, `updated_at` moves, no event); a longer or permanent one is kept as it is, never shortened. ' +
        'So runs of other templates end at their next step. Unknown ids answer status NOT_FOUND in their item, not a 404.',
      body: named('ContactUnenroll', {
        type: 'object',
        additionalProperties: false,
        required: ['contact_ids'],
        properties: {
          contact_ids: { type: 'array', items: uuid, minItems: 1, maxItems: 100, uniqueItems: true },
          sequence_template_id: uuid,
        },
      }),
      responses: {
        200: { description: 'One item per contact id, in the order sent.', schema: resultSchema },
        404: { description: 'sequence_template_id is not a template of the organization.' },
      },
      handler: async (ctx, { body }) => {
        return {
          status: 200,
          body: await unenroll.unenrollContacts(ctx.state.em, deps.workflows, ctx.state.principal.organizationId, body),
        };
      },
    }),
  ];
}
