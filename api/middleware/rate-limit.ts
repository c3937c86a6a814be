// Rate limiting of authenticated requests (docs/api/rate-limits.md): right after auth, before the
// body is read, so a refused request costs neither parsing nor a query. Sets X-RateLimit-Limit,
// X-RateLimit-Remaining and X-RateLimit-Reset (seconds) on every authenticated response, errors,
// 404 and 405 included; over budget: 429 RateLimitIssue with Retry-After.
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { rateLimited } from '../errors.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import type { RateBudget, RouteDef } from '../route.ts';

/** Which extra budget a request falls under: the budget of the route the router will run (route.ts routeFinder). */
export function routeBudgets(
  findRoute: (method: string, path: string) => RouteDef | undefined,
): (method: string, path: string) => RateBudget | undefined {
  return (method, path) => findRoute(method, path)?.rateBudget;
}

export function rateLimit(limiter: RateLimiter, budgetOf: (method: string, path: string) => RateBudget | undefined) {
  const windowSeconds = limiter.limits.windowMs / 1000;
  return async function limitRate(ctx: AppContext, next: Next): Promise<void> {
    const principal = ctx.state.principal;
    const pending = limiter.check(
      principal.keyId,
      principal.organizationId,
      budgetOf(ctx.method, ctx.path) === 'enrichment',
    );
    const decision = pending instanceof Promise ? await pending : pending;
    ctx.set('X-RateLimit-Limit', String(decision.limit));
    ctx.set('X-RateLimit-Remaining', String(decision.remaining));
    ctx.set('X-RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) throw rateLimited(decision.scope, decision.limit, windowSeconds, decision.resetSeconds);
    await next();
  };
}
