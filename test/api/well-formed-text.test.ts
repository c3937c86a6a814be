// Well-formed text at the edge over real HTTP, in request bodies: strict UTF-8 (bytes that are not
// UTF-8 refused naming (body)), lone surrogates named wherever they stand (top-level fields, nested
// values and keys, array items) with nothing stored, and emoji, marks and escaped pairs kept
// exactly. Compressed bodies, queries and the parser's refusals: well-formed-requests.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TestOrg } from '../helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from '../helpers/sequence-fixtures.ts';
import type { client } from '../helpers/http.ts';
import type { Stack } from '../helpers/stack.ts';
import { assertRefused, LONE, wellFormedFixture } from '../helpers/well-formed.ts';

describe('well-formed text at the edge: bodies', () => {
  const fx = wellFormedFixture();
  const { send, db, count } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

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
});
