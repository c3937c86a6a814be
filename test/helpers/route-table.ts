// The app's own route table on the shared stack, for the suites that walk it
// (test/api/route-matrix.test.ts, test/api/route-isolation-matrix.test.ts): built by a before hook
// of the calling describe, and any route's path with random ids in its parameters.
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { createApp } from '../../api/app.ts';
import { KeyStore } from '../../api/key-store.ts';
import type { RouteDef } from '../../api/route.ts';
import { createProviders } from '../../providers/index.ts';
import { client } from './http.ts';
import { getStack, type Stack } from './stack.ts';

export function concretePath(route: RouteDef): string {
  return route.path.replace(/\{[^}]+\}/g, () => randomUUID());
}

export interface RouteTableFixture {
  stack: Stack;
  api: ReturnType<typeof client>;
  routes: RouteDef[];
}

/** The stack, a client on it and the route table of an app built on it; filled in by the hook. */
export function routeTableFixture(): RouteTableFixture {
  const fixture = {} as RouteTableFixture;
  before(async () => {
    fixture.stack = await getStack();
    fixture.api = client(fixture.stack.url);
    const { stack } = fixture;
    const logger = pino({ level: 'silent' });
    const keys = new KeyStore(stack.orm, { ttlMs: 1000, flushMs: 60_000, logger });
    fixture.routes = createApp({
      config: stack.config,
      orm: stack.orm,
      temporal: stack.temporal,
      logger,
      keys,
      providers: createProviders({ orm: stack.orm }),
    }).routes;
    await keys.close();
  });
  return fixture;
}
