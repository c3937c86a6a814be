// The OpenAPI document as the client generators read it: the committed one (openapi.json), or a
// served one with what varies by request or deployment taken out. The base URL (`servers`) is
// given to a client when it is built, not compiled into it.
import type { OpenApiDocument } from '../openapi/committed.ts';

export type { OpenApiDocument };

/**
 * `doc` without `servers`, as a deep copy: openapi-typescript rewrites the schemas a discriminator
 * maps to in the object it is given, and the Python generation that follows must read the document unchanged.
 */
export function clientDocument(doc: OpenApiDocument): OpenApiDocument {
  const { servers: _servers, ...rest } = structuredClone(doc);
  return rest;
}

/** The document a running service serves at `/v1/openapi.json` under `baseUrl`. */
export async function fetchDocument(baseUrl: string): Promise<OpenApiDocument> {
  const response = await fetch(new URL('/v1/openapi.json', baseUrl));
  if (!response.ok) throw new Error(`GET ${baseUrl}/v1/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}
