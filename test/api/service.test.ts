// Public service routes: health, readiness, the OpenAPI document and the API reference page;
// and the worker of the full stack running a (test-only) workflow.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { OrganizationIdKey } from '../../temporal/search-attributes.ts';
import { client } from '../helpers/http.ts';
import { startReplica, unreachableTemporal } from '../helpers/replica.ts';
import { getStack, type Stack } from '../helpers/stack.ts';
import { Validator } from '@seriousme/openapi-schema-validator';

describe('service routes', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
  });

  it('when /healthz and /readyz are called without a key, then both answer 200', async () => {
    assert.deepEqual((await api.get('/healthz')).body, { status: 'ok' });
    const ready = await api.get('/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body.checks, { database: 'ok', temporal: 'ok' });
  });

  it('when Temporal is unreachable, then /readyz is 503 UnavailableIssue naming it', async () => {
    const temporal = await unreachableTemporal();
    const replica = await startReplica(stack, { temporal: temporal.client });
    try {
      const response = await replica.api.get('/readyz');
      assert.equal(response.status, 503);
      assert.equal(response.body.type, 'UnavailableIssue');
      assert.deepEqual(response.body.data.checks, { database: 'ok', temporal: 'unreachable' });
    } finally {
      // The connection stays open: the readiness check gave up on its call, which the retry interceptor still retries.
      await replica.close();
    }
  });

  it('when /v1/openapi.json is fetched, then it is an OpenAPI 3.1 document of every route', async () => {
    const response = await api.get('/v1/openapi.json');
    assert.equal(response.status, 200);
    const doc = response.body;
    assert.equal(doc.openapi, '3.1.0');
    assert.ok(doc.paths['/v1/me'].get);
    assert.ok(doc.paths['/v1/users'].get);
    const users = doc.paths['/v1/users'].get;
    assert.equal(users['x-required-scope'], 'users:read');
    for (const status of ['200', '400', '401', '403']) assert.ok(users.responses[status], `documents ${status}`);
    assert.deepEqual(users.parameters.map((p: { name: string }) => p.name).sort(), [
      'page',
      'size',
      'sort_by',
      'sort_order',
    ]);
    assert.deepEqual(doc.paths['/healthz'].get.security, []);
    assert.ok(doc.components.schemas.Error.required.includes('request_id'));
  });

  it('when the OpenAPI document is checked against the OpenAPI 3.1 schema, then it is valid', async () => {
    const doc = (await api.get('/v1/openapi.json')).body;
    const result = await new Validator().validate(doc);
    assert.ok(result.valid, JSON.stringify(result.errors, null, 1)?.slice(0, 3000));
    const operationIds = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (ops) => Object.values(ops).map((op) => op.operationId),
    );
    assert.equal(new Set(operationIds).size, operationIds.length, 'operationIds are unique');
  });

  it('when /docs is opened, then an HTML reference page loads its script and the document', async () => {
    const page = await api.get('/docs');
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    assert.match(page.text, /\/v1\/openapi\.json/);
    const script = await fetch(`${stack.url}/docs/scalar.js`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    assert.ok((await script.arrayBuffer()).byteLength > 100_000);
  });

  it('when a workflow is started on the stack, then the worker runs it and an operator can find it by search attribute', async () => {
    const organizationId = randomUUID();
    const workflowId = `countdown-${randomUUID()}`;
    const handle = await stack.temporal.workflow.start('countdownWorkflow', {
      taskQueue: stack.taskQueue,
      workflowId,
      args: [10, 'stack'],
      typedSearchAttributes: [{ key: OrganizationIdKey, value: organizationId }],
    });
    const result = await handle.result();
    assert.match(result.echoed, /^stack from countdown-/);
    const description = await handle.describe();
    assert.equal(description.typedSearchAttributes.get(OrganizationIdKey), organizationId);
  });
});
