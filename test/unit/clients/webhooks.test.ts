// The TypeScript client's webhook verifier (clients/typescript/src/webhooks.ts) against the
// service's own signer (domain/webhooks/send.ts): what the service signs verifies, with either
// secret during a rotation; a wrong secret, another body, an old timestamp or a missing header do not.
import assert from 'node:assert/strict';
import { signatureHeaders } from '../../../domain/webhooks/send.ts';
import { generateWebhookSecret } from '../../../domain/webhooks/secrets.ts';
import { verifyWebhook } from '../../../clients/typescript/src/webhooks.ts';

describe('TypeScript client: verifyWebhook', () => {
  const secret = generateWebhookSecret();
  const body = JSON.stringify({ type: 'sequence.created', contact_id: 'c1', note: 'é ✓' });
  const at = new Date('2026-03-01T12:00:00Z');
  const headers = signatureHeaders([secret], 'msg_1', at, body);

  it('when a delivery signed by the service is verified with its secret, then its payload comes back, from a string, bytes or Headers', () => {
    assert.deepEqual(verifyWebhook(secret, body, headers, { now: at }), JSON.parse(body));
    assert.deepEqual(
      verifyWebhook(secret, new TextEncoder().encode(body), new Headers(headers), { now: at }),
      JSON.parse(body),
    );
  });

  it('when two secrets sign during a rotation, then either one verifies; a list of secrets verifies too', () => {
    const next = generateWebhookSecret();
    const rotated = signatureHeaders([next, secret], 'msg_2', at, body);
    assert.equal(rotated['webhook-signature'].split(' ').length, 2);
    for (const key of [next, secret, [generateWebhookSecret(), secret]])
      assert.deepEqual(verifyWebhook(key, body, rotated, { now: at }), JSON.parse(body));
  });

  it('when the secret, the body, the id or the signature differ, then it throws no signature matches', () => {
    const refuse = (...args: Parameters<typeof verifyWebhook>) =>
      assert.throws(() => verifyWebhook(...args), {
        name: 'WebhookVerificationError',
        message: 'no signature matches',
      });
    refuse(generateWebhookSecret(), body, headers, { now: at });
    refuse(secret, body.replace('c1', 'c2'), headers, { now: at });
    refuse(secret, body, { ...headers, 'webhook-id': 'msg_other' }, { now: at });
    refuse(secret, body, { ...headers, 'webhook-signature': 'v1,AAAA' }, { now: at });
    refuse(
      secret,
      body,
      { ...headers, 'webhook-signature': headers['webhook-signature'].replace('v1,', 'v2,') },
      { now: at },
    );
  });

  it('when the timestamp is more than the tolerance away, or a header is missing, then it throws saying which', () => {
    assert.throws(
      () => verifyWebhook(secret, body, headers, { now: new Date(at.getTime() + 301_000) }),
      /outside the tolerance/,
    );
    assert.throws(
      () => verifyWebhook(secret, body, headers, { now: new Date(at.getTime() - 301_000) }),
      /outside the tolerance/,
    );
    assert.deepEqual(
      verifyWebhook(secret, body, headers, { now: new Date(at.getTime() + 3_600_000), toleranceSeconds: 3600 }),
      JSON.parse(body),
    );
    const { 'webhook-timestamp': _dropped, ...rest } = headers;
    assert.throws(() => verifyWebhook(secret, body, rest, { now: at }), /missing webhook-timestamp header/);
    assert.throws(
      () => verifyWebhook(secret, body, { ...headers, 'webhook-timestamp': '1e9' }, { now: at }),
      /not Unix seconds/,
    );
  });
});
