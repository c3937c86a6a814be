// The API reference page as a client developer meets it: it loads from the service alone, and
// its samples carry a host (`servers`: PUBLIC_BASE_URL, else the request's origin) and a contact
// body the API accepts.
import assert from 'node:assert/strict';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import type { client } from '../../helpers/http.ts';
import { rawRequest, decoded, varies } from '../../helpers/raw-http.ts';
import { startReplica } from '../../helpers/replica.ts';
import type { Stack } from '../../helpers/stack.ts';

type Media = { schema: Schema; example?: unknown; examples?: Record<string, { value: unknown }> };
type Document = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, Media> } }>>;
  components: { schemas: Record<string, Schema> };
};
type Schema = { $ref?: string; example?: unknown; examples?: unknown[] };

describe('HTTP conventions: the docs page and its document', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const documentVia = async (url: string, headers: Record<string, string> = {}) =>
    JSON.parse(decoded(await rawRequest(`${url}/v1/openapi.json`, { headers })).toString('utf8')) as Document;

  before(async () => ({ stack, api, org } = await apiSuite()));

  it('when /docs is opened, then everything it loads comes from the service itself (no CDN, no fonts, no proxy)', async () => {
    const page = await api.get('/docs');
    assert.equal(page.status, 200);
    const sources = [...page.text.matchAll(/\b(?:src|href)\s*=\s*"([^"]*)"/g)].map((m) => m[1]);
    assert.deepEqual(sources, ['/docs/scalar.js']);
    assert.match(page.text, /url: '\/v1\/openapi\.json'/);
    assert.match(page.text, /withDefaultFonts: false/);
    assert.doesNotMatch(page.text, /https?:\/\/|proxyUrl/);
  });

  it('when the document is fetched, then servers names the origin the request reached, as a proxy forwards it too', async () => {
    assert.deepEqual((await documentVia(stack.url)).servers, [{ url: stack.url }]);
    assert.deepEqual((await documentVia(stack.url, { Host: 'api.example.test:8443' })).servers, [
      { url: 'http://api.example.test:8443' },
    ]);
    const forwarded = await documentVia(stack.url, {
      'X-Forwarded-Host': 'outreach.example.test',
      'X-Forwarded-Proto': 'https',
    });
    assert.deepEqual(forwarded.servers, [{ url: 'https://outreach.example.test' }]);
    assert.equal(
      (await documentVia(stack.url, { Host: 'bad host"' })).servers,
      undefined,
      'a Host that is no host name: no servers',
    );
    // Caches keep one copy per origin and check it each time: a forged X-Forwarded-Host cannot poison another client's copy.
    const raw = await rawRequest(`${stack.url}/v1/openapi.json`);
    assert.equal(raw.headers['cache-control'], 'no-cache');
    for (const name of ['Accept-Encoding', 'X-Forwarded-Host', 'X-Forwarded-Proto']) assert.ok(varies(raw, name), name);
  });

  it("when PUBLIC_BASE_URL is set, then it is the server whatever the request's origin", async () => {
    const replica = await startReplica(stack, { config: { publicBaseUrl: 'https://api.public.example.test' } });
    try {
      assert.deepEqual((await documentVia(replica.url)).servers, [{ url: 'https://api.public.example.test' }]);
      assert.deepEqual((await documentVia(replica.url, { Host: 'elsewhere.test' })).servers, [
        { url: 'https://api.public.example.test' },
      ]);
    } finally {
      await replica.close();
    }
  });

  it("when the contact upsert's sample bodies are sent as the page would send them, then the API creates the contact", async () => {
    const doc = await documentVia(stack.url);
    const media = doc.paths['/v1/contacts'].post.requestBody?.content['application/json'];
    let schema = media?.schema ?? {};
    if (schema.$ref) schema = doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
    // What a page shows: the operation's own examples first, else the body schema's.
    const samples = [
      ...(media?.example !== undefined ? [media.example] : []),
      ...Object.values(media?.examples ?? {}).map((e) => e.value),
      ...(schema.example !== undefined ? [schema.example] : []),
      ...(schema.examples ?? []),
    ];
    assert.ok(samples.length > 0, 'the body carries an example');
    for (const sample of samples) {
      const created = await api.post('/v1/contacts', { key: org.apiKey, body: sample });
      assert.equal(created.status, 201, created.text);
    }
  });
});
