// Shared setup of the webhook subscription suites (test/api/webhooks/*.test.ts) on the real
// stack: two organizations, a receiver that records what reaches it, and helpers that create
// subscriptions and emit events.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { emitEvent, type OutboundEvent } from '../../../domain/activity/emit.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { startReceiver, type Received, type Receiver } from '../../helpers/webhook-receiver.ts';

export function webhooksFixture() {
  const fx = apiSuiteFixture<{ receiver: Receiver }>({ org: 'Webhooks Org', other: 'Webhooks Other' });

  const db = () => fx.stack.orm.em.fork().getKysely();
  const create = (body: Record<string, unknown>, key = fx.org.apiKey) =>
    fx.api.post('/v1/webhooks', {
      key,
      body: { name: 'Hook', url: fx.receiver.url, event_types: ['message.sent'], ...body },
    });
  // Subscriptions refuse unknown template ids, so the templates are real ones (made in `before`).
  const template = { id: '', name: 'Template X' };
  const newTemplate = async (name: string, key = fx.org.apiKey): Promise<string> => {
    const response = await fx.api.post('/v1/sequence-templates', { key, body: { name } });
    assert.equal(response.status, 201, response.text);
    return response.body.id;
  };

  function sequenceEvent(
    type: 'message.sent' | 'message.replied' | 'task.created',
    templateRef = template,
    organizationId = fx.org.organizationId,
  ): OutboundEvent {
    return {
      type,
      organizationId,
      contact: null,
      sequenceId: randomUUID(),
      sequenceTemplate: templateRef,
      resourceType: 'MESSAGE',
      channel: 'EMAIL',
    };
  }
  const exclusionEvent = (): OutboundEvent => ({
    type: 'contact_exclusion.created',
    organizationId: fx.org.organizationId,
    contact: null,
    fields: { exclusion_id: randomUUID(), email: 'x@y.test', linkedin_url: null, reason: 'OTHER' },
  });
  /** Emits in its own transaction; `then` runs in the same one (e.g. to play the engine's part before it can see the rows). */
  async function emit(
    event: OutboundEvent,
    then?: (activityId: string, tx: ReturnType<typeof db>) => Promise<unknown>,
  ): Promise<string> {
    return fx.stack.orm.em.fork().transactional(async (em) => {
      const { activityId } = await emitEvent(em, event);
      if (then) await then(activityId, em.getKysely());
      return activityId;
    });
  }
  async function deliveredTo(activityId: string): Promise<string[]> {
    const { rows } = await sql<{
      subscription_id: string;
    }>`SELECT subscription_id FROM webhook_deliveries WHERE activity_id = ${activityId}`.execute(db());
    return rows.map((r) => r.subscription_id).sort();
  }
  const headersOf = (r: Received) => ({
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });

  before(async () => {
    fx.receiver = await startReceiver(200);
    template.id = await newTemplate(template.name);
  });

  after(async () => {
    await fx.receiver.close();
  });

  function markDelivered() {
    return (activityId: string, tx: ReturnType<typeof db>) =>
      sql`
      UPDATE webhook_deliveries SET status = 'DELIVERED', next_attempt_at = NULL, delivered_at = ${new Date()} WHERE activity_id = ${activityId}`.execute(
        tx,
      );
  }

  return Object.assign(fx, {
    db,
    create,
    template,
    newTemplate,
    exclusionEvent,
    headersOf,
    sequenceEvent,
    emit,
    deliveredTo,
    markDelivered,
  });
}
