// The authentication and scope matrix, generated from the app's own route table so that no new
// route can escape it: every non-public route answers 401 without a key and 403 without its scope.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { createApp } from '../../api/app.ts';
import { createProviders } from '../../providers/index.ts';
import { KeyStore } from '../../api/key-store.ts';
import type { RouteDef } from '../../api/route.ts';
import { SCOPES } from '../../domain/scopes.ts';
import { client } from '../helpers/http.ts';
import { newKey, newOrg } from '../helpers/fixtures.ts';
import { getStack, type Stack } from '../helpers/stack.ts';

/** The public routes, asserted public: anything else needs a key. */
const PUBLIC = ['GET /healthz', 'GET /readyz', 'GET /v1/openapi.json', 'GET /docs', 'GET /docs/scalar.js'];

function concretePath(route: RouteDef): string {
  return route.path.replace(/\{[^}]+\}/g, () => randomUUID());
}

describe('route matrix', () => {
  let stack: Stack;
  let routes: RouteDef[];
  let api: ReturnType<typeof client>;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    const logger = pino({ level: 'silent' });
    const keys = new KeyStore(stack.orm, { ttlMs: 1000, flushMs: 60_000, logger });
    routes = createApp({ config: stack.config, orm: stack.orm, temporal: stack.temporal, logger, keys, providers: createProviders({ orm: stack.orm }) }).routes;
    await keys.close();
  });

  it('when the route table is read, then exactly the listed routes are public', () => {
    const publicRoutes = routes.filter((r) => r.auth === 'public').map((r) => `${r.method} ${r.path}`).sort();
    assert.deepEqual(publicRoutes, [...PUBLIC].sort());
    for (const route of routes) {
      if (route.auth === 'key' && route.scope) assert.ok(SCOPES.includes(route.scope), `${route.path}: unknown scope`);
    }
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
      assert.ok(response.status !== 401 && response.status !== 403, `${route.method} ${route.path}: ${response.status}`);
    }
  });

  it('when a key lacks the scope of a route, then 403; with only that scope, then not 403', async () => {
    const org = await newOrg(stack);
    for (const route of routes.filter((r) => r.scope)) {
      const others = SCOPES.filter((s) => s !== route.scope);
      const without = await newKey(stack, org.organizationId, others);
      const refused = await api.call(route.method, concretePath(route), { key: without.api_key, body: route.body ? {} : undefined });
      assert.equal(refused.status, 403, `${route.method} ${route.path}`);
      assert.equal(refused.body.data.required_scope, route.scope);
      const only = await newKey(stack, org.organizationId, [route.scope!]);
      const allowed = await api.call(route.method, concretePath(route), { key: only.api_key, body: route.body ? {} : undefined });
      assert.notEqual(allowed.status, 403, `${route.method} ${route.path}`);
      assert.notEqual(allowed.status, 401, `${route.method} ${route.path}`);
    }
  });

  it('when a route needs only a valid key, then a key with a single unrelated scope is not refused', async () => {
    const org = await newOrg(stack);
    const key = await newKey(stack, org.organizationId, ['signals:read']);
    for (const route of routes.filter((r) => r.auth === 'key' && !r.scope)) {
      const response = await api.call(route.method, concretePath(route), { key: key.api_key });
      assert.ok(response.status !== 401 && response.status !== 403, `${route.method} ${route.path}: ${response.status}`);
    }
  });
});
