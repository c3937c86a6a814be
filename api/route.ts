// A route is declared once, with its scope and JSON schemas; the same declaration mounts it on
// the router (validation + scope check) and describes it in the OpenAPI document. The route table
// is also what tests walk to check that no route escapes authentication or scopes.
import type { Router } from '@koa/router';
import type { Scope } from '../domain/admin/scopes.ts';
import type { AppContext, AppState } from './context.ts';
import { forbidden } from './errors.ts';
import { bodyValidator, paramsValidator, queryValidator, type JsonSchema } from './validation.ts';
import { storableStrings } from './schemas/storable.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteResponse {
  description: string;
  schema?: JsonSchema;
  contentType?: string;
  /** This answer as the document shows it, when it is not its named schema's example (api/examples/). */
  example?: unknown;
}

/**
 * What the document shows a client sending, where the defaults do not say it: a path parameter's
 * example is otherwise the one of its name (api/examples/ids.ts), the body's its named schema's.
 */
export interface RequestExample {
  params?: Record<string, string>;
  /** Query parameters worth showing: the required ones, and a filter where it helps. */
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

export interface RouteResult {
  status: number;
  body?: unknown;
}

/** An extra rate-limit budget a route spends on top of the key's and the organization's (docs/api/rate-limits.md). */
export type RateBudget = 'enrichment';

export interface RouteDef<P = Record<string, string>, Q = Record<string, unknown>, B = unknown> {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/v1/contacts/{contact_id}`. */
  path: string;
  /** `public`: no key; `key`: any valid key (then `scope` is null); otherwise the scope needed. */
  auth: 'public' | 'key';
  scope: Scope | null;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  responses: Record<number, RouteResponse>;
  /** The request of the document's example, where the defaults do not say it (test/api/openapi-examples.test.ts sends it). */
  requestExample?: RequestExample;
  /**
   * The service itself refuses body text PostgreSQL cannot store (NUL, unpaired surrogates) with the
   * status its contract names (signals: 422): defineRoute then adds no NUL rule to the body schema.
   */
  bodyTextCheckedByService?: boolean;
  /** `enrichment`: also counts against the organization's lower enrichment budget (routes that spend credits). */
  rateBudget?: RateBudget;
  handler: (ctx: AppContext, input: RouteInput<P, Q, B>) => Promise<RouteResult> | RouteResult;
}

export function defineRoute<P = Record<string, string>, Q = Record<string, unknown>, B = unknown>(def: RouteDef<P, Q, B>): RouteDef {
  if (def.auth === 'public' && def.scope) throw new Error(`${def.method} ${def.path}: a public route has no scope`);
  // No declared string may carry NUL, which PostgreSQL cannot store (api/schemas/storable.ts).
  for (const part of ['params', 'query', 'body'] as const) {
    if (def[part] && !(part === 'body' && def.bodyTextCheckedByService)) def[part] = storableStrings(def[part]);
  }
  return def as unknown as RouteDef;
}

export function koaPath(path: string): string {
  return path.replace(/\{([a-zA-Z0-9_]+)\}/g, ':$1');
}

/**
 * The route the router will run for a method and path (its own matching: case, trailing slash,
 * mount order), read before it runs: what the rate limits and the idempotency filter need to know
 * of a request (its budget, its scope). Undefined when no route of that method matches.
 */
export function routeFinder(router: Router<AppState>, routes: RouteDef[]): (method: string, path: string) => RouteDef | undefined {
  const byLayer = new Map(routes.map((r) => [`${r.method} ${koaPath(r.path)}`, r]));
  return (method, path) => {
    const layer = router.match(path, method).pathAndMethod.find((l) => l.methods.length > 0);
    return layer ? byLayer.get(`${method} ${String(layer.path)}`) : undefined;
  };
}

const emptyObject: JsonSchema = { type: 'object', additionalProperties: false, properties: {} };

/** Registers routes on a router; validators compile here, once. */
export function mountRoutes(router: Router<AppState>, routes: RouteDef[]): void {
  for (const route of routes) {
    const params = paramsValidator<Record<string, string>>(route.params ?? { type: 'object' });
    const query = queryValidator<Record<string, unknown>>(route.query ?? emptyObject);
    const body = route.body ? bodyValidator<unknown>(route.body) : null;
    const scope = route.scope;
    router.register(koaPath(route.path), [route.method], async (ctx: AppContext) => {
      if (scope && !ctx.state.principal.scopes.has(scope)) throw forbidden(scope);
      const input = {
        params: params({ ...ctx.params }),
        query: query({ ...ctx.query }),
        body: body ? body((ctx.request as { body?: unknown }).body ?? {}) : undefined,
      };
      const result = await route.handler(ctx, input);
      ctx.status = result.status;
      if (result.body !== undefined) ctx.body = result.body;
    });
  }
}
