// Turns what the router left unanswered into the error shape: 405 (with Allow) and 404.
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { ApiIssue, methodNotAllowed } from '../errors.ts';

export async function fallback(ctx: AppContext, next: Next): Promise<void> {
  await next();
  if (ctx.status === 405 || ctx.status === 501) throw methodNotAllowed(ctx.method, ctx.response.get('Allow') || '');
  if (ctx.status === 404 && ctx.body === undefined) {
    throw new ApiIssue(404, 'NotFoundIssue', `No route for ${ctx.method} ${ctx.path}.`);
  }
}
