// Engagement and outside changes on the time-skipping server, real activities on the stack's
// database: replies by category (other halts with a reply task: WAITING_FOR_USER until the team
// answers, then WAITING_FOR_LEAD, also around a CALL wait; interested; out of office with a return
// date), bounce, meeting, hot lead from opens and clicks, template INACTIVE/ARCHIVED, and the
// sender's daily send limit. The engagement and task services signal the workflows as the API would.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as engagement from '../../domain/engagement/engagement.service.ts';
import { recordMeeting } from '../../domain/engagement/invitations-meetings.service.ts';
import { recordClick, recordOpen } from '../../domain/engagement/opens-clicks.service.ts';
import { completeTask } from '../../domain/tasks/transitions.ts';
import { executeTask, type ExecuteDeps } from '../../domain/tasks/execute.ts';
import { updateTemplate } from '../../domain/sequences/templates.service.ts';
import { stopRun } from '../../domain/sequences/controls.service.ts';
import { createProviders } from '../../providers/index.ts';
import {
  SEQUENCE_WORKFLOW,
  sequenceStatusQuery,
  sequenceWorkflowId,
  type SequenceInput,
} from '../../workflows/sequence.definitions.ts';
import { serviceActivities, useTimeSkippingWorker } from '../helpers/time-skipping.ts';
import {
  eventsOf,
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
  type StepSpec,
} from '../helpers/sequence-fixtures.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';

const DAY = 24 * 60 * 60 * 1000;
const TWO_EMAILS: StepSpec[] = [
  {
    type: 'EMAIL',
    delay_days: 0,
    subject: 'Hi {{first_name}}',
    body: 'Hello {{first_name}}, see https://example.com/offer.',
  },
  { type: 'EMAIL', delay_days: 2, subject: 'Again', body: 'Following up.' },
];

