// Engagement on the real stack, replies and bounces through the sandbox test helpers: a reply
// "not interested" or "unsubscribe" ends the run (the latter with an exclusion), a bounce marks the
// contact, a question leaves the run WAITING_FOR_USER until the team answers its task (then
// WAITING_FOR_LEAD), also when paused; message embeds carry step_number.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { eventsOf, sequenceRow } from '../../helpers/sequence-fixtures.ts';
import { engagementFixture } from './fixtures.ts';

describe('engagement API: replies and bounces', function () {
  this.timeout(60_000);
  const fx = engagementFixture();
  const { db, emailed, stop } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  it('when the test helper replies "not interested", then 200 with the INBOUND message and the run FAILED; a reply to the INBOUND message is 422', async () => {
    const run = await emailed();
    const replied = await api.post(`/v1/test-helpers/messages/${run.messageId}/reply`, {
      key: org.apiKey,
      body: { body: 'No thanks, not interested.' },
    });
    assert.equal(replied.status, 200, replied.text);
    assert.deepEqual(
      [
        replied.body.reply_category,
        replied.body.task_id,
        replied.body.message.direction,
        replied.body.message.in_reply_to_id,
        replied.body.message.subject,
      ],
      ['NOT_INTERESTED', null, 'INBOUND', run.messageId, 'Re: Hi'],
    );
    assert.deepEqual(
      [replied.body.sequence.status, replied.body.sequence.stopped_reason],
      ['FAILED', 'NOT_INTERESTED'],
    );
    await stack.temporal.workflow.getHandle(sequenceWorkflowId(run.sequenceId)).result();
    const again = await api.post(`/v1/test-helpers/messages/${replied.body.message.id}/reply`, {
      key: org.apiKey,
      body: { body: 'x' },
    });
    assert.deepEqual([again.status, again.body.type], [422, 'BusinessIssue']);
    const empty = await api.post(`/v1/test-helpers/messages/${run.messageId}/reply`, {
      key: org.apiKey,
      body: { body: '' },
    });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.data.errors[0].path, 'body');
  });

  it('when the test helper replies "unsubscribe", then the contact is excluded UNSUBSCRIBED and the run FAILED', async () => {
    const run = await emailed();
    const replied = await api.post(`/v1/test-helpers/messages/${run.messageId}/reply`, {
      key: org.apiKey,
      body: { body: 'Please remove me from your list.' },
    });
    assert.deepEqual(
      [replied.status, replied.body.reply_category, replied.body.sequence.stopped_reason],
      [200, 'UNSUBSCRIBE', 'UNSUBSCRIBED'],
    );
    const { rows } = await sql<{
      reason: string;
    }>`SELECT c.reason FROM contact_exclusions c JOIN contacts p ON p.email = c.email WHERE p.id = ${run.contactId}`.execute(
      db(),
    );
    assert.deepEqual(
      rows.map((r) => r.reason),
      ['UNSUBSCRIBED'],
    );
  });

  it('when the test helper bounces an email, then the message is bounced, the contact BOUNCED and the run FAILED; opening a LinkedIn message is 422', async () => {
    const run = await emailed();
    const bounced = await api.post(`/v1/test-helpers/messages/${run.messageId}/bounce`, { key: org.apiKey });
    assert.equal(bounced.status, 200, bounced.text);
    assert.ok(bounced.body.message.bounced_at);
    assert.deepEqual([bounced.body.sequence.status, bounced.body.sequence.stopped_reason], ['FAILED', 'BOUNCED']);
    const contact = await api.get(`/v1/contacts/${run.contactId}`, { key: org.apiKey });
    assert.equal(contact.body.email_status, 'BOUNCED');

    const linkedin = await emailed(
      [
        { type: 'LINKEDIN_MESSAGE', delay_days: 0, body: 'Hi' },
        { type: 'EMAIL', delay_days: 3, subject: 'x', body: 'x' },
      ],
      { linkedinUrl: `https://www.linkedin.com/in/eng-${randomUUID().slice(0, 8)}` },
    );
    const open = await api.post(`/v1/test-helpers/messages/${linkedin.messageId}/open`, { key: org.apiKey });
    assert.deepEqual([open.status, open.body.type], [422, 'BusinessIssue']);
    const reply = await api.post(`/v1/test-helpers/messages/${linkedin.messageId}/reply`, {
      key: org.apiKey,
      body: { body: 'What is this about?' },
    });
    assert.deepEqual(
      [reply.status, reply.body.reply_category, reply.body.sequence.status],
      [200, 'OTHER', 'WAITING_FOR_USER'],
    );
    const { rows } = await sql<{ type: string }>`SELECT type FROM tasks WHERE id = ${reply.body.task_id}`.execute(db());
    assert.equal(rows[0].type, 'LINKEDIN_REPLY');
    await stop(linkedin.sequenceId);
  });

  it('when the contact asks a question, then the run is WAITING_FOR_USER with the reply task (listed by that status), WAITING_FOR_LEAD once the team answers, and every message carries its step_number', async () => {
    const run = await emailed();
    const replied = await api.post(`/v1/test-helpers/messages/${run.messageId}/reply`, {
      key: org.apiKey,
      body: { body: 'Could you send the deck?' },
    });
    assert.equal(replied.status, 200, replied.text);
    assert.deepEqual(
      [replied.body.reply_category, replied.body.sequence.status, replied.body.message.step_number],
      ['OTHER', 'WAITING_FOR_USER', 1],
    );
    const listed = async (status: string) =>
      (await api.get(`/v1/sequences?status=${status}&contact_id=${run.contactId}`, { key: org.apiKey })).body.items.map(
        (x: { id: string }) => x.id,
      );
    assert.deepEqual([await listed('WAITING_FOR_USER'), await listed('WAITING_FOR_LEAD')], [[run.sequenceId], []]);

    const answered = await api.post(`/v1/tasks/${replied.body.task_id}/execute`, {
      key: org.apiKey,
      body: { payload: { type: 'email_reply', body: 'Here it is.' } },
    });
    assert.equal(answered.status, 200, answered.text);
    assert.deepEqual([answered.body.sequence.status, answered.body.message.step_number], ['WAITING_FOR_LEAD', 1]);
    assert.deepEqual([await listed('WAITING_FOR_USER'), await listed('WAITING_FOR_LEAD')], [[], [run.sequenceId]]);

    // The contact answers the team's reply: the same step, and the run waits for the user again.
    const again = await api.post(`/v1/test-helpers/messages/${answered.body.message.id}/reply`, {
      key: org.apiKey,
      body: { body: 'Thanks, what about pricing?' },
    });
    assert.deepEqual(
      [again.status, again.body.sequence.status, again.body.message.step_number],
      [200, 'WAITING_FOR_USER', 1],
      again.text,
    );
    assert.ok(again.body.task_id);

    const events = (await eventsOf(stack, run.sequenceId)).filter((e) => e.payload.message);
    assert.deepEqual(
      events.map((e) => [
        e.type,
        (e.payload.message as { direction: string }).direction,
        (e.payload.message as { step_number: unknown }).step_number,
      ]),
      [
        ['message.sent', 'OUTBOUND', 1],
        ['message.replied', 'INBOUND', 1],
        ['message.sent', 'OUTBOUND', 1],
        ['message.replied', 'INBOUND', 1],
      ],
    );
    const messages = await api.get(`/v1/messages?sequence_id=${run.sequenceId}&sort_order=asc`, { key: org.apiKey });
    assert.deepEqual(
      messages.body.items.map((m: { step_number: unknown }) => m.step_number),
      [1, 1, 1, 1],
      messages.text,
    );
    await stop(run.sequenceId);
  });

  it("when a paused run gets a reply, then it stays paused, its resume restores WAITING_FOR_USER, and the team's answer makes it WAITING_FOR_LEAD", async () => {
    const run = await emailed();
    const pausedUntil = '2099-01-01T00:00:00.000Z';
    assert.equal(
      (
        await api.post(`/v1/sequences/${run.sequenceId}/pause`, {
          key: org.apiKey,
          body: { paused_until: pausedUntil },
        })
      ).status,
      200,
    );
    const replied = await api.post(`/v1/test-helpers/messages/${run.messageId}/reply`, {
      key: org.apiKey,
      body: { body: 'Who gave you my address?' },
    });
    assert.deepEqual(
      [replied.status, replied.body.sequence.status, replied.body.sequence.paused_until],
      [200, 'WAITING_FOR_USER', pausedUntil],
      replied.text,
    );
    assert.equal((await sequenceRow(stack, run.sequenceId)).status_before_pause, 'WAITING_FOR_USER');
    const resumed = await api.post(`/v1/sequences/${run.sequenceId}/resume`, { key: org.apiKey });
    assert.deepEqual(
      [resumed.status, resumed.body.status, resumed.body.paused_until],
      [200, 'WAITING_FOR_USER', null],
      resumed.text,
    );
    const answered = await api.post(`/v1/tasks/${replied.body.task_id}/execute`, {
      key: org.apiKey,
      body: { payload: { type: 'email_reply', body: 'From your website.' } },
    });
    assert.deepEqual([answered.status, answered.body.sequence.status], [200, 'WAITING_FOR_LEAD'], answered.text);
    await stop(run.sequenceId);
  });
});
