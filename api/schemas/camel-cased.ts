// The camelCase twin of a response schema: the activity stream serves each webhook body with every
// key camelCased at any depth and the values untouched (domain/activity/stream.service.ts), so its
// payload schemas are derived from the webhook ones rather than written twice. Property names and
// `required` entries are renamed; values (`enum`, `const`, `default`, examples) and texts are not.
// A named schema whose twin differs is named `Activity<Name>`; one that no key changes is itself.
import { camelKey } from '../../domain/activity/stream.service.ts';
import type { JsonSchema } from '../validation.ts';
import { named, nameOf } from './named.ts';

export const ACTIVITY_PREFIX = 'Activity';

/** Keywords whose values are data or text, not schemas: copied as they are. */
const VALUES = new Set([
  'enum',
  'const',
  'default',
  'example',
  'examples',
  'description',
  'title',
  'format',
  'pattern',
  'type',
]);

const twins = new WeakMap<object, unknown>();

/** `entries` as an object, or `original` itself when they are its own entries unchanged. */
function rebuilt(original: object, entries: [string, unknown][]): object {
  const own = Object.entries(original);
  const same =
    entries.length === own.length && entries.every(([key, value], i) => key === own[i][0] && value === own[i][1]);
  return same ? original : Object.fromEntries(entries);
}

function twinOf(key: string, value: unknown): unknown {
  if (VALUES.has(key)) return value;
  if (key === 'required' && Array.isArray(value)) {
    const renamed = value.map((name) => camelKey(String(name)));
    return renamed.every((name, i) => name === value[i]) ? value : renamed;
  }
  if ((key === 'properties' || key === 'patternProperties') && value !== null && typeof value === 'object') {
    return rebuilt(
      value,
      Object.entries(value).map(([name, schema]) => [camelKey(name), twin(schema)]),
    );
  }
  return twin(value);
}

function twin(node: unknown): unknown {
  if (Array.isArray(node)) {
    const items = node.map(twin);
    return items.every((item, i) => item === node[i]) ? node : items;
  }
  if (node === null || typeof node !== 'object') return node;
  if (twins.has(node)) return twins.get(node);
  const copy = rebuilt(
    node,
    Object.entries(node).map(([key, value]) => [key, twinOf(key, value)]),
  );
  const name = nameOf(node);
  const result = copy === node || name === undefined ? copy : named(`${ACTIVITY_PREFIX}${name}`, copy as JsonSchema);
  twins.set(node, result);
  return result;
}

/** `schema` with every property name camelCased at any depth (the same object when none changes). */
export function camelCased(schema: JsonSchema): JsonSchema {
  return twin(schema) as JsonSchema;
}
