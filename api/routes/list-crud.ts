// The routes of the lists themselves (create in batch, list, get, patch, delete), declared once for
// both kinds of list (docs/api/lists.md): contact and account lists run the same use cases with their
// kind and differ only in names, scopes, schemas, wording and what a PATCH may change. Each kind's
// routes file (contact-lists.routes.ts, account-lists.routes.ts) passes its names here, then
// declares its own entry routes, which do differ.
import type { Scope } from '../../domain/admin/scopes.ts';
import * as lists from '../../domain/lists/lists.service.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { AppContext } from '../context.ts';
import { checkItems, type Batch } from '../list-batches.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef, type RouteResponse } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import { batchResultSchema, listListFilters } from '../schemas/lists.schemas.ts';
import type { JsonSchema } from '../validation.ts';

type ListRecord = lists.ContactListRecord | lists.AccountListRecord;

/** A route's own wording in the document. */
interface Wording {
  summary: string;
  description: string;
}

/**
 * One kind of list as its routes name it. `I` is the name of the list's path parameter, `B` the
 * body its PATCH takes.
 */
export interface ListKindRoutes<I extends string, B> {
  kind: lists.ListKind;
  /** The collection, e.g. `/v1/contact-lists`; one list is `{path}/{idParam}`. */
  path: string;
  idParam: I;
  scopes: { read: Scope; write: Scope };
  tags: string[];
  /** What the operationIds are of: `ContactList` gives createContactLists, listContactLists, getContactList, … */
  operationNoun: string;
  /** The lists in the create and list summaries: `contact lists`. */
  plural: string;
  /** The list (200 answers), one item of a create batch, the create batch. */
  schemas: { list: JsonSchema; item: JsonSchema; batch: JsonSchema };
  /** The wording of the routes whose text says more than the names. */
  wording: { createDescription: string; get: Wording; delete: Wording };
  /** What a PATCH of this kind changes: its wording, body, refusals beyond 200, and the use case that applies it. */
  patch: Wording & {
    body: JsonSchema;
    /** The 200 answer's example (the renamed list). */
    example: unknown;
    refusals?: Record<number, RouteResponse>;
    apply: (ctx: AppContext, id: string, body: B) => Promise<ListRecord>;
  };
}

/** The routes of one kind's lists, in the order they are mounted: create, list, get, patch, delete. */
export function listCrudRoutes<I extends string, B>(of: ListKindRoutes<I, B>, workflows: WorkflowClients): RouteDef[] {
  type ListParams = Record<I, string>;
  const onePath = `${of.path}/{${of.idParam}}`;
  return [
    defineRoute<Record<string, string>, Record<string, never>, Batch>({
      method: 'POST',
      path: of.path,
      auth: 'key',
      scope: of.scopes.write,
      tags: of.tags,
      operationId: `create${of.operationNoun}s`,
      // A batch: no one resource; the collection the created lists are in (each item's resource.id names one).
      location: of.path,
      summary: `Create ${of.plural} (batch)`,
      description: of.wording.createDescription,
      body: of.schemas.batch,
      responses: {
        201: { description: 'Per-item results (CREATED or FAILED).', schema: batchResultSchema(of.schemas.list) },
        422: { description: 'More than 100 items.' },
      },
      handler: async (ctx, { body }) => {
        const { valid, invalid } = checkItems<lists.ContactListInput | lists.AccountListInput>(
          body.items,
          of.schemas.item,
        );
        const written = await lists.createLists(ctx.state.em, of.kind, ctx.state.principal.organizationId, valid);
        return { status: 201, body: lists.batchResult([...invalid, ...written]) };
      },
    }),
    defineRoute<Record<string, string>, PageQuery<lists.ListSort> & lists.ListFilters>({
      method: 'GET',
      path: of.path,
      auth: 'key',
      scope: of.scopes.read,
      tags: of.tags,
      operationId: `list${of.operationNoun}s`,
      summary: `List ${of.plural}`,
      description: 'Default order: created_at ascending.',
      query: listQuerySchema(lists.LIST_SORT_FIELDS, listListFilters),
      responses: { 200: { description: `Envelope of ${of.plural}.`, schema: envelopeSchema(of.schemas.list) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await lists.listLists(
          ctx.state.em,
          of.kind,
          ctx.state.principal.organizationId,
          filters,
          { ...pageWindow(query), sortBy: sort_by, sortOrder: sort_order },
        );
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<ListParams>({
      method: 'GET',
      path: onePath,
      auth: 'key',
      scope: of.scopes.read,
      tags: of.tags,
      operationId: `get${of.operationNoun}`,
      ...of.wording.get,
      params: idParams(of.idParam),
      responses: { 200: { description: 'The list.', schema: of.schemas.list } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await lists.getList(ctx.state.em, of.kind, ctx.state.principal.organizationId, params[of.idParam]),
      }),
    }),
    defineRoute<ListParams, Record<string, never>, B>({
      method: 'PATCH',
      path: onePath,
      auth: 'key',
      scope: of.scopes.write,
      tags: of.tags,
      operationId: `patch${of.operationNoun}`,
      summary: of.patch.summary,
      description: of.patch.description,
      params: idParams(of.idParam),
      body: of.patch.body,
      responses: {
        200: { description: 'The list.', schema: of.schemas.list, example: of.patch.example },
        ...of.patch.refusals,
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await of.patch.apply(ctx, params[of.idParam], body),
      }),
    }),
    defineRoute<ListParams>({
      method: 'DELETE',
      path: onePath,
      auth: 'key',
      scope: of.scopes.write,
      tags: of.tags,
      operationId: `delete${of.operationNoun}`,
      ...of.wording.delete,
      params: idParams(of.idParam),
      responses: {
        200: { description: 'The deleted list (entries_count as before the delete).', schema: of.schemas.list },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await lists.deleteList(
          ctx.state.em,
          of.kind,
          workflows,
          ctx.state.principal.organizationId,
          params[of.idParam],
        ),
      }),
    }),
  ];
}
