// The public routes, the only ones served without a key: liveness, readiness, the OpenAPI
// document and the API reference page. (Unsubscribe links: unsubscribe.routes.ts; metrics: metrics.routes.ts;
// tracking: tracking.routes.ts.)
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { readiness } from '../../domain/admin/readiness.ts';
import { unavailable } from '../errors.ts';
import type { ServedOpenApi } from '../openapi-served.ts';
import { prepareAsset, sendAsset, type PreparedAsset } from '../prepared-asset.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { named } from '../schemas/named.ts';

const require = createRequire(import.meta.url);
// The package's self-contained browser bundle (not in its export map, so found beside its entry).
const scalarBundle = join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');
// Read and compressed once per process, on first use (4.35 MB: 1.26 MB gzip, 1.05 MB brotli).
let scalarScript: Promise<PreparedAsset> | undefined;
const docsScript = () =>
  (scalarScript ??= readFile(scalarBundle)
    .then((bytes) => prepareAsset(bytes, 'text/javascript; charset=utf-8'))
    .catch((error: unknown) => {
      scalarScript = undefined;
      throw error;
    }));
const notModified = { description: 'Not modified: `If-None-Match` named the current `ETag`. No body.' };

const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Outreach Workspace Service: API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/docs/scalar.js"></script>
    <!-- Self-contained: no AI agent, MCP generator, telemetry or web fonts calling out of the page. -->
    <script>Scalar.createApiReference('#app', {
      url: '/v1/openapi.json', agent: { disabled: true }, mcp: { disabled: true }, telemetry: false,
      showDeveloperTools: 'never', withDefaultFonts: false,
    });</script>
  </body>
</html>
`;

const healthSchema = named('Health', {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' }, checks: { type: 'object', additionalProperties: { type: 'string' } } },
});

export interface PublicRouteDeps {
  orm: MikroORM;
  workflows: WorkflowClients;
  /** The document with `servers` for the request's origin (or PUBLIC_BASE_URL), compressed once per origin. */
  openapi: ServedOpenApi;
}

export function publicRoutes(deps: PublicRouteDeps): RouteDef[] {
  const common = { auth: 'public' as const, scope: null, tags: ['Service'] };
  return [
    defineRoute({
      ...common,
      method: 'GET',
      path: '/healthz',
      operationId: 'healthz',
      summary: 'Liveness: the process answers',
      description:
        'Answers `{"status": "ok"}` as long as the process serves HTTP; it checks no dependency, so an orchestrator restarts only a process that no longer answers.',
      responses: { 200: { description: 'Alive.', schema: healthSchema, example: { status: 'ok' } } },
      handler: () => ({ status: 200, body: { status: 'ok' } }),
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/readyz',
      operationId: 'readyz',
      summary: 'Readiness: PostgreSQL and Temporal are reachable',
      description:
        'Runs `SELECT 1` on PostgreSQL and pings Temporal, each bounded to 2 s, and reports each as `ok` or `unreachable` in `checks`; ' +
        'a load balancer sends traffic only while both are `ok`.',
      responses: {
        200: { description: 'Ready.', schema: healthSchema },
        503: { description: 'A dependency is unreachable (UnavailableIssue); `data.checks` says which.' },
      },
      handler: async () => {
        const { ready, checks } = await readiness({ em: deps.orm.em.fork(), workflows: deps.workflows });
        if (!ready) throw unavailable('Not ready: a dependency is unreachable.', { checks });
        return { status: 200, body: { status: 'ok', checks } };
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/v1/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document',
      description:
        'Built from the route table itself: the JSON schemas that validate requests are the ones shown, every body a named schema, ' +
        'and `webhooks` describes what subscriptions receive. Generate clients from it; schema names are part of the contract.',
      responses: {
        200: {
          description: 'The document.',
          schema: named('OpenApiDocument', { type: 'object', description: 'An OpenAPI 3.1 document.' }),
        },
        304: notModified,
      },
      handler: async (ctx) => {
        // `servers` follows the origin (a proxy's X-Forwarded-* included) when PUBLIC_BASE_URL is
        // unset: a shared cache must neither serve one origin's copy to another nor keep it unchecked.
        ctx.vary('X-Forwarded-Host');
        ctx.vary('X-Forwarded-Proto');
        ctx.set('Cache-Control', 'no-cache');
        // The origin the request reached (Koa 3's ctx.origin is the request's Origin header instead).
        return sendAsset(ctx, await deps.openapi(`${ctx.protocol}://${ctx.host}`));
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/docs',
      operationId: 'docs',
      summary: 'Readable API reference (HTML)',
      description:
        'The reference page rendering this document (Scalar), served with its script from the service alone: no third-party calls.',
      responses: {
        200: { description: 'HTML page.', contentType: 'text/html', schema: { type: 'string' }, example: DOCS_HTML },
      },
      handler: (ctx) => {
        ctx.type = 'text/html';
        return { status: 200, body: DOCS_HTML };
      },
    }),
    defineRoute({
      ...common,
      method: 'GET',
      path: '/docs/scalar.js',
      operationId: 'docsScript',
      summary: 'Script of the API reference page',
      description: 'The self-contained browser bundle the reference page loads; cacheable for a day.',
      responses: {
        200: { description: 'JavaScript.', contentType: 'text/javascript', schema: { type: 'string' } },
        304: notModified,
      },
      handler: async (ctx) => {
        const asset = await docsScript();
        ctx.set('Cache-Control', 'public, max-age=86400');
        return sendAsset(ctx, asset);
      },
    }),
  ];
}
