// The one error handler: every failure leaves as {status_code, type, message, data, request_id}.
// Typed ApiIssues pass through; body-parser, ORM and Temporal errors are mapped; anything else is
// a 500 InternalIssue whose details go to the log, never to the client.
import type { Next } from 'koa';
import { ServiceError } from '@temporalio/client';
import { NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AppContext } from '../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { ApiIssue, businessIssue, conflict, errorBody, internal, notFound, payloadTooLarge, unavailable, validationIssue } from '../errors.ts';

interface HttpLikeError {
  status?: number;
  type?: string;
  expose?: boolean;
  limit?: number;
}

function toIssue(error: unknown, bodyLimitBytes: number): ApiIssue {
  if (error instanceof ApiIssue) return error;
  if (error instanceof DomainError) {
    switch (error.kind) {
      case 'invalid': return validationIssue(error.message, error.fields, error.status === 422 ? 422 : 400);
      case 'not_found': return new ApiIssue(404, 'NotFoundIssue', error.message);
      case 'conflict': return conflict(error.message, error.data);
      case 'business': return businessIssue(error.message, error.data);
    }
  }
  const http = error as HttpLikeError;
  if (http?.status === 413 || http?.type === 'entity.too.large') return payloadTooLarge(bodyLimitBytes);
  if (error instanceof SyntaxError && http?.status === 400) {
    return validationIssue('The request body is not valid JSON (a JSON object or array is expected).', [{ path: '(body)', message: 'is not valid JSON' }]);
  }
  if (http?.status === 415 || http?.type === 'encoding.unsupported' || http?.type === 'charset.unsupported') {
    return validationIssue('Unsupported request body encoding.', [{ path: '(body)', message: 'has an unsupported encoding or charset' }]);
  }
  // Other body-reading failures (aborted, size mismatch) are the client's: 400, not 500.
  if (typeof http?.status === 'number' && http.status >= 400 && http.status < 500 && http.expose !== false) {
    return validationIssue('The request body could not be read.', [{ path: '(body)', message: 'could not be read' }]);
  }
  if (error instanceof NotFoundError) return notFound('Resource');
  if (error instanceof UniqueConstraintViolationException) return conflict('The request conflicts with an existing record.');
  if (error instanceof ServiceError) return unavailable('The workflow service is unavailable; try again shortly.');
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
