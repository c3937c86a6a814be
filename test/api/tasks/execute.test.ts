// Executing a task: email and LinkedIn replies through the sandbox channels, call logs, lead
// review approve/reject, and the thread.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { sandboxOutboundEmails } from '../../../providers/mail/sandbox.ts';
import { sandboxLinkedinActions } from '../../../providers/linkedin/sandbox.ts';
import type { client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { eventsOf, messagesOf, sequenceRow, until } from '../../helpers/sequence-fixtures.ts';
import { tasksFixture } from './fixtures.ts';

describe('tasks API', function () {
  this.timeout(120_000);
  const fx = tasksFixture();
  const { db, taskEvents, insertTask, insertMessage, setSequenceStatus, sequenceOf } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('execute', () => {
    /** A run that sent an email and got a reply, with the EMAIL_REPLY (or LINKEDIN_REPLY) task on it. */
    async function replied(channel: 'EMAIL' | 'LINKEDIN' = 'EMAIL', linkedin?: string) {
      const run = await sequenceOf(org, { status: 'WAITING_FOR_LEAD', linkedin });
      const sentAt = new Date(Date.now() - 3_600_000);
      const outbound = await insertMessage(org.organizationId, {
        contactId: run.contactId,
        sequenceId: run.sequenceId,
        channel,
        direction: 'OUTBOUND',
        subject: channel === 'EMAIL' ? 'Hello' : null,
        body: 'Hi',
        sentAt,
      });
      const inbound = await insertMessage(org.organizationId, {
        contactId: run.contactId,
        sequenceId: run.sequenceId,
        channel,
        direction: 'INBOUND',
        subject: channel === 'EMAIL' ? 'Re: Hello' : null,
        body: 'Tell me more',
        inReplyTo: outbound,
        sentAt: new Date(sentAt.getTime() + 60_000),
      });
      const other = channel === 'EMAIL' ? 'LINKEDIN' : 'EMAIL';
      await insertMessage(org.organizationId, {
        contactId: run.contactId,
        sequenceId: run.sequenceId,
        channel: other,
        direction: 'OUTBOUND',
        body: 'other channel',
        sentAt: new Date(sentAt.getTime() - 60_000),
      });
      const taskId = await insertTask(org.organizationId, {
        type: channel === 'EMAIL' ? 'EMAIL_REPLY' : 'LINKEDIN_REPLY',
        sequenceId: run.sequenceId,
        contactId: run.contactId,
        messageId: inbound,
        assigneeId: org.userId,
      });
      return { ...run, outbound, inbound, taskId };
    }

    it('when an email reply is executed, then it is sent in the thread, stored OUTBOUND in reply to the message, message.sent and task.completed are emitted and the run waits for the lead', async () => {
      const run = await replied();
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'email_reply', body: 'Here is more.' } },
      });
      assert.equal(executed.status, 200, executed.text);
      const { task, message, sequence } = executed.body;
      assert.deepEqual([task.status, task.completion_source], ['COMPLETED', 'TASK_EXECUTION']);
      assert.deepEqual(
        [
          message.direction,
          message.channel,
          message.subject,
          message.body,
          message.in_reply_to_id,
          message.sequence_id,
        ],
        ['OUTBOUND', 'EMAIL', 'Re: Hello', 'Here is more.', run.inbound, run.sequenceId],
      );
      assert.equal(sequence.status, 'WAITING_FOR_LEAD');
      const emails = await sandboxOutboundEmails(stack.orm, { toEmail: run.email });
      assert.equal(emails.length, 1);
      assert.equal(emails[0].subject, 'Re: Hello');
      assert.equal(emails[0].headers['In-Reply-To'], `<${run.inbound}@mail.example.com>`);
      const events = await taskEvents(run.sequenceId);
      assert.deepEqual(
        events.map((e) => e.type),
        ['message.sent', 'task.completed'],
      );
      assert.equal(events[0].payload.message_id, message.id);
      assert.equal((events[0].payload.message as { body: string }).body, 'Here is more.');

      const thread = await api.get(`/v1/tasks/${run.taskId}/messages`, { key: org.apiKey });
      assert.equal(thread.status, 200, thread.text);
      assert.deepEqual(
        thread.body.items.map((m: { id: string }) => m.id),
        [run.outbound, run.inbound, message.id],
        'the email thread, oldest first',
      );
      assert.deepEqual(
        thread.body.items.map((m: { direction: string }) => m.direction),
        ['OUTBOUND', 'INBOUND', 'OUTBOUND'],
      );
      assert.equal(thread.body.total_count, 3);

      const again = await api.post(`/v1/tasks/${run.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'email_reply', body: 'Twice?' } },
      });
      assert.equal(again.status, 409);
      assert.equal((await sandboxOutboundEmails(stack.orm, { toEmail: run.email })).length, 1, 'nothing sent twice');
    });

    it("when an ACTIVE run's reply task is executed with a subject, then the run becomes WAITING_FOR_LEAD and the subject is used", async () => {
      const run = await replied();
      await setSequenceStatus(run.sequenceId, 'ACTIVE');
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'email_reply', body: 'Sure.', subject: 'Our call' } },
      });
      assert.equal(executed.status, 200, executed.text);
      assert.equal(executed.body.message.subject, 'Our call');
      assert.equal((await sequenceRow(stack, run.sequenceId)).status, 'WAITING_FOR_LEAD');
    });

    it('when a LinkedIn reply is executed, then it goes through the LinkedIn channel and the thread is the LinkedIn one; a refused profile answers 422 with nothing written', async () => {
      const url = `https://www.linkedin.com/in/grace-${randomUUID().slice(0, 8)}`;
      const run = await replied('LINKEDIN', url);
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'linkedin_reply', body: 'Happy to chat' } },
      });
      assert.equal(executed.status, 200, executed.text);
      assert.deepEqual(
        [executed.body.message.channel, executed.body.message.subject, executed.body.message.in_reply_to_id],
        ['LINKEDIN', null, run.inbound],
      );
      const actions = await sandboxLinkedinActions(stack.orm, { linkedinUrl: url });
      assert.deepEqual(
        actions.map((a) => [a.kind, a.text]),
        [['MESSAGE', 'Happy to chat']],
      );
      const thread = await api.get(`/v1/tasks/${run.taskId}/messages`, { key: org.apiKey });
      assert.deepEqual(
        thread.body.items.map((m: { channel: string }) => m.channel),
        ['LINKEDIN', 'LINKEDIN', 'LINKEDIN'],
      );

      const refusedRun = await replied(
        'LINKEDIN',
        `https://www.linkedin.com/in/unreachable-${randomUUID().slice(0, 8)}`,
      );
      const refused = await api.post(`/v1/tasks/${refusedRun.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'linkedin_reply', body: 'Hello?' } },
      });
      assert.equal(refused.status, 422, refused.text);
      assert.equal(refused.body.type, 'BusinessIssue');
      assert.equal((await api.get(`/v1/tasks/${refusedRun.taskId}`, { key: org.apiKey })).body.status, 'PENDING');
      assert.equal((await messagesOf(stack, refusedRun.sequenceId)).length, 3, 'no message stored');
    });

    it("when a reply task is executed, then the reply's record and message.sent embed carry the step of the message answered, else the run's current step (at least 1)", async () => {
      const cases: { currentStep: number; answeredStep: number | null; expected: number }[] = [
        { currentStep: 3, answeredStep: 2, expected: 2 },
        { currentStep: 3, answeredStep: null, expected: 3 },
        { currentStep: 0, answeredStep: null, expected: 1 },
      ];
      for (const { currentStep, answeredStep, expected } of cases) {
        const run = await sequenceOf(org, { status: 'WAITING_FOR_USER' });
        await sql`UPDATE sequences SET current_step = ${currentStep}, replied_at = now() WHERE id = ${run.sequenceId}`.execute(
          db(),
        );
        const sentAt = new Date(Date.now() - 3_600_000);
        const outbound = await insertMessage(org.organizationId, {
          contactId: run.contactId,
          sequenceId: run.sequenceId,
          channel: 'EMAIL',
          direction: 'OUTBOUND',
          subject: 'Hello',
          body: 'Hi',
          sentAt,
          stepNumber: answeredStep,
        });
        const inbound = await insertMessage(org.organizationId, {
          contactId: run.contactId,
          sequenceId: run.sequenceId,
          channel: 'EMAIL',
          direction: 'INBOUND',
          subject: 'Re: Hello',
          body: 'And?',
          inReplyTo: outbound,
          sentAt: new Date(sentAt.getTime() + 60_000),
          stepNumber: answeredStep,
        });
        const taskId = await insertTask(org.organizationId, {
          type: 'EMAIL_REPLY',
          sequenceId: run.sequenceId,
          contactId: run.contactId,
          messageId: inbound,
          assigneeId: org.userId,
        });
        const executed = await api.post(`/v1/tasks/${taskId}/execute`, {
          key: org.apiKey,
          body: { payload: { type: 'email_reply', body: 'This.' } },
        });
        assert.equal(executed.status, 200, executed.text);
        assert.deepEqual(
          [executed.body.message.step_number, executed.body.sequence.status],
          [expected, 'WAITING_FOR_LEAD'],
          JSON.stringify({ currentStep, answeredStep }),
        );
        assert.equal(
          (await api.get(`/v1/messages/${executed.body.message.id}`, { key: org.apiKey })).body.step_number,
          expected,
        );
        const sent = (await eventsOf(stack, run.sequenceId)).find((e) => e.type === 'message.sent')!;
        assert.equal((sent.payload.message as { step_number: unknown }).step_number, expected);
      }
    });

    it('when the payload does not fit the task (a playbook approval included) or is incomplete, then 422 naming both types or 400 naming the field', async () => {
      const run = await replied();
      const execute = (payload: unknown) =>
        api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: { payload } });
      const mismatch = await execute({ type: 'call', disposition: 'ANSWERED' });
      assert.equal(mismatch.status, 422);
      assert.equal(mismatch.body.type, 'ValidationIssue');
      assert.equal(mismatch.body.data.errors[0].path, 'payload.type');
      assert.match(mismatch.body.message, /call/);
      assert.match(mismatch.body.message, /EMAIL_REPLY/);
      for (const [payload, path] of [
        [{ type: 'email_reply' }, 'payload.body'],
        [{ type: 'email_reply', body: '  ' }, 'payload.body'],
        [{ type: 'email_reply', body: 'x', approved: true }, 'payload.approved'],
        [{ type: 'sms', body: 'x' }, 'payload.type'],
        [{ body: 'x' }, 'payload.type'],
        [{ type: 'new_lead_review' }, 'payload.approved'],
        [{ type: 'call', disposition: 'MAYBE' }, 'payload.disposition'],
      ] as const) {
        const response = await execute(payload);
        assert.equal(response.status, 400, `${JSON.stringify(payload)}: ${response.text}`);
        assert.ok(
          response.body.data.errors.some((e: { path: string }) => e.path === path),
          `${JSON.stringify(payload)}: ${response.text}`,
        );
      }
      assert.equal((await api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: {} })).status, 400);
      // Playbooks have shipped: playbook_approval serves PLAYBOOK_APPROVAL tasks only (test/api/playbooks/playbooks.test.ts).
      const playbook = await execute({ type: 'playbook_approval', approved: true });
      assert.equal(playbook.status, 422);
      assert.equal(playbook.body.type, 'ValidationIssue');
      assert.equal(playbook.body.data.errors[0].path, 'payload.type');
      assert.match(playbook.body.message, /PLAYBOOK_APPROVAL/);
      assert.equal(
        (await api.get(`/v1/tasks/${run.taskId}`, { key: org.apiKey })).body.status,
        'PENDING',
        'nothing changed',
      );
      assert.equal((await sandboxOutboundEmails(stack.orm, { toEmail: run.email })).length, 0);
    });

    /** A FOUND run of a one-EMAIL-step template with its NEW_LEAD_REVIEW task. */
    async function awaitingReview() {
      const run = await sequenceOf(org, { status: 'FOUND' });
      const taskId = await insertTask(org.organizationId, {
        type: 'NEW_LEAD_REVIEW',
        sequenceId: run.sequenceId,
        contactId: run.contactId,
      });
      return { ...run, taskId };
    }

    it('when a lead review is approved, then the FOUND sequence turns ACTIVE and its run starts', async () => {
      const run = await awaitingReview();
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'new_lead_review', approved: true } },
      });
      assert.equal(executed.status, 200, executed.text);
      assert.equal(executed.body.task.status, 'COMPLETED');
      assert.ok(['ACTIVE', 'COMPLETED'].includes(executed.body.sequence.status), executed.body.sequence.status);
      await until(async () => (await sequenceRow(stack, run.sequenceId)).status === 'COMPLETED');
      assert.deepEqual(
        (await messagesOf(stack, run.sequenceId)).map((m) => m.subject),
        ['Hello'],
        'the run sent its step',
      );
      const again = await api.post(`/v1/tasks/${run.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'new_lead_review', approved: false } },
      });
      assert.equal(again.status, 409);
    });

    it('when a lead review is rejected, then the sequence ends REFUSED with LEAD_REJECTED and sequence.stopped; a review whose sequence left FOUND answers 409', async () => {
      const run = await awaitingReview();
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'new_lead_review', approved: false } },
      });
      assert.equal(executed.status, 200, executed.text);
      assert.deepEqual(
        [executed.body.sequence.status, executed.body.sequence.stopped_reason],
        ['REFUSED', 'LEAD_REJECTED'],
      );
      assert.ok(executed.body.sequence.ended_at);
      const types = (await taskEvents(run.sequenceId)).map((e) => e.type);
      assert.deepEqual(types, ['sequence.stopped', 'task.completed']);

      const gone = await awaitingReview();
      await setSequenceStatus(gone.sequenceId, 'FAILED');
      const late = await api.post(`/v1/tasks/${gone.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'new_lead_review', approved: true } },
      });
      assert.equal(late.status, 409, late.text);
      assert.equal((await api.get(`/v1/tasks/${gone.taskId}`, { key: org.apiKey })).body.status, 'PENDING');
    });

    it("when a standalone to-do's thread is read, then it is empty; an unknown task is 404", async () => {
      const todo = (await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Alone', due_date: '2026-12-01' } }))
        .body;
      const thread = await api.get(`/v1/tasks/${todo.id}/messages`, { key: org.apiKey });
      assert.deepEqual(thread.body, { items: [], total_count: 0, total_pages: 0, has_more: false });
      assert.equal((await api.get(`/v1/tasks/${randomUUID()}/messages`, { key: org.apiKey })).status, 404);
      assert.equal((await api.get('/v1/tasks/not-a-uuid', { key: org.apiKey })).status, 400);
    });
  });
});
