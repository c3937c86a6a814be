// A body that needs one of several sets of identifiers ("email or linkedin_url"), written as
// complete shapes: every branch has every property, refuses unknown ones and requires its own
// identifiers. Client generators then keep every property and refuse misspelt ones and `{}`, and
// Ajv validates the same schema (api/validation.ts reports a field error once, and what each
// alternative lacks only when none is met).
import type { JsonSchema } from '../validation.ts';
import { named } from './named.ts';

export interface Alternatives {
  /** `anyOf`: at least one branch; `oneOf`: exactly one. */
  keyword: 'anyOf' | 'oneOf';
  description: string;
  /** Every property of the body, as optional fields. */
  properties: Record<string, JsonSchema>;
  /** Branch name suffix (`ByEmail`) to the identifiers it requires, each with its schema in that branch (e.g. not null). */
  branches: Record<string, Record<string, JsonSchema>>;
}

/** The body `name`, its branches named `<name><suffix>` (`ContactUpsertByEmail`). */
export function alternatives(name: string, spec: Alternatives): JsonSchema {
  const branches = Object.entries(spec.branches).map(([suffix, identifiers]) =>
    named(`${name}${suffix}`, {
      type: 'object',
      additionalProperties: false,
      required: Object.keys(identifiers),
      properties: { ...spec.properties, ...identifiers },
    }),
  );
  return named(name, { type: 'object', description: spec.description, [spec.keyword]: branches });
}
