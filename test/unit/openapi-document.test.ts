// The committed OpenAPI document (openapi.json) is the one the route table builds, byte for byte,
// so an API change shows in review as a change of that file. (test/api/openapi-document.test.ts
// compares it with what the running service serves.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { documentDifferences } from '../../scripts/openapi/differences.ts';
import { serviceDocument } from '../../scripts/openapi/build.ts';
import {
  documentText,
  OPENAPI_FILE,
  REGENERATE_OPENAPI,
  type OpenApiDocument,
} from '../../scripts/openapi/committed.ts';

describe('the committed OpenAPI document (openapi.json)', () => {
  let built: OpenApiDocument;
  before(() => {
    built = serviceDocument();
  });

  it('when the document is built from the route table, then it is the committed file byte for byte', () => {
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    if (committed === documentText(built)) return;
    // The failure names the command and the first places that changed, not a diff of the whole document.
    const changed = documentDifferences(JSON.parse(committed), built);
    assert.fail(
      `openapi.json is stale: run \`${REGENERATE_OPENAPI}\` and commit it${changed.length ? ` (it differs at ${changed.join(', ')})` : ' (same JSON, other formatting)'}`,
    );
  });

  it('when the document is built, then it names no server and holds every public path of the service', () => {
    assert.equal('servers' in built, false, 'a client is given its base URL: the committed document names no host');
    const paths = Object.keys(built.paths as Record<string, unknown>);
    for (const path of ['/v1/openapi.json', '/v1/contacts', '/v1/sequences', '/v1/webhooks'])
      assert.ok(paths.includes(path), path);
  });
});
