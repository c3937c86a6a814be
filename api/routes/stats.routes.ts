// Results: GET /v1/sequence-templates/{id}/stats and GET /v1/users/{id}/stats (docs/api/stats.md),
// read with the templates' read scope from the per-day counters.
import { dayRange, senderStats, templateStats } from '../../domain/stats/stats.service.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import { statsQuery, templateStatsSchema, userStatsSchema } from '../schemas/stats.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';

type Range = { from?: string; to?: string };
const RANGE = '`from` and `to` (UTC days, both included) bound the days counted; `to` before `from` is refused (422).';

export function statsRoutes(): RouteDef[] {
  return [
    defineRoute<{ sequence_template_id: string }, Range>({
      method: 'GET',
      path: '/v1/sequence-templates/{sequence_template_id}/stats',
      auth: 'key',
      scope: 'sequences:read',
      tags: ['Stats'],
      operationId: 'getSequenceTemplateStats',
      requestExample: {
        params: { sequence_template_id: EXAMPLE_IDS.sequenceTemplate },
        query: { from: '2026-11-01', to: '2026-11-30' },
      },
      summary: "A template's results: whole, per step, per variant",
      description: `Counts and rates of the template, of each step and of each variant, read from per-day counters (docs/api/stats.md). ${RANGE}`,
      params: idParams('sequence_template_id'),
      query: statsQuery,
      responses: {
        200: { description: 'The results.', schema: templateStatsSchema },
        404: { description: 'No such template in the organization (NotFoundIssue).' },
        422: { description: '`to` is before `from` (ValidationIssue naming `to`).' },
      },
      handler: async (ctx, { params, query }) => ({
        status: 200,
        body: await templateStats(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.sequence_template_id,
          dayRange(query.from, query.to),
        ),
      }),
    }),
    defineRoute<{ user_id: string }, Range>({
      method: 'GET',
      path: '/v1/users/{user_id}/stats',
      auth: 'key',
      scope: 'sequences:read',
      tags: ['Stats'],
      operationId: 'getUserStats',
      requestExample: { params: { user_id: EXAMPLE_IDS.user }, query: { from: '2026-11-01' } },
      summary: "A sender's results: bounce and reply rates of their mailbox",
      description: `Counts and rates of the messages the user's mailbox sent (and of the runs enrolled with the user as sender), in total and per template. ${RANGE}`,
      params: idParams('user_id'),
      query: statsQuery,
      responses: {
        200: { description: 'The results.', schema: userStatsSchema },
        404: { description: 'No such user in the organization (NotFoundIssue).' },
        422: { description: '`to` is before `from` (ValidationIssue naming `to`).' },
      },
      handler: async (ctx, { params, query }) => ({
        status: 200,
        body: await senderStats(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.user_id,
          dayRange(query.from, query.to),
        ),
      }),
    }),
  ];
}
