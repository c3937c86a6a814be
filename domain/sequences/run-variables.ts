// The rule for a run's `variables` (PATCH /v1/sequences/{id}): checked before anything is written.
import { codePointLength } from '../shared/text.ts';

export const VARIABLE_KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const RUN_VARIABLE_LIMIT = 200;
export const RUN_VARIABLE_VALUE_MAX = 10_000;

/**
 * What is wrong with a run's `variables` input, or null when it is fine: an object of at most
 * RUN_VARIABLE_LIMIT keys, each key VARIABLE_KEY_RE, each value a well-formed string of at most
 * RUN_VARIABLE_VALUE_MAX characters or null (PATCH /v1/sequences/{id} checks it before it writes).
 */
export function runVariablesProblem(variables: unknown): string | null {
  if (!variables || typeof variables !== 'object' || Array.isArray(variables)) return 'variables must be an object.';
  const entries = Object.entries(variables);
  if (entries.length > RUN_VARIABLE_LIMIT) return `at most ${RUN_VARIABLE_LIMIT} variables.`;
  for (const [key, value] of entries) {
    if (!VARIABLE_KEY_RE.test(key)) return `variables.${key}: invalid key.`;
    if (value !== null && (typeof value !== 'string' || codePointLength(value) > RUN_VARIABLE_VALUE_MAX))
      return `variables.${key}: a string of at most ${RUN_VARIABLE_VALUE_MAX} characters, or null.`;
    if (typeof value === 'string' && !value.isWellFormed())
      return `variables.${key}: holds a lone surrogate (not well-formed Unicode).`;
  }
  return null;
}
