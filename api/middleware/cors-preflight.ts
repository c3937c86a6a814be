// No CORS: API keys are secrets for server-to-server calls, and a key in a web page is a key
// published. A browser's preflight (OPTIONS with Origin and Access-Control-Request-Method) is
// answered 403 in the error shape, saying so, and no answer of the service carries
// Access-Control-Allow-* headers, so browsers refuse cross-origin calls. The API reference page
// (/docs) calls the API from its own origin, which needs no CORS.
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { ApiIssue } from '../errors.ts';

export const CORS_REFUSAL =
  'Cross-origin browser requests are not supported: API keys are secrets for server-to-server use, ' +
  'so this API sends no CORS headers. Call it from your backend, never from a web page.';

export async function refuseCorsPreflight(ctx: AppContext, next: Next): Promise<void> {
  if (ctx.method === 'OPTIONS' && ctx.get('Origin') && ctx.get('Access-Control-Request-Method')) {
    throw new ApiIssue(403, 'UnauthorizedIssue', CORS_REFUSAL, {
      origin: ctx.get('Origin'),
      reason: 'CORS_NOT_SUPPORTED',
    });
  }
  await next();
}
