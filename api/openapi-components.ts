// The named schemas of the OpenAPI document: every schema given a name (api/schemas/named.ts) that
// the document meets, at any depth (responses, request bodies, parameters, properties, items,
// oneOf branches), is shown once under components.schemas and replaced by a `$ref` to it. Two
// different schemas under one name are a programming error: the document is not built.
import type { JsonSchema } from './validation.ts';
import { nameOf } from './schemas/named.ts';

export const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** JSON text with object keys sorted: two schemas are the same when their texts are. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

export class SchemaComponents {
  private readonly schemas = new Map<string, { body: JsonSchema; text: string }>();
  /** Named objects already shown (by identity): their name and body are known. */
  private readonly seen = new WeakSet<object>();

  /** `schema` as the document shows it: a `$ref` when it is named, else a copy with its named parts referenced. */
  use(schema: JsonSchema): JsonSchema {
    return this.visit(schema) as JsonSchema;
  }

  /** The components.schemas object, by name. */
  all(): Record<string, JsonSchema> {
    return Object.fromEntries(
      [...this.schemas.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, { body }]) => [name, body]),
    );
  }

  private visit(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((item) => this.visit(item));
    if (node === null || typeof node !== 'object') return node;
    const name = nameOf(node);
    if (name === undefined) return this.inline(node);
    if (!this.seen.has(node)) {
      this.seen.add(node);
      this.define(name, this.inline(node));
    }
    return { $ref: `${SCHEMA_REF_PREFIX}${name}` };
  }

  private inline(node: object): JsonSchema {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, this.visit(value)]));
  }

  private define(name: string, body: JsonSchema): void {
    const text = canonical(body);
    const known = this.schemas.get(name);
    if (!known) this.schemas.set(name, { body, text });
    else if (known.text !== text) {
      throw new Error(
        `Two different schemas are named ${name}: give one of them another name.\n${known.text}\n${text}`,
      );
    }
  }
}
