// Schemas shared by many routes: the error body, ids, user summaries.
import type { JsonSchema } from '../validation.ts';
import { named } from './named.ts';

export const uuid: JsonSchema = { type: 'string', format: 'uuid' };
export const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
export const nullableTimestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

/**
 * The keys of a free-form map: any but `__proto__`, which the body parser refuses in every request
 * body (merged into an object, it would set its prototype), with the key rules of `schema`.
 */
export const mapKeys = (schema: JsonSchema = {}): JsonSchema => ({ ...schema, not: { const: '__proto__' } });

/** A named object schema, or null: the object's type stays one named type for client generators. */
export const nullable = (schema: JsonSchema, description?: string): JsonSchema => ({
  ...(description === undefined ? {} : { description }),
  oneOf: [schema, { type: 'null' }],
});

export const errorSchema: JsonSchema = named('Error', {
  type: 'object',
  required: ['status_code', 'type', 'message', 'data', 'request_id'],
  properties: {
    status_code: { type: 'integer' },
    type: {
      type: 'string',
      enum: [
        'ValidationIssue',
        'UnauthorizedIssue',
        'NotFoundIssue',
        'CommitIssue',
        'BusinessIssue',
        'RateLimitIssue',
        'InternalIssue',
        'MethodNotAllowedIssue',
        'PayloadTooLargeIssue',
        'UnavailableIssue',
      ],
    },
    message: { type: 'string' },
    data: nullable(
      named('ErrorData', {
        type: 'object',
        properties: {
          errors: {
            type: 'array',
            items: named('FieldError', {
              type: 'object',
              required: ['path', 'message'],
              properties: { path: { type: 'string' }, message: { type: 'string' } },
            }),
          },
        },
      }),
      'Details; for validation errors `errors` lists `{path, message}` per offending field.',
    ),
    request_id: { type: 'string' },
  },
});

export function idParams(...names: string[]): JsonSchema {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, uuid])),
  };
}
