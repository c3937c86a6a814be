// Tasks of CALL steps: call logs moving a waiting sequence on.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createSequenceClient } from '../../../workflows/sequence.client.ts';
import type { client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
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
import { tasksFixture } from './fixtures.ts';

describe('tasks API', function () {
  this.timeout(120_000);
  const fx = tasksFixture();
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('CALL steps', () => {
    /** A run whose first step is a CALL (then one EMAIL), started on the stack's worker, waiting on its task. */
    async function waitingOnCall() {
      const email = `call-${randomUUID().slice(0, 8)}@example.com`;
      const contactId = await insertContact(stack, org.organizationId, { email, firstName: 'Carl' });
      const templateId = await insertTemplate(
        stack,
        org.organizationId,
        [
          { type: 'CALL', delay_days: 0, body: 'Call {{first_name}}' },
          { type: 'EMAIL', delay_days: 0, subject: 'After the call', body: 'As discussed' },
        ],
        { senderUserId: org.userId },
      );
      const sequenceId = await insertSequence(stack, org.organizationId, {
        contactId,
        templateId,
        senderUserId: org.userId,
      });
      await createSequenceClient(stack.temporal, stack.taskQueue).start(org.organizationId, {
        sequenceId,
        contactId,
        sequenceTemplateId: templateId,
      });
      let taskId = '';
      await until(async () => {
        const listed = await api.get(`/v1/tasks?sequence_id=${sequenceId}&types=CALL`, { key: org.apiKey });
        taskId = listed.body.items?.[0]?.id ?? '';
        return taskId !== '' && (await sequenceRow(stack, sequenceId)).status === 'WAITING_FOR_USER';
      });
      return { sequenceId, taskId, email };
    }

    it('when the CALL task a sequence waits on is completed, then the sequence moves on to its next step', async () => {
      const run = await waitingOnCall();
      const task = (await api.get(`/v1/tasks/${run.taskId}`, { key: org.apiKey })).body;
      assert.deepEqual(
        [task.type, task.title, task.step_number, task.assignee_user_id],
        ['CALL', 'Call Carl', 1, org.userId],
      );
      const done = await api.post(`/v1/tasks/${run.taskId}/complete`, {
        key: org.apiKey,
        body: { disposition: 'ANSWERED' },
      });
      assert.equal(done.status, 200, done.text);
      await until(async () => (await sequenceRow(stack, run.sequenceId)).status === 'COMPLETED');
      assert.deepEqual(
        (await messagesOf(stack, run.sequenceId)).map((m) => m.subject),
        ['After the call'],
      );
    });

    it('when the CALL task is executed with a phone and any of the six dispositions, then it is logged, completed, and the sequence moves on', async () => {
      const run = await waitingOnCall();
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, {
        key: org.apiKey,
        body: { payload: { type: 'call', phone: '+1 555 0100', disposition: 'WRONG_NUMBER' } },
      });
      assert.equal(executed.status, 200, executed.text);
      assert.deepEqual(
        [
          executed.body.task.status,
          executed.body.task.phone,
          executed.body.task.disposition,
          executed.body.task.completion_source,
          executed.body.message,
        ],
        ['COMPLETED', '+1 555 0100', 'WRONG_NUMBER', 'TASK_EXECUTION', null],
      );
      assert.equal(executed.body.sequence.id, run.sequenceId);
      await until(async () => (await sequenceRow(stack, run.sequenceId)).status === 'COMPLETED');
      const types = (await eventsOf(stack, run.sequenceId)).map((e) => e.type);
      assert.deepEqual(
        types.filter((t) => t.startsWith('task.')),
        ['task.created', 'task.completed'],
      );
    });

    it('when the CALL task is skipped, then the sequence moves on too', async () => {
      const run = await waitingOnCall();
      assert.equal((await api.post(`/v1/tasks/${run.taskId}/skip`, { key: org.apiKey })).status, 200);
      await until(async () => (await sequenceRow(stack, run.sequenceId)).status === 'COMPLETED');
    });
  });
});
