// GET /v1/icp-profile and POST /v1/contacts/qualify (contacts:read): scoring contacts against the
// workspace's ideal customer profile. Free: no enrichment credits.
import type { Directory } from '../../providers/directory/index.ts';
import { getIcpProfile, qualifyContact, type QualifyInput } from '../../domain/people/qualify.service.ts';
import { QUALIFY_RULE } from '../../domain/people/icp-score.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { errorSchema } from '../schemas/common.schemas.ts';
import { icpProfileSchema, qualifyBodySchema, qualifyResultSchema } from '../schemas/qualify.schemas.ts';

export function qualifyRoutes(deps: { directory: Directory }): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/v1/icp-profile',
      auth: 'key',
      scope: 'contacts:read',
      tags: ['Qualification'],
      operationId: 'getIcpProfile',
      summary: 'The workspace ICP profile',
      description:
        'The ideal customer profile qualification scores against (set by an administrator: `admin org icp`). Every list is empty when unset.',
      responses: { 200: { description: 'The profile.', schema: icpProfileSchema } },
      handler: async (ctx) => ({
        status: 200,
        body: await getIcpProfile(ctx.state.em, ctx.state.principal.organizationId),
      }),
    }),
    defineRoute<Record<string, string>, Record<string, never>, QualifyInput>({
      method: 'POST',
      path: '/v1/contacts/qualify',
      auth: 'key',
      scope: 'contacts:read',
      tags: ['Contacts', 'Qualification'],
      operationId: 'qualifyContact',
      summary: 'Score a contact against the ICP',
      description: `A stored contact (contact_id) or an inline description (contact), against icp_context when given, else the workspace profile. ${QUALIFY_RULE}`,
      body: qualifyBodySchema,
      responses: {
        200: { description: 'Score, verdict and the reasons.', schema: qualifyResultSchema },
        404: { description: 'contact_id is not a contact of this workspace.', schema: errorSchema },
      },
      handler: async (ctx, { body }) => ({
        status: 200,
        body: await qualifyContact(ctx.state.em, deps.directory, ctx.state.principal.organizationId, body),
      }),
    }),
  ];
}
