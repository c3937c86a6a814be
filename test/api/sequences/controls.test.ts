// Sequence controls on the real stack (API, worker, Temporal, PostgreSQL): pause, resume, stop and
// PATCH variables are written by the request (the row, its event and, for a change the run must act
// on, a RUN_CHANGED command) and answer with the row as written; the run is told after the commit
// (a stop ends it; variables are read by its next step). 409 once ended; 404 across orgs. A lead
// awaiting review (FOUND, no workflow yet): stop and PATCH change its row, pause and resume 409.
// A stop while Temporal is cut: test/api/faults-temporal.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { sql } from 'kysely';
import {
  SEQUENCE_WORKFLOW,
  sequenceStatusQuery,
  sequenceWorkflowId,
  type SequenceInput,
} from '../../../workflows/sequence.definitions.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import { apiSuite, newOrg, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import { typedKysely } from '../../../db/kysely.ts';
import {
  eventsOf,
  insertAccount,
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
  type StepSpec,
} from '../../helpers/sequence-fixtures.ts';

describe('sequence controls API', function () {
  this.timeout(60_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => ({ stack, api, org } = await apiSuite()));

  /** A sequence whose workflow runs on the stack's worker, once `started` holds. */
  async function startedSequence(
    steps: StepSpec[],
    started: (sequenceId: string) => Promise<boolean>,
    accountId: string | null = null,
  ): Promise<string> {
    const contactId = await insertContact(stack, org.organizationId, {
      email: `c-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Ada',
      accountId,
    });
    const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId,
      accountId,
      senderUserId: org.userId,
    });
    const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
    await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: stack.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
    await until(() => started(sequenceId));
    return sequenceId;
  }

  /** An ACTIVE sequence whose first email is sent; step 2 is days away, so it stays running. */
  const runningSequence = (accountId: string | null = null) =>
    startedSequence(
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi {{first_name}}' },
        { type: 'EMAIL', delay_days: 3, subject: 'Again', body: '{{offer}}' },
      ],
      async (id) => (await messagesOf(stack, id)).length === 1,
      accountId,
    );

  /** The outbox commands for a run's workflow. */
  const commandsOf = (sequenceId: string) =>
    typedKysely(stack.orm.em.fork())
      .selectFrom('workflow_commands')
      .select(['kind', 'status', 'last_error'])
      .where('workflow_id', '=', sequenceWorkflowId(sequenceId))
      .orderBy('created_at')
      .execute();

  it('when paused, resumed and patched, then each answer is the accepted state and the row and events match', async () => {
    const id = await runningSequence();
    const paused = await api.post(`/v1/sequences/${id}/pause`, { key: org.apiKey, body: {} });
    assert.equal(paused.status, 200, paused.text);
    assert.deepEqual(
      [paused.body.id, paused.body.status, paused.body.paused_until, paused.body.current_step],
      [id, 'WAITING_FOR_USER', null, 1],
    );
    assert.equal(
      (
        await api.post(`/v1/sequences/${id}/pause`, {
          key: org.apiKey,
          body: { paused_until: '2099-01-01T00:00:00.000Z' },
        })
      ).body.paused_until,
      '2099-01-01T00:00:00.000Z',
    );
    const status = await stack.temporal.workflow.getHandle(sequenceWorkflowId(id)).query(sequenceStatusQuery);
    assert.equal(status.paused, true);
    const resumed = await api.post(`/v1/sequences/${id}/resume`, { key: org.apiKey });
    assert.equal(resumed.status, 200, resumed.text);
    assert.deepEqual([resumed.body.status, resumed.body.paused_until], ['ACTIVE', null]);
    const again = await api.post(`/v1/sequences/${id}/resume`, { key: org.apiKey });
    assert.deepEqual([again.status, again.body.type], [409, 'CommitIssue']);
    const patched = await api.patch(`/v1/sequences/${id}`, {
      key: org.apiKey,
      body: { variables: { offer: 'a demo', gone: null } },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(patched.body.variables, { offer: 'a demo', gone: null });
    assert.deepEqual(
      (await eventsOf(stack, id)).map((e) => e.type),
      ['message.sent', 'sequence.paused', 'sequence.paused', 'sequence.resumed'],
    );
    await api.post(`/v1/sequences/${id}/stop`, { key: org.apiKey, body: { reason: 'LOSE', scope: 'CONTACT' } });
  });

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
      stopped.body,
      (await api.get(`/v1/sequences/${id}`, { key: org.apiKey })).body,
      'the answer is the row as written',
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

  it('when variables are patched while the run waits on a CALL task, then the request writes them in the row (no event, no command: nothing for the workflow to hold) and the next step renders with them', async () => {
    const id = await startedSequence(
      [
        { type: 'CALL', delay_days: 0, body: 'Call {{first_name}}' },
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi {{first_name}}, {{offer}}' },
      ],
      async (sequenceId) =>
        (await stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId)).query(sequenceStatusQuery))
          .waitingFor === 'TASK',
    );
    const before = await sequenceRow(stack, id);
    const patched = await api.patch(`/v1/sequences/${id}`, {
      key: org.apiKey,
      body: { variables: { offer: 'a demo' } },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(
      [patched.body.id, patched.body.status, patched.body.variables],
      [id, 'WAITING_FOR_USER', { offer: 'a demo' }],
    );
    assert.deepEqual(
      patched.body,
      (await api.get(`/v1/sequences/${id}`, { key: org.apiKey })).body,
      'the answer is the row as written',
    );
    const { rows } = await sql<{
      variables: Record<string, string>;
      revision: number;
    }>`SELECT variables, revision FROM sequences WHERE id = ${id}`.execute(stack.orm.em.fork().getKysely());
    assert.deepEqual(
      [rows[0].variables, rows[0].revision],
      [{ offer: 'a demo' }, before.revision + 1],
      'written by the request',
    );
    assert.deepEqual(
      (await eventsOf(stack, id)).map((e) => e.type),
      ['task.created'],
    );
    assert.deepEqual(await commandsOf(id), []);
    const taskId = (await stack.temporal.workflow.getHandle(sequenceWorkflowId(id)).query(sequenceStatusQuery)).taskId;
    const done = await api.post(`/v1/tasks/${taskId}/complete`, { key: org.apiKey, body: {} });
    assert.equal(done.status, 200, done.text);
    await until(async () => (await messagesOf(stack, id)).length === 1);
    assert.equal((await messagesOf(stack, id))[0].body, 'Hi Ada, a demo');
  });

  it('when the body is invalid, then 400 and the sequence is unchanged', async () => {
    const id = await runningSequence();
    assert.equal(
      (await api.post(`/v1/sequences/${id}/stop`, { key: org.apiKey, body: { reason: 'DRAW', scope: 'CONTACT' } }))
        .status,
      400,
    );
    assert.equal(
      (await api.post(`/v1/sequences/${id}/pause`, { key: org.apiKey, body: { paused_until: 'tomorrow' } })).status,
      400,
    );
    assert.equal(
      (await api.patch(`/v1/sequences/${id}`, { key: org.apiKey, body: { variables: { '1bad': 'x' } } })).status,
      400,
    );
    assert.equal((await sequenceRow(stack, id)).status, 'ACTIVE');
    await api.post(`/v1/sequences/${id}/stop`, { key: org.apiKey, body: { reason: 'LOSE', scope: 'CONTACT' } });
  });

  it('when another organization pauses or stops the sequence, then 404 and the run is untouched', async () => {
    const id = await runningSequence();
    const intruder = await newOrg(stack);
    assert.equal((await api.post(`/v1/sequences/${id}/pause`, { key: intruder.apiKey, body: {} })).status, 404);
    assert.equal(
      (await api.post(`/v1/sequences/${id}/stop`, { key: intruder.apiKey, body: { reason: 'WIN', scope: 'ACCOUNT' } }))
        .status,
      404,
    );
    assert.equal((await sequenceRow(stack, id)).status, 'ACTIVE');
    await api.post(`/v1/sequences/${id}/stop`, { key: org.apiKey, body: { reason: 'LOSE', scope: 'CONTACT' } });
  });

  describe('a lead awaiting review (FOUND)', () => {
    const db = () => stack.orm.em.fork().getKysely();

    /** A contact enrolled through the API in a template that requires lead review: its FOUND sequence and NEW_LEAD_REVIEW task. */
    async function awaitingReview(accountId: string | null = null) {
      const contactId = await insertContact(stack, org.organizationId, {
        email: `r-${randomUUID().slice(0, 8)}@example.com`,
        firstName: 'Ada',
        accountId,
      });
      const templateId = await insertTemplate(
        stack,
        org.organizationId,
        [
          { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi {{first_name}}, {{offer}}' },
          { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Again' },
        ],
        { senderUserId: org.userId },
      );
      await sql`UPDATE sequence_templates SET requires_lead_review = true WHERE id = ${templateId}`.execute(db());
      const enrolled = await api.post('/v1/sequences', {
        key: org.apiKey,
        body: { contact_id: contactId, sequence_template_id: templateId },
      });
      assert.deepEqual([enrolled.status, enrolled.body.status], [201, 'FOUND'], enrolled.text);
      const tasks = await api.get(`/v1/tasks?sequence_id=${enrolled.body.id}&types=NEW_LEAD_REVIEW`, {
        key: org.apiKey,
      });
      assert.equal(tasks.body.items.length, 1, tasks.text);
      return { contactId, sequenceId: enrolled.body.id as string, taskId: tasks.body.items[0].id as string };
    }

    const taskOf = async (id: string) => (await api.get(`/v1/tasks/${id}`, { key: org.apiKey })).body;
    const noWorkflow = async (sequenceId: string) => {
      await assert.rejects(
        stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId)).describe(),
        WorkflowNotFoundError,
      );
    };

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

    it('when it is paused or resumed, then 409 CommitIssue (approve or stop it); PATCH merges variables into its row and the approved run renders with them', async () => {
      const lead = await awaitingReview();
      for (const action of ['pause', 'resume']) {
        const refused = await api.post(`/v1/sequences/${lead.sequenceId}/${action}`, {
          key: org.apiKey,
          body: action === 'pause' ? {} : undefined,
        });
        assert.deepEqual(
          [refused.status, refused.body.type, refused.body.data?.status],
          [409, 'CommitIssue', 'FOUND'],
          refused.text,
        );
        assert.match(refused.body.message, /awaiting review.*approve it.*or stop it/);
      }
      const patched = await api.patch(`/v1/sequences/${lead.sequenceId}`, {
        key: org.apiKey,
        body: { variables: { offer: 'a demo', gone: null } },
      });
      assert.equal(patched.status, 200, patched.text);
      assert.deepEqual([patched.body.status, patched.body.variables], ['FOUND', { offer: 'a demo', gone: null }]);
      const bad = await api.patch(`/v1/sequences/${lead.sequenceId}`, {
        key: org.apiKey,
        body: { variables: { '1bad': 'x' } },
      });
      assert.equal(bad.status, 400);
      assert.equal((await sequenceRow(stack, lead.sequenceId)).status, 'FOUND', 'nothing else changed');

      const approved = await api.post(`/v1/tasks/${lead.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'new_lead_review', approved: true } },
      });
      assert.equal(approved.status, 200, approved.text);
      await until(async () => (await messagesOf(stack, lead.sequenceId)).length === 1);
      assert.equal((await messagesOf(stack, lead.sequenceId))[0].body, 'Hi Ada, a demo');
      const stopped = await api.post(`/v1/sequences/${lead.sequenceId}/stop`, {
        key: org.apiKey,
        body: { reason: 'WIN', scope: 'CONTACT' },
      });
      assert.deepEqual([stopped.status, stopped.body.status], [200, 'SUCCEEDED'], stopped.text);
    });
  });
});
