// Component names of schemas. A schema is named once, where it is defined (`named('Contact', {...})`);
// the OpenAPI document then shows it once under components.schemas and refers to it with `$ref`
// wherever it is used (api/openapi-components.ts). Names are part of the public contract: client
// generators turn them into type names (docs/api/openapi.md says how they are chosen).
//
// The name is kept beside the schema, keyed by the object's identity, not inside it: Ajv (strict)
// compiles exactly the JSON Schema it always did, and a schema copied with a spread
// (`{ ...contactSchema, description }`) does not silently claim its source's name, as a `title`
// keyword would. Transforms that copy a schema on purpose (api/schemas/storable.ts, the webhook
// URL policy) carry the name over with `sameName`.
import type { JsonSchema } from '../validation.ts';

const names = new WeakMap<object, string>();

/** PascalCase ASCII, as every generator can use it for a type name unchanged. */
const NAME = /^[A-Z][A-Za-z0-9]*$/;

/** `schema`, recorded under the component name `name` (the same object, returned for inline use). */
export function named<T extends JsonSchema>(name: string, schema: T): T {
  if (!NAME.test(name)) throw new Error(`Schema name ${JSON.stringify(name)} is not PascalCase ASCII`);
  const known = names.get(schema);
  if (known !== undefined && known !== name) throw new Error(`One schema cannot be named both ${known} and ${name}`);
  names.set(schema, name);
  return schema;
}

/** The component name of `schema`, if it was given one. */
export function nameOf(schema: unknown): string | undefined {
  return schema !== null && typeof schema === 'object' ? names.get(schema) : undefined;
}

/** `derived` (a transformed copy of `source`) under `source`'s name, when it has one. */
export function sameName<T extends JsonSchema>(source: JsonSchema, derived: T): T {
  const name = names.get(source);
  return name === undefined ? derived : named(name, derived);
}
