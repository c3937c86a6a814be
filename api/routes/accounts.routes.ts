// Accounts: upsert on domain, read, list, owner and variables (docs/api/people.md).
import type { Directory } from '../../providers/directory/index.ts';
import * as accounts from '../../domain/people/accounts.service.ts';
import * as variables from '../../domain/people/variables.service.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  accountListFilters,
  accountSchema,
  accountUpsertSchema,
  accountVariablesPatchSchema,
  accountVariablesSchema,
  ownerBodySchema,
  variableKeyParams,
} from '../schemas/people.schemas.ts';
import { ACCOUNT_REASSIGNED, ACCOUNT_VARIABLES_AFTER_DELETE } from '../examples/people.examples.ts';

type AccountParams = { account_id: string };
const tags = ['Accounts'];

export function accountsRoutes(deps: { directory: Directory }): RouteDef[] {
  return [
    defineRoute<Record<string, string>, Record<string, never>, accounts.AccountInput>({
      method: 'POST',
      path: '/v1/accounts',
      auth: 'key',
      scope: 'accounts:write',
      tags,
      operationId: 'upsertAccount',
      location: '/v1/accounts/{id}',
      summary: 'Create or match an account by domain',
      description:
        '201 for create and match alike; `name` is used only on creation; location fields sent (country, region, city) overwrite.',
      body: accountUpsertSchema,
      responses: { 201: { description: 'The account.', schema: accountSchema } },
      handler: async (ctx, { body }) => ({
        status: 201,
        body: await accounts.upsertAccount(ctx.state.em, deps.directory, ctx.state.principal.organizationId, body),
      }),
    }),
    defineRoute<Record<string, string>, PageQuery<accounts.AccountSort> & { domain?: string; name?: string }>({
      method: 'GET',
      path: '/v1/accounts',
      auth: 'key',
      scope: 'accounts:read',
      tags,
      operationId: 'listAccounts',
      requestExample: { query: { domain: 'example.com' } },
      summary: 'List accounts',
      description: 'Default order: created_at ascending.',
      query: listQuerySchema(accounts.ACCOUNT_SORT_FIELDS, accountListFilters),
      responses: { 200: { description: 'Envelope of accounts.', schema: envelopeSchema(accountSchema) } },
      handler: async (ctx, { query }) => {
        const { items, total } = await accounts.listAccounts(
          ctx.state.em,
          deps.directory,
          ctx.state.principal.organizationId,
          {
            domain: query.domain,
            name: query.name,
            ...pageWindow(query),
            sortBy: query.sort_by,
            sortOrder: query.sort_order,
          },
        );
        return { status: 200, body: envelope(items, total, query) };
      },
    }),
    defineRoute<AccountParams>({
      method: 'GET',
      path: '/v1/accounts/{account_id}',
      auth: 'key',
      scope: 'accounts:read',
      tags,
      operationId: 'getAccount',
      summary: 'An account',
      description: 'The account with its domain, owner embed, and first and last seen times.',
      params: idParams('account_id'),
      responses: { 200: { description: 'The account.', schema: accountSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await accounts.getAccount(ctx.state.em, ctx.state.principal.organizationId, params.account_id),
      }),
    }),
    defineRoute<AccountParams, Record<string, never>, { owner_user_id: string | null }>({
      method: 'PATCH',
      path: '/v1/accounts/{account_id}/owner',
      auth: 'key',
      scope: 'accounts:write',
      tags,
      operationId: 'setAccountOwner',
      summary: 'Reassign the owner of an account',
      description:
        'Sets `owner_user_id` (an active user of the organization) or clears it with null; the answer embeds the new owner.',
      params: idParams('account_id'),
      body: ownerBodySchema,
      responses: {
        200: { description: 'The account.', schema: accountSchema, example: ACCOUNT_REASSIGNED },
        422: { description: 'owner_user_id is not an active user of the organization (ValidationIssue).' },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await accounts.setAccountOwner(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.account_id,
          body.owner_user_id,
        ),
      }),
    }),
    defineRoute<AccountParams>({
      method: 'GET',
      path: '/v1/accounts/{account_id}/variables',
      auth: 'key',
      scope: 'accounts:read',
      tags,
      operationId: 'getAccountVariables',
      summary: 'Variables of an account',
      description: 'The account-scope variables, shared by every contact of the account in the templates they run.',
      params: idParams('account_id'),
      responses: { 200: { description: 'The variables.', schema: accountVariablesSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await variables.getAccountVariables(ctx.state.em, ctx.state.principal.organizationId, params.account_id),
      }),
    }),
    defineRoute<AccountParams, Record<string, never>, { variables: variables.Variables }>({
      method: 'PATCH',
      path: '/v1/accounts/{account_id}/variables',
      auth: 'key',
      scope: 'accounts:write',
      tags,
      operationId: 'patchAccountVariables',
      summary: 'Merge account variables',
      description: `Shared by every contact of the account. Over ${variables.VARIABLE_LIMIT} keys: 422 BusinessIssue naming the limit.`,
      params: idParams('account_id'),
      body: accountVariablesPatchSchema,
      responses: {
        200: { description: 'The variables after the merge.', schema: accountVariablesSchema },
        422: { description: 'Limit reached (BusinessIssue).' },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await variables.patchAccountVariables(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.account_id,
          body.variables,
        ),
      }),
    }),
    defineRoute<AccountParams & { key: string }>({
      method: 'DELETE',
      path: '/v1/accounts/{account_id}/variables/{key}',
      auth: 'key',
      scope: 'accounts:write',
      tags,
      operationId: 'deleteAccountVariable',
      requestExample: { params: { key: 'tech_stack' } },
      summary: 'Delete an account variable and free its slot',
      description: 'Removes the key so the slot counts no more against the limit; a key not set is 404.',
      params: variableKeyParams('account_id'),
      responses: {
        200: {
          description: 'The variables after the delete.',
          schema: accountVariablesSchema,
          example: ACCOUNT_VARIABLES_AFTER_DELETE,
        },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await variables.deleteAccountVariable(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.account_id,
          params.key,
        ),
      }),
    }),
  ];
}
