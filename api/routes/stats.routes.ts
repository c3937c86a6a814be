// Results: GET /v1/sequence-templates/{id}/stats and GET /v1/users/{id}/stats (docs/api/stats.md),
// read with the templates' read scope from the per-day counters.
import type { EntityManager } from '@mikro-orm/postgresql';
import { dayRange, senderStats, templateStats } from '../../domain/stats/stats.service.ts';
import type { JsonSchema } from '../validation.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import { statsQuery, templateStatsSchema, userStatsSchema } from '../schemas/stats.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';

type Range = { from?: string; to?: string };
const RANGE = '`from` and `to` (UTC days, both included) bound the days counted; `to` before `from` is refused (422).';

type Read<T> = (
  em: EntityManager,
  organizationId: string,
  id: string,
  range: ReturnType<typeof dayRange>,
) => Promise<T>;

/** A stats route: GET of one record's results over an optional range of UTC days; the two differ only in the record. */
function statsRoute<P extends string, T>(spec: {
  param: P;
  resource: 'sequence-templates' | 'users';
  operationId: string;
  example: { id: string; query: Range };
  summary: string;
  description: string;
  schema: JsonSchema;
  notFound: string;
  read: Read<T>;
}): RouteDef {
  return defineRoute<Record<P, string>, Range>({
    method: 'GET',
    path: `/v1/${spec.resource}/{${spec.param}}/stats`,
    auth: 'key',
    scope: 'sequences:read',
    tags: ['Stats'],
    operationId: spec.operationId,
    requestExample: { params: { [spec.param]: spec.example.id } as Record<P, string>, query: spec.example.query },
    summary: spec.summary,
    description: `${spec.description} ${RANGE}`,
    params: idParams(spec.param),
    query: statsQuery,
    responses: {
      200: { description: 'The results.', schema: spec.schema },
      404: { description: `${spec.notFound} (NotFoundIssue).` },
      422: { description: '`to` is before `from` (ValidationIssue naming `to`).' },
    },
    handler: async (ctx, { params, query }) => ({
      status: 200,
      body: await spec.read(
        ctx.state.em,
        ctx.state.principal.organizationId,
        params[spec.param],
        dayRange(query.from, query.to),
      ),
    }),
  });
}

export function statsRoutes(): RouteDef[] {
  return [
    statsRoute({
      param: 'sequence_template_id',
      resource: 'sequence-templates',
      operationId: 'getSequenceTemplateStats',
      example: { id: EXAMPLE_IDS.sequenceTemplate, query: { from: '2026-11-01', to: '2026-11-30' } },
      summary: "A template's results: whole, per step, per variant",
      description:
        'Counts and rates of the template, of each step and of each variant, read from per-day counters (docs/api/stats.md).',
      schema: templateStatsSchema,
      notFound: 'No such template in the organization',
      read: templateStats,
    }),
    statsRoute({
      param: 'user_id',
      resource: 'users',
      operationId: 'getUserStats',
      example: { id: EXAMPLE_IDS.user, query: { from: '2026-11-01' } },
      summary: "A sender's results: bounce and reply rates of their mailbox",
      description:
        "Counts and rates of the messages the user's mailbox sent (and of the runs enrolled with the user as sender), in total and per template.",
      schema: userStatsSchema,
      notFound: 'No such user in the organization',
      read: senderStats,
    }),
  ];
}
