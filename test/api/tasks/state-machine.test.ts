// The task state machine (start, complete, skip, reopen, snooze) and the events each transition
// records.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { sequenceRow, until } from '../../helpers/sequence-fixtures.ts';
import { tasksFixture } from './fixtures.ts';

describe('tasks API', function () {
  this.timeout(120_000);
  const fx = tasksFixture();
  const { db, taskEvents, insertTask, sequenceOf } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('state machine', () => {
    it('when a sequence task goes start, complete, reopen, skip, then each status and timestamp is right, invalid steps answer 409, and each change emits its task.* event', async () => {
      const run = await sequenceOf(org, { status: 'WAITING_FOR_LEAD' });
      const id = await insertTask(org.organizationId, {
        type: 'EMAIL_REPLY',
        sequenceId: run.sequenceId,
        contactId: run.contactId,
      });
      const post = (action: string, body?: unknown) => api.post(`/v1/tasks/${id}/${action}`, { key: org.apiKey, body });
      const expect409 = async (action: string, body?: unknown) => {
        const response = await post(action, body);
        assert.equal(response.status, 409, `${action}: ${response.text}`);
        assert.equal(response.body.type, 'CommitIssue');
      };

      const started = await post('start');
      assert.equal(started.status, 200, started.text);
      assert.equal(started.body.status, 'IN_PROGRESS');
      assert.ok(started.body.started_at);
      await expect409('start');
      await expect409('reopen');

      const completed = await post('complete', { completion_source: 'EXTERNAL_CRM' });
      assert.equal(completed.status, 200, completed.text);
      assert.deepEqual(
        [completed.body.status, completed.body.completion_source, completed.body.disposition],
        ['COMPLETED', 'EXTERNAL_CRM', null],
      );
      assert.ok(completed.body.completed_at);
      await expect409('complete');
      await expect409('skip');
      await expect409('start');
      await expect409('snooze', { snoozed_until: new Date(Date.now() + 3_600_000).toISOString() });
      await expect409('execute', { payload: { type: 'email_reply', body: 'too late' } });

      const reopened = await post('reopen');
      assert.equal(reopened.status, 200, reopened.text);
      assert.deepEqual(
        [
          reopened.body.status,
          reopened.body.completed_at,
          reopened.body.completion_source,
          reopened.body.reopen_reason,
        ],
        ['PENDING', null, null, null],
      );
      assert.ok(reopened.body.reopened_at);

      const skipped = await post('skip');
      assert.equal(skipped.status, 200, skipped.text);
      assert.equal(skipped.body.status, 'SKIPPED');
      assert.ok(skipped.body.skipped_at);

      const events = await taskEvents(run.sequenceId);
      assert.deepEqual(
        events.map((e) => e.type),
        ['task.completed', 'task.reopened', 'task.skipped'],
      );
      for (const e of events) {
        assert.equal(e.payload.task_id, id);
        assert.equal(e.payload.sequence_id, run.sequenceId);
        assert.equal(e.payload.sequence_template_id, run.templateId);
        assert.equal(e.payload.resource_type, 'TASK');
        assert.equal((e.payload.task as { id: string }).id, id);
        assert.equal((e.payload.contact as { id: string }).id, run.contactId);
      }
      assert.equal(events[0].payload.completion_source, 'EXTERNAL_CRM');
      assert.equal((events[2].payload.task as { status: string }).status, 'SKIPPED');
    });

    it('when a reply task of a run halted by a reply is completed, skipped or reopened without execute, then the run waits for the lead once none is open, for the user while one is', async () => {
      const run = await sequenceOf(org, { status: 'WAITING_FOR_USER' });
      await sql`UPDATE sequences SET replied_at = now() WHERE id = ${run.sequenceId}`.execute(db());
      const first = await insertTask(org.organizationId, {
        type: 'EMAIL_REPLY',
        sequenceId: run.sequenceId,
        contactId: run.contactId,
      });
      const second = await insertTask(org.organizationId, {
        type: 'EMAIL_REPLY',
        sequenceId: run.sequenceId,
        contactId: run.contactId,
      });
      const status = async () => (await sequenceRow(stack, run.sequenceId)).status;
      const post = async (id: string, action: string, body?: unknown) => {
        const response = await api.post(`/v1/tasks/${id}/${action}`, { key: org.apiKey, body });
        assert.equal(response.status, 200, `${action}: ${response.text}`);
      };
      await post(first, 'complete', { completion_source: 'EXTERNAL_REPLY' });
      assert.equal(await status(), 'WAITING_FOR_USER', 'the second reply task is still open');
      await post(second, 'skip');
      assert.equal(await status(), 'WAITING_FOR_LEAD');
      await post(first, 'reopen');
      assert.equal(await status(), 'WAITING_FOR_USER');
      await post(first, 'complete');
      assert.equal(await status(), 'WAITING_FOR_LEAD');
    });

    it('when complete takes a default source, a CALL disposition, or a disposition for another type, then TASK_EXECUTION, the disposition, or 422', async () => {
      const todo = (await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Plain', due_date: '2026-12-01' } }))
        .body;
      const withDisposition = await api.post(`/v1/tasks/${todo.id}/complete`, {
        key: org.apiKey,
        body: { disposition: 'ANSWERED' },
      });
      assert.equal(withDisposition.status, 422);
      assert.equal(withDisposition.body.data.errors[0].path, 'disposition');
      const bad = await api.post(`/v1/tasks/${todo.id}/complete`, {
        key: org.apiKey,
        body: { completion_source: 'MAGIC' },
      });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.data.errors[0].path, 'completion_source');
      const done = await api.post(`/v1/tasks/${todo.id}/complete`, { key: org.apiKey });
      assert.equal(done.status, 200, done.text);
      assert.deepEqual([done.body.status, done.body.completion_source], ['COMPLETED', 'TASK_EXECUTION']);

      const run = await sequenceOf(org);
      const call = await insertTask(org.organizationId, { type: 'CALL', sequenceId: run.sequenceId });
      const six = await api.post(`/v1/tasks/${call}/complete`, {
        key: org.apiKey,
        body: { disposition: 'INTERESTED' },
      });
      assert.equal(six.status, 400, 'complete takes the three call dispositions; execute takes all six');
      const answered = await api.post(`/v1/tasks/${call}/complete`, {
        key: org.apiKey,
        body: { disposition: 'VOICEMAIL_LEFT' },
      });
      assert.deepEqual([answered.body.status, answered.body.disposition], ['COMPLETED', 'VOICEMAIL_LEFT']);
    });

    it('when a task is snoozed, then it keeps its status with snoozed_until and comes back PENDING with REMINDER_RULE at that time; a re-snooze replaces the time', async () => {
      const run = await sequenceOf(org);
      const id = await insertTask(org.organizationId, {
        type: 'CALL',
        sequenceId: run.sequenceId,
        contactId: run.contactId,
      });
      await api.post(`/v1/tasks/${id}/start`, { key: org.apiKey });
      const far = new Date(Date.now() + 3_600_000).toISOString();
      const snoozed = await api.post(`/v1/tasks/${id}/snooze`, { key: org.apiKey, body: { snoozed_until: far } });
      assert.equal(snoozed.status, 200, snoozed.text);
      assert.deepEqual([snoozed.body.status, snoozed.body.snoozed_until], ['IN_PROGRESS', far]);
      const hidden = await api.get(`/v1/tasks?snoozed=false&sequence_id=${run.sequenceId}`, { key: org.apiKey });
      assert.equal(hidden.body.total_count, 0);
      const shown = await api.get(`/v1/tasks?snoozed=true&sequence_id=${run.sequenceId}`, { key: org.apiKey });
      assert.equal(shown.body.items[0].id, id);

      const soon = new Date(Date.now() + 2_000).toISOString();
      const again = await api.post(`/v1/tasks/${id}/snooze`, { key: org.apiKey, body: { snoozed_until: soon } });
      assert.equal(again.body.snoozed_until, soon);
      await until(
        async () => (await api.get(`/v1/tasks/${id}`, { key: org.apiKey })).body.snoozed_until === null,
        20_000,
      );
      const back = (await api.get(`/v1/tasks/${id}`, { key: org.apiKey })).body;
      assert.deepEqual([back.status, back.reopen_reason, back.snoozed_until], ['PENDING', 'REMINDER_RULE', null]);
      assert.ok(Date.parse(back.reopened_at) >= Date.parse(soon) - 50, 'not before the snooze time');
      const events = await taskEvents(run.sequenceId);
      assert.deepEqual(
        events.map((e) => [e.type, e.payload.reopen_reason]),
        [['task.reopened', 'REMINDER_RULE']],
      );
    });

    it('when snoozed_until is missing, in the past or too far ahead, then 400/422 naming snoozed_until', async () => {
      const todo = (await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Later', due_date: '2026-12-01' } }))
        .body;
      for (const [body, status] of [
        [{}, 400],
        [{ snoozed_until: 'soon' }, 400],
        [{ snoozed_until: new Date(Date.now() - 1000).toISOString() }, 422],
        [{ snoozed_until: new Date(Date.now() + 400 * 86_400_000).toISOString() }, 422],
      ] as const) {
        const response = await api.post(`/v1/tasks/${todo.id}/snooze`, { key: org.apiKey, body });
        assert.equal(response.status, status, `${JSON.stringify(body)}: ${response.text}`);
        assert.equal(response.body.data.errors[0].path, 'snoozed_until');
      }
      assert.equal((await api.get(`/v1/tasks/${todo.id}`, { key: org.apiKey })).body.snoozed_until, null);
    });
  });
});
