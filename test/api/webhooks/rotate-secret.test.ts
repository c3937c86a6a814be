// Secret rotation: two live signatures until the old secret expires.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { SecretBox } from '../../../domain/webhooks/secrets.ts';
import { liveSecrets } from '../../../domain/webhooks/subscriptions.service.ts';
import { type client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { startReceiver } from '../../helpers/webhook-receiver.ts';
import { webhooksFixture } from './fixtures.ts';

describe('webhooks', () => {
  const fx = webhooksFixture();
  const { db, create, headersOf } = fx;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ api, org } = fx));

  describe('POST /v1/webhooks/{webhook_id}/rotate-secret', () => {
    it('when rotated, then a new secret, and a delivery carries two signatures that verify with the old and the new secret', async () => {
      const own = await startReceiver(200);
      try {
        // PAUSED: the test endpoint works whatever the status, and no event delivery reaches this short-lived receiver.
        const { body: hook } = await create({ url: own.url, status: 'PAUSED' });
        const rotated = await api.post(`/v1/webhooks/${hook.id}/rotate-secret`, { key: org.apiKey });
        assert.equal(rotated.status, 200, rotated.text);
        assert.match(rotated.body.secret, /^whsec_/);
        assert.notEqual(rotated.body.secret, hook.secret);
        assert.equal(rotated.body.secret_prefix, rotated.body.secret.slice(0, 12));
        assert.equal(rotated.body.id, hook.id);
        const { rows } = await sql<{
          previous_secret_expires_at: string;
        }>`SELECT previous_secret_expires_at FROM webhook_subscriptions WHERE id = ${hook.id}`.execute(db());
        const overlap = Date.parse(rows[0].previous_secret_expires_at) - Date.now();
        assert.ok(overlap > 23.9 * 3600_000 && overlap <= 24 * 3600_000, `old secret lives 24 h, got ${overlap} ms`);

        const test = await api.post(`/v1/webhooks/${hook.id}/test`, { key: org.apiKey });
        assert.equal(test.body.delivered, true, test.text);
        const received = await own.waitFor((b) => b.type === 'webhook.test');
        const signatures = String(received.headers['webhook-signature']).split(' ');
        assert.equal(signatures.length, 2);
        for (const secret of [rotated.body.secret, hook.secret]) {
          const verified = new Webhook(secret).verify(received.body, headersOf(received));
          assert.equal((verified as { webhook_id: string }).webhook_id, hook.id);
        }
        assert.throws(() =>
          new Webhook(`whsec_${Buffer.from('someone else').toString('base64')}`).verify(
            received.body,
            headersOf(received),
          ),
        );
      } finally {
        await own.close();
      }
    });

    it('when the previous secret has expired, then only the current one signs', () => {
      const box = new SecretBox('unit key');
      const row = {
        secretCiphertext: box.encrypt('whsec_bmV3'),
        previousSecretCiphertext: box.encrypt('whsec_b2xk'),
        previousSecretExpiresAt: new Date('2026-01-02T00:00:00Z'),
      };
      assert.deepEqual(liveSecrets(row, box, new Date('2026-01-01T23:59:59Z')), ['whsec_bmV3', 'whsec_b2xk']);
      assert.deepEqual(liveSecrets(row, box, new Date('2026-01-02T00:00:00Z')), ['whsec_bmV3']);
      assert.deepEqual(
        liveSecrets({ ...row, previousSecretCiphertext: null, previousSecretExpiresAt: null }, box, new Date()),
        ['whsec_bmV3'],
      );
    });
  });
});
