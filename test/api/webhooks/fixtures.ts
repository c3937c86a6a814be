// Shared setup of the webhook subscription suites (test/api/webhooks/*.test.ts) on the real
// stack: two organizations, a receiver that records what reaches it, and helpers that create
// subscriptions and emit events.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { emitEvent, type OutboundEvent } from '../../../domain/activity/emit.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { startReceiver, type Received, type Receiver } from '../../helpers/webhook-receiver.ts';

export function webhooksFixture() {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let receiver: Receiver;

  const db = () => stack.orm.em.fork().getKysely();
  const create = (body: Record<string, unknown>, key = org.apiKey) => api.post('/v1/webhooks', { key, body: { name: 'Hook', url: receiver.url, event_types: ['message.sent'], ...body } });
  // Subscriptions refuse unknown template ids, so the templates are real ones (made in `before`).
  const template = { id: '', name: 'Template X' };
  const newTemplate = async (name: string, key = org.apiKey): Promise<string> => {
    const response = await api.post('/v1/sequence-templates', { key, body: { name } });
    assert.equal(response.status, 201, response.text);
    return response.body.id;
  };

  function sequenceEvent(type: 'message.sent' | 'message.replied' | 'task.created', templateRef = template, organizationId = org.organizationId): OutboundEvent {
    return { type, organizationId, contact: null, sequenceId: randomUUID(), sequenceTemplate: templateRef, resourceType: 'MESSAGE', channel: 'EMAIL' };
  }
  const exclusionEvent = (): OutboundEvent => ({
    type: 'contact_exclusion.created', organizationId: org.organizationId, contact: null, fields: { exclusion_id: randomUUID(), email: 'x@y.test', linkedin_url: null, reason: 'OTHER' },
  });
  /** Emits in its own transaction; `then` runs in the same one (e.g. to play the engine's part before it can see the rows). */
  async function emit(event: OutboundEvent, then?: (activityId: string, tx: ReturnType<typeof db>) => Promise<unknown>): Promise<string> {
    return stack.orm.em.fork().transactional(async (em) => {
      const { activityId } = await emitEvent(em, event);
      if (then) await then(activityId, em.getKysely());
      return activityId;
    });
  }
  async function deliveredTo(activityId: string): Promise<string[]> {
    const { rows } = await sql<{ subscription_id: string }>`SELECT subscription_id FROM webhook_deliveries WHERE activity_id = ${activityId}`.execute(db());
    return rows.map((r) => r.subscription_id).sort();
  }
  const headersOf = (r: Received) => ({
    'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']),
  });

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Webhooks Org');
    other = await newOrg(stack, 'Webhooks Other');
    receiver = await startReceiver(200);
    template.id = await newTemplate(template.name);
  });

  after(async () => {
    await receiver.close();
  });

  function markDelivered() {
    return (activityId: string, tx: ReturnType<typeof db>) => sql`
      UPDATE webhook_deliveries SET status = 'DELIVERED', next_attempt_at = NULL, delivered_at = ${new Date()} WHERE activity_id = ${activityId}`.execute(tx);
  }

  return {
    get stack() { return stack; },
    get api() { return api; },
    get org() { return org; },
    get other() { return other; },
    get receiver() { return receiver; },
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
  };
}
