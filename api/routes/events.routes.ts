// First-party event ingestion (scopes events:write / events:read): POST /v1/events answers 202 once
// the event is committed; the reads return the payload exactly as sent.
//
// POST /v1/events needs the request's own bytes (the content hash is SHA-256 of them, and the
// payload is stored as its exact source text), so `eventsRawBody` reads that one route's body
// itself, before the shared JSON body parser, and leaves the parsed document where the parser
// would have (ctx.request.body): validation then runs as on any route.
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { Next } from 'koa';
import * as events from '../../domain/events-ingest.service.ts';
import type { AppContext } from '../context.ts';
import { ApiIssue, payloadTooLarge, validationIssue } from '../errors.ts';
import { envelopeSchema, envelopeText, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import { eventSchema, ingestAcceptedSchema, ingestEventBody, listEventsQuery } from '../schemas/events.schemas.ts';

const tags = ['Events'];

interface RawBody {
  bytes: Buffer;
  text: string;
}

/** The raw body of each POST /v1/events request, read by eventsRawBody. */
const rawBodies = new WeakMap<object, RawBody>();

/** The exact body bytes eventsRawBody read for this request (POST /v1/events only), e.g. for Idempotency-Key fingerprints. */
export function eventsRawBytes(ctx: AppContext): Buffer | undefined {
  return rawBodies.get(ctx.request)?.bytes;
}

// Matched as the router matches (case-insensitive, optional trailing slash).
const INGEST_PATH = /^\/v1\/events\/?$/i;

function bodyIssue(message: string, what: string) {
  return validationIssue(message, [{ path: '(body)', message: what }]);
}

function decoded(ctx: AppContext): Readable {
  const encoding = (ctx.get('Content-Encoding') || 'identity').trim().toLowerCase();
  switch (encoding) {
    case 'identity': return ctx.req;
    case 'gzip': case 'x-gzip': return ctx.req.pipe(createGunzip());
    case 'deflate': return ctx.req.pipe(createInflate());
    case 'br': return ctx.req.pipe(createBrotliDecompress());
    default: throw bodyIssue(`Unsupported Content-Encoding ${JSON.stringify(encoding)}.`, 'has an unsupported encoding or charset');
  }
}

async function readBytes(ctx: AppContext, limitBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw payloadTooLarge(limitBytes);
  const stream = decoded(ctx);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > limitBytes) {
        stream.destroy();
        throw payloadTooLarge(limitBytes);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof ApiIssue) throw error;
    throw bodyIssue('The request body could not be read.', 'could not be read');
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Middleware for POST /v1/events, mounted after authentication and before the JSON body parser:
 * keeps the body's bytes (after any Content-Encoding) and its text, and parses it as the parser would.
 * Other requests, and bodies not declared JSON (left to the parser, hence to validation), pass through.
 */
export function eventsRawBody(limitBytes: number) {
  return async function readEventBody(ctx: AppContext, next: Next): Promise<void> {
    if (ctx.method !== 'POST' || !INGEST_PATH.test(ctx.path) || !ctx.request.is('json', '+json')) return next();
    const charset = ctx.request.charset;
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      throw bodyIssue(`Unsupported charset ${JSON.stringify(charset)}: send UTF-8 JSON.`, 'has an unsupported encoding or charset');
    }
    const bytes = await readBytes(ctx, limitBytes);
    let text: string;
    let parsed: unknown;
    try {
      text = utf8.decode(bytes);
      parsed = JSON.parse(text);
    } catch {
      throw bodyIssue('The request body is not valid JSON (a JSON object or array is expected).', 'is not valid JSON');
    }
    rawBodies.set(ctx.request, { bytes, text });
    (ctx.request as { body?: unknown }).body = parsed;
    return next();
  };
}

export function eventsRoutes(): RouteDef[] {
  return [
    defineRoute<Record<string, string>, Record<string, unknown>, events.IngestInput>({
      method: 'POST', path: '/v1/events', auth: 'key', scope: 'events:write', tags,
      operationId: 'ingestEvent',
      summary: 'Ingest an event',
      description: '202 once the event is durably stored (committed), never before; it is resolved to a contact and account '
        + 'later (about two minutes). Deduplicated on `external_event_id` when given, otherwise on the SHA-256 of the body '
        + 'bytes (a byte-identical resend collapses; any changed byte is a new event): a replay answers the same 202 and '
        + 'key and is neither stored nor processed again. Unknown top-level and subject fields are refused (400).',
      body: ingestEventBody,
      responses: { 202: { description: 'Accepted: durably stored.', schema: ingestAcceptedSchema } },
      handler: async (ctx, { body }) => {
        const raw = rawBodies.get(ctx.request)
          // Not read by eventsRawBody (never expected): the parser's own text of the body.
          ?? (() => { const text = (ctx.request as { rawBody?: string }).rawBody ?? JSON.stringify(body); return { text, bytes: Buffer.from(text, 'utf8') }; })();
        const payloadJson = body.payload === undefined ? null : (events.topLevelMemberText(raw.text, 'payload') ?? JSON.stringify(body.payload));
        const { idempotencyKey } = await events.ingestEvent(ctx.state.em, ctx.state.principal.organizationId, body, raw.bytes, payloadJson);
        return { status: 202, body: { accepted: true, idempotency_key: idempotencyKey } };
      },
    }),
    defineRoute<Record<string, string>, PageQuery<events.EventSort> & events.EventFilters>({
      method: 'GET', path: '/v1/events', auth: 'key', scope: 'events:read', tags,
      operationId: 'listEvents',
      summary: 'List ingested events',
      description: 'Default order: occurred_at descending; `sort_by` occurred_at only. Filters combine with AND; '
        + '`occurred_at_after` / `occurred_at_before` are exclusive. Each payload is returned exactly as sent.',
      query: listEventsQuery,
      responses: { 200: { description: 'Envelope of ingested events.', schema: envelopeSchema(eventSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by: _sortBy, sort_order, ...filters } = query;
        const { items, total } = await events.listEventJson(ctx.state.em, ctx.state.principal.organizationId, filters, {
          ...pageWindow(query), sortOrder: sort_order,
        });
        ctx.type = 'application/json';
        return { status: 200, body: envelopeText(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<{ event_id: string }>({
      method: 'GET', path: '/v1/events/{event_id}', auth: 'key', scope: 'events:read', tags,
      operationId: 'getEvent',
      summary: 'An ingested event',
      description: 'The payload is returned exactly as sent.',
      params: idParams('event_id'),
      responses: { 200: { description: 'The event.', schema: eventSchema }, 404: { description: 'No such event in the organization.' } },
      handler: async (ctx, { params }) => {
        const json = await events.getEventJson(ctx.state.em, ctx.state.principal.organizationId, params.event_id);
        ctx.type = 'application/json';
        return { status: 200, body: json };
      },
    }),
  ];
}
