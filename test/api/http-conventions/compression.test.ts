// Response compression (docs/api/conventions.md, HTTP conventions): JSON answers from the threshold
// on in gzip or brotli as Accept-Encoding prefers, small ones as they are, the docs assets
// compressed once, and idempotent replays compressed for the retry's own Accept-Encoding.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { COMPRESSION_THRESHOLD_BYTES } from '../../../api/middleware/compression.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import { decoded, rawRequest, varies } from '../../helpers/raw-http.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';

const require = createRequire(import.meta.url);
const scalarBundle = join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');

describe('HTTP conventions: compression', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const get = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(`${stack.url}${path}`, { headers: { Authorization: `Bearer ${org.apiKey}`, ...headers } });

  before(async () => {
    ({ stack, api, org } = await apiSuite());
    for (let i = 0; i < 25; i++) {
      const created = await api.post('/v1/contacts', {
        key: org.apiKey,
        body: { email: `zip${i}@compress-example.com`, first_name: `Zip ${i}`, job_title: 'Buyer' },
      });
      assert.equal(created.status, 201, created.text);
    }
  });

  it('when a list page above the threshold is asked with gzip or br, then it comes compressed in that encoding, with Vary, and decodes to the plain answer', async () => {
    const plain = await get('/v1/contacts?size=25');
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(
      plain.bytes.length >= COMPRESSION_THRESHOLD_BYTES,
      `the page (${plain.bytes.length} bytes) is above the threshold`,
    );
    assert.ok(varies(plain, 'Accept-Encoding'));
    for (const encoding of ['gzip', 'br']) {
      const packed = await get('/v1/contacts?size=25', { 'Accept-Encoding': encoding });
      assert.equal(packed.status, 200);
      assert.equal(packed.headers['content-encoding'], encoding);
      assert.ok(varies(packed, 'Accept-Encoding'));
      assert.match(String(packed.headers['content-type']), /^application\/json/);
      assert.ok(
        packed.bytes.length < plain.bytes.length / 3,
        `${encoding}: ${packed.bytes.length} of ${plain.bytes.length} bytes`,
      );
      assert.deepEqual(decoded(packed), plain.bytes);
    }
  });

  it('when Accept-Encoding weighs encodings, then the q-values decide (brotli on a tie, * as gzip), and identity, q=0 everywhere or only unknown codings mean uncompressed', async () => {
    const cases: [string, string | undefined][] = [
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['br;q=0.2, gzip;q=0.8', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip, br;q=0', 'gzip'],
      ['identity', undefined],
      ['gzip;q=0, br;q=0', undefined],
      ['compress, unknown', undefined],
      ['gzip, deflate, br, zstd', 'br'],
      ['*', 'gzip'],
      ['deflate', undefined],
      ['zstd', undefined],
      // Nothing acceptable, identity refused too: sent as is rather than failing.
      ['identity;q=0', undefined],
      ['*;q=0', undefined],
      ['gzip;q=0, identity;q=0', undefined],
    ];
    for (const [accept, expected] of cases) {
      const response = await get('/v1/contacts?size=25', { 'Accept-Encoding': accept });
      assert.equal(response.status, 200, accept);
      assert.equal(response.headers['content-encoding'], expected, accept);
      assert.equal(JSON.parse(decoded(response).toString('utf8')).items.length, 25, accept);
    }
  });

  it('when a small answer (GET /v1/me, one contact, an error) is asked with gzip and br, then it is sent uncompressed', async () => {
    const contact = (await api.get('/v1/contacts?size=1', { key: org.apiKey })).body.items[0];
    for (const path of ['/v1/me', `/v1/contacts/${contact.id}`, `/v1/contacts/${randomUUID()}`]) {
      const response = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
      assert.equal(response.headers['content-encoding'], undefined, path);
      assert.ok(response.bytes.length < COMPRESSION_THRESHOLD_BYTES, `${path}: ${response.bytes.length} bytes`);
      assert.ok(varies(response, 'Accept-Encoding'), path);
      JSON.parse(response.bytes.toString('utf8'));
    }
  });

  it('when the OpenAPI document and the docs script are asked with br or gzip, then they come compressed (made once) and decode to the same bytes', async () => {
    const script = readFileSync(scalarBundle);
    for (const encoding of ['br', 'gzip']) {
      const first = await rawRequest(`${stack.url}/docs/scalar.js`, { headers: { 'Accept-Encoding': encoding } });
      assert.equal(first.headers['content-encoding'], encoding);
      assert.ok(varies(first, 'Accept-Encoding'));
      assert.match(String(first.headers['content-type']), /javascript/);
      assert.equal(Number(first.headers['content-length']), first.bytes.length);
      assert.ok(first.bytes.length < script.length / 3, `${encoding}: ${first.bytes.length} of ${script.length} bytes`);
      assert.deepEqual(decoded(first), script);
      const second = await rawRequest(`${stack.url}/docs/scalar.js`, { headers: { 'Accept-Encoding': encoding } });
      assert.deepEqual(second.bytes, first.bytes, 'the same prepared bytes');

      const doc = await rawRequest(`${stack.url}/v1/openapi.json`, { headers: { 'Accept-Encoding': encoding } });
      assert.equal(doc.headers['content-encoding'], encoding);
      assert.equal(JSON.parse(decoded(doc).toString('utf8')).openapi, '3.1.0');
    }
    for (const headers of [
      {} as Record<string, string>,
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'identity;q=0' },
      { 'Accept-Encoding': 'gzip;q=0, br;q=0' },
    ]) {
      const plain = await rawRequest(`${stack.url}/docs/scalar.js`, { headers });
      assert.equal(plain.status, 200);
      assert.equal(plain.headers['content-encoding'], undefined, JSON.stringify(headers));
      assert.deepEqual(plain.bytes, script);
    }
  });

  it('when the docs script is asked again with its ETag, then 304 without a body', async () => {
    const first = await rawRequest(`${stack.url}/docs/scalar.js`, { headers: { 'Accept-Encoding': 'br' } });
    const etag = String(first.headers.etag);
    assert.match(etag, /^W\/"/);
    const again = await rawRequest(`${stack.url}/docs/scalar.js`, {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag },
    });
    assert.equal(again.status, 304);
    assert.equal(again.bytes.length, 0);
    assert.equal(again.headers.etag, etag);
  });

  it('when an idempotent POST is replayed with Accept-Encoding gzip, then the replay is the same answer, compressed for the retry, with its Location', async () => {
    const key = randomUUID();
    const items = Array.from({ length: 20 }, (_, i) => ({ name: `Compressed list ${i} ${key}` }));
    const send = (acceptEncoding: string) =>
      rawRequest(`${stack.url}/v1/contact-lists`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${org.apiKey}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
          'Accept-Encoding': acceptEncoding,
        },
        body: JSON.stringify({ items }),
      });
    const first = await send('gzip');
    assert.equal(first.status, 201, decoded(first).toString('utf8'));
    assert.equal(first.headers['content-encoding'], 'gzip');
    assert.equal(first.headers.location, '/v1/contact-lists');
    const text = decoded(first);
    assert.ok(text.length >= COMPRESSION_THRESHOLD_BYTES);

    const replay = await send('gzip');
    assert.equal(replay.status, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.headers['content-encoding'], 'gzip');
    assert.equal(replay.headers.location, '/v1/contact-lists');
    assert.deepEqual(decoded(replay), text, 'the stored text, byte for byte');

    const plainReplay = await send('identity');
    assert.equal(plainReplay.headers['idempotent-replayed'], 'true');
    assert.equal(plainReplay.headers['content-encoding'], undefined);
    assert.deepEqual(plainReplay.bytes, text);
    const lists = await api.get('/v1/contact-lists?size=100', { key: org.apiKey });
    assert.equal(
      lists.body.items.filter((l: { name: string }) => l.name.endsWith(key)).length,
      20,
      'the batch ran once',
    );
  });
});
