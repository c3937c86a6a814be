// Webhook subscriptions of one organization are invisible to another.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { type client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { webhooksFixture } from './fixtures.ts';

describe('webhooks', () => {
  const fx = webhooksFixture();
  const { db, create, sequenceEvent, emit, markDelivered } = fx;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  before(() => ({ api, org, other } = fx));

  describe('tenant isolation', () => {
    it('when another organization uses a subscription or delivery id in any route, then 404 and nothing changes', async () => {
      const { body: hook } = await create({ name: 'Isolated', event_types: ['message.sent'] });
      const activityId = await emit(sequenceEvent('message.sent'), markDelivered());
      const { rows } = await sql<{
        id: string;
      }>`SELECT id FROM webhook_deliveries WHERE activity_id = ${activityId} AND subscription_id = ${hook.id}`.execute(
        db(),
      );
      const deliveryId = rows[0].id;
      const calls: [string, string, unknown][] = [
        ['GET', `/v1/webhooks/${hook.id}`, undefined],
        ['PATCH', `/v1/webhooks/${hook.id}`, { name: 'Stolen', status: 'DISABLED' }],
        ['DELETE', `/v1/webhooks/${hook.id}`, undefined],
        ['POST', `/v1/webhooks/${hook.id}/rotate-secret`, undefined],
        ['POST', `/v1/webhooks/${hook.id}/test`, undefined],
        ['GET', `/v1/webhooks/${hook.id}/deliveries`, undefined],
        ['POST', `/v1/webhooks/${hook.id}/deliveries/${deliveryId}/replay`, undefined],
      ];
      for (const [method, path, body] of calls) {
        const response = await api.call(method, path, { key: other.apiKey, body });
        assert.equal(response.status, 404, `${method} ${path}: ${response.text}`);
        assert.ok(!response.text.includes('Isolated'));
      }
      const still = await api.get(`/v1/webhooks/${hook.id}`, { key: org.apiKey });
      assert.equal(still.body.name, 'Isolated');
      assert.equal(still.body.status, 'ACTIVE');
      assert.equal(still.body.secret_prefix, hook.secret_prefix);
      const listed = await api.get('/v1/webhooks?size=100', { key: other.apiKey });
      assert.ok(!listed.body.items.some((h: { id: string }) => h.id === hook.id));
    });
  });
});
