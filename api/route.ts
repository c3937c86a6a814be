// A route is declared once, with its scope and JSON schemas; the same declaration mounts it on
// the router (validation + scope check) and describes it in the OpenAPI document. The route table
// is also what tests walk to check that no route escapes authentication or scopes.
import type { Router } from '@koa/router';
import type { Scope } from '../domain/admin/scopes.ts';
import type { AppContext, AppState } from './context.ts';
import { answerConditionally, isSingleResourceGet } from './conditional-get.ts';
import { forbidden } from './errors.ts';
import { checkLocationTemplate, fillLocation } from './location.ts';
import { bodyValidator, paramsValidator, queryValidator, type JsonSchema } from './validation.ts';
import { storableStrings } from './schemas/storable.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response header as the OpenAPI document describes it. */
export interface HeaderDoc {
  description: string;
  schema: JsonSchema;
}

export interface RouteResponse {
  description: string;
  schema?: JsonSchema;
  contentType?: string;
  /** Headers this response carries beyond the ones every route shares (documented on it). */
  headers?: Record<string, HeaderDoc>;
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
  /** Response headers of this answer (their documentation: the response's `headers`). */
  headers?: Record<string, string>;
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
   * Routes answering 201: where the created resource lives, sent as `Location`. An absolute path
   * whose placeholders name fields of the 201 body: `/v1/contacts/{id}`.
   */
  location?: string;
  /**
   * The service itself refuses body text PostgreSQL cannot store (NUL, unpaired surrogates) with the
   * status its contract names (signals: 422): defineRoute then adds no NUL rule to the body schema.
   */
  bodyTextCheckedByService?: boolean;
  /** `enrichment`: also counts against the organization's lower enrichment budget (routes that spend credits). */
  rateBudget?: RateBudget;
  handler: (ctx: AppContext, input: RouteInput<P, Q, B>) => Promise<RouteResult> | RouteResult;
}

export function defineRoute<P = Record<string, string>, Q = Record<string, unknown>, B = unknown>(
  def: RouteDef<P, Q, B>,
): RouteDef {
  if (def.auth === 'public' && def.scope) throw new Error(`${def.method} ${def.path}: a public route has no scope`);
  if (def.responses[201] && !def.location)
    throw new Error(`${def.method} ${def.path}: a route answering 201 declares its location`);
  if (def.location) checkLocationTemplate(def.location);
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
export function routeFinder(
  router: Router<AppState>,
  routes: RouteDef[],
): (method: string, path: string) => RouteDef | undefined {
  const byLayer = new Map(routes.map((r) => [`${r.method} ${koaPath(r.path)}`, r]));
  // Requests to paths without parameters repeat exactly: their answers are remembered (bounded, as
  // the case and trailing-slash spellings of a path are many).
  const known = new Map<string, RouteDef>();
  return (method, path) => {
    const key = `${method} ${path}`;
    const remembered = known.get(key);
    if (remembered) return remembered;
    const layer = router.match(path, method).pathAndMethod.find((l) => l.methods.length > 0);
    const route = layer ? byLayer.get(`${method} ${String(layer.path)}`) : undefined;
    if (route && !route.path.includes('{') && known.size < MAX_REMEMBERED_PATHS) known.set(key, route);
    return route;
  };
}

/** How many exact paths a route lookup remembers. */
export const MAX_REMEMBERED_PATHS = 1000;

const emptyObject: JsonSchema = { type: 'object', additionalProperties: false, properties: {} };

/** Registers routes on a router; validators compile here, once. */
export function mountRoutes(router: Router<AppState>, routes: RouteDef[]): void {
  for (const route of routes) {
    const params = paramsValidator<Record<string, string>>(route.params ?? { type: 'object' });
    const query = queryValidator<Record<string, unknown>>(route.query ?? emptyObject);
    const body = route.body ? bodyValidator<unknown>(route.body) : null;
    const scope = route.scope;
    const conditional = isSingleResourceGet(route);
    router.register(koaPath(route.path), [route.method], async (ctx: AppContext) => {
      if (scope && !ctx.state.principal.scopes.has(scope)) throw forbidden(scope);
      const input = {
        params: params({ ...ctx.params }),
        query: query({ ...ctx.query }),
        body: body ? body((ctx.request as { body?: unknown }).body ?? {}) : undefined,
      };
      const result = await route.handler(ctx, input);
      ctx.status = result.status;
      for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
      if (result.status === 201 && route.location) ctx.set('Location', fillLocation(route.location, result.body));
      if (result.body === undefined) return;
      if (conditional && result.status === 200) answerConditionally(ctx, result.body);
      else ctx.body = result.body;
    });
  }
}
