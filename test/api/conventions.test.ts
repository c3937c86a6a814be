// API conventions every endpoint inherits: request ids, the error shape, 404, 405, JSON errors, 413,
// and the list parameters (every list takes sort_order).
import assert from 'node:assert/strict';
import type { client } from '../helpers/http.ts';
import { apiSuite, type TestOrg } from '../helpers/fixtures.ts';
import type { Stack } from '../helpers/stack.ts';

function assertErrorShape(body: Record<string, unknown>, status: number, type: string) {
  assert.deepEqual(Object.keys(body).sort(), ['data', 'message', 'request_id', 'status_code', 'type']);
  assert.equal(body.status_code, status);
  assert.equal(body.type, type);
  assert.equal(typeof body.message, 'string');
  assert.ok(!String(body.message).includes('    at '), 'no stack trace');
}

describe('API conventions', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => ({ stack, api, org } = await apiSuite()));

  it('when X-Request-Id is sent, then it is echoed and quoted in errors', async () => {
    const ok = await api.get('/v1/me', { key: org.apiKey, headers: { 'X-Request-Id': 'client-req-123' } });
    assert.equal(ok.headers.get('x-request-id'), 'client-req-123');
    const failed = await api.get('/v1/me', { headers: { 'X-Request-Id': 'client-req-456' } });
    assert.equal(failed.body.request_id, 'client-req-456');
  });

  it('when no or an unsafe X-Request-Id is sent, then one is generated', async () => {
    const plain = await api.get('/healthz');
    assert.match(plain.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const unsafe = await api.get('/v1/me', { key: org.apiKey, headers: { 'X-Request-Id': 'x'.repeat(300) } });
    assert.match(unsafe.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  it('when the route does not exist, then 404 NotFoundIssue', async () => {
    const response = await api.get('/v1/nothing-here', { key: org.apiKey });
    assert.equal(response.status, 404);
    assertErrorShape(response.body, 404, 'NotFoundIssue');
  });

  it('when the method is wrong, then 405 MethodNotAllowedIssue with Allow', async () => {
    const response = await api.delete('/v1/users', { key: org.apiKey });
    assert.equal(response.status, 405);
    assertErrorShape(response.body, 405, 'MethodNotAllowedIssue');
    assert.match(response.headers.get('allow') ?? '', /GET/);
    const publicRoute = await api.post('/healthz');
    assert.equal(publicRoute.status, 405);
    assert.match(publicRoute.headers.get('allow') ?? '', /GET/);
  });

  it('when a static path competes with an id path, then its own methods answer, also with a trailing slash or another letter case (as the router matches)', async () => {
    for (const path of ['/v1/contacts/enrich', '/v1/contacts/enrich/', '/V1/Contacts/Enrich']) {
      const response = await api.get(path, { key: org.apiKey });
      assert.equal(response.status, 405, `${path}: ${response.text}`);
      assert.equal(response.headers.get('allow'), 'POST');
    }
  });

  it('when the JSON body is malformed, then 400 ValidationIssue', async () => {
    const response = await api.post('/v1/users', { key: org.apiKey, rawBody: '{"a":' });
    assert.equal(response.status, 400);
    assertErrorShape(response.body, 400, 'ValidationIssue');
    assert.equal(response.body.data.errors[0].path, '(body)');
  });

  it('when the body exceeds the limit, then 413 PayloadTooLargeIssue', async () => {
    const response = await api.post('/v1/users', {
      key: org.apiKey,
      rawBody: JSON.stringify({ a: 'x'.repeat(stack.config.bodyLimitBytes + 10) }),
    });
    assert.equal(response.status, 413);
    assertErrorShape(response.body, 413, 'PayloadTooLargeIssue');
    assert.equal(response.body.data.limit_bytes, stack.config.bodyLimitBytes);
  });

  it('when any list endpoint (a GET answering the envelope) gets sort_order=asc or desc, then it is a documented parameter and answers 200', async () => {
    type Schema = { $ref?: string; properties?: Record<string, unknown> };
    type Operation = {
      parameters: { name?: string; in?: string; required?: boolean; schema?: { enum?: string[] } }[];
      responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
    };
    const doc = (await api.get('/v1/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, Schema> };
    };
    // Bodies are named schemas: `#/components/schemas/<Name>` is read where it is defined.
    const resolved = (schema: Schema | undefined) =>
      schema?.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
    const lists = Object.entries(doc.paths)
      .flatMap(([path, ops]) => (ops.get ? [[path, ops.get] as const] : []))
      .filter(([, op]) => {
        const properties = resolved(op.responses['200']?.content?.['application/json']?.schema)?.properties ?? {};
        return ['items', 'total_count', 'total_pages', 'has_more'].every((name) => name in properties);
      });
    assert.ok(lists.length >= 20, `found ${lists.length} lists`);
    let called = 0;
    for (const [path, op] of lists) {
      const sortOrder = op.parameters.find((p) => p.name === 'sort_order' && p.in === 'query');
      assert.ok(sortOrder, `${path} documents sort_order`);
      assert.deepEqual(sortOrder.schema?.enum, ['asc', 'desc'], path);
      // Called where no path or required query parameter needs a record of the organization.
      if (path.includes('{') || op.parameters.some((p) => p.required)) continue;
      for (const order of ['asc', 'desc']) {
        const response = await api.get(`${path}?sort_order=${order}`, { key: org.apiKey });
        assert.equal(response.status, 200, `${path}?sort_order=${order}: ${response.text}`);
        assert.ok(Array.isArray(response.body.items), path);
      }
      called += 1;
    }
    assert.ok(called >= 15, `called ${called} lists`);
  });

  it('when an unsupported content encoding is sent, then a 4xx in the error shape, never a 500', async () => {
    const response = await api.post('/v1/users', {
      key: org.apiKey,
      rawBody: '{}',
      headers: { 'Content-Encoding': 'br-nope' },
    });
    assert.ok(response.status >= 400 && response.status < 500, String(response.status));
    assert.equal(typeof response.body.type, 'string');
  });
});
