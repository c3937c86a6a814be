// GET /v1/search and GET /v1/fetch: any valid key; kinds the key cannot read are dropped (search)
// or not found (fetch), never refused.
import * as searchService from '../../domain/search/search.service.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { named } from '../schemas/named.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';

const tags = ['Search'];

const searchItemSchema = named('SearchItem', {
  type: 'object',
  required: ['id', 'type', 'title', 'subtitle'],
  properties: {
    id: { type: 'string', description: '`<type>:<uuid>`, for GET /v1/fetch.' },
    type: { type: 'string', enum: searchService.SEARCH_KINDS },
    title: { type: 'string' },
    subtitle: { type: 'string' },
  },
});

export function searchRoutes(): RouteDef[] {
  return [
    defineRoute<Record<string, string>, { query: string; types?: string[]; size: number }>({
      method: 'GET',
      path: '/v1/search',
      auth: 'key',
      scope: null,
      tags,
      operationId: 'search',
      requestExample: { query: { query: 'lovelace' } },
      summary: 'Search the workspace',
      description:
        'Matches names, emails, companies and domains. Three or more characters: substring match; one or two: prefix match. ' +
        'Kinds the key cannot read (lead: contacts:read, account: accounts:read, sequence_template: sequences:read, task: tasks:read) are dropped, never an error. Up to `size` items per kind.',
      query: {
        type: 'object',
        additionalProperties: false,
        required: ['query'],
        properties: {
          query: { type: 'string', minLength: 1, maxLength: 200, description: 'Text to match.' },
          types: {
            type: 'array',
            items: { type: 'string', enum: searchService.SEARCH_KINDS },
            maxItems: 10,
            description: 'Kinds to search (repeat the parameter); omit for all.',
          },
          size: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Items per kind.' },
        },
      },
      responses: {
        200: {
          description: 'Matches.',
          schema: named('SearchResult', {
            type: 'object',
            required: ['items'],
            properties: { items: { type: 'array', items: searchItemSchema } },
          }),
        },
      },
      handler: async (ctx, { query }) => {
        const { principal, em } = ctx.state;
        if (!query.query.trim()) return { status: 200, body: { items: [] } };
        return {
          status: 200,
          body: await searchService.search(em, principal.organizationId, principal.scopes, {
            query: query.query,
            types: query.types,
            limit: query.size,
          }),
        };
      },
    }),
    defineRoute<Record<string, string>, { id: string }>({
      method: 'GET',
      path: '/v1/fetch',
      auth: 'key',
      scope: null,
      tags,
      operationId: 'fetch',
      requestExample: { query: { id: `lead:${EXAMPLE_IDS.contact}` } },
      summary: 'Fetch one item by typed id',
      description:
        "A readable rendering (`text`) plus every field of the kind's detail read (`data`), same shape for all kinds. A kind the key cannot read answers 404.",
      query: {
        type: 'object',
        additionalProperties: false,
        required: ['id'],
        properties: {
          id: {
            type: 'string',
            minLength: 1,
            maxLength: 100,
            description: '`<type>:<uuid>` as returned by search.',
            pattern: `^(${searchService.SEARCH_KINDS.join('|')}):[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`,
          },
        },
      },
      responses: {
        200: {
          description: 'The item.',
          schema: named('FetchResult', {
            type: 'object',
            required: ['id', 'type', 'title', 'text', 'data'],
            properties: {
              id: { type: 'string' },
              type: { type: 'string' },
              title: { type: 'string' },
              text: { type: 'string' },
              data: { type: 'object' },
            },
          }),
        },
        404: { description: 'Unknown, of another organization, or of a kind the key cannot read (NotFoundIssue).' },
      },
      handler: async (ctx, { query }) => {
        const { principal, em } = ctx.state;
        return {
          status: 200,
          body: await searchService.fetchById(em, principal.organizationId, principal.scopes, query.id),
        };
      },
    }),
  ];
}
