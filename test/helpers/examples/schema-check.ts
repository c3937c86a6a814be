// Validation of the OpenAPI document's examples with Ajv in JSON Schema 2020-12 (the dialect of
// OpenAPI 3.1): the component schemas become `$defs` of one schema, so `$ref`s resolve as the
// document's do.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Schema } from './requests.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const COMPONENTS = '#/components/schemas/';

/** `node` with its component refs pointing into `$defs`. */
function intoDefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(intoDefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS)
        ? `doc#/$defs/${value.slice(COMPONENTS.length)}`
        : intoDefs(value),
    ]),
  );
}

/** A checker of values against schemas of the document (a component ref or an inline schema): the errors, empty when valid. */
export function exampleChecker(components: Record<string, Schema>): (schema: Schema, value: unknown) => string[] {
  // OpenAPI's own keywords, annotations to JSON Schema: `example` (some properties still carry it) and
  // `discriminator` (a oneOf's branches are told apart by their own `type` const, which Ajv checks).
  const ajv = new Ajv2020({ allErrors: true, strict: true, keywords: ['example', 'discriminator'] });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', $defs: intoDefs(components) as Record<string, Schema> });
  const compiled = new Map<string, ValidateFunction>();
  return (schema, value) => {
    const key = JSON.stringify(schema);
    if (!compiled.has(key)) compiled.set(key, ajv.compile(intoDefs(schema) as Schema));
    const validate = compiled.get(key)!;
    return validate(value)
      ? []
      : (validate.errors ?? []).map(
          (e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`,
        );
  };
}
