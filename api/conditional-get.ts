// Conditional GET of one resource (`GET /v1/<resources>/{id}`): the 200 carries an `ETag` hashed
// from its serialized body, and a request whose `If-None-Match` names it gets 304 with no body. The
// body is serialized here once, for the hash and for sending.
import type { AppContext } from './context.ts';
import { ifNoneMatchHits, weakEtag } from './etag.ts';

/**
 * An authenticated GET whose path ends in a parameter: one resource, not a list or a sub-collection.
 * It reads only these fields of a route declaration (api/route.ts RouteDef), so the route table
 * imports this module and not the other way round.
 */
export function isSingleResourceGet(route: { method: string; path: string; auth: string }): boolean {
  return route.method === 'GET' && route.auth !== 'public' && route.path.endsWith('}');
}

/** Sends a 200 `body` with its ETag, or 304 when the request's If-None-Match matches it. */
export function answerConditionally(ctx: AppContext, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const etag = weakEtag(text);
  ctx.set('ETag', etag);
  if (ifNoneMatchHits(ctx.get('If-None-Match'), etag)) {
    ctx.status = 304;
    return;
  }
  // A handler that sends text already set its type; an object is sent as Koa sends one.
  if (typeof body !== 'string') ctx.type = 'json';
  ctx.body = text;
}
