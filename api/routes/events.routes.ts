// First-party event ingestion (scopes events:write / events:read): POST /v1/events answers 202 once
// the event is committed; the reads return the payload exactly as sent.
//
// POST /v1/events needs the request's own bytes (the content hash is SHA-256 of them, and the
// payload is stored as its exact source text): the shared JSON body reader (api/middleware/json-body.ts)
// keeps them for every JSON body, and leaves the parsed document in ctx.request.body, so validation
// runs as on any route.
import type { MikroORM } from '@mikro-orm/postgresql';
import { eventStore } from '../../domain/events/event-store.ts';
import * as events from '../../domain/events/ingest.service.ts';
import type { AppContext } from '../context.ts';
import { requestBody } from '../middleware/json-body.ts';
import { envelopeSchema, envelopeText, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import { eventSchema, ingestAcceptedSchema, ingestEventBody, listEventsQuery } from '../schemas/events.schemas.ts';

const tags = ['Events'];

// Matched as the router matches (case-insensitive, optional trailing slash).
const INGEST_PATH = /^\/v1\/events\/?$/i;
const VERBATIM: readonly string[] = ['payload'];

/**
 * The top-level members of this request's body that are kept as their exact source text, not as
 * parsed values: POST /v1/events' `payload` (escapes included, `\u0000` and unpaired surrogate
 * escapes too, which it stores and returns as the same text). Nothing for any other request.
 */
export function eventsVerbatimMembers(ctx: AppContext): readonly string[] {
  return ctx.method === 'POST' && INGEST_PATH.test(ctx.path) ? VERBATIM : [];
}

export function eventsRoutes(deps: { orm: MikroORM }): RouteDef[] {
  // One store per app: concurrent requests' events share a statement and its commit.
  const store = eventStore(deps.orm.em);
  return [
    defineRoute<Record<string, string>, Record<string, unknown>, events.IngestInput>({
      method: 'POST',
      path: '/v1/events',
      auth: 'key',
      scope: 'events:write',
      tags,
      operationId: 'ingestEvent',
      summary: 'Ingest an event',
      description:
        '202 once the event is durably stored (committed), never before; it is resolved to a contact and account ' +
        'later (about two minutes). Deduplicated on `external_event_id` when given, otherwise on the SHA-256 of the body ' +
        'bytes (a byte-identical resend collapses; any changed byte is a new event): a replay answers the same 202 and ' +
        'key and is neither stored nor processed again. Unknown top-level and subject fields are refused (400).',
      body: ingestEventBody,
      responses: { 202: { description: 'Accepted: durably stored.', schema: ingestAcceptedSchema } },
      handler: async (ctx, { body }) => {
        const raw =
          requestBody(ctx) ??
          // Not read by the JSON body reader (never expected): the body as it was parsed.
          (() => {
            const text = JSON.stringify(body);
            return { text, bytes: Buffer.from(text, 'utf8') };
          })();
        const payloadJson =
          body.payload === undefined
            ? null
            : (events.topLevelMemberText(raw.text, 'payload') ?? JSON.stringify(body.payload));
        const { idempotencyKey } = await events.ingestEvent(
          store,
          ctx.state.principal.organizationId,
          body,
          raw.bytes,
          payloadJson,
          ctx.state.audit,
        );
        return { status: 202, body: { accepted: true, idempotency_key: idempotencyKey } };
      },
    }),
    defineRoute<Record<string, string>, PageQuery<events.EventSort> & events.EventFilters>({
      method: 'GET',
      path: '/v1/events',
      auth: 'key',
      scope: 'events:read',
      tags,
      operationId: 'listEvents',
      summary: 'List ingested events',
      description:
        'Default order: occurred_at descending; `sort_by` occurred_at only. Filters combine with AND; ' +
        '`occurred_at_after` / `occurred_at_before` are exclusive. Each payload is returned exactly as sent.',
      query: listEventsQuery,
      responses: { 200: { description: 'Envelope of ingested events.', schema: envelopeSchema(eventSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by: _sortBy, sort_order, ...filters } = query;
        const { items, total } = await events.listEventJson(ctx.state.em, ctx.state.principal.organizationId, filters, {
          ...pageWindow(query),
          sortOrder: sort_order,
        });
        ctx.type = 'application/json';
        return { status: 200, body: envelopeText(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<{ event_id: string }>({
      method: 'GET',
      path: '/v1/events/{event_id}',
      auth: 'key',
      scope: 'events:read',
      tags,
      operationId: 'getEvent',
      summary: 'An ingested event',
      description: 'The payload is returned exactly as sent.',
      params: idParams('event_id'),
      responses: {
        200: { description: 'The event.', schema: eventSchema },
        404: { description: 'No such event in the organization.' },
      },
      handler: async (ctx, { params }) => {
        const json = await events.getEventJson(ctx.state.em, ctx.state.principal.organizationId, params.event_id);
        ctx.type = 'application/json';
        return { status: 200, body: json };
      },
    }),
  ];
}
