// The pure parts of the HTTP conventions: entity tags and If-None-Match (api/etag.ts), Location
// templates (api/location.ts, api/route.ts) and the served OpenAPI document's variants per origin
// (api/openapi-served.ts).
import assert from 'node:assert/strict';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { ifNoneMatchHits, weakEtag } from '../../api/etag.ts';
import { checkLocationTemplate, fillLocation } from '../../api/location.ts';
import { servedOpenApi } from '../../api/openapi-served.ts';
import { defineRoute } from '../../api/route.ts';

describe('entity tags', () => {
  const tag = weakEtag('{"id":"a"}');

  it('when the same text is tagged twice, then the tag is the same weak tag; other text, another tag', () => {
    assert.match(tag, /^W\/"[A-Za-z0-9_-]+"$/);
    assert.equal(weakEtag('{"id":"a"}'), tag);
    assert.notEqual(weakEtag('{"id":"b"}'), tag);
    assert.equal(weakEtag(Buffer.from('{"id":"a"}')), tag);
  });

  it('when If-None-Match names the tag, weak or strong, alone or in a list, or is *, then it hits', () => {
    const strong = tag.replace(/^W\//, '');
    for (const header of [
      tag,
      strong,
      '*',
      ` ${tag} `,
      `W/"other", ${tag}`,
      `"a,b", ${strong}`,
      `"x",W/"y",${tag}`,
      ` * `,
    ]) {
      assert.equal(ifNoneMatchHits(header, tag), true, header);
    }
  });

  it('when If-None-Match is absent, empty, another tag or malformed, then it misses', () => {
    for (const header of [
      undefined,
      '',
      'W/"other"',
      '"other", W/"else"',
      tag.replace(/"/g, ''),
      `W/${tag}`,
      `${tag}x`,
      ', ,',
    ]) {
      assert.equal(ifNoneMatchHits(header, tag), false, String(header));
    }
  });
});

describe('Location templates', () => {
  it('when a template is filled, then each placeholder takes its body field, percent-encoded, nested ones too', () => {
    assert.equal(fillLocation('/v1/contacts/{id}', { id: 'c1' }), '/v1/contacts/c1');
    assert.equal(
      fillLocation('/v1/x?contact_id={meeting.contact_id}&t=a', { meeting: { contact_id: 'a b/c' } }),
      '/v1/x?contact_id=a%20b%2Fc&t=a',
    );
    assert.equal(fillLocation('/v1/contact-lists', { items: [] }), '/v1/contact-lists');
  });

  it('when the body lacks a field, then filling throws (a route bug, not a header without a value)', () => {
    assert.throws(() => fillLocation('/v1/contacts/{id}', { name: 'x' }), /has no id/);
    assert.throws(() => fillLocation('/v1/contacts/{id}', null), /has no id/);
  });

  it('when a template is not an absolute path or has a malformed placeholder, then it is refused', () => {
    for (const bad of [
      'v1/contacts/{id}',
      '//evil.test/{id}',
      'https://x.test/{id}',
      '/v1/contacts/{Id}',
      '/v1/contacts/{id',
      '/v1/{}',
    ]) {
      assert.throws(() => checkLocationTemplate(bad), /location/, bad);
    }
    checkLocationTemplate('/v1/contacts/{id}');
  });

  it('when a route answering 201 declares no location, then defineRoute refuses it', () => {
    const route = {
      method: 'POST' as const,
      path: '/v1/things',
      auth: 'key' as const,
      scope: null,
      operationId: 'x',
      summary: 'x',
      tags: [],
      handler: () => ({ status: 201 }),
    };
    assert.throws(
      () => defineRoute({ ...route, responses: { 201: { description: 'Created.' } } }),
      /declares its location/,
    );
    defineRoute({ ...route, location: '/v1/things/{id}', responses: { 201: { description: 'Created.' } } });
    defineRoute({ ...route, responses: { 200: { description: 'Done.' } } });
  });
});

describe('served OpenAPI document', () => {
  const build = () => {
    builds++;
    return { openapi: '3.1.0', info: { title: 't' }, paths: { '/a': {} } };
  };
  let builds = 0;
  beforeEach(() => {
    builds = 0;
  });

  const documentOf = async (served: ReturnType<typeof servedOpenApi>, origin: string) =>
    JSON.parse((await served(origin)).identity.toString('utf8'));

  it('when requested from an origin, then servers names it, right after info, and the document is built once for every origin', async () => {
    const served = servedOpenApi(build, undefined);
    const doc = await documentOf(served, 'http://127.0.0.1:3000');
    assert.deepEqual(Object.keys(doc), ['openapi', 'info', 'servers', 'paths']);
    assert.deepEqual(doc.servers, [{ url: 'http://127.0.0.1:3000' }]);
    assert.deepEqual((await documentOf(served, 'https://api.example.test')).servers, [
      { url: 'https://api.example.test' },
    ]);
    assert.equal(builds, 1);
  });

  it('when the same origin asks again, then the same prepared bytes answer (serialized and compressed once)', async () => {
    const served = servedOpenApi(build, undefined);
    const first = await served('http://a.test');
    assert.equal(await served('http://a.test'), first);
    assert.deepEqual(gunzipSync(first.gzip), first.identity);
    assert.deepEqual(brotliDecompressSync(first.br), first.identity);
  });

  it('when PUBLIC_BASE_URL is set, then every request gets it as the server', async () => {
    const served = servedOpenApi(build, 'https://public.example.test');
    assert.deepEqual((await documentOf(served, 'http://127.0.0.1:1')).servers, [
      { url: 'https://public.example.test' },
    ]);
    assert.equal(await served('http://other.test'), await served('http://127.0.0.1:1'));
  });

  it('when the Host is not a host name, then the document has no servers', async () => {
    const served = servedOpenApi(build, undefined);
    for (const origin of ['http://a.test/x', 'http://a b.test', 'http://"><script>', 'javascript://x', 'http://']) {
      assert.equal((await documentOf(served, origin)).servers, undefined, origin);
    }
  });

  it('when more origins ask than are kept, then the oldest variant is dropped and made again on its next request', async () => {
    const served = servedOpenApi(build, undefined);
    const first = await served('http://o0.test');
    for (let i = 1; i <= 8; i++) await served(`http://o${i}.test`);
    const again = await served('http://o0.test');
    assert.notEqual(again, first);
    assert.deepEqual(again.identity, first.identity);
  });
});
