// The authentication and scope matrix, generated from the app's own route table so that no new
// route can escape it: every non-public route answers 401 without a key and 403 without its scope,
// and the indexed router matches what a full scan does. Another organization's ids on every
// route: route-isolation-matrix.test.ts.
import assert from 'node:assert/strict';
import { Router } from '@koa/router';
import { mountRoutes } from '../../api/route.ts';
import { indexRouterMatch } from '../../api/router-index.ts';
import type { RouteDef } from '../../api/route.ts';
import { SCOPES } from '../../domain/admin/scopes.ts';
import type { client } from '../helpers/http.ts';
import { newKey, newOrg } from '../helpers/fixtures.ts';
import { concretePath, routeTableFixture } from '../helpers/route-table.ts';
import type { Stack } from '../helpers/stack.ts';

/** The public routes, asserted public: anything else needs a key. */
const PUBLIC = [
  'GET /healthz',
  'GET /readyz',
  'GET /v1/openapi.json',
  'GET /docs',
  'GET /docs/scalar.js',
  'GET /u/{token}',
  'POST /u/{token}',
  'GET /t/o/{token}',
  'GET /t/c/{token}',
  'GET /metrics',
];

describe('route matrix: authentication and scopes', () => {
  const fx = routeTableFixture();
  let stack: Stack;
  let routes: RouteDef[];
  let api: ReturnType<typeof client>;
  before(() => ({ stack, routes, api } = fx));

  it('when the route table is read, then exactly the listed routes are public', () => {
    const publicRoutes = routes
      .filter((r) => r.auth === 'public')
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    assert.deepEqual(publicRoutes, [...PUBLIC].sort());
    for (const route of routes) {
      if (route.auth === 'key' && route.scope) assert.ok(SCOPES.includes(route.scope), `${route.path}: unknown scope`);
    }
  });

  it('when any path is matched by the indexed router, then it answers exactly what the full scan answers', () => {
    const [scanned, indexed] = [new Router(), new Router()];
    for (const router of [scanned, indexed])
      mountRoutes(router as unknown as Parameters<typeof mountRoutes>[0], routes);
    indexRouterMatch(indexed);
    const paths = new Set<string>([
      '/',
      '/v1',
      '/v1/',
      '/healthz',
      '/V1/ME',
      '/v1/%63ontacts',
      '/v2/contacts',
      '//contacts',
    ]);
    for (const route of routes) {
      const concrete = concretePath(route);
      // Its own spelling, other cases, a trailing slash, and every static path of the table in a parameter's place.
      for (const path of [
        concrete,
        concrete.toUpperCase(),
        `${concrete}/`,
        route.path.replace(/\{[^}]+\}/g, 'presets'),
        route.path.replace(/\{[^}]+\}/g, ''),
      ])
        paths.add(path);
    }
    const names = (layers: { path: unknown }[]) => layers.map((l) => String(l.path));
    let compared = 0;
    for (const path of paths) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        const [full, fast] = [scanned.match(path, method), indexed.match(path, method)];
        assert.deepEqual(
          { path: names(fast.path), pathAndMethod: names(fast.pathAndMethod), route: fast.route },
          { path: names(full.path), pathAndMethod: names(full.pathAndMethod), route: full.route },
          `${method} ${path}`,
        );
        if (full.route) compared++;
      }
    }
    assert.ok(compared > routes.length, `only ${compared} matching requests compared`);
  });

  it('when any non-public route is called without a key, then 401', async () => {
    for (const route of routes.filter((r) => r.auth !== 'public')) {
      const response = await api.call(route.method, concretePath(route), { body: route.body ? {} : undefined });
      assert.equal(response.status, 401, `${route.method} ${route.path}`);
      assert.equal(response.body.type, 'UnauthorizedIssue');
    }
  });

  it('when a public route is called without a key, then it is not refused', async () => {
    for (const route of routes.filter((r) => r.auth === 'public')) {
      const response = await fetch(`${stack.url}${concretePath(route)}`, { method: route.method });
      await response.arrayBuffer();
      assert.ok(
        response.status !== 401 && response.status !== 403,
        `${route.method} ${route.path}: ${response.status}`,
      );
    }
  });

  it('when a key lacks the scope of a route, then 403; with only that scope, then not 403', async () => {
    const org = await newOrg(stack);
    for (const route of routes.filter((r) => r.scope)) {
      const others = SCOPES.filter((s) => s !== route.scope);
      const without = await newKey(stack, org.organizationId, others);
      const refused = await api.call(route.method, concretePath(route), {
        key: without.api_key,
        body: route.body ? {} : undefined,
      });
      assert.equal(refused.status, 403, `${route.method} ${route.path}`);
      assert.equal(refused.body.data.required_scope, route.scope);
      const only = await newKey(stack, org.organizationId, [route.scope!]);
      const allowed = await api.call(route.method, concretePath(route), {
        key: only.api_key,
        body: route.body ? {} : undefined,
      });
      assert.notEqual(allowed.status, 403, `${route.method} ${route.path}`);
      assert.notEqual(allowed.status, 401, `${route.method} ${route.path}`);
    }
  });

  it('when a route needs only a valid key, then a key with a single unrelated scope is not refused', async () => {
    const org = await newOrg(stack);
    const key = await newKey(stack, org.organizationId, ['signals:read']);
    for (const route of routes.filter((r) => r.auth === 'key' && !r.scope)) {
      const response = await api.call(route.method, concretePath(route), { key: key.api_key });
      assert.ok(
        response.status !== 401 && response.status !== 403,
        `${route.method} ${route.path}: ${response.status}`,
      );
    }
  });
});
