// GET /v1/signals/imports (scope signals:read): the imports feed. Mounted before the signals
// routes so `/v1/signals/{signal_id}` never captures `imports`.
import { IMPORT_KINDS, IMPORT_STATUSES } from '../../db/entities/signal-import.entity.ts';
import * as imports from '../../domain/signals/imports.service.ts';
import { envelopeSchema, envelopeText, fixedKeyListQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import type { JsonSchema } from '../validation.ts';
import { uuid } from '../schemas/common.schemas.ts';
import { rfc3339Filter } from '../schemas/events.schemas.ts';
import { named } from '../schemas/named.ts';

const TIMESTAMP_HELP = 'RFC 3339 with `Z` or an explicit offset.';
const nullableText: JsonSchema = { type: ['string', 'null'] };

export const listSignalImportsQuery: JsonSchema = fixedKeyListQuerySchema('occurred_at', 'desc', {
  signal_id: { ...uuid, description: 'Entries of this signal only (404 when it is not in the workspace).' },
  kind: { type: 'string', enum: [...IMPORT_KINDS] },
  status: { type: 'string', enum: [...IMPORT_STATUSES] },
  occurred_at_after: { ...rfc3339Filter, description: `Exclusive lower bound on the fact's time. ${TIMESTAMP_HELP}` },
  occurred_at_before: { ...rfc3339Filter, description: `Exclusive upper bound on the fact's time. ${TIMESTAMP_HELP}` },
});

export const signalImportSchema: JsonSchema = named('SignalImport', {
  type: 'object',
  required: ['id', 'signal_id', 'kind', 'occurred_at', 'status', 'contact_id', 'account_id', 'metadata'],
  properties: {
    id: uuid,
    signal_id: uuid,
    kind: { type: 'string', enum: [...IMPORT_KINDS] },
    occurred_at: {
      type: 'string',
      format: 'date-time',
      description: 'When the underlying fact occurred (the feed order).',
    },
    status: { type: 'string', enum: [...IMPORT_STATUSES] },
    first_name: nullableText,
    last_name: nullableText,
    email: nullableText,
    job_title: nullableText,
    linkedin_url: nullableText,
    company_domain: nullableText,
    account_name: nullableText,
    account_domain: nullableText,
    contact_id: { type: ['string', 'null'], format: 'uuid' },
    account_id: { type: ['string', 'null'], format: 'uuid' },
    metadata: {
      type: 'object',
      description:
        'What the fact was (event_type, details); custom events: the event id, subject and the payload copied exactly as sent (left out above 32 KB serialized, with `payload_omitted`).',
    },
    created_at: { type: 'string', format: 'date-time' },
  },
});

export function signalImportsRoutes(): RouteDef[] {
  return [
    defineRoute<Record<string, string>, PageQuery & imports.SignalImportFilters>({
      method: 'GET',
      path: '/v1/signals/imports',
      auth: 'key',
      scope: 'signals:read',
      tags: ['Signals'],
      operationId: 'listSignalImports',
      summary: 'The signals imports feed',
      description:
        'One entry per fact a signal check looked at (imported, or skipped and why), ordered by when the fact occurred (occurred_at), ' +
        'newest first; `sort_order=asc` reads oldest first (no `sort_by`: the key is fixed). Filters combine with AND; occurred bounds are exclusive.',
      query: listSignalImportsQuery,
      responses: {
        200: { description: 'Envelope of imports feed entries.', schema: envelopeSchema(signalImportSchema) },
        404: { description: 'signal_id is not a signal of the workspace.' },
      },
      handler: async (ctx, { query }) => {
        const { page, size, signal_id, kind, status, occurred_at_after, occurred_at_before } = query;
        const { items, total } = await imports.listSignalImports(
          ctx.state.em,
          ctx.state.principal.organizationId,
          { signal_id, kind, status, occurred_at_after, occurred_at_before },
          { ...pageWindow(query), sortOrder: query.sort_order },
        );
        ctx.type = 'application/json';
        return { status: 200, body: envelopeText(items, total, { page, size, sort_order: query.sort_order }) };
      },
    }),
  ];
}
