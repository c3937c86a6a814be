// Request id (honoured from X-Request-Id when sane, else generated; echoed) and one access-log
// line per request with the id and the organization (added by auth), never the key: only its
// key_prefix. A path whose route template has a {token} (unsubscribe and tracking links) is logged
// as the template, since the token in it is a capability. ctx.state.logger is made on first use
// (api/request-logger.ts), so a request that logs nothing below the level costs no child logger.
import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { Logger } from 'pino';
import type { AppContext, AppState } from '../context.ts';
import { RequestState } from '../request-logger.ts';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Adds bindings (e.g. the organization) to every line the request logs from now on. */
export function bindRequestLog(ctx: AppContext, bindings: Record<string, string>): void {
  const state: unknown = ctx.state;
  if (state instanceof RequestState) state.bindLog(bindings);
  else ctx.state.logger = ctx.state.logger.child(bindings);
}

export function requestContext(logger: Logger) {
  return async function withRequestContext(ctx: AppContext, next: Next): Promise<void> {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const started = performance.now();
    // The other members (principal, em, route...) are added by the middleware that knows them.
    ctx.state = new RequestState(logger, requestId) as unknown as AppState;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info'))
        ctx.state.logger.info(
          {
            method: ctx.method,
            path: ctx.state.route?.includes('{token}') ? ctx.state.route : ctx.path,
            route: ctx.state.route,
            status: ctx.status,
            duration_ms: Math.round((performance.now() - started) * 10) / 10,
            key_prefix: ctx.state.principal?.keyPrefix,
            trace_id: ctx.state.traceId,
          },
          'request',
        );
    }
  };
}
