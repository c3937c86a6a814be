// Query strings decode as UTF-8 or are refused: Node's parser would silently turn `%FF` or an
// encoded surrogate (`%ED%A0%80`) into U+FFFD, and a filter would run on text never sent.
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { validationIssue } from '../errors.ts';
import { queryEncodingErrors } from '../well-formed.ts';

/** Middleware for every route, public ones too: 400 ValidationIssue naming each undecodable parameter. */
export async function wellFormedQuery(ctx: AppContext, next: Next): Promise<void> {
  const errors = queryEncodingErrors(ctx.querystring);
  if (errors.length > 0) {
    throw validationIssue(`Invalid query: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, errors);
  }
  await next();
}
