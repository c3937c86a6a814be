// The snooze timer on the time-skipping server, driven through the domain's snoozeTask with the real
// activities on the stack's database: days-long snoozes come back in seconds, a re-snooze replaces
// the timer, and a task completed meanwhile stays completed.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { completeTask } from '../../domain/tasks/transitions.ts';
import { getTask } from '../../domain/tasks/reads.ts';
import { snoozeTask } from '../../domain/tasks/snooze.ts';
import type { TaskDeps } from '../../domain/tasks/task-changes.ts';
import type { TaskReminderResult } from '../../domain/tasks/reminder.types.ts';
import { taskReminderWorkflowId } from '../../workflows/task-reminder.definitions.ts';
import { useTimeSkippingWorker } from '../helpers/time-skipping.ts';
import { eventsOf, insertContact, insertSequence, insertTemplate } from '../helpers/sequence-fixtures.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('task snooze (taskReminderWorkflow)', function () {
  this.timeout(120_000);
  const ts = useTimeSkippingWorker('task-snooze', { searchAttributes: true });

  const deps = (): TaskDeps => ({
    em: ts.stack.orm.em.fork(),
    workflows: createWorkflowClients(ts.env.client, ts.taskQueue),
  });
  const envNow = async () => new Date(await ts.env.currentTimeMs());

  /** An IN_PROGRESS CALL task of a running sequence. */
  async function callTask(): Promise<{ taskId: string; sequenceId: string }> {
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      email: `s-${randomUUID().slice(0, 8)}@example.com`,
    });
    const templateId = await insertTemplate(
      ts.stack,
      ts.org.organizationId,
      [{ type: 'CALL', delay_days: 0, body: 'Call' }],
      { senderUserId: ts.org.userId },
    );
    const sequenceId = await insertSequence(ts.stack, ts.org.organizationId, {
      contactId,
      templateId,
      senderUserId: ts.org.userId,
    });
    const taskId = randomUUID();
    await sql`INSERT INTO tasks (id, organization_id, type, priority, status, sequence_id, contact_id, title, started_at, created_at, updated_at)
              VALUES (${taskId}, ${ts.org.organizationId}, 'CALL', 'TODAY', 'IN_PROGRESS', ${sequenceId}, ${contactId}, 'Call', now(), now(), now())`.execute(
      ts.stack.orm.em.fork().getKysely(),
    );
    return { taskId, sequenceId };
  }

  const result = (taskId: string) =>
    ts.env.client.workflow.getHandle(taskReminderWorkflowId(taskId)).result() as Promise<TaskReminderResult>;

  it('when a task is snoozed three days, then it comes back after three days (workflow time) as PENDING with REMINDER_RULE and task.reopened', async () => {
    const { taskId, sequenceId } = await callTask();
    const now = await envNow();
    const until = new Date(now.getTime() + 3 * DAY);
    const snoozed = await snoozeTask(deps(), ts.org.organizationId, taskId, until.toISOString(), now);
    assert.deepEqual([snoozed.status, snoozed.snoozed_until], ['IN_PROGRESS', until.toISOString()]);
    const started = Date.now();
    assert.deepEqual(await result(taskId), { outcome: 'REOPENED' });
    assert.ok(Date.now() - started < 30_000, 'three days in seconds');
    assert.ok((await ts.env.currentTimeMs()) >= until.getTime(), 'not before the snooze time');
    const back = await getTask(ts.stack.orm.em.fork(), ts.org.organizationId, taskId);
    assert.deepEqual([back.status, back.snoozed_until, back.reopen_reason], ['PENDING', null, 'REMINDER_RULE']);
    assert.ok(back.reopened_at);
    const reopened = (await eventsOf(ts.stack, sequenceId)).filter((e) => e.type === 'task.reopened');
    assert.deepEqual(
      reopened.map((e) => [e.payload.task_id, e.payload.reopen_reason]),
      [[taskId, 'REMINDER_RULE']],
    );
  });

  it('when a snoozed task is snoozed again, then its one reminder moves to the new time and the task comes back then only', async () => {
    const { taskId } = await callTask();
    const now = await envNow();
    await snoozeTask(deps(), ts.org.organizationId, taskId, new Date(now.getTime() + 2 * DAY).toISOString(), now);
    const first = await ts.env.client.workflow.getHandle(taskReminderWorkflowId(taskId)).describe();
    const later = new Date(now.getTime() + 5 * DAY);
    await snoozeTask(deps(), ts.org.organizationId, taskId, later.toISOString(), now);
    const current = await ts.env.client.workflow.getHandle(taskReminderWorkflowId(taskId)).describe();
    assert.equal(current.runId, first.runId, 'the same reminder, moved (no second run)');
    assert.deepEqual(await result(taskId), { outcome: 'REOPENED' });
    assert.ok((await ts.env.currentTimeMs()) >= later.getTime(), 'the new time, not the replaced one');
    assert.equal((await getTask(ts.stack.orm.em.fork(), ts.org.organizationId, taskId)).reopen_reason, 'REMINDER_RULE');
  });

  it('when a snoozed task is completed before its time, then the timer fires as STALE and the task stays COMPLETED', async () => {
    const { taskId, sequenceId } = await callTask();
    const now = await envNow();
    await snoozeTask(deps(), ts.org.organizationId, taskId, new Date(now.getTime() + DAY).toISOString(), now);
    const completed = await completeTask(deps(), ts.org.organizationId, taskId, { disposition: 'NO_ANSWER' });
    assert.deepEqual([completed.status, completed.snoozed_until], ['COMPLETED', null]);
    assert.deepEqual(await result(taskId), { outcome: 'STALE' });
    const after = await getTask(ts.stack.orm.em.fork(), ts.org.organizationId, taskId);
    assert.deepEqual([after.status, after.reopen_reason, after.disposition], ['COMPLETED', null, 'NO_ANSWER']);
    assert.deepEqual(
      (await eventsOf(ts.stack, sequenceId)).map((e) => e.type),
      ['task.completed'],
    );
  });
});
