// Well-formed text at the edge over real HTTP: strict UTF-8 bodies, lone surrogates named, corrupt
// compressed bodies, undecodable queries, and the parser's refusals (431, 400) in the error shape.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { apiSuite, type TestOrg } from '../helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from '../helpers/sequence-fixtures.ts';
import type { client } from '../helpers/http.ts';
import type { Stack } from '../helpers/stack.ts';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: {
    type?: string;
    message?: string;
    status_code?: number;
    request_id?: string;
    data?: { errors?: { path: string; message: string }[] } | null;
  } & Record<string, unknown>;
}

type Table = 'contacts' | 'sequence_templates' | 'playbooks' | 'crm_links' | 'ingested_events';

describe('well-formed text at the edge', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => {
    ({ stack, api, org } = await apiSuite());
  });

  /** Sends the body exactly as given (text is sent as its UTF-8 bytes, escapes stay escapes). */
  async function send(
    method: string,
    path: string,
    body?: string | Buffer,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${org.apiKey}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body,
    });
    const text = await response.text();
    let parsed: Answer['body'] = {};
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      /* asserted by the caller */
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  const db = () => stack.orm.em.fork().getKysely();
  const count = async (table: Table) =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE organization_id = ${org.organizationId}`.execute(db())
      ).rows[0].n,
    );

  function assertRefused(answer: Answer, path: string, message: RegExp, status = 400): void {
    assert.equal(answer.status, status, answer.text);
    assert.equal(answer.body.type, 'ValidationIssue', answer.text);
    assert.equal(answer.body.status_code, status);
    assert.equal(typeof answer.body.request_id, 'string');
    const errors = answer.body.data?.errors ?? [];
    assert.ok(
      errors.some((e) => e.path === path && message.test(e.message)),
      `expected ${path} ${message}: ${answer.text}`,
    );
  }

  const LONE = /not well-formed Unicode/;

  describe('bodies', () => {
    it('when a body holds bytes that are not UTF-8 (0xFF, an encoded surrogate), then 400 naming (body), and no contact is stored', async () => {
      const before = await count('contacts');
      for (const bad of [[0xff], [0xed, 0xa0, 0x80], [0xc3]]) {
        const bytes = Buffer.concat([
          Buffer.from(`{"email":"bytes-${randomUUID()}@x.test","first_name":"A`),
          Buffer.from(bad),
          Buffer.from('"}'),
        ]);
        const answer = await send('POST', '/v1/contacts', bytes);
        assertRefused(answer, '(body)', /not valid UTF-8/);
        assert.match(answer.body.message ?? '', /not valid UTF-8/);
      }
      assert.equal(await count('contacts'), before);
    });

    it('when invalid UTF-8 bytes reach POST /v1/events, then the same 400 naming (body)', async () => {
      const bytes = Buffer.concat([
        Buffer.from('{"event_name":"x'),
        Buffer.from([0xff]),
        Buffer.from('","occurred_at":"2026-03-01T10:00:00Z","subject":{"email":"u@x.test"}}'),
      ]);
      assertRefused(await send('POST', '/v1/events', bytes), '(body)', /not valid UTF-8/);
    });

    it('when a top-level field holds a lone surrogate, then 400 naming it and nothing is stored (no U+FFFD in its place)', async () => {
      const before = await count('contacts');
      const email = `lone-${randomUUID()}@x.test`;
      assertRefused(
        await send('POST', '/v1/contacts', `{"email":"${email}","first_name":"Ada\\ud800"}`),
        'first_name',
        LONE,
      );
      assertRefused(
        await send('POST', '/v1/contacts', `{"email":"${email}","last_name":"\\udfff"}`),
        'last_name',
        LONE,
      );
      assert.equal(await count('contacts'), before);
      assert.equal(
        (await api.get(`/v1/contacts?email=${encodeURIComponent(email)}`, { key: org.apiKey })).body.total_count,
        0,
      );
    });

    it('when a nested variables value or an object key holds a lone surrogate, then 400 naming it and the variables are unchanged', async () => {
      const created = await api.post('/v1/contacts', {
        key: org.apiKey,
        body: { email: `vars-${randomUUID()}@x.test` },
      });
      assert.equal(created.status, 201, created.text);
      const path = `/v1/contacts/${created.body.id}/variables`;
      assert.equal(
        (await api.patch(path, { key: org.apiKey, body: { contact_variables: { k: 'kept' } } })).status,
        200,
      );
      assertRefused(await send('PATCH', path, '{"contact_variables":{"k":"v\\ud800"}}'), 'contact_variables.k', LONE);
      const key = await send('PATCH', path, '{"contact_variables":{"k\\udc00":"v"}}');
      assertRefused(key, 'contact_variables.k\ufffd', /is a key that is not well-formed/);
      assert.ok(
        [key.body.message ?? '', ...(key.body.data?.errors ?? []).map((e) => e.path)].every((t) => t.isWellFormed()),
        'the answer names the key in well-formed text',
      );
      assert.deepEqual((await api.get(path, { key: org.apiKey })).body.contact_variables, { k: 'kept' });
    });

    it('when a template step (an array item) holds a lone surrogate, then 400 naming steps[i].body and no template is stored', async () => {
      const before = await count('sequence_templates');
      const raw =
        '{"name":"T","steps":[{"type":"EMAIL","delay_days":0,"subject":"Hi","body":"fine"},{"type":"CALL","delay_days":1,"body":"Call \\ud83d"}]}';
      assertRefused(await send('POST', '/v1/sequence-templates', raw), 'steps[1].body', LONE);
      assert.equal(await count('sequence_templates'), before);
    });

    it('when a CRM field value holds a lone surrogate, then 400 naming fields[i].value and nothing is linked', async () => {
      const contactId = await insertContact(stack, org.organizationId, { email: `crm-${randomUUID()}@x.test` });
      const before = await count('crm_links');
      const raw = '{"fields":[{"property":"note","value":"ok"},{"property":"title","value":"CTO \\udbff"}]}';
      assertRefused(await send('PATCH', `/v1/contacts/${contactId}/crm`, raw), 'fields[1].value', LONE);
      assert.equal(await count('crm_links'), before);
    });

    it('when a playbook action holds a lone surrogate, then 400 naming action.title and no playbook is stored', async () => {
      const before = await count('playbooks');
      assertRefused(
        await send(
          'POST',
          '/v1/playbooks',
          '{"name":"P","event_name":"E","action":{"type":"CREATE_TASK","title":"Call \\ud800 now"}}',
        ),
        'action.title',
        LONE,
      );
      assert.equal(await count('playbooks'), before);
    });

    it('when PATCH /v1/sequences/{id} sends a variable with a lone surrogate, then 400 naming variables.k before any workflow is reached', async () => {
      const contactId = await insertContact(stack, org.organizationId, { email: `seq-${randomUUID()}@x.test` });
      const templateId = await insertTemplate(stack, org.organizationId, [
        { type: 'CALL', delay_days: 0, body: 'Call' },
      ]);
      const id = await insertSequence(stack, org.organizationId, { contactId, templateId, variables: { k: 'before' } });
      assertRefused(await send('PATCH', `/v1/sequences/${id}`, '{"variables":{"k":"v\\ud800"}}'), 'variables.k', LONE);
      const { rows } = await sql<{
        variables: Record<string, string>;
      }>`SELECT variables FROM sequences WHERE id = ${id}`.execute(db());
      assert.deepEqual(rows[0].variables, { k: 'before' });
    });

    it('when a signal route (whose contract says 422 for such text) gets a key with a lone surrogate, then 422 naming it', async () => {
      const raw = '{"signal_type":"HIRING_SIGNALS","search_filters":{"job_title_or":["CTO"],"x\\ud800":["a"]}}';
      assertRefused(
        await send('POST', '/v1/signals', raw),
        'search_filters.x\ufffd',
        /is a key that is not well-formed/,
        422,
      );
    });

    it('when emoji, combining marks and RTL marks are sent (raw UTF-8 or as escaped pairs), then they are stored and returned exactly', async () => {
      const name =
        'Zoe\u0308 \u{1F469}\u{1F3FD}\u200D\u{1F4BB} \u200F\u05E9\u05DC\u05D5\u05DD\u200E \u{1F1EB}\u{1F1F7}';
      const email = `text-${randomUUID()}@x.test`;
      const rawUtf8 = await send(
        'POST',
        '/v1/contacts',
        Buffer.from(JSON.stringify({ email, first_name: name }), 'utf8'),
      );
      assert.equal(rawUtf8.status, 201, rawUtf8.text);
      assert.equal(rawUtf8.body.first_name, name);
      // The same text with every non-ASCII code unit escaped (\ud83d\udc69...): surrogate pairs are well-formed.
      const escaped = JSON.stringify({ email, last_name: name }).replace(
        /[\u0080-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      assert.match(escaped, /\\ud83d\\udc69/);
      const pairs = await send('POST', '/v1/contacts', escaped);
      assert.equal(pairs.status, 201, pairs.text);
      const read = await api.get(`/v1/contacts/${pairs.body.id}`, { key: org.apiKey });
      assert.deepEqual([read.body.first_name, read.body.last_name], [name, name]);
      const vars = await send(
        'PATCH',
        `/v1/contacts/${pairs.body.id}/variables`,
        JSON.stringify({ contact_variables: { greeting: name } }),
      );
      assert.equal(vars.status, 200, vars.text);
      assert.equal(
        (await api.get(`/v1/contacts/${pairs.body.id}/variables`, { key: org.apiKey })).body.contact_variables.greeting,
        name,
      );
    });
  });

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
