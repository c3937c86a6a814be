// 405 and OPTIONS from the route table, for paths where a static segment and a path parameter
// compete: /v1/contacts/enrich is its own resource (POST), not a contact id for GET/DELETE
// /v1/contacts/{contact_id}. The router alone would take PATCH /v1/signals/presets as a signal id
// (400) and advertise GET and DELETE for OPTIONS /v1/contacts/enrich. Here the most specific
// templates that match the path (api/route-templates.ts: static beats parameter, segment by segment
// from the left, with the router's case and trailing-slash rules) decide which methods the path
// has; any other method is 405 with `Allow` (OPTIONS: 200 with `Allow`).
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { methodNotAllowed } from '../errors.ts';
import type { RouteDef } from '../route.ts';
import { templateResolver } from '../route-templates.ts';

const ORDER = ['HEAD', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function methodGuard(routes: RouteDef[]) {
  const resolve = templateResolver(routes);
  return async function guardMethods(ctx: AppContext, next: Next): Promise<void> {
    const allowed = resolve(ctx.path)?.methods;
    if (!allowed || allowed.has(ctx.method)) return next();
    const allow = ORDER.filter((m) => allowed.has(m)).join(', ');
    if (ctx.method === 'OPTIONS') {
      ctx.status = 200;
      ctx.set('Allow', allow);
      ctx.body = '';
      return;
    }
    throw methodNotAllowed(ctx.method, allow);
  };
}
