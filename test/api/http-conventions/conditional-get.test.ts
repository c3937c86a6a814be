// ETag and If-None-Match → 304 on single-resource GETs (docs/api/conventions.md, HTTP
// conventions): documented on every such operation, answered from the serialized body.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { apiSuite, newKey, type TestOrg } from '../../helpers/fixtures.ts';
import type { client } from '../../helpers/http.ts';
import { rawRequest } from '../../helpers/raw-http.ts';
import type { Stack } from '../../helpers/stack.ts';

type Operation = {
  security?: unknown[];
  parameters: { $ref?: string }[];
  responses: Record<
    string,
    {
      headers?: Record<string, { $ref?: string }>;
      content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
    }
  >;
};

describe('HTTP conventions: ETag and If-None-Match', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let contactId: string;
  let path: string;
  const get = (headers: Record<string, string> = {}, target = path, method = 'GET') =>
    rawRequest(`${stack.url}${target}`, { method, headers: { Authorization: `Bearer ${org.apiKey}`, ...headers } });

  before(async () => {
    ({ stack, api, org } = await apiSuite());
    const created = await api.post('/v1/contacts', {
      key: org.apiKey,
      body: { email: `tagged-${randomUUID()}@etag-example.com`, first_name: 'Tag' },
    });
    contactId = created.body.id;
    path = `/v1/contacts/${contactId}`;
  });

  it('when the document is walked, then every GET of one resource documents ETag, If-None-Match and 304, and no list does', async () => {
    const doc = (await api.get('/v1/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
    let single = 0;
    for (const [template, ops] of Object.entries(doc.paths)) {
      const op = ops.get;
      // Public routes (health, the document and the page's assets, links) are not resources of an organization.
      if (!op || op.security?.length === 0) continue;
      const conditional = template.endsWith('}');
      const documented = op.responses['200']?.headers?.ETag?.$ref === '#/components/headers/ETag';
      assert.equal(documented, conditional, `${template}: ETag on the 200`);
      assert.equal(Boolean(op.responses['304']), conditional, `${template}: 304`);
      assert.equal(
        op.parameters.some((p) => p.$ref === '#/components/parameters/IfNoneMatch'),
        conditional,
        `${template}: If-None-Match`,
      );
      if (!conditional) continue;
      single++;
      const properties = op.responses['200'].content?.['application/json']?.schema?.properties ?? {};
      assert.ok(!('items' in properties && 'total_count' in properties), `${template} is one resource, not a page`);
    }
    assert.ok(single >= 15, `${single} single-resource GETs`);
  });

  it('when a resource is read, then a weak ETag comes with it; sent back in If-None-Match, 304 with no body', async () => {
    const first = await get();
    assert.equal(first.status, 200);
    const etag = String(first.headers.etag);
    assert.match(etag, /^W\/"[A-Za-z0-9_-]+"$/);
    assert.match(String(first.headers['content-type']), /^application\/json; charset=utf-8$/);
    assert.equal(JSON.parse(first.bytes.toString('utf8')).id, contactId);
    const again = await get();
    assert.equal(again.headers.etag, etag, 'the same body, the same tag');

    const notModified = await get({ 'If-None-Match': etag });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.bytes.length, 0);
    assert.equal(notModified.headers.etag, etag);
    assert.ok(notModified.headers['x-ratelimit-limit'], 'still an authenticated answer with its rate-limit headers');
  });

  it('when If-None-Match lists tags, uses *, or drops the W/ prefix, then the weak comparison still finds the current tag', async () => {
    const etag = String((await get()).headers.etag);
    for (const header of [`W/"older", ${etag}`, etag.replace(/^W\//, ''), '*', `"a", "b" , ${etag}`]) {
      assert.equal((await get({ 'If-None-Match': header })).status, 304, header);
    }
    for (const header of ['W/"older"', '"x", W/"y"', etag.replace(/"$/, 'x"')]) {
      const response = await get({ 'If-None-Match': header });
      assert.equal(response.status, 200, header);
      assert.equal(response.headers.etag, etag);
    }
    const head = await get({ 'If-None-Match': etag }, path, 'HEAD');
    assert.equal(head.status, 304);
  });

  it('when the resource changes, then its ETag changes and the old one gets the new body', async () => {
    const before = String((await get()).headers.etag);
    const updated = await api.post('/v1/contacts', {
      key: org.apiKey,
      body: { email: JSON.parse((await get()).bytes.toString('utf8')).email, job_title: 'Changed' },
    });
    assert.equal(updated.status, 201, updated.text);
    const after = await get({ 'If-None-Match': before });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.etag, before);
    assert.equal(JSON.parse(after.bytes.toString('utf8')).job_title, 'Changed');
  });

  it('when the resource is missing or the key lacks the scope, then If-None-Match: * changes nothing: 404 and 403 as before', async () => {
    const missing = await get({ 'If-None-Match': '*' }, `/v1/contacts/${randomUUID()}`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.etag, undefined);
    const unscoped = await newKey(stack, org.organizationId, ['users:read']);
    const refused = await rawRequest(`${stack.url}${path}`, {
      headers: { Authorization: `Bearer ${unscoped.api_key}`, 'If-None-Match': '*' },
    });
    assert.equal(refused.status, 403);
    const listPage = await get({ 'If-None-Match': '*' }, '/v1/contacts');
    assert.equal(listPage.status, 200, 'lists take no condition');
    assert.equal(listPage.headers.etag, undefined);
  });

  it('when a route answers prepared JSON text (GET /v1/events/{id}), then it is tagged and conditional the same way', async () => {
    const sent = await api.post('/v1/events', {
      key: org.apiKey,
      body: {
        event_name: 'etag.checked',
        occurred_at: '2026-01-01T00:00:00Z',
        subject: { email: 'etag@etag-example.com' },
        external_event_id: randomUUID(),
      },
    });
    assert.equal(sent.status, 202, sent.text);
    const id = (await api.get('/v1/events', { key: org.apiKey })).body.items[0].id;
    const first = await get({}, `/v1/events/${id}`);
    assert.equal(first.status, 200);
    assert.match(String(first.headers['content-type']), /^application\/json/);
    assert.match(String(first.headers.etag), /^W\/"/);
    assert.equal((await get({ 'If-None-Match': String(first.headers.etag) }, `/v1/events/${id}`)).status, 304);
  });
});
