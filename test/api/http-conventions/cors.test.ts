// The CORS stance (docs/api/conventions.md, SECURITY.md): no CORS. A browser's preflight is
// refused in the error shape, saying why; no answer carries Access-Control-Allow-*; a plain
// OPTIONS keeps its 200 with Allow.
import assert from 'node:assert/strict';
import { CORS_REFUSAL } from '../../../api/middleware/cors-preflight.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import type { ApiResponse, client } from '../../helpers/http.ts';

function assertNoCors(response: ApiResponse, what: string): void {
  for (const name of response.headers.keys()) assert.ok(!name.startsWith('access-control-'), `${what}: ${name}`);
}

describe('HTTP conventions: no CORS', () => {
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const preflight = {
    Origin: 'https://app.example.test',
    'Access-Control-Request-Method': 'POST',
    'Access-Control-Request-Headers': 'authorization, content-type',
  };

  before(async () => ({ api, org } = await apiSuite()));

  it('when a browser sends a preflight, to any path, with or without a key, then 403 in the error shape saying browsers are not supported, and no CORS header', async () => {
    for (const path of ['/v1/contacts', '/v1/contacts/enrich', '/v1/openapi.json', '/v1/nothing-here']) {
      for (const key of [undefined, org.apiKey]) {
        const response = await api.call('OPTIONS', path, { key, headers: preflight });
        assert.equal(response.status, 403, `${path}: ${response.text}`);
        assert.deepEqual(Object.keys(response.body).sort(), ['data', 'message', 'request_id', 'status_code', 'type']);
        assert.equal(response.body.type, 'UnauthorizedIssue');
        assert.equal(response.body.message, CORS_REFUSAL);
        assert.deepEqual(response.body.data, { origin: 'https://app.example.test', reason: 'CORS_NOT_SUPPORTED' });
        assertNoCors(response, path);
      }
    }
  });

  it('when a cross-origin request is sent anyway (no preflight), then it is answered as any other, without Access-Control-Allow-Origin', async () => {
    const me = await api.get('/v1/me', { key: org.apiKey, headers: { Origin: 'https://app.example.test' } });
    assert.equal(me.status, 200);
    assertNoCors(me, 'GET /v1/me');
    const doc = await api.get('/v1/openapi.json', { headers: { Origin: 'https://app.example.test' } });
    assertNoCors(doc, 'GET /v1/openapi.json');
  });

  it('when OPTIONS comes without Origin or without Access-Control-Request-Method, then it is no preflight: 200 with Allow as before', async () => {
    const plain = await api.call('OPTIONS', '/v1/contacts/enrich', { key: org.apiKey });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get('allow'), 'POST');
    const originOnly = await api.call('OPTIONS', '/healthz', { headers: { Origin: 'https://app.example.test' } });
    assert.equal(originOnly.status, 200);
    assert.match(originOnly.headers.get('allow') ?? '', /GET/);
    assertNoCors(originOnly, 'OPTIONS /healthz');
  });
});
