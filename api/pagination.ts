// The one pagination helper of every list endpoint: its query schema, the page window and the
// envelope {items, total_count, total_pages, has_more}.
import type { JsonSchema } from './validation.ts';
import { named, nameOf } from './schemas/named.ts';

export interface PageQuery<S extends string = string> {
  page: number;
  size: number;
  sort_by?: S;
  sort_order: 'asc' | 'desc';
}

export interface Envelope<T> {
  items: T[];
  total_count: number;
  total_pages: number;
  has_more: boolean;
}

/** Query schema of a list endpoint: pagination, its sort_by whitelist and its own filters. */
export function listQuerySchema(sortBy: readonly string[], filters: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, default: 1, description: 'Page number, from 1.' },
      size: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'Items per page, 1 to 100.' },
      ...(sortBy.length > 0
        ? {
            sort_by: {
              type: 'string',
              enum: [...sortBy],
              description: 'Field to order by; omitted, the endpoint default.',
            },
          }
        : {}),
      sort_order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
      ...filters,
    },
  };
}

/**
 * Pagination and filters of a list ordered by one key the endpoint fixes (no sort_by): sort_order
 * still turns that order, as on every list (generic paginators send it everywhere), with the
 * endpoint's own default direction.
 */
export function fixedKeyListQuerySchema(
  key: string,
  defaultOrder: 'asc' | 'desc',
  filters: Record<string, JsonSchema> = {},
): JsonSchema {
  const schema = listQuerySchema([], filters) as { properties: Record<string, JsonSchema> };
  schema.properties.sort_order = {
    type: 'string',
    enum: ['asc', 'desc'],
    default: defaultOrder,
    description: `Direction of the order by ${key} (ties by id the same way); default \`${defaultOrder}\`.`,
  };
  return schema;
}

/** Past any table: a page far beyond the last one answers an empty page, not an offset PostgreSQL cannot read. */
const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  // `page` is any integer >= 1; above 2^53 it is a float whose text (6.9e+23) is no bigint.
  return { limit: query.size, offset: Math.min((query.page - 1) * query.size, MAX_OFFSET) };
}

export function envelope<T>(items: T[], total: number, query: PageQuery): Envelope<T> {
  const totalPages = Math.ceil(total / query.size);
  return { items, total_count: total, total_pages: totalPages, has_more: query.page < totalPages };
}

/** The envelope as JSON text around items that are JSON texts already (answers that splice stored source text). */
export function envelopeText(itemTexts: string[], total: number, query: PageQuery): string {
  const { items: _none, ...counts } = envelope([], total, query);
  return `{"items":[${itemTexts.join(',')}],${JSON.stringify(counts).slice(1)}`;
}

/** Envelope schema for the OpenAPI document: `<Item>Page` when the item schema is named. */
export function envelopeSchema(item: JsonSchema): JsonSchema {
  const schema: JsonSchema = {
    type: 'object',
    required: ['items', 'total_count', 'total_pages', 'has_more'],
    properties: {
      items: { type: 'array', items: item },
      total_count: { type: 'integer', minimum: 0 },
      total_pages: { type: 'integer', minimum: 0 },
      has_more: { type: 'boolean' },
    },
  };
  const itemName = nameOf(item);
  return itemName === undefined ? schema : named(`${itemName}Page`, schema);
}
