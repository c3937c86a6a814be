// Request id (honoured from X-Request-Id when sane, else generated; echoed) and one access-log
// line per request with the id and the organization (added by auth), never the key: only its
// key_prefix. A path whose route template has a {token} (unsubscribe and tracking links) is logged
// as the template, since the token in it is a capability.
import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { Logger } from 'pino';
import type { AppContext } from '../context.ts';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestContext(logger: Logger) {
  return async function withRequestContext(ctx: AppContext, next: Next): Promise<void> {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const started = performance.now();
    ctx.state.requestId = requestId;
    ctx.state.logger = logger.child({ request_id: requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      ctx.state.logger.info({
        method: ctx.method,
        path: ctx.state.route?.includes('{token}') ? ctx.state.route : ctx.path,
        route: ctx.state.route,
        status: ctx.status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        key_prefix: ctx.state.principal?.keyPrefix,
        trace_id: ctx.state.traceId,
      }, 'request');
    }
  };
}
