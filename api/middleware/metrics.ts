// HTTP metrics: a latency histogram and a request counter labelled by method, route TEMPLATE
// (`/v1/contacts/{contact_id}`, never the raw path, so ids cannot blow up cardinality; a path no
// route declares is `unmatched`) and status code. Runs inside the request-context middleware and
// outside the error handler, so it sees the final status; it leaves the template on
// ctx.state.route for the access log.
import type { Next } from 'koa';
import { Counter, Histogram, type Registry } from 'prom-client';
import { createRegistry, LATENCY_BUCKETS } from '../../observability/metrics.ts';
import type { AppContext } from '../context.ts';
import type { RouteDef } from '../route.ts';
import { templateResolver } from '../route-templates.ts';

export const UNMATCHED_ROUTE = 'unmatched';

export interface ApiMetrics {
  registry: Registry;
  duration: Histogram<'method' | 'route' | 'status_code'>;
  requests: Counter<'method' | 'route' | 'status_code'>;
}

export function createApiMetrics(registry: Registry = createRegistry('api')): ApiMetrics {
  return {
    registry,
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to handle a request, until its response is ready to send, by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
    }),
  };
}

/**
 * The route template of a path, the label of its metrics, span and log line: the most specific
 * template that matches (api/route-templates.ts, the method guard's rule), so /v1/contacts/enrich
 * is its own route, not a contact id. The method is ignored on purpose: a 405 on a known path is
 * still that route's answer.
 */
export function routeMatcher(routes: RouteDef[]): (path: string) => string {
  // The resolver remembers the paths without parameters, which repeat exactly.
  const resolve = templateResolver(routes);
  return (path) => resolve(path)?.template ?? UNMATCHED_ROUTE;
}

export function httpMetrics(metrics: ApiMetrics, routes: RouteDef[]) {
  const templateOf = routeMatcher(routes);
  return async function recordHttpMetrics(ctx: AppContext, next: Next): Promise<void> {
    const started = performance.now();
    try {
      await next();
    } finally {
      const route = templateOf(ctx.path);
      ctx.state.route = route;
      const labels = { method: ctx.method, route, status_code: String(ctx.status) };
      metrics.duration.observe(labels, (performance.now() - started) / 1000);
      metrics.requests.inc(labels);
    }
  };
}
