// Deliveries of a subscription and their replay.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { type client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { webhooksFixture } from './fixtures.ts';

describe('webhooks', () => {
  const fx = webhooksFixture();
  const { db, create, sequenceEvent, emit } = fx;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ api, org } = fx));

  describe('deliveries and replay', () => {
    let hook: { id: string };
    const settle = (status: 'DELIVERED' | 'FAILED') => (activityId: string, tx: ReturnType<typeof db>) =>
      sql`
      UPDATE webhook_deliveries SET status = ${status}, attempts = 3, last_response_code = ${status === 'DELIVERED' ? 200 : 503}, next_attempt_at = NULL,
             lease_until = '2099-01-01T00:00:00Z', retry_workflow_id = 'wf-old-test', delivered_at = ${status === 'DELIVERED' ? new Date() : null}
       WHERE activity_id = ${activityId}`.execute(tx);
    // A later retry scheduled by the engine: PENDING, not due, so nothing picks it up during the test.
    const scheduled = (activityId: string, tx: ReturnType<typeof db>) =>
      sql`
      UPDATE webhook_deliveries SET attempts = 1, next_attempt_at = ${new Date(Date.now() + 3600_000)} WHERE activity_id = ${activityId}`.execute(
        tx,
      );
    const deliveryOf = async (activityId: string) =>
      (
        await sql<{ id: string; lease_until: string | null; retry_workflow_id: string | null }>`
      SELECT id, lease_until, retry_workflow_id FROM webhook_deliveries WHERE activity_id = ${activityId} AND subscription_id = ${hook.id}`.execute(
          db(),
        )
      ).rows[0];
    const ids: Record<string, string> = {};

    before(async () => {
      hook = (await create({ event_types: ['message.sent', 'message.replied'] })).body;
      ids.delivered = await emit(sequenceEvent('message.sent'), settle('DELIVERED'));
      ids.failed = await emit(sequenceEvent('message.replied'), settle('FAILED'));
      ids.pending = await emit(sequenceEvent('message.sent'), scheduled);
    });

    it('when listed, then newest first with every field, filterable by status', async () => {
      const response = await api.get(`/v1/webhooks/${hook.id}/deliveries`, { key: org.apiKey });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.total_count, 3);
      assert.deepEqual(
        response.body.items.map((d: { activity_id: string }) => d.activity_id),
        [ids.pending, ids.failed, ids.delivered],
      );
      const failed = response.body.items[1];
      assert.deepEqual(
        Object.keys(failed).sort(),
        [
          'activity_id',
          'attempts',
          'created_at',
          'delivered_at',
          'event_type',
          'id',
          'last_error',
          'last_response_code',
          'next_attempt_at',
          'status',
          'updated_at',
        ].sort(),
      );
      assert.match(failed.id, /^msg_/);
      assert.equal(failed.event_type, 'message.replied');
      assert.equal(failed.status, 'FAILED');
      assert.equal(failed.last_response_code, 503);
      const onlyFailed = await api.get(`/v1/webhooks/${hook.id}/deliveries?status=FAILED`, { key: org.apiKey });
      assert.deepEqual(
        onlyFailed.body.items.map((d: { activity_id: string }) => d.activity_id),
        [ids.failed],
      );
      const oldest = await api.get(`/v1/webhooks/${hook.id}/deliveries?sort_order=asc&size=1`, { key: org.apiKey });
      assert.equal(oldest.body.items[0].activity_id, ids.delivered);
      assert.equal(oldest.body.has_more, true);
    });

    it('when a DELIVERED or FAILED delivery is replayed, then 202, PENDING again under the same id, due now, released', async () => {
      for (const key of ['delivered', 'failed']) {
        const before = await deliveryOf(ids[key]);
        const started = Date.now();
        const response = await api.post(`/v1/webhooks/${hook.id}/deliveries/${before.id}/replay`, { key: org.apiKey });
        assert.equal(response.status, 202, response.text);
        assert.equal(response.body.id, before.id);
        assert.equal(response.body.status, 'PENDING');
        assert.equal(response.body.attempts, 0);
        assert.ok(Math.abs(Date.parse(response.body.next_attempt_at) - started) < 5000);
        // The dispatcher may claim it at once; what matters is that the old claim and retry run are gone.
        const after = await deliveryOf(ids[key]);
        assert.equal(after.id, before.id);
        assert.ok(after.lease_until === null || new Date(after.lease_until).getUTCFullYear() < 2099);
        assert.notEqual(after.retry_workflow_id, 'wf-old-test');
      }
    });

    it('when a PENDING delivery is replayed, then 409 CommitIssue and it is left alone', async () => {
      const pending = await deliveryOf(ids.pending);
      const response = await api.post(`/v1/webhooks/${hook.id}/deliveries/${pending.id}/replay`, { key: org.apiKey });
      assert.equal(response.status, 409);
      assert.equal(response.body.type, 'CommitIssue');
      const listed = await api.get(`/v1/webhooks/${hook.id}/deliveries?status=PENDING`, { key: org.apiKey });
      assert.equal(listed.body.items.find((d: { id: string }) => d.id === pending.id).attempts, 1);
    });

    it('when the delivery belongs to another subscription or does not exist, then 404', async () => {
      const { body: sibling } = await create({});
      const delivered = await deliveryOf(ids.delivered);
      assert.equal(
        (await api.post(`/v1/webhooks/${sibling.id}/deliveries/${delivered.id}/replay`, { key: org.apiKey })).status,
        404,
      );
      assert.equal(
        (await api.post(`/v1/webhooks/${hook.id}/deliveries/msg_${'0'.repeat(32)}/replay`, { key: org.apiKey })).status,
        404,
      );
    });
  });
});
