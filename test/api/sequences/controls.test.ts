// Sequence controls on the real stack (API, worker, Temporal, PostgreSQL), the stop: written by the
// request (the row, sequence.stopped and a RUN_CHANGED command) and answered with the row as
// written; the run is told after the commit and ends without another step; scope ACCOUNT ends the
// account's other runs in the same request; 409 once ended. A lead awaiting review (FOUND, no
// workflow yet) stopped: its review task is SKIPPED and an approval, later or racing, leaves no run
// going. Pause, resume and PATCH variables: controls-pause.test.ts. A stop while Temporal is cut:
// test/api/faults-temporal.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  SEQUENCE_WORKFLOW,
  sequenceStatusQuery,
  sequenceWorkflowId,
  type SequenceInput,
} from '../../../workflows/sequence.definitions.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import { sleep, type TestOrg } from '../../helpers/fixtures.ts';
import {
  eventsOf,
  insertAccount,
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
} from '../../helpers/sequence-fixtures.ts';
import { controlsFixture } from './fixtures.ts';

describe('sequence controls API: stop', function () {
  this.timeout(60_000);
  const fx = controlsFixture();
  const { runningSequence, commandsOf, awaitingReview, taskOf, noWorkflow } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  it('when stopped WIN, then 200 SUCCEEDED, and a later pause, resume, stop or PATCH answers 409 CommitIssue', async () => {
    const id = await runningSequence();
    const stopped = await api.post(`/v1/sequences/${id}/stop`, {
      key: org.apiKey,
      body: { reason: 'WIN', scope: 'CONTACT' },
    });
    assert.equal(stopped.status, 200, stopped.text);
    assert.equal(stopped.body.status, 'SUCCEEDED');
    assert.ok(stopped.body.ended_at);
    assert.equal((await sequenceRow(stack, id)).status, 'SUCCEEDED');
    for (const [method, path, body] of [
      ['POST', `/v1/sequences/${id}/pause`, {}],
      ['POST', `/v1/sequences/${id}/resume`, undefined],
      ['POST', `/v1/sequences/${id}/stop`, { reason: 'LOSE', scope: 'CONTACT' }],
      ['PATCH', `/v1/sequences/${id}`, { variables: { a: 'b' } }],
    ] as const) {
      const response = await api.call(method, path, { key: org.apiKey, body });
      assert.deepEqual(
        [response.status, response.body.type],
        [409, 'CommitIssue'],
        `${method} ${path}: ${response.text}`,
      );
    }
  });

  it('when stopped, then the request wrote the row, sequence.stopped and a RUN_CHANGED command, delivered at once, and the run ends without another step', async () => {
    const id = await runningSequence();
    const run = stack.temporal.workflow.getHandle(sequenceWorkflowId(id));
    const stopped = await api.post(`/v1/sequences/${id}/stop`, {
      key: org.apiKey,
      body: { reason: 'LOSE', scope: 'CONTACT' },
    });
    assert.equal(stopped.status, 200, stopped.text);
    assert.equal(stopped.body.status, 'FAILED');
    assert.deepEqual(
      { ...stopped.body, next_send_at: null },
      (await api.get(`/v1/sequences/${id}`, { key: org.apiKey })).body,
      'the answer is the row as written (the detail adds next_send_at: an ended run sends nothing)',
    );
    const events = await eventsOf(stack, id);
    assert.deepEqual(
      events.map((e) => [e.type, e.payload.status ?? null]),
      [
        ['message.sent', null],
        ['sequence.stopped', 'FAILED'],
      ],
    );
    assert.deepEqual(
      (await commandsOf(id)).map((c) => [c.kind, c.status, c.last_error]),
      [['RUN_CHANGED', 'DONE', null]],
      'told on the fast path',
    );
    await run.result();
    assert.equal((await run.query(sequenceStatusQuery)).ended, true);
    assert.equal((await messagesOf(stack, id)).length, 1);
  });

  it("when stopped WIN with scope ACCOUNT, then the account's other running run ends SUCCEEDED in the same request, each with its event and command, and both workflows end", async () => {
    const accountId = await insertAccount(
      stack,
      org.organizationId,
      'Initech',
      `initech-${randomUUID().slice(0, 8)}.example`,
    );
    const [first, second] = [await runningSequence(accountId), await runningSequence(accountId)];
    const stopped = await api.post(`/v1/sequences/${first}/stop`, {
      key: org.apiKey,
      body: { reason: 'WIN', scope: 'ACCOUNT' },
    });
    assert.deepEqual([stopped.status, stopped.body.id, stopped.body.status], [200, first, 'SUCCEEDED'], stopped.text);
    for (const id of [first, second]) {
      assert.equal((await sequenceRow(stack, id)).status, 'SUCCEEDED', id);
      assert.deepEqual(
        (await eventsOf(stack, id)).map((e) => e.type),
        ['message.sent', 'sequence.stopped'],
        id,
      );
      assert.deepEqual(
        (await commandsOf(id)).map((c) => [c.kind, c.status]),
        [['RUN_CHANGED', 'DONE']],
        id,
      );
      await stack.temporal.workflow.getHandle(sequenceWorkflowId(id)).result();
    }
  });

  describe('a lead awaiting review (FOUND)', () => {
    it('when it is stopped WIN, then 200 SUCCEEDED with sequence.stopped, its review task SKIPPED with task.skipped, and a later approval answers 409 and starts nothing', async () => {
      const lead = await awaitingReview();
      const stopped = await api.post(`/v1/sequences/${lead.sequenceId}/stop`, {
        key: org.apiKey,
        body: { reason: 'WIN', scope: 'CONTACT' },
      });
      assert.equal(stopped.status, 200, stopped.text);
      assert.deepEqual(
        [stopped.body.id, stopped.body.status, stopped.body.stopped_reason],
        [lead.sequenceId, 'SUCCEEDED', null],
      );
      assert.ok(stopped.body.ended_at);
      const task = await taskOf(lead.taskId);
      assert.deepEqual([task.status, !!task.skipped_at, task.completion_source], ['SKIPPED', true, null]);
      const events = await eventsOf(stack, lead.sequenceId);
      assert.deepEqual(
        events.map((e) => e.type),
        ['sequence.created', 'task.created', 'sequence.stopped', 'task.skipped'],
      );
      assert.deepEqual(
        [events[2].payload.status, events[3].payload.task_id, (events[3].payload.task as { status: string }).status],
        ['SUCCEEDED', lead.taskId, 'SKIPPED'],
      );

      const approval = await api.post(`/v1/tasks/${lead.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'new_lead_review', approved: true } },
      });
      assert.deepEqual([approval.status, approval.body.type], [409, 'CommitIssue'], approval.text);
      await noWorkflow(lead.sequenceId);
      assert.equal((await sequenceRow(stack, lead.sequenceId)).status, 'SUCCEEDED');
      assert.equal((await messagesOf(stack, lead.sequenceId)).length, 0);
      const again = await api.post(`/v1/sequences/${lead.sequenceId}/stop`, {
        key: org.apiKey,
        body: { reason: 'LOSE', scope: 'CONTACT' },
      });
      assert.deepEqual([again.status, again.body.type], [409, 'CommitIssue']);
    });

    it("when it is stopped LOSE with scope ACCOUNT, then FAILED, and the account's other running sequence and other lead awaiting review end FAILED too", async () => {
      const accountId = await insertAccount(
        stack,
        org.organizationId,
        'Acme',
        `acme-${randomUUID().slice(0, 8)}.example`,
      );
      const lead = await awaitingReview(accountId);
      const otherLead = await awaitingReview(accountId);
      const colleague = await insertContact(stack, org.organizationId, {
        email: `k-${randomUUID().slice(0, 8)}@example.com`,
        accountId,
      });
      const templateId = await insertTemplate(
        stack,
        org.organizationId,
        [
          { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' },
          { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Again' },
        ],
        { senderUserId: org.userId },
      );
      const running = await insertSequence(stack, org.organizationId, {
        contactId: colleague,
        templateId,
        accountId,
        senderUserId: org.userId,
      });
      const input: SequenceInput = { sequenceId: running, organizationId: org.organizationId };
      await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
        taskQueue: stack.taskQueue,
        workflowId: sequenceWorkflowId(running),
        args: [input],
      });
      await until(async () => (await messagesOf(stack, running)).length === 1);

      const stopped = await api.post(`/v1/sequences/${lead.sequenceId}/stop`, {
        key: org.apiKey,
        body: { reason: 'LOSE', scope: 'ACCOUNT' },
      });
      assert.equal(stopped.status, 200, stopped.text);
      assert.equal(stopped.body.status, 'FAILED');
      await stack.temporal.workflow.getHandle(sequenceWorkflowId(running)).result();
      for (const id of [running, otherLead.sequenceId])
        assert.equal((await sequenceRow(stack, id)).status, 'FAILED', id);
      assert.deepEqual(
        [(await taskOf(lead.taskId)).status, (await taskOf(otherLead.taskId)).status],
        ['SKIPPED', 'SKIPPED'],
      );
      await noWorkflow(otherLead.sequenceId);
    });

    it('when a stop and its approval race, then either the stop wins (approval 409, no workflow, review SKIPPED) or the approval does (its run started, then stopped): the run ends FAILED either way', async () => {
      const outcomes: number[] = [];
      for (const delayMs of [0, 10, 25, 50, 100, 1000]) {
        // the stop sent a little later each time: both orders happen
        const lead = await awaitingReview();
        const [stopped, approval] = await Promise.all([
          sleep(delayMs).then(() =>
            api.post(`/v1/sequences/${lead.sequenceId}/stop`, {
              key: org.apiKey,
              body: { reason: 'LOSE', scope: 'CONTACT' },
            }),
          ),
          api.post(`/v1/tasks/${lead.taskId}/execute`, {
            key: org.apiKey,
            body: { payload: { type: 'new_lead_review', approved: true } },
          }),
        ]);
        outcomes.push(approval.status);
        assert.deepEqual([stopped.status, stopped.body.status], [200, 'FAILED'], stopped.text);
        assert.equal((await sequenceRow(stack, lead.sequenceId)).status, 'FAILED');
        const task = await taskOf(lead.taskId);
        if (approval.status === 409) {
          assert.equal(task.status, 'SKIPPED');
          await noWorkflow(lead.sequenceId);
        } else {
          assert.equal(approval.status, 200, approval.text);
          assert.equal(task.status, 'COMPLETED');
          await stack.temporal.workflow.getHandle(sequenceWorkflowId(lead.sequenceId)).result(); // the started run ended
        }
      }
      assert.ok(outcomes.includes(200), `the approval never came first: ${outcomes.join(', ')}`);
    });
  });
});
