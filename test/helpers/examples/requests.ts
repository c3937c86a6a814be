// The request an operation's examples describe in the OpenAPI document: the path with each path
// parameter's example, the query parameters that have one, the body's example (its media type's,
// else its schema's); and the placeholders of api/examples/ids.ts swapped for real records (world.ts) wherever they
// occur, whole or inside a string (`lead:<contact id>`, a token signing a sequence id).

export type Schema = Record<string, unknown>;
export interface Media {
  schema?: Schema;
  example?: unknown;
}
export interface Parameter {
  name?: string;
  in?: string;
  required?: boolean;
  example?: unknown;
  $ref?: string;
}
export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
  security?: unknown[];
}
export interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema & { examples?: unknown[] }> };
}

export interface ExampleCall {
  method: string;
  /** Path and query string. */
  url: string;
  body?: unknown;
  /** Sent without a key (`security: []`). */
  public: boolean;
  /** What the operation lacks to be sent: a path parameter or required query parameter without example. */
  missing: string[];
}

/** The example a body or answer shows: its media type's, else the first of its component schema's. */
export function mediaExample(media: Media | undefined, schemas: Doc['components']['schemas']): unknown {
  if (media?.example !== undefined) return media.example;
  const ref = media?.schema?.$ref;
  return typeof ref === 'string' ? schemas[ref.split('/').pop()!]?.examples?.[0] : undefined;
}

/** Every operation of the document with its method and path, in document order. */
export function operationsOf(doc: Doc): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

/** `value` with every placeholder of `ids` replaced by its record, longest placeholder first (a token holds an id). */
export function substitute<T>(value: T, ids: Map<string, string>): T {
  const pairs = [...ids].sort(([a], [b]) => b.length - a.length);
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return pairs.reduce((text, [from, to]) => text.split(from).join(to), node);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(value) as T;
}

export function exampleCall(doc: Doc, method: string, path: string, ids: Map<string, string>): ExampleCall {
  const op = doc.paths[path][method.toLowerCase()];
  const missing: string[] = [];
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  let url = path;
  const query = new URLSearchParams();
  for (const p of params) {
    if (p.example === undefined) {
      if (p.in === 'path' || p.required) missing.push(`${p.in} parameter ${p.name}`);
      continue;
    }
    const value = substitute(p.example, ids);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else for (const item of Array.isArray(value) ? value : [value]) query.append(p.name!, String(item));
  }
  const media = op.requestBody?.content['application/json'];
  const body = mediaExample(media, doc.components.schemas);
  if (media && body === undefined) missing.push('request body example');
  const search = query.toString();
  return {
    method,
    url: search ? `${url}?${search}` : url,
    public: Array.isArray(op.security) && op.security.length === 0,
    missing,
    ...(body === undefined ? {} : { body: substitute(body, ids) }),
  };
}
