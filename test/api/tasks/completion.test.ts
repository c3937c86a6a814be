// POST /v1/tasks/{id}/complete without completion_source, for every task type on the real stack:
// the task ends COMPLETED with TASK_EXECUTION and each type keeps its documented effect (a
// completed reply task sends nothing and leaves its run, a completed lead review leaves its
// sequence FOUND, a completed PLAYBOOK_APPROVAL approves its playbook run as execute approved true).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { drainNowSignal, eventResolutionWorkflowId } from '../../../workflows/event-resolution.definitions.ts';
import type { client } from '../../helpers/http.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import { eventRow, insertEvent } from '../../helpers/ingested-events.ts';
import type { Stack } from '../../helpers/stack.ts';
import {
  eventsOf,
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
} from '../../helpers/sequence-fixtures.ts';

describe('completing a task without completion_source', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => ({ stack, api, org } = await apiSuite()));

  const db = () => stack.orm.em.fork().getKysely();

  /** A task of `type` in a sequence of status `status` (no workflow). */
  async function sequenceTask(type: string, status: string): Promise<{ taskId: string; sequenceId: string }> {
    const contactId = await insertContact(stack, org.organizationId, {
      email: `c-${randomUUID().slice(0, 8)}@example.com`,
      linkedinUrl: `https://www.linkedin.com/in/c-${randomUUID().slice(0, 8)}`,
    });
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' }],
      { senderUserId: org.userId },
    );
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId,
      senderUserId: org.userId,
    });
    await sql`UPDATE sequences SET status = ${status} WHERE id = ${sequenceId}`.execute(db());
    const taskId = randomUUID();
    await sql`INSERT INTO tasks (id, organization_id, type, priority, status, sequence_id, contact_id, title, created_at, updated_at)
              VALUES (${taskId}, ${org.organizationId}, ${type}, 'TODAY', 'PENDING', ${sequenceId}, ${contactId}, ${type}, now(), now())`.execute(
      db(),
    );
    return { taskId, sequenceId };
  }

  /** A PLAYBOOK_APPROVAL task: a CREATE_TASK playbook with approval, run by an event resolved to a new contact. */
  async function approvalTask(): Promise<{ playbookId: string; taskId: string; contactId: string }> {
    const name = `approve-${randomUUID().slice(0, 8)}`;
    const playbook = await api.post('/v1/playbooks', {
      key: org.apiKey,
      body: {
        name,
        event_name: name,
        requires_approval: true,
        action: { type: 'CREATE_TASK', title: 'Approved call' },
      },
    });
    assert.equal(playbook.status, 201, playbook.text);
    const email = `pb-${randomUUID().slice(0, 8)}@completion.test`;
    const contactId = (await api.post('/v1/contacts', { key: org.apiKey, body: { email, first_name: 'Pat' } })).body.id;
    const eventId = await insertEvent(stack, org.organizationId, { eventName: name, subject: { email } });
    await stack.temporal.workflow.getHandle(eventResolutionWorkflowId(stack.taskQueue)).signal(drainNowSignal);
    await until(async () => (await eventRow(stack, eventId)).resolution_status !== 'PENDING');
    const [run] = (await api.get(`/v1/playbooks/${playbook.body.id}/runs`, { key: org.apiKey })).body.items;
    assert.equal(run.status, 'AWAITING_APPROVAL');
    return { playbookId: playbook.body.id, taskId: run.approval_task_id, contactId };
  }

  const runOf = async (playbookId: string) =>
    (await api.get(`/v1/playbooks/${playbookId}/runs`, { key: org.apiKey })).body.items[0];

  it('when a CALL, EMAIL_REPLY, LINKEDIN_REPLY or NEW_LEAD_REVIEW task is completed with no body or {}, then COMPLETED with TASK_EXECUTION, task.completed says so, nothing is sent and the sequence stays as it was', async () => {
    const cases: [string, string][] = [
      ['CALL', 'WAITING_FOR_USER'],
      ['EMAIL_REPLY', 'WAITING_FOR_LEAD'],
      ['LINKEDIN_REPLY', 'WAITING_FOR_LEAD'],
      ['NEW_LEAD_REVIEW', 'FOUND'],
    ];
    for (const [type, status] of cases) {
      for (const body of [undefined, {}]) {
        const { taskId, sequenceId } = await sequenceTask(type, status);
        const completed = await api.post(`/v1/tasks/${taskId}/complete`, { key: org.apiKey, body });
        assert.equal(completed.status, 200, `${type} ${JSON.stringify(body)}: ${completed.text}`);
        assert.deepEqual(
          [completed.body.status, completed.body.completion_source, completed.body.disposition],
          ['COMPLETED', 'TASK_EXECUTION', null],
          type,
        );
        const events = (await eventsOf(stack, sequenceId)).filter(
          (e) => e.type.startsWith('task.') || e.type.startsWith('message.'),
        );
        assert.deepEqual(
          events.map((e) => [e.type, e.payload.completion_source]),
          [['task.completed', 'TASK_EXECUTION']],
          type,
        );
        assert.deepEqual(await messagesOf(stack, sequenceId), [], `${type}: nothing is sent`);
        // A lead review stays FOUND (execute new_lead_review decides it); a CALL run moves on through its workflow only.
        if (type !== 'CALL') assert.equal((await sequenceRow(stack, sequenceId)).status, status, type);
      }
    }
  });

  it('when a to-do is completed with no body, then COMPLETED with TASK_EXECUTION', async () => {
    const todo = await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Plain', due_date: '2026-12-01' } });
    const completed = await api.post(`/v1/tasks/${todo.body.id}/complete`, { key: org.apiKey });
    assert.equal(completed.status, 200, completed.text);
    assert.deepEqual([completed.body.status, completed.body.completion_source], ['COMPLETED', 'TASK_EXECUTION']);
  });

  it('when a PLAYBOOK_APPROVAL task is completed without completion_source, then COMPLETED with TASK_EXECUTION and its run approved (the to-do created); after a reopen, completing again is 409', async () => {
    const { playbookId, taskId, contactId } = await approvalTask();
    const completed = await api.post(`/v1/tasks/${taskId}/complete`, { key: org.apiKey });
    assert.equal(completed.status, 200, completed.text);
    assert.deepEqual([completed.body.status, completed.body.completion_source], ['COMPLETED', 'TASK_EXECUTION']);
    const run = await runOf(playbookId);
    assert.deepEqual([run.status, run.outcome], ['COMPLETED', 'TASK_CREATED']);
    assert.ok(run.decided_at);
    const todo = (await api.get(`/v1/tasks/${run.created_task_id}`, { key: org.apiKey })).body;
    assert.deepEqual(
      [todo.type, todo.status, todo.title, todo.contact_id],
      ['TODO', 'PENDING', 'Approved call', contactId],
    );
    const { rows: announced } = await sql<{ type: string; task_id: string }>`
      SELECT type, payload->>'task_id' AS task_id FROM activities WHERE payload->>'task_id' = ANY (${[taskId, todo.id]}::text[])`.execute(
      db(),
    );
    assert.deepEqual(
      announced,
      [{ type: 'task.created', task_id: todo.id }],
      'the approved to-do announces itself; an approval task emits no task.* event',
    );

    assert.equal((await api.post(`/v1/tasks/${taskId}/reopen`, { key: org.apiKey })).status, 200);
    const again = await api.post(`/v1/tasks/${taskId}/complete`, { key: org.apiKey, body: {} });
    assert.deepEqual(
      [again.status, again.body.data?.playbook_run_status],
      [409, 'COMPLETED'],
      'a decided run is not carried out twice',
    );
    assert.equal(
      (await api.get(`/v1/tasks/${taskId}`, { key: org.apiKey })).body.status,
      'PENDING',
      'nothing half-written',
    );
    assert.equal(
      (await api.post(`/v1/tasks/${taskId}/skip`, { key: org.apiKey })).status,
      200,
      'a reopened approval can still be closed by a skip',
    );
  });

  it('when a PLAYBOOK_APPROVAL task is completed with another completion_source, then that source is recorded and the run is approved too', async () => {
    const { playbookId, taskId } = await approvalTask();
    const completed = await api.post(`/v1/tasks/${taskId}/complete`, {
      key: org.apiKey,
      body: { completion_source: 'EXTERNAL_CRM' },
    });
    assert.equal(completed.status, 200, completed.text);
    assert.deepEqual([completed.body.status, completed.body.completion_source], ['COMPLETED', 'EXTERNAL_CRM']);
    assert.deepEqual(
      [(await runOf(playbookId)).status, (await runOf(playbookId)).outcome],
      ['COMPLETED', 'TASK_CREATED'],
    );
  });
});
