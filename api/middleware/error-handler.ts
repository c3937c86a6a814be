// The one error handler: every failure leaves as {status_code, type, message, data, request_id}.
// Typed ApiIssues and domain errors pass through (Temporal's own failures reach here as domain
// errors: the workflow client modules map them); body-parser and ORM errors are mapped; anything
// else is a 500 InternalIssue whose details go to the log, never to the client.
import type { Next } from 'koa';
import { ConnectionException, NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AppContext } from '../context.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  ApiIssue,
  businessIssue,
  conflict,
  errorBody,
  internal,
  notFound,
  payloadTooLarge,
  unavailable,
  validationIssue,
} from '../errors.ts';

interface HttpLikeError {
  status?: number;
  type?: string;
  expose?: boolean;
  limit?: number;
}

/** Node socket errors and PostgreSQL SQLSTATEs that mean "the database cannot be reached now" (class 08, shutdown, starting up). */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const DATABASE_DOWN_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|not queryable/i;

/** Whether an error (or one it wraps) says PostgreSQL is unreachable, restarting or out of connections: a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  if (error instanceof ConnectionException) return true;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (DATABASE_DOWN_CODES.has(code) || /^08/.test(code))) return true;
  if (typeof message === 'string' && DATABASE_DOWN_MESSAGE.test(message)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

function toIssue(error: unknown, bodyLimitBytes: number): ApiIssue {
  if (error instanceof ApiIssue) return error;
  if (error instanceof DomainError) {
    switch (error.kind) {
      case 'invalid':
        return validationIssue(error.message, error.fields, error.status === 422 ? 422 : 400);
      case 'not_found':
        return new ApiIssue(404, 'NotFoundIssue', error.message);
      case 'conflict':
        return conflict(error.message, error.data);
      case 'business':
        return businessIssue(error.message, error.data);
      case 'unavailable':
        return unavailable(error.message, error.data);
    }
  }
  const http = error as HttpLikeError;
  if (http?.status === 413 || http?.type === 'entity.too.large') return payloadTooLarge(bodyLimitBytes);
  if (error instanceof SyntaxError && http?.status === 400) {
    return validationIssue('The request body is not valid JSON (a JSON object or array is expected).', [
      { path: '(body)', message: 'is not valid JSON' },
    ]);
  }
  if (http?.status === 415 || http?.type === 'encoding.unsupported' || http?.type === 'charset.unsupported') {
    return validationIssue('Unsupported request body encoding.', [
      { path: '(body)', message: 'has an unsupported encoding or charset' },
    ]);
  }
  // Other body-reading failures (aborted, size mismatch) are the client's: 400, not 500.
  if (typeof http?.status === 'number' && http.status >= 400 && http.status < 500 && http.expose !== false) {
    return validationIssue('The request body could not be read.', [{ path: '(body)', message: 'could not be read' }]);
  }
  if (error instanceof NotFoundError) return notFound('Resource');
  if (error instanceof UniqueConstraintViolationException)
    return conflict('The request conflicts with an existing record.');
  if (isDatabaseUnavailable(error)) return unavailable('The database is unavailable; try again shortly.');
  return internal();
}

export function errorHandler(bodyLimitBytes: number) {
  return async function handleErrors(ctx: AppContext, next: Next): Promise<void> {
    try {
      await next();
    } catch (error) {
      const issue = toIssue(error, bodyLimitBytes);
      const log = ctx.state.logger;
      if (issue.status >= 500) log?.error({ err: error }, 'request failed');
      else log?.debug({ type: issue.type, message: issue.message }, 'request refused');
      ctx.status = issue.status;
      for (const [name, value] of Object.entries(issue.headers)) ctx.set(name, value);
      ctx.body = errorBody(issue, ctx.state.requestId ?? '');
    }
  };
}
