// Authentication: reads only the Authorization header, before the body is parsed, so a request
// without a valid key gets 401 whatever its body. Scopes are checked per route (api/route.ts).
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../errors.ts';
import type { KeyStore } from '../key-store.ts';
import { bindRequestLog } from './request-context.ts';

export function authenticate(keys: KeyStore) {
  return async function requireKey(ctx: AppContext, next: Next): Promise<void> {
    const header = ctx.get('Authorization');
    if (!header) throw unauthorized();
    const principal = await keys.authenticate(header);
    if (!principal) throw unauthorized('The API key is malformed, unknown, revoked or expired.');
    ctx.state.principal = principal;
    bindRequestLog(ctx, { organization_id: principal.organizationId });
    await next();
  };
}
