// PostgreSQL text and jsonb cannot hold the NUL character (U+0000): a string carrying one would
// fail its INSERT or comparison with a 500. Every string a route declares (body, query, path) is
// therefore declared without NUL here, once, at defineRoute: Ajv refuses it with a 400 naming the
// field and the OpenAPI document states the rule. Strings whose format or enum already exclude NUL
// are left alone.
import type { JsonSchema } from '../validation.ts';
import { NO_NUL_PATTERN, NUL_FREE_PATTERNS } from './identifiers.schemas.ts';
import { sameName } from './named.ts';

const SUBSCHEMA = ['additionalProperties', 'items', 'not', 'if', 'then', 'else', 'propertyNames', 'contains'] as const;
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'] as const;

function isString(schema: JsonSchema): boolean {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

const refusesNul = (schema: unknown) => (schema as JsonSchema).pattern === NO_NUL_PATTERN;

/**
 * `schema` with every declared string refusing NUL (a new object under the input's component name;
 * the input is left as it was). Applied twice, it adds nothing the second time.
 */
export function storableStrings(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  for (const key of SUBSCHEMA) {
    const sub = schema[key];
    if (sub && typeof sub === 'object' && !Array.isArray(sub)) out[key] = storableStrings(sub as JsonSchema);
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list))
      out[key] = list.map((s) => (s && typeof s === 'object' ? storableStrings(s as JsonSchema) : s));
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (map && typeof map === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(map as Record<string, unknown>).map(([name, s]) => [
          name,
          s && typeof s === 'object' ? storableStrings(s as JsonSchema) : s,
        ]),
      );
    }
  }
  if (isString(schema) && schema.format === undefined && schema.enum === undefined && schema.const === undefined) {
    if (schema.pattern === undefined) out.pattern = NO_NUL_PATTERN;
    else if (
      !NUL_FREE_PATTERNS.has(schema.pattern as string) &&
      !((out.allOf as JsonSchema[] | undefined) ?? []).some(refusesNul)
    ) {
      out.allOf = [...((out.allOf as JsonSchema[] | undefined) ?? []), { pattern: NO_NUL_PATTERN }];
    }
  }
  return sameName(schema, out);
}
