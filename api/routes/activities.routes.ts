// The activity stream (docs/api/activity.md): one activity, and the filtered list, newest first.
import * as activities from '../../domain/activity/stream.service.ts';
import { envelope, envelopeSchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { activityListQuery, activitySchema } from '../schemas/activities.schemas.ts';
import { idParams } from '../schemas/common.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';

const tags = ['Activities'];

export function activitiesRoutes(): RouteDef[] {
  return [
    defineRoute<Record<string, string>, PageQuery<activities.ActivitySort> & activities.ActivityFilters>({
      method: 'GET',
      path: '/v1/activities',
      auth: 'key',
      scope: 'activities:read',
      tags,
      operationId: 'listActivities',
      requestExample: { query: { contact_id: EXAMPLE_IDS.contact, types: ['message.sent', 'message.replied'] } },
      summary: 'List activities',
      description:
        'Default order: created_at descending (newest first), unlike other lists; `sort_order=asc` reads oldest first. ' +
        'Filters combine with AND; `types` is repeatable and matches any of its values.',
      query: activityListQuery,
      responses: { 200: { description: 'Envelope of activities.', schema: envelopeSchema(activitySchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by: _sortBy, sort_order, ...filters } = query;
        const { items, total } = await activities.listActivities(
          ctx.state.em,
          ctx.state.principal.organizationId,
          filters,
          {
            ...pageWindow(query),
            sortOrder: sort_order,
          },
        );
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<{ activity_id: string }>({
      method: 'GET',
      path: '/v1/activities/{activity_id}',
      auth: 'key',
      scope: 'activities:read',
      tags,
      operationId: 'getActivity',
      summary: 'An activity',
      description:
        'One event of the stream: its id, time and payload (the webhook body with every key camelCased, a variant by `type`).',
      params: idParams('activity_id'),
      responses: { 200: { description: 'The activity.', schema: activitySchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await activities.getActivity(ctx.state.em, ctx.state.principal.organizationId, params.activity_id),
      }),
    }),
  ];
}
