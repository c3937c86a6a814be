// Webhook delivery on the real stack (dispatcher workflow, retry workflows, worker, PostgreSQL):
// signed deliveries with the documented fields, a receiver that was down, paused subscriptions and a
// worker restarted mid-stream. Duplicates are tolerated only under the same webhook-id.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { emitEvent } from '../../../domain/activity/emit.ts';
import { generateWebhookSecret } from '../../../domain/webhooks/secrets.ts';
import { Webhook } from 'standardwebhooks';
import { client } from '../../helpers/http.ts';
import { until } from '../../helpers/poll.ts';
import { startReceiver } from '../../helpers/webhook-receiver.ts';
import { getStack, restartWorker, type Stack } from '../../helpers/stack.ts';
import { newOrg, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import {
  createTestSubscription,
  deliveriesOf,
  emitExclusionEvent,
  setSubscriptionStatus,
  startTarget,
  type Reply,
  type Target,
} from '../../helpers/webhook-target.ts';

/** Polls every 50 ms (30 s unless told) until `check` holds; the error names `what`. */
const waitFor = (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) =>
  until(check, { what, timeoutMs, intervalMs: 50 });

/** Every activity reached the receiver under exactly one webhook-id, and every request was signed. */
function assertExactlyOnceById(target: Target, activityIds: string[]): void {
  assert.ok(
    target.hits.every((h) => h.verified),
    'every request carries a valid signature',
  );
  const idsByActivity = new Map<string, Set<string>>();
  for (const hit of target.hits) {
    const ids = idsByActivity.get(String(hit.body.activity_id)) ?? new Set<string>();
    ids.add(hit.id);
    idsByActivity.set(String(hit.body.activity_id), ids);
  }
  for (const activityId of activityIds)
    assert.equal(idsByActivity.get(activityId)?.size, 1, `activity ${activityId} arrives under one webhook-id`);
  const delivered = new Set(target.hits.filter((h) => h.status < 300).map((h) => String(h.body.activity_id)));
  assert.deepEqual([...delivered].sort(), [...activityIds].sort());
}

describe('webhook delivery', function () {
  this.timeout(120_000);
  let stack: Stack;
  const targets: Target[] = [];

  before(async () => {
    stack = await getStack();
  });

  after(async () => {
    await Promise.all(targets.map((t) => t.close()));
  });

  async function subscribed(
    respond?: (n: number) => Reply,
  ): Promise<{ org: TestOrg; target: Target; subscriptionId: string }> {
    const org = await newOrg(stack);
    const secret = generateWebhookSecret();
    const target = await startTarget(secret, respond);
    targets.push(target);
    const { id } = await createTestSubscription(stack, org.organizationId, target.url, { secret });
    return { org, target, subscriptionId: id };
  }

  it('when a subscription is made through the API and contact exclusions are created, then a receiver gets each contact_exclusion.created, signed, with the documented fields', async () => {
    const org = await newOrg(stack);
    const api = client(stack.url);
    const receiver = await startReceiver(200);
    try {
      const subscription = await api.post('/v1/webhooks', {
        key: org.apiKey,
        body: { name: 'exclusions feed', url: receiver.url, event_types: ['contact_exclusion.created'] },
      });
      assert.equal(subscription.status, 201, subscription.text);
      const secret: string = subscription.body.secret;
      const contact = await api.post('/v1/contacts', {
        key: org.apiKey,
        body: { email: 'known@excl-e2e.test', first_name: 'Known', company_domain: 'excl-e2e.test' },
      });
      const made = [
        await api.post('/v1/contact-exclusions', {
          key: org.apiKey,
          body: { email: 'KNOWN@excl-e2e.test', reason: 'UNSUBSCRIBED' },
        }),
        await api.post('/v1/contact-exclusions', {
          key: org.apiKey,
          body: { linkedin_url: 'linkedin.com/in/stranger-e2e', reason: 'WRONG_PERSON', message: 'not our buyer' },
        }),
      ];
      assert.deepEqual(
        made.map((m) => m.status),
        [201, 201],
      );
      const verifier = new Webhook(secret);
      for (const exclusion of made) {
        const delivery = await receiver.waitFor((body) => body.exclusion_id === exclusion.body.id, 30_000);
        const payload = verifier.verify(delivery.body, delivery.headers as Record<string, string>) as Record<
          string,
          unknown
        >;
        assert.equal(payload.type, 'contact_exclusion.created');
        assert.equal(payload.organization_id, org.organizationId);
        assert.equal(payload.exclusion_id, exclusion.body.id);
        assert.equal(payload.email, exclusion.body.email);
        assert.equal(payload.linkedin_url, exclusion.body.linkedin_url);
        assert.equal(payload.reason, exclusion.body.reason);
        assert.ok(
          !('sequence_id' in payload) && !('sequence_template_id' in payload),
          'a resource event has the slim base',
        );
        assert.match(String(delivery.headers['webhook-id']), /^msg_[0-9a-f]{32}$/);
      }
      const known = JSON.parse((await receiver.waitFor((body) => body.exclusion_id === made[0].body.id)).body);
      assert.equal(known.contact_id, contact.body.id);
      assert.deepEqual(known.contact, {
        id: contact.body.id,
        first_name: 'Known',
        last_name: null,
        email: 'known@excl-e2e.test',
        linkedin_url: null,
        job_title: null,
        company_name: 'excl-e2e.test',
        company_domain: 'excl-e2e.test',
      });
      const stranger = JSON.parse((await receiver.waitFor((body) => body.exclusion_id === made[1].body.id)).body);
      assert.equal(stranger.contact_id, null);
      assert.ok(!('contact' in stranger), 'no contact embed when no contact is known');
      const deliveries = await api.get(`/v1/webhooks/${subscription.body.id}/deliveries`, { key: org.apiKey });
      assert.equal(deliveries.body.total_count, 2);
    } finally {
      await receiver.close();
    }
  });

  it('when the receiver is down for a while, then every event arrives once it is back, once per webhook-id', async () => {
    const downUntil = Date.now() + 2000;
    const { org, target } = await subscribed(() => (Date.now() < downUntil ? { status: 503 } : { status: 200 }));
    const activityIds: string[] = [];
    for (let i = 0; i < 20; i++) activityIds.push((await emitExclusionEvent(stack, org.organizationId)).activityId);
    await waitFor('every event after the outage', () => target.deliveredIds().size === activityIds.length, 45_000);
    assert.ok(
      target.hits.some((h) => h.status === 503),
      'the outage was seen',
    );
    assertExactlyOnceById(target, activityIds);
    await waitFor('rows recorded', async () => {
      const rows = (await Promise.all(activityIds.map((id) => deliveriesOf(stack, id)))).flat();
      return rows.every((r) => r.status === 'DELIVERED');
    });
    const rows = (await Promise.all(activityIds.map((id) => deliveriesOf(stack, id)))).flat();
    assert.ok(
      rows.some((r) => r.retry_workflow_id?.startsWith('webhook-delivery/')),
      'failed first attempts went to retry workflows',
    );
  });

  it('when the subscription is PAUSED, then events of that window are never delivered, and later ones are after re-activation', async () => {
    const { org, target, subscriptionId } = await subscribed();
    // One event committed in the same transaction that pauses: its delivery exists but must not go out.
    const raced = await stack.orm.em.fork().transactional(async (em) => {
      const emitted = await emitEvent(em, {
        type: 'contact_exclusion.created',
        organizationId: org.organizationId,
        contact: null,
        fields: { exclusion_id: null, email: 'raced@example.com', linkedin_url: null, reason: 'OTHER' },
      });
      await sql`UPDATE webhook_subscriptions SET status = 'PAUSED' WHERE id = ${subscriptionId}`.execute(
        em.getKysely(),
      );
      return emitted.activityId;
    });
    const during: string[] = [];
    for (let i = 0; i < 3; i++) during.push((await emitExclusionEvent(stack, org.organizationId)).activityId);
    await waitFor('the raced delivery settles', async () => (await deliveriesOf(stack, raced))[0]?.status === 'FAILED');
    assert.equal((await deliveriesOf(stack, raced))[0].last_error, 'subscription paused');
    await setSubscriptionStatus(stack, subscriptionId, 'ACTIVE');
    const later: string[] = [];
    for (let i = 0; i < 2; i++) later.push((await emitExclusionEvent(stack, org.organizationId)).activityId);
    await waitFor('the later events', () => target.deliveredIds().size === later.length);
    await sleep(500);
    assertExactlyOnceById(target, later);
    for (const id of during) assert.equal((await deliveriesOf(stack, id)).length, 0, 'nothing was queued while paused');
  });

  it('when the worker restarts mid-stream, then no event is lost', async () => {
    const { org, target } = await subscribed();
    const activityIds: string[] = [];
    const producing = (async () => {
      for (let i = 0; i < 60; i++) {
        activityIds.push((await emitExclusionEvent(stack, org.organizationId)).activityId);
        await sleep(25);
      }
    })();
    await sleep(600);
    await restartWorker();
    await producing;
    await waitFor('every event after the restart', () => target.deliveredIds().size === activityIds.length, 60_000);
    assertExactlyOnceById(target, activityIds);
  });
});
