// Standalone to-dos announce themselves on the real stack: create, complete, skip, reopen and the
// snooze reminder's reopen each emit their task.* event with the task embedded, the sequence
// fields null and the contact embed (null without a contact); the event is in the activity stream
// and reaches a webhook subscription for all templates, never one filtered by template (a
// sequence task of that template does reach it, as the control).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { client } from '../../helpers/http.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { insertContact, insertSequence, insertTemplate, until } from '../../helpers/sequence-fixtures.ts';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver.ts';

const TASK_EVENTS = ['task.created', 'task.completed', 'task.skipped', 'task.reopened'];

type Payload = Record<string, unknown>;

describe('to-do task events', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let receiver: Receiver;
  let templateId: string;
  let contactId: string;
  const hooks = { all: '', filtered: '' };

  before(async () => {
    ({ stack, api, org } = await apiSuite());
    receiver = await startReceiver(200);
    templateId = await insertTemplate(stack, org.organizationId, [{ type: 'CALL', delay_days: 0, body: 'Call' }], {
      senderUserId: org.userId,
      name: 'Filtered template',
    });
    contactId = await insertContact(stack, org.organizationId, {
      email: `todo-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Ada',
      companyName: 'Engines',
    });
    for (const [name, ids] of [
      ['all', null],
      ['filtered', [templateId]],
    ] as const) {
      const created = await api.post('/v1/webhooks', {
        key: org.apiKey,
        body: { name, url: receiver.url, event_types: TASK_EVENTS, sequence_template_ids: ids },
      });
      assert.equal(created.status, 201, created.text);
      hooks[name] = created.body.id;
    }
  });

  after(async () => {
    await receiver.close();
  });

  /** The task's activity of this type in GET /v1/activities (camelCased payload), with its id. */
  async function streamed(taskId: string, type: string): Promise<{ id: string; payload: Payload }> {
    const response = await api.get(`/v1/activities?types=${type}&resource_type=TASK&size=100`, { key: org.apiKey });
    assert.equal(response.status, 200, response.text);
    const found = (response.body.items as { id: string; payload: Payload }[]).filter(
      (a) => a.payload.taskId === taskId,
    );
    assert.equal(found.length, 1, `one ${type} for ${taskId} in the stream`);
    return found[0];
  }

  /** The webhook body of this type for the task, as the unfiltered subscription received it. */
  async function delivered(taskId: string, type: string): Promise<Payload> {
    const hit = await receiver.waitFor((body) => body.type === type && body.task_id === taskId, 15_000);
    return JSON.parse(hit.body) as Payload;
  }

  /** Activity ids the subscription has deliveries for. */
  async function deliveriesOf(hookId: string): Promise<string[]> {
    const response = await api.get(`/v1/webhooks/${hookId}/deliveries?size=100`, { key: org.apiKey });
    assert.equal(response.status, 200, response.text);
    return response.body.items.map((d: { activity_id: string }) => d.activity_id);
  }

  /** Checks one event of a to-do in the stream and in the unfiltered subscription's delivery; answers the activity id. */
  async function checkEvent(
    task: { id: string; contactId: string | null },
    type: string,
    status: string,
  ): Promise<{ activityId: string; payload: Payload; body: Payload }> {
    const { id: activityId, payload } = await streamed(task.id, type);
    assert.deepEqual(
      [
        payload.type,
        payload.organizationId,
        payload.sequenceId,
        payload.sequenceTemplateId,
        payload.sequenceTemplate,
        payload.resourceType,
        payload.channel,
        payload.contactId,
      ],
      [type, org.organizationId, null, null, null, 'TASK', 'MANUAL', task.contactId],
      `${type}: ${JSON.stringify(payload)}`,
    );
    assert.deepEqual(
      [(payload.task as Payload).id, (payload.task as Payload).type, (payload.task as Payload).status],
      [task.id, 'TODO', status],
      type,
    );
    if (task.contactId) {
      assert.deepEqual(
        [
          (payload.contact as Payload).id,
          (payload.contact as Payload).firstName,
          (payload.contact as Payload).companyName,
        ],
        [task.contactId, 'Ada', 'Engines'],
        type,
      );
    } else {
      assert.equal(payload.contact, null, `${type}: no contact`);
    }
    const body = await delivered(task.id, type);
    assert.deepEqual(
      [
        body.activity_id,
        body.sequence_id,
        body.sequence_template_id,
        body.sequence_template,
        body.resource_type,
        body.contact_id,
        (body.task as Payload).id,
      ],
      [activityId, null, null, null, 'TASK', task.contactId, task.id],
      `${type} webhook: ${JSON.stringify(body)}`,
    );
    assert.equal(
      task.contactId ? (body.contact as Payload).id : body.contact,
      task.contactId,
      `${type} webhook contact`,
    );
    return { activityId, payload, body };
  }

  it('when a to-do with a contact is created, completed, reopened and skipped, then each emits its task.* event with null sequence fields and the contact, streamed and delivered to the unfiltered subscription only', async () => {
    const created = await api.post('/v1/tasks', {
      key: org.apiKey,
      body: { title: 'Send the deck', due_date: '2026-12-01', contact_id: contactId },
    });
    assert.equal(created.status, 200, created.text);
    const task = { id: created.body.id as string, contactId };
    const post = async (action: string) => {
      const response = await api.post(`/v1/tasks/${task.id}/${action}`, { key: org.apiKey });
      assert.equal(response.status, 200, `${action}: ${response.text}`);
    };
    await post('complete');
    await post('reopen');
    await post('skip');

    const activityIds: string[] = [];
    const createdEvent = await checkEvent(task, 'task.created', 'PENDING');
    assert.deepEqual(
      [(createdEvent.payload.task as Payload).title, (createdEvent.payload.task as Payload).dueDate],
      ['Send the deck', '2026-12-01'],
    );
    activityIds.push(createdEvent.activityId);
    const completed = await checkEvent(task, 'task.completed', 'COMPLETED');
    assert.deepEqual(
      [completed.body.status, completed.body.completion_source, completed.body.disposition],
      ['COMPLETED', 'TASK_EXECUTION', null],
    );
    activityIds.push(completed.activityId);
    const reopened = await checkEvent(task, 'task.reopened', 'PENDING');
    assert.deepEqual([reopened.body.status, reopened.body.reopen_reason], ['PENDING', null]);
    activityIds.push(reopened.activityId);
    const skipped = await checkEvent(task, 'task.skipped', 'SKIPPED');
    assert.equal(skipped.body.status, 'SKIPPED');
    activityIds.push(skipped.activityId);

    const contactStream = await api.get(`/v1/activities?contact_id=${contactId}&sort_order=asc`, { key: org.apiKey });
    assert.deepEqual(
      contactStream.body.items.map((a: { id: string }) => a.id),
      activityIds,
      "the contact's stream, in order",
    );
    assert.deepEqual(
      (await deliveriesOf(hooks.all)).filter((id) => activityIds.includes(id)).sort(),
      [...activityIds].sort(),
    );
    assert.deepEqual(
      (await deliveriesOf(hooks.filtered)).filter((id) => activityIds.includes(id)),
      [],
      'a template-filtered subscription gets no to-do event',
    );
  });

  it('when a to-do has no contact, then its events carry contact_id and contact null', async () => {
    const created = await api.post('/v1/tasks', {
      key: org.apiKey,
      body: { title: 'Plan the quarter', due_date: '2026-12-02' },
    });
    assert.equal(created.status, 200, created.text);
    const task = { id: created.body.id as string, contactId: null };
    await checkEvent(task, 'task.created', 'PENDING');
    assert.equal((await api.post(`/v1/tasks/${task.id}/complete`, { key: org.apiKey, body: {} })).status, 200);
    await checkEvent(task, 'task.completed', 'COMPLETED');
  });

  it('when a snoozed to-do comes back, then task.reopened with REMINDER_RULE, null sequence fields and the contact, to the unfiltered subscription only', async () => {
    const created = await api.post('/v1/tasks', {
      key: org.apiKey,
      body: { title: 'Follow up', due_date: '2026-12-03', contact_id: contactId },
    });
    const task = { id: created.body.id as string, contactId };
    assert.equal((await api.post(`/v1/tasks/${task.id}/start`, { key: org.apiKey })).status, 200);
    const soon = new Date(Date.now() + 2_000).toISOString();
    const snoozed = await api.post(`/v1/tasks/${task.id}/snooze`, { key: org.apiKey, body: { snoozed_until: soon } });
    assert.equal(snoozed.status, 200, snoozed.text);
    await until(
      async () => (await api.get(`/v1/tasks/${task.id}`, { key: org.apiKey })).body.snoozed_until === null,
      20_000,
    );
    assert.equal((await api.get(`/v1/tasks/${task.id}`, { key: org.apiKey })).body.reopen_reason, 'REMINDER_RULE');
    const reopened = await checkEvent(task, 'task.reopened', 'PENDING');
    assert.deepEqual(
      [reopened.payload.reopenReason, reopened.body.reopen_reason, (reopened.body.task as Payload).reopen_reason],
      ['REMINDER_RULE', 'REMINDER_RULE', 'REMINDER_RULE'],
    );
    assert.ok(
      !(await deliveriesOf(hooks.filtered)).includes(reopened.activityId),
      'not to the template-filtered subscription',
    );
  });

  it('when a sequence task of the filtered template is completed, then both subscriptions get its task.completed (the control)', async () => {
    const sequenceContact = await insertContact(stack, org.organizationId, {
      email: `seq-${randomUUID().slice(0, 8)}@example.com`,
    });
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId: sequenceContact,
      templateId,
      senderUserId: org.userId,
    });
    const taskId = randomUUID();
    await sql`INSERT INTO tasks (id, organization_id, type, priority, status, sequence_id, contact_id, title, created_at, updated_at)
              VALUES (${taskId}, ${org.organizationId}, 'CALL', 'TODAY', 'PENDING', ${sequenceId}, ${sequenceContact}, 'Call', now(), now())`.execute(
      stack.orm.em.fork().getKysely(),
    );
    assert.equal((await api.post(`/v1/tasks/${taskId}/complete`, { key: org.apiKey })).status, 200);
    const { id: activityId, payload } = await streamed(taskId, 'task.completed');
    assert.deepEqual([payload.sequenceId, payload.sequenceTemplateId], [sequenceId, templateId]);
    assert.ok((await deliveriesOf(hooks.all)).includes(activityId));
    assert.ok((await deliveriesOf(hooks.filtered)).includes(activityId));
  });
});
