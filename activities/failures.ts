// What an activity's failure means for its retries. Data and input errors (a value PostgreSQL
// refuses, a rule the data breaks, a template that does not render) fail the same way on every
// attempt: they become non-retryable ApplicationFailures, so the workflow sees them at once and ends
// the run visibly. Everything else (connections, serialization failures, deadlocks, timeouts, a
// provider's 5xx or 429) stays retryable under the workflow's bounded retry policy.
import { ApplicationFailure } from '@temporalio/common';
import { DomainError } from '../domain/shared/errors.ts';
import { TemplateSyntaxError } from '../domain/sequences/render.ts';

import { DATA_ERROR, INVALID_INPUT, TEMPLATE_ERROR } from '../workflows/failures.definitions.ts';

export { DATA_ERROR, INVALID_INPUT, TEMPLATE_ERROR };

/** SQLSTATE classes of the value and its constraints: 22 data exception, 23 integrity constraint violation. */
const DATA_CLASSES = /^2[23]/;

function sqlState(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** liquidjs's own errors are named ParseError, TokenizationError, RenderError, UndefinedVariableError. */
const LIQUID_ERRORS = new Set([
  'ParseError',
  'TokenizationError',
  'RenderError',
  'UndefinedVariableError',
  'LiquidError',
]);

/** The non-retryable failure `error` is, or null when a retry may fix it. */
export function nonRetryableFailure(error: unknown): ApplicationFailure | null {
  if (error instanceof ApplicationFailure) return null; // already says what it is
  if (!(error instanceof Error)) return null;
  const state = sqlState(error);
  if (state && DATA_CLASSES.test(state)) {
    return ApplicationFailure.create({
      type: DATA_ERROR,
      message: `The database refused the data (SQLSTATE ${state}): ${error.message}`,
      nonRetryable: true,
      cause: error,
    });
  }
  // An unreachable dependency (Temporal, through a client module) is worth retrying; any other domain error is about the input.
  if (error instanceof DomainError && error.kind !== 'unavailable')
    return ApplicationFailure.create({ type: INVALID_INPUT, message: error.message, nonRetryable: true, cause: error });
  if (error instanceof TemplateSyntaxError || LIQUID_ERRORS.has(error.name)) {
    return ApplicationFailure.create({
      type: TEMPLATE_ERROR,
      message: `The template could not be rendered: ${error.message}`,
      nonRetryable: true,
      cause: error,
    });
  }
  return null;
}

type AnyActivity = (...args: never[]) => Promise<unknown>;

/**
 * The activities with their failures classified: each thrown error that no retry can fix is
 * rethrown as a non-retryable ApplicationFailure (and reported through `onNonRetryable`).
 */
export function classifyFailures<T extends Record<string, AnyActivity>>(
  activities: T,
  onNonRetryable?: (activity: string, failure: ApplicationFailure) => void,
): T {
  const wrapped: Record<string, AnyActivity> = {};
  for (const [name, activity] of Object.entries(activities)) {
    wrapped[name] = async (...args: never[]) => {
      try {
        return await activity(...args);
      } catch (error) {
        const failure = nonRetryableFailure(error);
        if (!failure) throw error;
        onNonRetryable?.(name, failure);
        throw failure;
      }
    };
  }
  return wrapped as T;
}
