// 405 and OPTIONS from the route table, for paths where a static segment and a path parameter
// compete: /v1/contacts/enrich is its own resource (POST), not a contact id for GET/DELETE
// /v1/contacts/{contact_id}. The router alone would take PATCH /v1/signals/presets as a signal id
// (400) and advertise GET and DELETE for OPTIONS /v1/contacts/enrich. Here the most specific
// templates that match the path (static beats parameter, segment by segment from the left) decide
// which methods the path has; any other method is 405 with `Allow` (OPTIONS: 200 with `Allow`).
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { methodNotAllowed } from '../errors.ts';
import type { RouteDef } from '../route.ts';

interface Template { segments: string[]; shape: string; methods: Set<string> }

export function methodGuard(routes: RouteDef[]) {
  const byPath = new Map<string, Template>();
  for (const route of routes) {
    let template = byPath.get(route.path);
    if (!template) {
      const segments = route.path.split('/').slice(1);
      // '0' a static segment, '1' a parameter: the smallest shape is the most specific.
      template = { segments, shape: segments.map((s) => (s.startsWith('{') ? '1' : '0')).join(''), methods: new Set() };
      byPath.set(route.path, template);
    }
    template.methods.add(route.method);
    if (route.method === 'GET') template.methods.add('HEAD');
  }
  const templates = [...byPath.values()];
  const ORDER = ['HEAD', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

  return async function guardMethods(ctx: AppContext, next: Next): Promise<void> {
    const segments = ctx.path.split('/').slice(1);
    let best: string | undefined;
    let allowed = new Set<string>();
    for (const t of templates) {
      if (t.segments.length !== segments.length) continue;
      if (!t.segments.every((s, i) => (s.startsWith('{') ? segments[i] !== '' : s === segments[i]))) continue;
      if (best === undefined || t.shape < best) { best = t.shape; allowed = new Set(t.methods); }
      else if (t.shape === best) for (const m of t.methods) allowed.add(m);
    }
    if (best === undefined || allowed.has(ctx.method)) return next();
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
