// Which events reach which subscription (emitEvent).
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { OutboundEvent } from '../../../domain/activity/emit.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { webhooksFixture } from './fixtures.ts';

describe('webhooks', () => {
  const fx = webhooksFixture();
  const { db, create, template, newTemplate, exclusionEvent, sequenceEvent, emit, deliveredTo } = fx;
  let stack: Stack;
  let other: TestOrg;
  before(() => ({ stack, other } = fx));

  describe('which events reach which subscription (emitEvent)', () => {
    let matcher: TestOrg;
    const make = async (body: Record<string, unknown>) => (await create(body, matcher.apiKey)).body.id as string;
    const emitFor = (event: OutboundEvent) => emit({ ...event, organizationId: matcher.organizationId });

    before(async () => {
      matcher = await newOrg(stack, 'Webhooks Matcher');
    });

    it('when an event is emitted, then only ACTIVE subscriptions subscribed to its type get a delivery', async () => {
      const active = await make({ event_types: ['message.sent'] });
      const otherType = await make({ event_types: ['message.replied'] });
      const paused = await make({ event_types: ['message.sent'], status: 'PAUSED' });
      const disabled = await make({ event_types: ['message.sent'], status: 'DISABLED' });
      const activityId = await emitFor(sequenceEvent('message.sent'));
      const reached = await deliveredTo(activityId);
      assert.deepEqual(reached, [active]);
      assert.ok(![otherType, paused, disabled].some((id) => reached.includes(id)));
      const { rows } = await sql<{
        event_type: string;
        status: string;
      }>`SELECT event_type, status FROM webhook_deliveries WHERE activity_id = ${activityId}`.execute(db());
      assert.equal(rows[0].event_type, 'message.sent');
    });

    it('when a subscription is created, then it gets only events emitted after it', async () => {
      const earlier = await emitFor(sequenceEvent('task.created'));
      const late = await make({ event_types: ['task.created'] });
      const later = await emitFor(sequenceEvent('task.created'));
      assert.ok(!(await deliveredTo(earlier)).includes(late));
      assert.ok((await deliveredTo(later)).includes(late));
    });

    it('when sequence_template_ids is set, then sequence events of those templates only, and no resource events', async () => {
      const templateX = { id: await newTemplate('Template X', matcher.apiKey), name: 'Template X' };
      const templateY = { id: await newTemplate('Template Y', matcher.apiKey), name: 'Template Y' };
      const all = await make({ event_types: ['message.replied', 'contact_exclusion.created'] });
      const onlyX = await make({
        event_types: ['message.replied', 'contact_exclusion.created'],
        sequence_template_ids: [templateX.id],
      });
      const onlyY = await make({
        event_types: ['message.replied', 'contact_exclusion.created'],
        sequence_template_ids: [templateY.id],
      });
      // Subscriptions of the earlier tests of this organization may match too: look at these three only.
      const among = async (activityId: string) =>
        (await deliveredTo(activityId)).filter((id) => [all, onlyX, onlyY].includes(id));
      const fromX = await emitFor(sequenceEvent('message.replied', templateX));
      assert.deepEqual(await among(fromX), [all, onlyX].sort());
      const resource = await emitFor(exclusionEvent());
      assert.deepEqual(await among(resource), [all]);
    });

    it('when another organization emits, then no subscription here gets it', async () => {
      const mine = await make({ event_types: ['message.sent'] });
      const foreign = await emit(sequenceEvent('message.sent', template, other.organizationId));
      assert.ok(!(await deliveredTo(foreign)).includes(mine));
    });
  });
});
