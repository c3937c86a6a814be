// Account lists and their entries (docs/api/lists.md): the lists (their routes declared with the
// contact lists' in list-crud.ts, from this kind's names and wording), and the entries whose domains
// resolve through the directory to workspace accounts. Batches answer
// {items: [{index, status, resource, error}], summary}; an item that fails (schema, unknown list) does not fail the others.
import type { WorkflowClients } from '../../workflows/clients.ts';
import * as accountEntries from '../../domain/lists/account-entries.service.ts';
import * as lists from '../../domain/lists/lists.service.ts';
import type { Directory } from '../../providers/directory/index.ts';
import { checkItems, type Batch } from '../list-batches.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  accountEntryBatchSchema,
  accountEntryItemSchema,
  accountEntryListFilters,
  accountEntrySchema,
  accountListBatchSchema,
  accountListItemSchema,
  accountListPatchSchema,
  accountListSchema,
  batchResultSchema,
} from '../schemas/lists.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';
import { ACCOUNT_LIST_RENAMED } from '../examples/lists.examples.ts';
import { listCrudRoutes } from './list-crud.ts';

export interface AccountListsDeps {
  workflows: WorkflowClients;
  directory: Directory;
}

const accountTags = ['Account lists'];

export function accountListsRoutes(deps: AccountListsDeps): RouteDef[] {
  return [
    ...listCrudRoutes<'account_list_id', { name?: string }>(
      {
        kind: 'account',
        path: '/v1/account-lists',
        idParam: 'account_list_id',
        scopes: { read: 'account_lists:read', write: 'account_lists:write' },
        tags: accountTags,
        operationNoun: 'AccountList',
        plural: 'account lists',
        schemas: { list: accountListSchema, item: accountListItemSchema, batch: accountListBatchSchema },
        wording: {
          createDescription:
            '1 to 100 lists in one request; each item succeeds or fails on its own (`CREATED`, or `FAILED` with its error) and the answer lists them in order.',
          get: { summary: 'An account list', description: 'The list with `entries_count`.' },
          delete: { summary: 'Delete an account list and its entries', description: 'The accounts stay.' },
        },
        patch: {
          summary: 'Rename an account list',
          description: 'Only `name` changes; the entries stay.',
          body: accountListPatchSchema,
          example: ACCOUNT_LIST_RENAMED,
          apply: (ctx, id, body) => lists.patchAccountList(ctx.state.em, ctx.state.principal.organizationId, id, body),
        },
      },
      deps.workflows,
    ),

    // ----- account entries
    defineRoute<Record<string, string>, Record<string, never>, Batch>({
      method: 'POST',
      path: '/v1/account-entries',
      auth: 'key',
      scope: 'account_lists:write',
      tags: accountTags,
      operationId: 'addAccountEntries',
      summary: 'Add account entries (batch)',
      description:
        'Each domain is looked up in the directory: an alias resolves to the primary domain and the company profile is kept on the entry (`company`). ' +
        'Each entry is linked to the workspace account of that domain, created (named `name`) when new, so account_id is always set. ' +
        'The same account again in one list updates its entry (UPDATED).',
      body: accountEntryBatchSchema,
      responses: {
        200: { description: 'Per-item results.', schema: batchResultSchema(accountEntrySchema) },
        422: { description: 'More than 100 items.' },
      },
      handler: async (ctx, { body }) => {
        const { valid, invalid } = checkItems<accountEntries.AccountEntryInput>(body.items, accountEntryItemSchema);
        const written = valid.length
          ? await accountEntries.addAccountEntries(
              ctx.state.em,
              deps.directory,
              ctx.state.principal.organizationId,
              valid,
            )
          : [];
        return { status: 200, body: lists.batchResult([...invalid, ...written]) };
      },
    }),
    defineRoute<
      Record<string, string>,
      PageQuery<accountEntries.AccountEntrySort> & accountEntries.AccountEntryFilters
    >({
      method: 'GET',
      path: '/v1/account-entries',
      auth: 'key',
      scope: 'account_lists:read',
      tags: accountTags,
      operationId: 'listAccountEntries',
      requestExample: { query: { account_list_id: EXAMPLE_IDS.accountList } },
      summary: 'List the entries of an account list',
      description: 'Default order: created_at ascending. 404 when the list is not of this organization.',
      query: {
        ...listQuerySchema(accountEntries.ACCOUNT_ENTRY_SORT_FIELDS, accountEntryListFilters),
        required: ['account_list_id'],
      },
      responses: {
        200: { description: 'Envelope of entries.', schema: envelopeSchema(accountEntrySchema) },
        404: { description: 'The account list is not of this organization (NotFoundIssue).' },
      },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await accountEntries.listAccountEntries(
          ctx.state.em,
          deps.directory,
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
    defineRoute<{ account_entry_id: string }>({
      method: 'GET',
      path: '/v1/account-entries/{account_entry_id}',
      auth: 'key',
      scope: 'account_lists:read',
      tags: accountTags,
      operationId: 'getAccountEntry',
      summary: 'An account entry',
      description:
        "The entry with the workspace account of its domain and the directory's company profile (null for an unknown domain).",
      params: idParams('account_entry_id'),
      responses: { 200: { description: 'The entry.', schema: accountEntrySchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await accountEntries.getAccountEntry(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.account_entry_id,
        ),
      }),
    }),
    defineRoute<{ account_entry_id: string }>({
      method: 'DELETE',
      path: '/v1/account-entries/{account_entry_id}',
      auth: 'key',
      scope: 'account_lists:write',
      tags: accountTags,
      operationId: 'deleteAccountEntry',
      summary: 'Remove an entry from its account list',
      description: 'The account stays.',
      params: idParams('account_entry_id'),
      responses: { 200: { description: 'The deleted entry.', schema: accountEntrySchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await accountEntries.deleteAccountEntry(
          ctx.state.em,
          ctx.state.principal.organizationId,
          params.account_entry_id,
        ),
      }),
    }),
  ];
}
