// GET /metrics: the API process's Prometheus metrics (text exposition format 0.0.4). Public like
// the health checks (no API key: scrapers have none); when METRICS_TOKEN is set it requires
// `Authorization: Bearer <METRICS_TOKEN>` instead, compared in constant time.
import type { Registry } from 'prom-client';
import { hashApiKey, hashesEqual } from '../../domain/admin/api-keys.ts';
import { unauthorized } from '../errors.ts';
import { defineRoute, type RouteDef, type RouteResponse } from '../route.ts';
import { METRICS_TEXT } from '../examples/service.examples.ts';

export interface MetricsRouteDeps {
  registry: Registry;
  /** METRICS_TOKEN; unset: no token needed. */
  token: string | undefined;
}

export function metricsRoutes(deps: MetricsRouteDeps): RouteDef[] {
  // SHA-256 digests have one length, so the comparison neither fails early nor leaks the token's length.
  const expected = deps.token === undefined ? undefined : hashApiKey(`Bearer ${deps.token}`);
  const responses: Record<number, RouteResponse> = {
    200: {
      description: 'Metrics in the Prometheus text exposition format 0.0.4.',
      contentType: 'text/plain; version=0.0.4',
      schema: { type: 'string' },
      example: METRICS_TEXT,
    },
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/metrics',
      auth: 'public',
      scope: null,
      tags: ['Service'],
      operationId: 'metrics',
      summary: 'Prometheus metrics of this API process',
      description:
        'Request latency histogram (`http_request_duration_seconds`) and request counter (`http_requests_total`) by method, ' +
        'route template and status code, plus the default process metrics (`process_*`, `nodejs_*`). No API key; when the operator sets ' +
        '`METRICS_TOKEN`, `Authorization: Bearer <METRICS_TOKEN>` is required.',
      responses: expected
        ? {
            ...responses,
            401: {
              description: 'METRICS_TOKEN is set and the request does not carry it (UnauthorizedIssue).',
              schema: { $ref: '#/components/schemas/Error' },
            },
          }
        : responses,
      handler: async (ctx) => {
        if (expected && !hashesEqual(hashApiKey(ctx.get('Authorization')), expected)) {
          throw unauthorized('This endpoint needs `Authorization: Bearer <METRICS_TOKEN>`.');
        }
        ctx.type = deps.registry.contentType;
        ctx.set('Cache-Control', 'no-store');
        return { status: 200, body: await deps.registry.metrics() };
      },
    }),
  ];
}
