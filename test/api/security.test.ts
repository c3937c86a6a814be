// Security review regressions on the real stack (docs/security-review.md): an Idempotency-Key replay must not
// hand a stored response (here a webhook signing secret) to a key of the same organization that
// lacks the route's scope, nor keep it in plaintext at rest; and webhook URLs that hide an internal
// address are refused.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { apiSuite, newKey, type TestOrg } from '../helpers/fixtures.ts';
import type { client } from '../helpers/http.ts';
import type { Stack } from '../helpers/stack.ts';

describe('security review', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => {
    ({ stack, api, org } = await apiSuite());
  });

  it("when a key without webhooks:write repeats another key's Idempotency-Key and body, then it gets 403 and never the stored secret", async () => {
    const body = { name: 'Hook', url: 'https://hooks.example.com/in', event_types: ['message.sent'], status: 'PAUSED' };
    const headers = { 'Idempotency-Key': `idem-${randomUUID()}` };
    const created = await api.post('/v1/webhooks', { key: org.apiKey, body, headers });
    assert.equal(created.status, 201, created.text);
    assert.match(created.body.secret, /^whsec_/);

    const reader = await newKey(stack, org.organizationId, ['contacts:read']);
    const replay = await api.post('/v1/webhooks', { key: reader.api_key, body, headers });
    assert.equal(replay.status, 403, replay.text);
    assert.equal(replay.body.type, 'UnauthorizedIssue');
    assert.ok(!replay.text.includes(created.body.secret), 'the secret must not be replayed to a key without the scope');

    // The owner's retry still replays its own answer, byte for byte.
    const again = await api.post('/v1/webhooks', { key: org.apiKey, body, headers });
    assert.equal(again.status, 201);
    assert.equal(again.text, created.text);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');

    // The stored answer is sealed at rest: the secret is not in the table in plaintext.
    const { rows } = await sql<{ response_body: string }>`
      SELECT response_body FROM idempotency_keys WHERE organization_id = ${org.organizationId} AND key = ${headers['Idempotency-Key']}`.execute(
      stack.orm.em.fork().getKysely(),
    );
    assert.equal(rows.length, 1);
    assert.match(rows[0].response_body, /^v1\./);
    assert.ok(!rows[0].response_body.includes(created.body.secret));
  });

  it('when a webhook URL hides a loopback, private or metadata address, then it is refused naming url', async () => {
    // The test stack allows loopback (WEBHOOK_ALLOW_HTTP_LOOPBACK), so loopback spellings are covered
    // by test/unit/security.test.ts under the production policy; these hide non-loopback addresses.
    for (const url of [
      'https://[::127.0.0.1]/hook',
      'https://[64:ff9b::a9fe:a9fe]/hook',
      'https://[2002:a00:1::]/hook',
      'https://[::ffff:169.254.169.254]/hook',
      'https://0xa9.254.169.254/hook',
    ]) {
      const response = await api.post('/v1/webhooks', {
        key: org.apiKey,
        body: { name: 'Hook', url, event_types: ['message.sent'] },
      });
      assert.equal(response.status, 400, `${url}: ${response.text}`);
      assert.equal(response.body.data.errors[0].path, 'url');
    }
  });
});
