// The committed OpenAPI document (openapi.json at the repository root): what /v1/openapi.json
// serves on the local stack (sandbox mode, so the Test helpers operations are in it), without
// `servers`, which names the host a request reached. `npm run openapi` writes it (from
// scripts/openapi/build.ts); `npm run clients` reads it, and loads nothing of the service.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../tools.ts';

export type OpenApiDocument = Record<string, unknown>;

/** The committed document's path. */
export const OPENAPI_FILE = join(projectRoot, 'openapi.json');

/** The command that rewrites OPENAPI_FILE, for the messages of the tests that find it stale. */
export const REGENERATE_OPENAPI = 'npm run openapi';

/** `doc` without `servers` (a client is given its base URL; the committed document names no host). */
export function withoutServers(doc: OpenApiDocument): OpenApiDocument {
  const { servers: _servers, ...rest } = doc;
  return rest;
}

/** The file's text for `doc`: two-space indented JSON and a final newline, so a change reads as a small diff. */
export function documentText(doc: OpenApiDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The committed document, parsed. */
export function committedDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
}
