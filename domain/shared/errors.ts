// Errors domain services throw. They carry what the API needs to answer (status, type, field)
// without the domain importing the HTTP layer; the error handler maps them to the error shape.
// Workflow client modules (workflows/*.client.ts) turn Temporal's own failures into these.
// Also the two database errors services retry on: a unique violation (a concurrent first insert
// of the same row) and a deadlock.
import { DeadlockException, UniqueConstraintViolationException } from '@mikro-orm/core';

export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'business' | 'unavailable';

/** The message of every 503 for a workflow service that could not be told now. */
export const WORKFLOW_SERVICE_UNAVAILABLE =
  'The workflow service is unavailable; nothing was changed. Try again shortly.';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly status: number;
  readonly fields: { path: string; message: string }[];
  readonly data: Record<string, unknown> | null;

  constructor(
    kind: DomainErrorKind,
    status: number,
    message: string,
    fields: { path: string; message: string }[] = [],
    data: Record<string, unknown> | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.kind = kind;
    this.status = status;
    this.fields = fields;
    this.data = data;
  }

  /** A field that fails a rule: 400 by default (schema-level), 422 when well-formed but refused. */
  static invalid(path: string, message: string, status: 400 | 422 = 400): DomainError {
    return new DomainError('invalid', status, `${path}: ${message}`, [{ path, message }]);
  }

  static invalidFields(
    message: string,
    fields: { path: string; message: string }[],
    status: 400 | 422 = 400,
  ): DomainError {
    return new DomainError('invalid', status, message, fields);
  }

  static notFound(what: string): DomainError {
    return new DomainError('not_found', 404, `${what} not found.`);
  }

  static conflict(message: string, data: Record<string, unknown> | null = null): DomainError {
    return new DomainError('conflict', 409, message, [], data);
  }

  static business(message: string, data: Record<string, unknown> | null = null): DomainError {
    return new DomainError('business', 422, message, [], data);
  }

  /** A dependency cannot take the request now; nothing changed, send it again. */
  static unavailable(message: string, options?: { cause?: unknown }): DomainError {
    return new DomainError('unavailable', 503, message, [], null, options);
  }

  /**
   * The workflow service (Temporal) could not be reached, or took no Update in time, where a request
   * needs it before it commits (docs/workflow-commands.md, "Controls": what 503 means). Every such
   * 503 has this one message.
   */
  static workflowServiceUnavailable(options?: { cause?: unknown }): DomainError {
    return DomainError.unavailable(WORKFLOW_SERVICE_UNAVAILABLE, options);
  }
}

/**
 * The workflow a call was meant for is not running (never started, or ended). A 409 when nobody
 * handles it; callers that can make the change another way (in the row) catch it.
 */
export class WorkflowNotRunningError extends DomainError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('conflict', 409, message, [], null, options);
  }
}

/** A unique violation (SQLSTATE 23505), wrapped by MikroORM or raw from the driver (Kysely's sql). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException || (error as { code?: string })?.code === '23505';
}

/** A deadlock (SQLSTATE 40P01), wrapped or raw. */
export function isDeadlock(error: unknown): boolean {
  return error instanceof DeadlockException || (error as { code?: string })?.code === '40P01';
}
