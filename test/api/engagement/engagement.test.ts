// Engagement on the real stack: the tracking pixel and click redirect of a real run's email (signed
// tokens, no open redirect), and the sandbox test helpers (reply, bounce, meeting, LinkedIn
// acceptance) with their answers, errors and events; the helpers exist only in sandbox mode. A reply
// leaves the run WAITING_FOR_USER until the team answers its task; message embeds carry step_number.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { pino } from 'pino';
import { createApp } from '../../../api/app.ts';
import { KeyStore } from '../../../api/key-store.ts';
import { createProviders } from '../../../providers/index.ts';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../../workflows/sequence.definitions.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import {
  eventsOf,
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
  type StepSpec,
} from '../../helpers/sequence-fixtures.ts';

describe('engagement API', function () {
  this.timeout(60_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => ({ stack, api, org } = await apiSuite()));

  /** A running sequence (EMAIL now, a step days away) that sent its first email; the message id and the stored email's parts. */
  async function emailed(
    steps: StepSpec[] = [
      {
        type: 'EMAIL',
        delay_days: 0,
        subject: 'Hi',
        body: 'Hi {{first_name}}, read https://example.com/a?b=1&c=2. Or https://example.org/x',
      },
      { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Again' },
    ],
    contact: { linkedinUrl?: string } = {},
  ) {
    const email = `eng-${randomUUID().slice(0, 8)}@example.com`;
    const contactId = await insertContact(stack, org.organizationId, { email, firstName: 'Ada', ...contact });
    const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId,
      senderUserId: org.userId,
    });
    const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
    await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: stack.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
    await until(async () => (await messagesOf(stack, sequenceId)).length === 1);
    const [message] = await messagesOf(stack, sequenceId);
    const { rows } = await sql<{
      text: string;
      html: string | null;
    }>`SELECT text, html FROM sandbox_outbound_emails WHERE to_email = ${email}`.execute(db());
    return {
      contactId,
      sequenceId,
      messageId: message.id,
      body: message.body,
      text: rows[0]?.text ?? '',
      html: rows[0]?.html ?? '',
    };
  }

  const stop = (sequenceId: string) =>
    api.post(`/v1/sequences/${sequenceId}/stop`, { key: org.apiKey, body: { reason: 'LOSE', scope: 'CONTACT' } });

  it("when the email's pixel loads and its tracked link is followed, then the open and click are recorded, and the redirect goes only to the signed URL", async () => {
    const run = await emailed();
    assert.equal(
      run.body,
      'Hi Ada, read https://example.com/a?b=1&c=2. Or https://example.org/x',
      'the stored body is as rendered',
    );
    const pixel = /src="([^"]+\/t\/o\/[^"]+)"/.exec(run.html)![1];
    const opened = await fetch(pixel.replace(/^https?:\/\/[^/]+/, stack.url));
    assert.deepEqual([opened.status, opened.headers.get('content-type')], [200, 'image/gif']);
    assert.equal((await opened.arrayBuffer()).byteLength > 0, true);

    const links = [...run.text.matchAll(/https?:\/\/\S+\/t\/c\/\S+/g)].map((m) => m[0].replace(/[.,;:!?)]+$/, ''));
    assert.equal(links.length, 2, run.text);
    const tracked = new URL(links[0]);
    assert.equal(
      tracked.searchParams.get('u'),
      'https://example.com/a?b=1&c=2',
      'trailing punctuation stays outside the link',
    );
    const click = await fetch(`${stack.url}${tracked.pathname}${tracked.search}`, { redirect: 'manual' });
    assert.deepEqual([click.status, click.headers.get('location')], [302, 'https://example.com/a?b=1&c=2']);
    const elsewhere = await fetch(`${stack.url}${tracked.pathname}?u=${encodeURIComponent('https://evil.example/')}`, {
      redirect: 'manual',
    });
    assert.equal(elsewhere.status, 404, 'a URL the token does not sign is refused');
    const tampered = await fetch(`${stack.url}${tracked.pathname.slice(0, -2)}xx${tracked.search}`, {
      redirect: 'manual',
    });
    // A link written with characters outside Latin-1 redirects in its ASCII form (never a 500).
    const unicode = await emailed([
      { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'See https://exämple.test/€uro?q=ü' },
    ]);
    const [unicodeLink] = [...unicode.text.matchAll(/https?:\/\/\S+\/t\/c\/\S+/g)].map((m) => new URL(m[0]));
    const followed = await fetch(`${stack.url}${unicodeLink.pathname}${unicodeLink.search}`, { redirect: 'manual' });
    assert.deepEqual(
      [followed.status, followed.headers.get('location')],
      [302, 'https://xn--exmple-cua.test/%E2%82%ACuro?q=%C3%BC'],
    );
    await stop(unicode.sequenceId);
    assert.equal(tampered.status, 404);
    assert.equal((await fetch(`${stack.url}/t/o/${run.messageId}.AAAAAAAAAAAAAAAAAAAAAA`)).status, 404);

    const message = await api.get(`/v1/messages/${run.messageId}`, { key: org.apiKey });
    assert.deepEqual(
      [message.body.open_count, message.body.click_count, !!message.body.opened_at, !!message.body.clicked_at],
      [1, 1, true, true],
    );
    const types = (await eventsOf(stack, run.sequenceId)).map((e) => e.type);
    assert.deepEqual(types, ['message.sent', 'message.opened', 'message.link_clicked', 'hot_lead.created']);
    const clicked = (await eventsOf(stack, run.sequenceId)).find((e) => e.type === 'message.link_clicked')!;
    assert.deepEqual(
      [clicked.payload.url, clicked.payload.message_id, (clicked.payload.message as { id: string }).id],
      ['https://example.com/a?b=1&c=2', run.messageId, run.messageId],
    );
    await stop(run.sequenceId);
  });

  it('when a mail client, scanner or analytics tool appends query parameters to the pixel or a tracked link, then they are ignored: the open and the click are recorded and the redirect is the signed URL alone', async () => {
    const run = await emailed();
    const pixel = new URL(/src="([^"]+\/t\/o\/[^"]+)"/.exec(run.html)![1]);
    const opened = await fetch(`${stack.url}${pixel.pathname}?utm_source=newsletter&utm_medium=email&x=1&x=2`);
    assert.deepEqual([opened.status, opened.headers.get('content-type')], [200, 'image/gif']);
    await opened.arrayBuffer();

    const tracked = new URL(
      [...run.text.matchAll(/https?:\/\/\S+\/t\/c\/\S+/g)].map((m) => m[0].replace(/[.,;:!?)]+$/, ''))[0],
    );
    const appended = `${tracked.pathname}${tracked.search}&utm_source=x&utm_campaign=spring%20sale&fbclid=abc&u_extra=1`;
    const click = await fetch(`${stack.url}${appended}`, { redirect: 'manual' });
    assert.deepEqual(
      [click.status, click.headers.get('location')],
      [302, 'https://example.com/a?b=1&c=2'],
      'nothing appended is forwarded',
    );
    // Parameters put in front of u are as foreign; the signature still decides.
    const before = await fetch(`${stack.url}${tracked.pathname}?utm_source=x&${tracked.search.slice(1)}`, {
      redirect: 'manual',
    });
    assert.deepEqual([before.status, before.headers.get('location')], [302, 'https://example.com/a?b=1&c=2']);
    const forged = await fetch(
      `${stack.url}${tracked.pathname}?u=${encodeURIComponent('https://evil.example/')}&utm_source=x`,
      { redirect: 'manual' },
    );
    assert.equal(forged.status, 404, 'a URL the token does not sign is still refused');
    const missing = await fetch(`${stack.url}${tracked.pathname}?utm_source=x`, { redirect: 'manual' });
    assert.equal(missing.status, 400, 'u is still required');

    const message = await api.get(`/v1/messages/${run.messageId}`, { key: org.apiKey });
    assert.deepEqual([message.body.open_count, message.body.click_count], [1, 2]);
    await stop(run.sequenceId);
  });

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

  it('when a meeting is booked through the test helper, then 201, the run SUCCEEDED (MEETING_BOOKED), and bad times are 422', async () => {
    const run = await emailed();
    const bad = await api.post(`/v1/test-helpers/contacts/${run.contactId}/meeting`, {
      key: org.apiKey,
      body: { start_time: '2030-01-01T10:00:00Z', end_time: '2030-01-01T09:00:00Z' },
    });
    assert.deepEqual([bad.status, bad.body.data.errors[0].path], [422, 'end_time']);
    const zone = await api.post(`/v1/test-helpers/contacts/${run.contactId}/meeting`, {
      key: org.apiKey,
      body: { timezone: 'Mars/Olympus' },
    });
    assert.deepEqual([zone.status, zone.body.data.errors[0].path], [422, 'timezone']);
    assert.equal((await sequenceRow(stack, run.sequenceId)).status, 'ACTIVE', 'refusals change nothing');
    const booked = await api.post(`/v1/test-helpers/contacts/${run.contactId}/meeting`, {
      key: org.apiKey,
      body: { title: 'Demo' },
    });
    assert.equal(booked.status, 201, booked.text);
    assert.deepEqual(
      [booked.body.meeting.title, booked.body.meeting.sequence_id, booked.body.stopped_sequence_ids],
      ['Demo', run.sequenceId, [run.sequenceId]],
    );
    const row = await sequenceRow(stack, run.sequenceId);
    assert.deepEqual([row.status, row.stopped_reason], ['SUCCEEDED', 'MEETING_BOOKED']);
    await stack.temporal.workflow.getHandle(sequenceWorkflowId(run.sequenceId)).result();
  });

  it('when a LinkedIn invitation is accepted through the test helper, then invitation.accepted once; without an invitation 422', async () => {
    const none = await api.post(`/v1/test-helpers/contacts/${(await emailed()).contactId}/linkedin-accept`, {
      key: org.apiKey,
    });
    assert.deepEqual([none.status, none.body.type], [422, 'BusinessIssue']);
    const run = await emailed(
      [
        { type: 'LINKEDIN_INVITATION', delay_days: 0, body: 'Connect?' },
        { type: 'EMAIL', delay_days: 3, subject: 'x', body: 'x' },
      ],
      { linkedinUrl: `https://www.linkedin.com/in/acc-${randomUUID().slice(0, 8)}` },
    );
    const accepted = await api.post(`/v1/test-helpers/contacts/${run.contactId}/linkedin-accept`, { key: org.apiKey });
    assert.equal(accepted.status, 200, accepted.text);
    assert.ok(accepted.body.message.accepted_at);
    await api.post(`/v1/test-helpers/contacts/${run.contactId}/linkedin-accept`, { key: org.apiKey });
    const events = (await eventsOf(stack, run.sequenceId)).filter((e) => e.type === 'invitation.accepted');
    assert.deepEqual(
      events.map((e) => [e.payload.message_id, e.payload.step_number]),
      [[run.messageId, 1]],
    );
    await stop(run.sequenceId);
  });

  it('when sandbox mode is off, then the app has no test-helper routes', async () => {
    const logger = pino({ level: 'silent' });
    const keys = new KeyStore(stack.orm, { ttlMs: 1000, flushMs: 60_000, logger });
    const build = (sandboxMode: boolean) =>
      createApp({
        config: { ...stack.config, sandboxMode },
        orm: stack.orm,
        temporal: stack.temporal,
        logger,
        keys,
        providers: createProviders({ orm: stack.orm }),
      }).routes;
    assert.ok(build(true).some((r) => r.path.startsWith('/v1/test-helpers/')));
    assert.ok(!build(false).some((r) => r.path.startsWith('/v1/test-helpers/')));
    await keys.close();
  });
});
