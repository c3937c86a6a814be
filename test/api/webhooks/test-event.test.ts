// The test endpoint: a signed test event sent to the subscription.
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { type client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { closedPortUrl, startReceiver, type Receiver } from '../../helpers/webhook-receiver.ts';
import { webhooksFixture } from './fixtures.ts';

describe('webhooks', () => {
  const fx = webhooksFixture();
  const { create, headersOf } = fx;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let receiver: Receiver;
  before(() => ({ api, org, receiver } = fx));

  describe('POST /v1/webhooks/{webhook_id}/test', () => {
    it('when the receiver answers 200, then delivered with a signed webhook.test body, not stored as a delivery', async () => {
      const { body: hook } = await create({ status: 'PAUSED' });
      const response = await api.post(`/v1/webhooks/${hook.id}/test`, { key: org.apiKey });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body, { delivered: true, error: null, status_code: 200 });
      const received = await receiver.waitFor((b) => b.type === 'webhook.test' && b.webhook_id === hook.id);
      const body = JSON.parse(received.body);
      assert.deepEqual(Object.keys(body).sort(), ['created_at', 'organization_id', 'type', 'webhook_id']);
      assert.equal(body.organization_id, org.organizationId);
      assert.match(String(received.headers['webhook-id']), /^msg_[0-9a-f]{32}$/);
      new Webhook(hook.secret).verify(received.body, headersOf(received));
      const deliveries = await api.get(`/v1/webhooks/${hook.id}/deliveries`, { key: org.apiKey });
      assert.equal(deliveries.body.total_count, 0);
    });

    it('when the receiver answers 500 or nothing listens, then not delivered, with the reason', async () => {
      const failing = await startReceiver(500);
      try {
        const { body: hook } = await create({ url: failing.url, status: 'PAUSED' });
        const response = await api.post(`/v1/webhooks/${hook.id}/test`, { key: org.apiKey });
        assert.equal(response.body.delivered, false);
        assert.equal(response.body.status_code, 500);
        assert.match(response.body.error, /500/);
      } finally {
        await failing.close();
      }
      const { body: closed } = await create({ url: await closedPortUrl(), status: 'DISABLED' });
      const response = await api.post(`/v1/webhooks/${closed.id}/test`, { key: org.apiKey });
      assert.equal(response.status, 200);
      assert.equal(response.body.delivered, false);
      assert.equal(response.body.status_code, null);
      assert.ok(response.body.error);
    });
  });
});
