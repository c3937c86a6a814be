// The committed OpenAPI document (openapi.json) is what the running service serves at
// /v1/openapi.json, but for `servers` (the origin the request reached), byte for byte once
// formatted as the file is. (test/unit/openapi-document.test.ts builds it without a stack.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fetchDocument } from '../../scripts/clients/document.ts';
import { documentDifferences } from '../../scripts/openapi/differences.ts';
import { documentText, OPENAPI_FILE, REGENERATE_OPENAPI, withoutServers } from '../../scripts/openapi/committed.ts';
import { getStack } from '../helpers/stack.ts';

describe('the committed OpenAPI document and /v1/openapi.json', () => {
  it('when the stack serves its document, then it names the stack as its server and is otherwise openapi.json', async () => {
    const stack = await getStack();
    const served = await fetchDocument(stack.url);
    assert.deepEqual(served.servers, [{ url: stack.url }]);
    const committed = readFileSync(OPENAPI_FILE, 'utf8');
    const expected = withoutServers(served);
    if (committed === documentText(expected)) return;
    const changed = documentDifferences(JSON.parse(committed), expected);
    assert.fail(
      `openapi.json is not what the service serves: run \`${REGENERATE_OPENAPI}\` and commit it (it differs at ${changed.join(', ') || 'the key order'})`,
    );
  });
});
