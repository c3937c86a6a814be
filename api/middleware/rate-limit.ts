// Rate limiting of authenticated requests (README 'Rate limits'): right after auth, before the
// body is read, so a refused request costs neither parsing nor a query. Sets X-RateLimit-Limit,
// X-RateLimit-Remaining and X-RateLimit-Reset (seconds) on every authenticated response, errors,
// 404 and 405 included; over budget: 429 RateLimitIssue with Retry-After.
import { Router } from '@koa/router';
import type { Next } from 'koa';
import type { AppContext, AppState } from '../context.ts';
import { rateLimited } from '../errors.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import { koaPath, type RateBudget, type RouteDef } from '../route.ts';

/**
 * Which extra budget a request falls under, decided by a router holding only the routes that
 * name one: the same path matching as the app's router (case, trailing slash), before it runs.
 */
export function routeBudgets(routes: RouteDef[]): (method: string, path: string) => RateBudget | undefined {
  const budgeted = routes.filter((r) => r.rateBudget);
  if (budgeted.length === 0) return () => undefined;
  const router = new Router<AppState>();
  const budgetOf = new Map<string, RateBudget>();
  for (const route of budgeted) {
    const name = `${route.method} ${route.path}`;
    budgetOf.set(name, route.rateBudget!);
    router.register(koaPath(route.path), [route.method], () => undefined, { name });
  }
  return (method, path) => {
    const layer = router.match(path, method).pathAndMethod.find((l) => l.name && budgetOf.has(l.name));
    return layer?.name ? budgetOf.get(layer.name) : undefined;
  };
}

export function rateLimit(limiter: RateLimiter, budgetOf: (method: string, path: string) => RateBudget | undefined) {
  const windowSeconds = limiter.limits.windowMs / 1000;
  return async function limitRate(ctx: AppContext, next: Next): Promise<void> {
    const principal = ctx.state.principal;
    const pending = limiter.check(principal.keyId, principal.organizationId, budgetOf(ctx.method, ctx.path) === 'enrichment');
    const decision = pending instanceof Promise ? await pending : pending;
    ctx.set('X-RateLimit-Limit', String(decision.limit));
    ctx.set('X-RateLimit-Remaining', String(decision.remaining));
    ctx.set('X-RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) throw rateLimited(decision.scope, decision.limit, windowSeconds, decision.resetSeconds);
    await next();
  };
}
