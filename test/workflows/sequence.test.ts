// The sequence workflow on the time-skipping server with the real activities on the stack's
// database and the sandbox mail and LinkedIn channels: day-long delays in seconds, stop WIN/LOSE and
// ACCOUNT scope (the stop endpoint's domain function: the row ended, then the run told), and an
// exclusion made mid-run (pause and resume: sequence-pause.test.ts).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sandboxOutboundEmails } from '../../providers/mail/sandbox.ts';
import { sandboxLinkedinActions } from '../../providers/linkedin/sandbox.ts';
import {
  SEQUENCE_WORKFLOW,
  sequenceStatusQuery,
  sequenceWorkflowId,
  taskCompletedSignal,
  type SequenceInput,
} from '../../workflows/sequence.definitions.ts';
import { stopRun } from '../../domain/sequences/controls.service.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';
import { useTimeSkippingWorker } from '../helpers/time-skipping.ts';
import {
  eventsOf,
  insertAccount,
  insertContact,
  insertContactExclusion,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
  type StepSpec,
} from '../helpers/sequence-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('sequenceWorkflow', function () {
  this.timeout(120_000);
  const ts = useTimeSkippingWorker('sequence');

  async function setUp(
    steps: StepSpec[],
    contact: {
      email?: string | null;
      linkedinUrl?: string | null;
      firstName?: string;
      accountId?: string | null;
      companyName?: string;
    } = {},
    variables: Record<string, string> = {},
  ) {
    const email = contact.email === undefined ? `p-${randomUUID().slice(0, 8)}@example.com` : contact.email;
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      firstName: 'Ada',
      companyName: 'Acme',
      ...contact,
      email,
    });
    const templateId = await insertTemplate(ts.stack, ts.org.organizationId, steps, { senderUserId: ts.org.userId });
    const sequenceId = await insertSequence(ts.stack, ts.org.organizationId, {
      contactId,
      templateId,
      accountId: contact.accountId,
      senderUserId: ts.org.userId,
      variables,
    });
    return { sequenceId, contactId, templateId, email };
  }

  function start(sequenceId: string) {
    const input: SequenceInput = { sequenceId, organizationId: ts.org.organizationId };
    return ts.env.client.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: ts.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
  }

  /** The stop endpoint's domain function: the row ended by the request, then the run told. */
  const stop = (sequenceId: string, reason: 'WIN' | 'LOSE', scope: 'CONTACT' | 'ACCOUNT' = 'CONTACT') =>
    stopRun(
      { em: ts.stack.orm.em.fork(), workflows: createWorkflowClients(ts.env.client, ts.taskQueue) },
      ts.org.organizationId,
      sequenceId,
      { reason, scope },
    );

  const sentCount = (sequenceId: string, n: number) =>
    until(async () => (await messagesOf(ts.stack, sequenceId)).length >= n);

  it('when a three-step template (EMAIL day 0, LINKEDIN_INVITATION day 1, EMAIL day 2) runs, then it completes in seconds with 3 rendered messages and sequence.completed', async () => {
    const run = await setUp(
      [
        {
          type: 'EMAIL',
          delay_days: 0,
          subject: 'Hi {{first_name}}',
          body: 'Hello {{first_name}} at {{company_name}}, {{pitch}}. {{sender_name}}',
        },
        { type: 'LINKEDIN_INVITATION', delay_days: 1, body: 'Connect, {{first_name}}?' },
        { type: 'EMAIL', delay_days: 2, subject: 'Again', body: 'Following up, {{ first_name }}.' },
      ],
      { linkedinUrl: `https://www.linkedin.com/in/ada-${randomUUID().slice(0, 8)}` },
      { pitch: 'a better widget' },
    );
    const started = Date.now();
    const handle = await start(run.sequenceId);
    const startedAt = (await handle.describe()).startTime.getTime();
    await handle.result();
    assert.ok(Date.now() - started < 30_000, `took ${Date.now() - started} ms`);

    const messages = await messagesOf(ts.stack, run.sequenceId);
    assert.deepEqual(
      messages.map((m) => [m.step_number, m.channel, m.kind, m.direction]),
      [
        [1, 'EMAIL', 'MESSAGE', 'OUTBOUND'],
        [2, 'LINKEDIN', 'INVITATION', 'OUTBOUND'],
        [3, 'EMAIL', 'MESSAGE', 'OUTBOUND'],
      ],
    );
    assert.equal(messages[0].subject, 'Hi Ada');
    assert.equal(messages[0].body, 'Hello Ada at Acme, a better widget. Owner');
    assert.equal(messages[1].body, 'Connect, Ada?');
    assert.equal(messages[2].body, 'Following up, Ada.');
    const gap1 = messages[1].sent_at.getTime() - messages[0].sent_at.getTime();
    const gap2 = messages[2].sent_at.getTime() - messages[1].sent_at.getTime();
    assert.ok(gap1 >= DAY && gap1 < DAY + 60_000, `gap 1: ${gap1}`);
    assert.ok(gap2 >= 2 * DAY && gap2 < 2 * DAY + 60_000, `gap 2: ${gap2}`);
    assert.ok(messages[0].sent_at.getTime() - startedAt < 60_000);

    const emails = await sandboxOutboundEmails(ts.stack.orm, { toEmail: run.email! });
    assert.equal(emails.length, 2);
    assert.match(emails[0].headers['List-Unsubscribe'], /^<http:\/\/127\.0\.0\.1:\d+\/u\/[^>]+>$/);
    assert.equal(emails[0].headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    assert.equal(emails[0].messageId, `<seq-${run.sequenceId}-step-1@example.com>`);
    assert.equal(
      (await sandboxLinkedinActions(ts.stack.orm, { senderUserId: ts.org.userId })).filter(
        (a) => a.kind === 'INVITATION' && a.text === 'Connect, Ada?',
      ).length,
      1,
    );

    const row = await sequenceRow(ts.stack, run.sequenceId);
    assert.equal(row.status, 'COMPLETED');
    assert.equal(row.current_step, 3);
    assert.ok(row.ended_at);
    const events = await eventsOf(ts.stack, run.sequenceId);
    assert.deepEqual(
      events.map((e) => e.type),
      ['message.sent', 'invitation.sent', 'message.sent', 'sequence.completed'],
    );
    const embed = events[0].payload.message as Record<string, unknown>;
    assert.equal(embed.id, messages[0].id);
    assert.equal(embed.body, messages[0].body);
    assert.equal(embed.step_number, 1);
    assert.equal(events[0].payload.message_id, messages[0].id);
    assert.deepEqual(events[3].payload.sequence_template, {
      id: run.templateId,
      name: events[3].payload.sequence_template && (events[3].payload.sequence_template as { name: string }).name,
    });
  });

  for (const [reason, final] of [
    ['WIN', 'SUCCEEDED'],
    ['LOSE', 'FAILED'],
  ] as const) {
    it(`when stopped with reason ${reason}, then it ends ${final} with sequence.stopped and sends nothing more`, async () => {
      const run = await setUp([
        { type: 'EMAIL', delay_days: 0, subject: 'One', body: 'one' },
        { type: 'EMAIL', delay_days: 3, subject: 'Two', body: 'two' },
      ]);
      const handle = await start(run.sequenceId);
      await sentCount(run.sequenceId, 1);
      const record = await stop(run.sequenceId, reason);
      assert.equal(record.status, final);
      assert.ok(record.ended_at);
      await handle.result();
      assert.equal((await messagesOf(ts.stack, run.sequenceId)).length, 1);
      const events = await eventsOf(ts.stack, run.sequenceId);
      assert.deepEqual(
        events.map((e) => e.type),
        ['message.sent', 'sequence.stopped'],
      );
      assert.equal(events[1].payload.status, final);
    });
  }

  it('when stopped with scope ACCOUNT, then the running sequence of another contact of the account is stopped too', async () => {
    const accountId = await insertAccount(
      ts.stack,
      ts.org.organizationId,
      'Globex',
      `globex-${randomUUID().slice(0, 8)}.com`,
    );
    const steps: StepSpec[] = [
      { type: 'EMAIL', delay_days: 0, subject: 'One', body: 'one' },
      { type: 'EMAIL', delay_days: 3, subject: 'Two', body: 'two' },
    ];
    const first = await setUp(steps, { accountId });
    const second = await setUp(steps, { accountId });
    const unrelated = await setUp(steps);
    const [h1, h2, h3] = [
      await start(first.sequenceId),
      await start(second.sequenceId),
      await start(unrelated.sequenceId),
    ];
    await sentCount(first.sequenceId, 1);
    await sentCount(second.sequenceId, 1);
    await sentCount(unrelated.sequenceId, 1);
    const record = await stop(first.sequenceId, 'WIN', 'ACCOUNT');
    assert.equal(record.status, 'SUCCEEDED');
    await h2.result();
    await h1.result();
    assert.equal((await sequenceRow(ts.stack, second.sequenceId)).status, 'SUCCEEDED');
    assert.equal((await messagesOf(ts.stack, second.sequenceId)).length, 1);
    assert.equal((await sequenceRow(ts.stack, unrelated.sequenceId)).status, 'ACTIVE');
    await stop(unrelated.sequenceId, 'LOSE');
    await h3.result();
  });

  it('when an exclusion is created mid-run, then the next step ends it STOPPED_EARLY (EXCLUDED) before sending', async () => {
    const run = await setUp([
      { type: 'EMAIL', delay_days: 0, subject: 'One', body: 'one' },
      { type: 'EMAIL', delay_days: 2, subject: 'Two', body: 'two' },
    ]);
    const handle = await start(run.sequenceId);
    await sentCount(run.sequenceId, 1);
    await insertContactExclusion(ts.stack, ts.org.organizationId, run.email!);
    await handle.result();
    const row = await sequenceRow(ts.stack, run.sequenceId);
    assert.equal(row.status, 'STOPPED_EARLY');
    assert.equal(row.stopped_reason, 'EXCLUDED');
    assert.equal((await messagesOf(ts.stack, run.sequenceId)).length, 1);
    assert.equal((await sandboxOutboundEmails(ts.stack.orm, { toEmail: run.email! })).length, 1);
    const events = await eventsOf(ts.stack, run.sequenceId);
    assert.deepEqual(
      events.map((e) => [e.type, e.payload.stopped_reason ?? null]),
      [
        ['message.sent', null],
        ['sequence.stopped', 'EXCLUDED'],
      ],
    );
  });

  it('when an EMAIL step meets a contact without email, then SKIP_STEP skips it and a CALL step waits for its task signal', async () => {
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      linkedinUrl: `https://www.linkedin.com/in/bo-${randomUUID().slice(0, 8)}`,
      firstName: 'Bo',
    });
    const templateId = await insertTemplate(
      ts.stack,
      ts.org.organizationId,
      [
        { type: 'EMAIL', delay_days: 0, subject: 'x', body: 'x' },
        { type: 'CALL', delay_days: 0, body: 'Call {{first_name}}' },
        { type: 'LINKEDIN_MESSAGE', delay_days: 1, body: 'Hi {{first_name}}' },
      ],
      { senderUserId: ts.org.userId, onMissingChannel: 'SKIP_STEP' },
    );
    const sequenceId = await insertSequence(ts.stack, ts.org.organizationId, {
      contactId,
      templateId,
      senderUserId: ts.org.userId,
    });
    const handle = await start(sequenceId);
    await until(async () => (await handle.query(sequenceStatusQuery)).waitingFor === 'TASK');
    const status = await handle.query(sequenceStatusQuery);
    assert.equal((await sequenceRow(ts.stack, sequenceId)).status, 'WAITING_FOR_USER');
    await handle.signal(taskCompletedSignal, { taskId: status.taskId! });
    await handle.result();
    const messages = await messagesOf(ts.stack, sequenceId);
    assert.deepEqual(
      messages.map((m) => [m.step_number, m.channel, m.body]),
      [[3, 'LINKEDIN', 'Hi Bo']],
    );
    assert.deepEqual(
      (await eventsOf(ts.stack, sequenceId)).map((e) => e.type),
      ['task.created', 'message.sent', 'sequence.completed'],
    );
  });

  it('when an EMAIL step meets a contact without email and the template says STOP, then it ends STOPPED_EARLY (NO_CHANNEL)', async () => {
    const run = await setUp([{ type: 'EMAIL', delay_days: 0, subject: 'x', body: 'x' }], {
      email: null,
      linkedinUrl: `https://www.linkedin.com/in/cy-${randomUUID().slice(0, 8)}`,
    });
    await (await start(run.sequenceId)).result();
    const row = await sequenceRow(ts.stack, run.sequenceId);
    assert.deepEqual([row.status, row.stopped_reason], ['STOPPED_EARLY', 'NO_CHANNEL']);
  });
});