describe('sequence engagement (time-skipping)', function () {
  this.timeout(120_000);
  const ts = useTimeSkippingWorker('engagement');
  const db = () => ts.stack.orm.em.fork().getKysely();

  const deps = (): engagement.EngagementDeps => ({
    em: ts.stack.orm.em.fork(),
    workflows: createWorkflowClients(ts.env.client, ts.taskQueue),
  });
  const taskDeps = (): ExecuteDeps => ({
    em: ts.stack.orm.em.fork(),
    workflows: createWorkflowClients(ts.env.client, ts.taskQueue),
    providers: createProviders({ orm: ts.stack.orm }),
    userId: ts.org.userId,
  });
  const status = async (sequenceId: string) => (await sequenceRow(ts.stack, sequenceId)).status;

  async function running(steps: StepSpec[] = TWO_EMAILS, options: { senderUserId?: string } = {}) {
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      email: `e-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Ada',
    });
    const sender = options.senderUserId ?? ts.org.userId;
    const templateId = await insertTemplate(ts.stack, ts.org.organizationId, steps, { senderUserId: sender });
    const sequenceId = await insertSequence(ts.stack, ts.org.organizationId, {
      contactId,
      templateId,
      senderUserId: sender,
    });
    const input: SequenceInput = { sequenceId, organizationId: ts.org.organizationId };
    const handle = await ts.env.client.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: ts.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
    await until(async () => (await messagesOf(ts.stack, sequenceId)).length >= 1);
    const [first] = await messagesOf(ts.stack, sequenceId);
    return { contactId, templateId, sequenceId, handle, firstMessageId: first.id };
  }

  it('when the contact replies with a question, then automatic steps stop, the run is WAITING_FOR_USER with an EMAIL_REPLY task, WAITING_FOR_LEAD once the team answers it, and only a stop ends it', async () => {
    const run = await running();
    const reply = await engagement.recordReply(deps(), ts.org.organizationId, run.firstMessageId, {
      body: 'Who are you and how did you get my address?',
    });
    assert.equal(reply.reply_category, 'OTHER');
    assert.equal(reply.sequence?.status, 'WAITING_FOR_USER');
    assert.ok(reply.task_id);
    const { rows: tasks } = await sql<{
      type: string;
      message_id: string;
      priority: string;
    }>`SELECT type, message_id, priority FROM tasks WHERE id = ${reply.task_id}`.execute(db());
    assert.deepEqual(tasks[0], { type: 'EMAIL_REPLY', message_id: reply.message.id, priority: 'HOT' });
    await until(async () => (await run.handle.query(sequenceStatusQuery)).waitingFor === 'PERSON');
    await ts.env.sleep(5 * DAY);
    assert.equal(await status(run.sequenceId), 'WAITING_FOR_USER', 'the reply task is still open');
    const answered = await executeTask(taskDeps(), ts.org.organizationId, reply.task_id, {
      type: 'email_reply',
      body: 'We met at the fair.',
    });
    assert.equal(answered.sequence?.status, 'WAITING_FOR_LEAD');
    await ts.env.sleep(5 * DAY);
    assert.equal((await run.handle.query(sequenceStatusQuery)).waitingFor, 'PERSON', 'still halted after the answer');
    assert.equal(await status(run.sequenceId), 'WAITING_FOR_LEAD');
    assert.equal(
      (await messagesOf(ts.stack, run.sequenceId)).filter((m) => m.direction === 'OUTBOUND').length,
      2,
      'step 2 never ran; the answer went out',
    );
    await stopRun(deps(), ts.org.organizationId, run.sequenceId, { reason: 'WIN', scope: 'CONTACT' });
    await run.handle.result();
    const types = (await eventsOf(ts.stack, run.sequenceId)).map((e) => e.type);
    assert.deepEqual(types, [
      'message.sent',
      'message.replied',
      'hot_lead.created',
      'task.created',
      'message.sent',
      'task.completed',
      'sequence.stopped',
    ]);
    const replied = (await eventsOf(ts.stack, run.sequenceId)).find((e) => e.type === 'message.replied')!;
    assert.deepEqual(
      [
        replied.payload.message_id,
        (replied.payload.message as { direction: string }).direction,
        replied.payload.reply_category,
      ],
      [reply.message.id, 'INBOUND', 'OTHER'],
    );
  });

  it('when the contact replies while the run waits on a CALL task, then it stays WAITING_FOR_USER until both the answer and the call are done, then WAITING_FOR_LEAD with no further step', async () => {
    const run = await running([
      { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' },
      { type: 'CALL', delay_days: 1, body: 'Call Ada' },
      { type: 'EMAIL', delay_days: 1, subject: 'Again', body: 'Again' },
    ]);
    await ts.env.sleep(DAY + 60_000);
    await until(async () => (await run.handle.query(sequenceStatusQuery)).waitingFor === 'TASK');
    const callTaskId = (await run.handle.query(sequenceStatusQuery)).taskId!;
    assert.equal(await status(run.sequenceId), 'WAITING_FOR_USER');
    const reply = await engagement.recordReply(deps(), ts.org.organizationId, run.firstMessageId, {
      body: 'Which day suits you?',
    });
    assert.equal(reply.sequence?.status, 'WAITING_FOR_USER');
    const answered = await executeTask(taskDeps(), ts.org.organizationId, reply.task_id!, {
      type: 'email_reply',
      body: 'Thursday.',
    });
    assert.equal(answered.sequence?.status, 'WAITING_FOR_USER', 'the CALL task is still open');
    await completeTask(taskDeps(), ts.org.organizationId, callTaskId, { disposition: 'ANSWERED' });
    await until(async () => (await run.handle.query(sequenceStatusQuery)).waitingFor === 'PERSON');
    assert.equal(
      await status(run.sequenceId),
      'WAITING_FOR_LEAD',
      'the call done, the run is not ACTIVE again: a reply halted it',
    );
    await ts.env.sleep(3 * DAY);
    assert.deepEqual(
      (await messagesOf(ts.stack, run.sequenceId))
        .filter((m) => m.direction === 'OUTBOUND')
        .map((m) => m.body)
        .sort(),
      ['Hi', 'Thursday.'],
      'step 3 never ran',
    );
    await stopRun(deps(), ts.org.organizationId, run.sequenceId, { reason: 'LOSE', scope: 'CONTACT' });
    await run.handle.result();
  });

  it('when the contact replies interested, then the run ends SUCCEEDED (INTERESTED) with a hot lead', async () => {
    const run = await running();
    const reply = await engagement.recordReply(deps(), ts.org.organizationId, run.firstMessageId, {
      body: "Sounds good, let's talk next week.",
    });
    assert.deepEqual(
      [reply.reply_category, reply.sequence?.status, reply.sequence?.stopped_reason],
      ['INTERESTED', 'SUCCEEDED', 'INTERESTED'],
    );
    await run.handle.result();
    const events = await eventsOf(ts.stack, run.sequenceId);
    const hot = events.find((e) => e.type === 'hot_lead.created')!;
    assert.equal((hot.payload.hot_lead as { engagement_score: number }).engagement_score, 5);
    assert.equal(hot.payload.hot_lead_id, (hot.payload.hot_lead as { id: string }).id);
    assert.equal(events.at(-1)!.type, 'sequence.stopped');
  });

  it('when the contact is out of office until a date, then the run pauses until then and the next step runs after it', async () => {
    const run = await running();
    const back = new Date(Date.now() + 10 * DAY);
    const date = back.toISOString().slice(0, 10);
    const reply = await engagement.recordReply(deps(), ts.org.organizationId, run.firstMessageId, {
      body: `I am out of the office until ${date}.`,
    });
    assert.equal(reply.reply_category, 'OUT_OF_OFFICE');
    assert.deepEqual(
      [reply.sequence?.status, reply.sequence?.paused_until],
      ['WAITING_FOR_USER', `${date}T00:00:00.000Z`],
    );
    await run.handle.result();
    const outbound = (await messagesOf(ts.stack, run.sequenceId)).filter((m) => m.direction === 'OUTBOUND');
    assert.equal(outbound.length, 2);
    assert.ok(
      outbound[1].sent_at.getTime() >= Date.parse(`${date}T00:00:00.000Z`),
      `step 2 at ${outbound[1].sent_at.toISOString()}`,
    );
    assert.equal((await sequenceRow(ts.stack, run.sequenceId)).status, 'COMPLETED');
  });

  it("when the email bounces, then the run ends FAILED (BOUNCED) and the contact's email is BOUNCED", async () => {
    const run = await running();
    const bounced = await engagement.recordBounce(deps(), ts.org.organizationId, run.firstMessageId);
    assert.deepEqual([bounced.sequence?.status, bounced.sequence?.stopped_reason], ['FAILED', 'BOUNCED']);
    assert.ok(bounced.message.bounced_at);
    await run.handle.result();
    const { rows } = await sql<{
      email_status: string;
    }>`SELECT email_status FROM contacts WHERE id = ${run.contactId}`.execute(db());
    assert.equal(rows[0].email_status, 'BOUNCED');
  });

  it('when a meeting is booked, then meeting.created carries the meeting and the run ends SUCCEEDED (MEETING_BOOKED)', async () => {
    const run = await running();
    const booked = await recordMeeting(deps(), ts.org.organizationId, run.contactId, {
      title: 'Intro',
      start_time: '2030-01-02T10:00:00Z',
      timezone: 'Europe/Paris',
    });
    assert.deepEqual(booked.stopped_sequence_ids, [run.sequenceId]);
    await run.handle.result();
    assert.deepEqual(
      [
        (await sequenceRow(ts.stack, run.sequenceId)).status,
        (await sequenceRow(ts.stack, run.sequenceId)).stopped_reason,
      ],
      ['SUCCEEDED', 'MEETING_BOOKED'],
    );
    const meeting = (await eventsOf(ts.stack, run.sequenceId)).find((e) => e.type === 'meeting.created')!;
    assert.equal(meeting.payload.calendar_event_id, booked.meeting.id);
    assert.deepEqual(meeting.payload.meeting, {
      id: booked.meeting.id,
      title: 'Intro',
      start_time: '2030-01-02T10:00:00.000Z',
      end_time: '2030-01-02T10:30:00.000Z',
      timezone: 'Europe/Paris',
    });
  });

  it('when an email is opened and its link clicked, then the run scores 3 and its contact becomes a hot lead once', async () => {
    const run = await running();
    await recordOpen(deps(), ts.org.organizationId, run.firstMessageId);
    await recordOpen(deps(), ts.org.organizationId, run.firstMessageId);
    const clicked = await recordClick(deps(), ts.org.organizationId, run.firstMessageId, 'https://example.com/offer');
    await recordClick(deps(), ts.org.organizationId, run.firstMessageId, 'https://example.com/offer');
    assert.deepEqual([clicked.message.open_count, clicked.message.click_count], [2, 1]);
    const types = (await eventsOf(ts.stack, run.sequenceId)).map((e) => e.type);
    assert.deepEqual(types, [
      'message.sent',
      'message.opened',
      'message.link_clicked',
      'hot_lead.created',
      'message.link_clicked',
    ]);
    const { rows } = await sql<{
      engagement_score: number;
    }>`SELECT engagement_score FROM sequences WHERE id = ${run.sequenceId}`.execute(db());
    assert.equal(rows[0].engagement_score, 3);
    await stopRun(deps(), ts.org.organizationId, run.sequenceId, { reason: 'LOSE', scope: 'CONTACT' });
  });

  it('when the template goes INACTIVE, then the next step waits; ACTIVE again lets it run; ARCHIVED ends a run STOPPED_EARLY (TEMPLATE_STOPPED)', async () => {
    const run = await running();
    const em = () => ts.stack.orm.em.fork();
    await updateTemplate(
      em(),
      ts.org.organizationId,
      run.templateId,
      { status: 'INACTIVE' },
      createWorkflowClients(ts.env.client, ts.taskQueue),
    );
    await ts.env.sleep(3 * DAY);
    await until(async () => (await run.handle.query(sequenceStatusQuery)).waitingFor === 'TEMPLATE');
    assert.equal((await messagesOf(ts.stack, run.sequenceId)).length, 1, 'held');
    await updateTemplate(
      em(),
      ts.org.organizationId,
      run.templateId,
      { status: 'ACTIVE' },
      createWorkflowClients(ts.env.client, ts.taskQueue),
    );
    await run.handle.result();
    assert.equal((await sequenceRow(ts.stack, run.sequenceId)).status, 'COMPLETED');

    const other = await running();
    await updateTemplate(
      em(),
      ts.org.organizationId,
      other.templateId,
      { status: 'ARCHIVED' },
      createWorkflowClients(ts.env.client, ts.taskQueue),
    );
    await other.handle.result();
    const row = await sequenceRow(ts.stack, other.sequenceId);
    assert.deepEqual([row.status, row.stopped_reason], ['STOPPED_EARLY', 'TEMPLATE_STOPPED']);
    assert.equal((await messagesOf(ts.stack, other.sequenceId)).length, 1);
  });

  it("when a sender's daily send limit is reached, then the step is DEFERRED to the next UTC midnight and runs then", async () => {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (id, organization_id, email, name, role, daily_send_limit, created_at, updated_at)
      VALUES (${randomUUID()}, ${ts.org.organizationId}, ${`limited-${randomUUID().slice(0, 8)}@example.com`}, 'Limited', 'member', 2, now(), now()) RETURNING id`.execute(
      db(),
    );
    const senderUserId = rows[0].id;
    const acts = serviceActivities(ts);
    const sequenceIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const contactId = await insertContact(ts.stack, ts.org.organizationId, {
        email: `l-${randomUUID().slice(0, 8)}@example.com`,
      });
      const templateId = await insertTemplate(
        ts.stack,
        ts.org.organizationId,
        [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' }],
        { senderUserId },
      );
      sequenceIds.push(await insertSequence(ts.stack, ts.org.organizationId, { contactId, templateId, senderUserId }));
    }
    const at = '2031-03-04T10:00:00.000Z';
    const outcomes = [];
    for (const sequenceId of sequenceIds) outcomes.push(await acts.runStep({ sequenceId, stepNumber: 1, at }));
    assert.deepEqual(
      outcomes.map((o) => o.outcome),
      ['SENT', 'SENT', 'DEFERRED'],
    );
    assert.equal(outcomes[2].retryAt, '2031-03-05T00:00:00.000Z');
    assert.equal((await messagesOf(ts.stack, sequenceIds[2])).length, 0, 'nothing sent over the limit');
    const next = await acts.runStep({ sequenceId: sequenceIds[2], stepNumber: 1, at: outcomes[2].retryAt! });
    assert.equal(next.outcome, 'SENT');
    const counts = await sql<{
      day: string;
      sent: number;
    }>`SELECT to_char(day, 'YYYY-MM-DD') AS day, sent FROM sender_daily_sends WHERE user_id = ${senderUserId} ORDER BY day`.execute(
      db(),
    );
    assert.deepEqual(counts.rows, [
      { day: '2031-03-04', sent: 2 },
      { day: '2031-03-05', sent: 1 },
    ]);
  });

  it('when a run is DEFERRED by the send limit, then its workflow sleeps until the given time (SEND_LIMIT) and sends then', async () => {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (id, organization_id, email, name, role, daily_send_limit, created_at, updated_at)
      VALUES (${randomUUID()}, ${ts.org.organizationId}, ${`zero-${randomUUID().slice(0, 8)}@example.com`}, 'Zero', 'member', 0, now(), now()) RETURNING id`.execute(
      db(),
    );
    const senderUserId = rows[0].id;
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      email: `z-${randomUUID().slice(0, 8)}@example.com`,
    });
    const templateId = await insertTemplate(
      ts.stack,
      ts.org.organizationId,
      [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' }],
      { senderUserId },
    );
    const sequenceId = await insertSequence(ts.stack, ts.org.organizationId, { contactId, templateId, senderUserId });
    const handle = await ts.env.client.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: ts.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [{ sequenceId, organizationId: ts.org.organizationId }],
    });
    await until(async () => (await handle.query(sequenceStatusQuery)).waitingFor === 'SEND_LIMIT');
    const status = await handle.query(sequenceStatusQuery);
    assert.match(status.nextWakeUp!, /T00:00:00\.000Z$/);
    // A limit of 0 sends nothing: raise it, and the next attempt (at that midnight) sends.
    await sql`UPDATE users SET daily_send_limit = 5 WHERE id = ${senderUserId}`.execute(db());
    await handle.result();
    const [sent] = await messagesOf(ts.stack, sequenceId);
    assert.ok(
      sent.sent_at.getTime() >= Date.parse(status.nextWakeUp!),
      `sent ${sent.sent_at.toISOString()} before ${status.nextWakeUp}`,
    );
  });
});
