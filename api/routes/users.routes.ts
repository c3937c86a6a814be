// GET /v1/me (any valid key) and GET /v1/users (users:read).
import type { AppContext } from '../context.ts';
import type { KeyStore } from '../key-store.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { meSchema, USER_SORT_FIELDS, userSchema } from '../schemas/users.schemas.ts';
import { listUsers, type UserSort } from '../../domain/admin/users.service.ts';
import { creditBalance } from '../../domain/people/enrichment.service.ts';

export function usersRoutes(keys: KeyStore): RouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/v1/me',
      auth: 'key',
      scope: null,
      operationId: 'getMe',
      summary: 'The calling API key',
      description:
        "Needs a valid key and no scope. `enrichment_credits` (added field) is the organization's balance, read per request.",
      tags: ['Identity'],
      responses: { 200: { description: 'The API key identity.', schema: meSchema } },
      handler: async (ctx: AppContext) => {
        const p = ctx.state.principal;
        // Read per request, never from the key cache: enrich calls change it all the time.
        const credits = await creditBalance(ctx.state.rootEm, p.organizationId);
        const lastUsed = keys.lastUsedAt(p);
        return {
          status: 200,
          body: {
            id: p.keyId,
            organization_id: p.organizationId,
            name: p.name,
            key_prefix: p.keyPrefix,
            scopes: [...p.scopes],
            created_at: p.createdAt.toISOString(),
            last_used_at: lastUsed ? lastUsed.toISOString() : null,
            user_id: p.userId,
            enrichment_credits: credits,
          },
        };
      },
    }),
    defineRoute<Record<string, string>, PageQuery<UserSort>>({
      method: 'GET',
      path: '/v1/users',
      auth: 'key',
      scope: 'users:read',
      operationId: 'listUsers',
      summary: 'List the users of the organization',
      description: 'Default order: created_at ascending.',
      tags: ['Users'],
      query: listQuerySchema(USER_SORT_FIELDS),
      responses: { 200: { description: 'Envelope of users.', schema: envelopeSchema(userSchema) } },
      handler: async (ctx, { query }) => {
        const { items, total } = await listUsers(ctx.state.em, ctx.state.principal.organizationId, {
          ...pageWindow(query),
          sortBy: query.sort_by,
          sortOrder: query.sort_order,
        });
        return { status: 200, body: envelope(items, total, query) };
      },
    }),
  ];
}
