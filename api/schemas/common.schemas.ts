// Schemas shared by many routes: the error body, ids, user summaries.
import type { JsonSchema } from '../validation.ts';

export const uuid: JsonSchema = { type: 'string', format: 'uuid' };
export const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
export const nullableTimestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

export const errorSchema: JsonSchema = {
  type: 'object',
  required: ['status_code', 'type', 'message', 'data', 'request_id'],
  properties: {
    status_code: { type: 'integer' },
    type: {
      type: 'string',
      enum: ['ValidationIssue', 'UnauthorizedIssue', 'NotFoundIssue', 'CommitIssue', 'BusinessIssue', 'RateLimitIssue',
        'InternalIssue', 'MethodNotAllowedIssue', 'PayloadTooLargeIssue', 'UnavailableIssue'],
    },
    message: { type: 'string' },
    data: {
      type: ['object', 'null'],
      description: 'Details; for validation errors `errors` lists `{path, message}` per offending field.',
      properties: {
        errors: {
          type: 'array',
          items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
    request_id: { type: 'string' },
  },
};

export function idParams(...names: string[]): JsonSchema {
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, uuid])),
  };
}
