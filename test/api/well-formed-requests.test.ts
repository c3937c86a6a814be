// Well-formed requests at the edge over real HTTP, around the body: corrupt or oversized compressed
// bodies and unsupported encodings, query strings and path parameters that are not UTF-8, and the
// HTTP parser's refusals (431, 400) in the error shape. The text of bodies: well-formed-text.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { TestOrg } from '../helpers/fixtures.ts';
import { insertContact } from '../helpers/sequence-fixtures.ts';
import type { Stack } from '../helpers/stack.ts';
import { assertRefused, wellFormedFixture, type Answer } from '../helpers/well-formed.ts';

describe('well-formed text at the edge: compression, queries and the parser', () => {
  const fx = wellFormedFixture();
  const { send, count } = fx;
  let stack: Stack;
  let org: TestOrg;
  before(() => ({ stack, org } = fx));

  describe('compressed bodies', () => {
    const contactBody = () => JSON.stringify({ email: `zip-${randomUUID()}@x.test` });
    const corrupt: [string, Buffer][] = [
      ['gzip', Buffer.from('this is not gzip')],
      ['gzip', gzipSync(contactBody()).subarray(0, 12)],
      ['deflate', Buffer.from('this is not deflate')],
      ['br', Buffer.from('this is not brotli, not at all')],
    ];

    it('when a body is validly gzip-, deflate- or br-encoded, then it is read', async () => {
      for (const [encoding, compress] of [
        ['gzip', gzipSync],
        ['deflate', deflateSync],
        ['br', brotliCompressSync],
      ] as const) {
        const answer = await send('POST', '/v1/contacts', compress(contactBody()), { 'Content-Encoding': encoding });
        assert.equal(answer.status, 201, `${encoding}: ${answer.text}`);
      }
    });

    it('when a compressed body does not decompress, then 400 "the body could not be decompressed" on a normal route and on /v1/events, nothing stored', async () => {
      const [contacts, events] = [await count('contacts'), await count('ingested_events')];
      for (const path of ['/v1/contacts', '/v1/events']) {
        for (const [encoding, bytes] of corrupt) {
          const answer = await send('POST', path, bytes, { 'Content-Encoding': encoding });
          assertRefused(answer, '(body)', /could not be decompressed/);
          assert.match(answer.body.message ?? '', /the body could not be decompressed/, `${path} ${encoding}`);
        }
      }
      assert.deepEqual([await count('contacts'), await count('ingested_events')], [contacts, events]);
    });

    it('when a small compressed body inflates past the body limit, then 413 PayloadTooLargeIssue', async () => {
      const bomb = gzipSync(JSON.stringify({ email: 'x@x.test', first_name: 'x'.repeat(stack.config.bodyLimitBytes) }));
      assert.ok(bomb.length < stack.config.bodyLimitBytes / 10);
      const answer = await send('POST', '/v1/contacts', bomb, { 'Content-Encoding': 'gzip' });
      assert.equal(answer.status, 413, answer.text);
      assert.equal(answer.body.type, 'PayloadTooLargeIssue');
    });

    it('when a chunked body (no Content-Length) streams past the limit, then 413 in the error shape, and the connection is closed', async () => {
      const { port, hostname } = new URL(stack.url);
      const answer = await new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: hostname,
            port,
            method: 'POST',
            path: '/v1/contacts',
            headers: { Authorization: `Bearer ${org.apiKey}`, 'Content-Type': 'application/json' },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
          },
        );
        req.on('error', reject);
        req.write(`{"email":"big@x.test","first_name":"`);
        const piece = 'x'.repeat(16 * 1024);
        for (let sent = 0; sent <= stack.config.bodyLimitBytes; sent += piece.length) req.write(piece);
        req.end('"}');
      });
      assert.equal(answer.status, 413, answer.body);
      assert.equal((JSON.parse(answer.body) as { type: string }).type, 'PayloadTooLargeIssue');
      assert.equal(answer.connection, 'close');
    });

    it('when the Content-Encoding is unsupported, then a 4xx in the error shape naming the encoding', async () => {
      const answer = await send('POST', '/v1/contacts', contactBody(), { 'Content-Encoding': 'compress' });
      assertRefused(answer, '(body)', /unsupported encoding/);
      assert.match(answer.body.message ?? '', /"compress"/);
    });
  });

  describe('query strings and path parameters', () => {
    it('when a query value is percent-encoded bytes that are not UTF-8 (an encoded surrogate, 0xFF), then 400 naming the parameter', async () => {
      assertRefused(await send('GET', '/v1/search?query=%ED%A0%80'), 'query', /not valid UTF-8/);
      assertRefused(await send('GET', '/v1/search?query=a%FFb&size=5'), 'query', /not valid UTF-8/);
      assertRefused(await send('GET', '/v1/accounts?name=%C3'), 'name', /not valid UTF-8/);
      assertRefused(await send('GET', '/v1/accounts?%FF=1'), '(query)', /not valid UTF-8/);
      // Public routes are covered too.
      assertRefused(await send('GET', '/t/c/token?u=%ED%BF%BF'), 'u', /not valid UTF-8/);
      const fine = await send('GET', '/v1/search?query=Zo%C3%AB%20%F0%9F%91%A9');
      assert.equal(fine.status, 200, fine.text);
    });

    it('when a path parameter is such bytes, then 400 for an id that cannot be one, 404 where no route matches, never 500', async () => {
      for (const id of ['%ED%A0%80', '%FF', '%C3']) {
        const answer = await send('GET', `/v1/contacts/${id}`);
        assert.equal(answer.status, 400, answer.text);
        assert.equal(answer.body.type, 'ValidationIssue');
      }
      assert.equal((await send('GET', '/v1/nowhere/%ED%A0%80')).status, 404);
      for (const path of ['/u/%ED%A0%80', '/t/o/%FF', '/t/c/%ED%A0%80?u=https%3A%2F%2Fx.test']) {
        const answer = await send('GET', path);
        assert.ok([400, 404].includes(answer.status), `${path}: ${answer.status} ${answer.text}`);
        assert.ok(answer.body.type, answer.text);
      }
      const contactId = await insertContact(stack, org.organizationId, { email: `key-${randomUUID()}@x.test` });
      assert.equal((await send('DELETE', `/v1/contacts/${contactId}/variables/%ED%A0%80?scope=contact`)).status, 400);
    });
  });

  describe('errors before the app', () => {
    /** One request written raw on a socket; the whole answer as text (the server closes the connection). */
    function rawExchange(head: string): Promise<string> {
      const { port, hostname } = new URL(stack.url);
      return new Promise((resolve, reject) => {
        const socket = connect(Number(port), hostname);
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.write(head);
      });
    }

    function parseRaw(answer: string): { status: number; headers: string; body: Answer['body'] } {
      const [headers, body] = answer.split('\r\n\r\n');
      return {
        status: Number(headers.split(' ')[1]),
        headers: headers.toLowerCase(),
        body: JSON.parse(body) as Answer['body'],
      };
    }

    it('when the headers are over the size limit, then 431 with a JSON body in the error shape (node:http client and a raw socket)', async () => {
      const { port, hostname } = new URL(stack.url);
      const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: hostname,
            port,
            path: '/v1/me',
            headers: { Authorization: `Bearer ${org.apiKey}`, 'X-Padding': 'p'.repeat(40_000) },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
      assert.equal(answer.status, 431);
      assert.match(answer.type, /^application\/json/);
      const body = JSON.parse(answer.body) as Answer['body'];
      assert.deepEqual(
        [body.status_code, body.type, typeof body.message, typeof body.request_id],
        [431, 'PayloadTooLargeIssue', 'string', 'string'],
      );
      assert.ok('data' in body);

      const raw = parseRaw(
        await rawExchange(
          `GET /v1/me HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 30 }, (_, i) => `X-H${i}: ${'y'.repeat(1000)}\r\n`).join('')}\r\n`,
        ),
      );
      assert.equal(raw.status, 431);
      assert.match(raw.headers, /content-type: application\/json/);
      assert.match(raw.headers, /connection: close/);
      assert.equal(raw.body.type, 'PayloadTooLargeIssue');
    });

    it('when the request line is malformed, then 400 ValidationIssue with a JSON body', async () => {
      const raw = parseRaw(await rawExchange('N0T-A-METH0D /v1/me HTTP/1.1\r\nHost: x\r\n\r\n'));
      assert.equal(raw.status, 400);
      assert.match(raw.headers, /content-type: application\/json/);
      assert.deepEqual([raw.body.status_code, raw.body.type], [400, 'ValidationIssue']);
      assert.equal(raw.body.data?.errors?.[0]?.path, '(request)');
    });
  });
});
