// The activity stream over HTTP: events written with emitEvent are read back camelCased, filtered,
// newest first, and never across organizations (docs/api/activity.md).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { emitEvent, type OutboundEvent } from '../../../domain/activity/emit.ts';
import type { ContactSummary } from '../../../domain/people/records.ts';
import { client } from '../../helpers/http.ts';
import { newKey, newOrg, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('activities', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  const ids: Record<string, string> = {};
  const contact: ContactSummary = {
    id: randomUUID(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@analytical.test',
    linkedin_url: null,
    job_title: 'Engineer',
    company_name: 'Analytical',
    company_domain: 'analytical.test',
  };
  const templateA = { id: randomUUID(), name: 'Outbound A' };
  const templateB = { id: randomUUID(), name: 'Outbound B' };
  const sequenceA = randomUUID();
  const sequenceB = randomUUID();
  const messageId = randomUUID();
  const sentAt = '2026-11-20T10:00:00.000Z';

  async function emit(event: OutboundEvent): Promise<string> {
    const { activityId } = await stack.orm.em.fork().transactional((em) => emitEvent(em, event));
    await sleep(5); // distinct milliseconds, so the order is the emission order
    return activityId;
  }
  const list = (query = '', key = org.apiKey) => api.get(`/v1/activities${query}`, { key });
  const listIds = async (query = '') => {
    const response = await list(query);
    assert.equal(response.status, 200, response.text);
    return response.body.items.map((a: { id: string }) => a.id);
  };

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Activities Org');
    other = await newOrg(stack, 'Activities Other');
    ids.sent = await emit({
      type: 'message.sent',
      organizationId: org.organizationId,
      contact,
      sequenceId: sequenceA,
      sequenceTemplate: templateA,
      resourceType: 'MESSAGE',
      channel: 'EMAIL',
      messageId,
      embeds: {
        message: {
          id: messageId,
          subject: 'Hello',
          body: 'Hi {first_name}_x',
          channel: 'EMAIL',
          direction: 'OUTBOUND',
          sent_at: sentAt,
          step_number: 1,
        },
      },
    });
    ids.invitation = await emit({
      type: 'invitation.sent',
      organizationId: org.organizationId,
      contact,
      sequenceId: sequenceA,
      sequenceTemplate: templateA,
      resourceType: 'INVITATION',
      channel: 'LINKEDIN',
    });
    ids.task = await emit({
      type: 'task.created',
      organizationId: org.organizationId,
      contact: null,
      sequenceId: sequenceB,
      sequenceTemplate: templateB,
      resourceType: 'TASK',
      channel: 'MANUAL',
      taskId: randomUUID(),
      embeds: { task: { id: randomUUID(), type: 'CALL' } },
    });
    ids.exclusion = await emit({
      type: 'contact_exclusion.created',
      organizationId: org.organizationId,
      contact,
      fields: { exclusion_id: randomUUID(), email: contact.email, linkedin_url: null, reason: 'UNSUBSCRIBED' },
    });
    ids.foreign = await emit({
      type: 'message.sent',
      organizationId: other.organizationId,
      contact: null,
      sequenceId: randomUUID(),
      sequenceTemplate: templateA,
      resourceType: 'MESSAGE',
      channel: 'EMAIL',
    });
  });

  describe('GET /v1/activities/{activity_id}', () => {
    it('when an activity is read, then payload keys are camelCased at every depth and values are untouched', async () => {
      const response = await api.get(`/v1/activities/${ids.sent}`, { key: org.apiKey });
      assert.equal(response.status, 200, response.text);
      const { id, created_at, payload } = response.body;
      assert.equal(id, ids.sent);
      assert.ok(!Number.isNaN(Date.parse(created_at)));
      assert.deepEqual(Object.keys(response.body).sort(), ['created_at', 'id', 'payload']);
      assert.equal(payload.type, 'message.sent');
      assert.equal(payload.organizationId, org.organizationId);
      assert.equal(payload.contactId, contact.id);
      assert.equal(payload.sequenceId, sequenceA);
      assert.equal(payload.sequenceTemplateId, templateA.id);
      assert.equal(payload.resourceType, 'MESSAGE');
      assert.equal(payload.channel, 'EMAIL');
      assert.equal(payload.messageId, messageId);
      assert.equal(payload.hotLeadId, null);
      assert.equal(payload.calendarEventId, null);
      assert.equal(payload.taskId, null);
      assert.deepEqual(payload.contact, {
        id: contact.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@analytical.test',
        linkedinUrl: null,
        jobTitle: 'Engineer',
        companyName: 'Analytical',
        companyDomain: 'analytical.test',
      });
      assert.deepEqual(payload.sequenceTemplate, templateA);
      assert.deepEqual(payload.message, {
        id: messageId,
        subject: 'Hello',
        body: 'Hi {first_name}_x',
        channel: 'EMAIL',
        direction: 'OUTBOUND',
        sentAt,
        stepNumber: 1,
      });
      assert.ok(!JSON.stringify(payload).match(/"[a-z]+_[a-z_]+":/), 'no snake_case key left');
    });

    it('when the stored payload is compared, then it stays snake_case (the webhook body)', async () => {
      const { rows } = await sql<{
        payload: Record<string, unknown>;
      }>`SELECT payload FROM activities WHERE id = ${ids.sent}`.execute(stack.orm.em.fork().getKysely());
      assert.equal(rows[0].payload.organization_id, org.organizationId);
      assert.equal((rows[0].payload.message as Record<string, unknown>).sent_at, sentAt);
    });

    it('when another organization reads the activity, then 404', async () => {
      const response = await api.get(`/v1/activities/${ids.sent}`, { key: other.apiKey });
      assert.equal(response.status, 404);
      assert.equal(response.body.type, 'NotFoundIssue');
      assert.ok(!response.text.includes('Lovelace'));
    });

    it('when the id is not a uuid, then 400 naming activity_id', async () => {
      const response = await api.get('/v1/activities/nope', { key: org.apiKey });
      assert.equal(response.status, 400);
      assert.equal(response.body.data.errors[0].path, 'activity_id');
    });
  });

  describe('GET /v1/activities', () => {
    it('when listed without options, then newest first, in the envelope, only this organization', async () => {
      const response = await list();
      assert.equal(response.status, 200);
      assert.deepEqual(
        response.body.items.map((a: { id: string }) => a.id),
        [ids.exclusion, ids.task, ids.invitation, ids.sent],
      );
      assert.equal(response.body.total_count, 4);
      assert.equal(response.body.total_pages, 1);
      assert.equal(response.body.has_more, false);
      assert.equal(response.body.items[0].payload.exclusionId !== undefined, true, 'list items are camelCased too');
    });

    it('when sort_order=asc, then oldest first; pages split the same order', async () => {
      assert.deepEqual(await listIds('?sort_order=asc'), [ids.sent, ids.invitation, ids.task, ids.exclusion]);
      const second = await list('?size=3&page=2');
      assert.deepEqual(
        second.body.items.map((a: { id: string }) => a.id),
        [ids.sent],
      );
      assert.equal(second.body.total_count, 4);
      assert.equal(second.body.has_more, false);
      assert.equal((await list('?size=3')).body.has_more, true);
    });

    it('when filtered by contact, sequence, template, resource type or channel, then only matching activities', async () => {
      assert.deepEqual(await listIds(`?contact_id=${contact.id}`), [ids.exclusion, ids.invitation, ids.sent]);
      assert.deepEqual(await listIds(`?sequence_id=${sequenceA}`), [ids.invitation, ids.sent]);
      assert.deepEqual(await listIds(`?sequence_template_id=${templateB.id}`), [ids.task]);
      assert.deepEqual(await listIds('?resource_type=INVITATION'), [ids.invitation]);
      assert.deepEqual(await listIds('?channel=MANUAL'), [ids.task]);
      assert.deepEqual(await listIds(`?channel=EMAIL&sequence_id=${sequenceA}`), [ids.sent]);
    });

    it('when types is given once or repeated, then any of those types', async () => {
      assert.deepEqual(await listIds('?types=task.created'), [ids.task]);
      assert.deepEqual(await listIds('?types=message.sent&types=contact_exclusion.created'), [ids.exclusion, ids.sent]);
    });

    it('when created_after / created_before are given, then strictly after / before', async () => {
      const all = (await list('?sort_order=asc')).body.items as { id: string; created_at: string }[];
      assert.deepEqual(await listIds(`?created_after=${encodeURIComponent(all[1].created_at)}`), [
        ids.exclusion,
        ids.task,
      ]);
      assert.deepEqual(await listIds(`?created_before=${encodeURIComponent(all[1].created_at)}`), [ids.sent]);
      assert.deepEqual(
        await listIds(
          `?created_after=${encodeURIComponent(all[0].created_at)}&created_before=${encodeURIComponent(all[3].created_at)}`,
        ),
        [ids.task, ids.invitation],
      );
    });

    it('when a filter value is invalid, then 400 naming it', async () => {
      for (const [query, path] of [
        ['?types=message.unknown', 'types[0]'],
        ['?contact_id=x', 'contact_id'],
        ['?resource_type=EMAIL', 'resource_type'],
        ['?channel=FAX', 'channel'],
        ['?created_after=yesterday', 'created_after'],
        ['?sort_by=type', 'sort_by'],
      ]) {
        const response = await list(query);
        assert.equal(response.status, 400, query);
        assert.equal(response.body.data.errors[0].path, path, query);
      }
    });

    it('when the key lacks activities:read, then 403', async () => {
      const key = await newKey(stack, org.organizationId, ['contacts:read']);
      const response = await list('', key.api_key);
      assert.equal(response.status, 403);
      assert.equal(response.body.data.required_scope, 'activities:read');
    });

    it('when another organization lists, then it sees only its own activity', async () => {
      const response = await list('', other.apiKey);
      assert.deepEqual(
        response.body.items.map((a: { id: string }) => a.id),
        [ids.foreign],
      );
    });
  });
});
