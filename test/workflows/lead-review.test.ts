// A lead awaiting review (FOUND) on the time-skipping server, real activities on the stack's
// database: stopped (the stop endpoint's domain function) it never gets a workflow, not
// even when its approval is tried after the stop, however much time passes. The race of a stop and
// an approval is in test/api/sequences/controls.test.ts (the real server).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { sql } from 'kysely';
import { DomainError } from '../../domain/shared/errors.ts';
import { stopRun } from '../../domain/sequences/controls.service.ts';
import { writeEnrollment } from '../../domain/sequences/enrollment/write.ts';
import { executeTask, type ExecuteDeps } from '../../domain/tasks/execute.ts';
import { createProviders } from '../../providers/index.ts';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { useTimeSkippingWorker } from '../helpers/time-skipping.ts';
import { eventsOf, insertContact, insertTemplate, messagesOf, sequenceRow } from '../helpers/sequence-fixtures.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('a lead awaiting review (time-skipping)', function () {
  this.timeout(120_000);
  const ts = useTimeSkippingWorker('lead-review');
  const db = () => ts.stack.orm.em.fork().getKysely();

  const taskDeps = (): ExecuteDeps => ({
    em: ts.stack.orm.em.fork(),
    workflows: createWorkflowClients(ts.env.client, ts.taskQueue),
    providers: createProviders({ orm: ts.stack.orm }),
    userId: ts.org.userId,
  });
  const controlDeps = () => ({
    em: ts.stack.orm.em.fork(),
    workflows: createWorkflowClients(ts.env.client, ts.taskQueue),
  });

  /** A FOUND sequence and its NEW_LEAD_REVIEW task, written as enrollment writes them. */
  async function awaitingReview() {
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      email: `lr-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Ada',
    });
    const templateId = await insertTemplate(
      ts.stack,
      ts.org.organizationId,
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' },
        { type: 'EMAIL', delay_days: 2, subject: 'Again', body: 'Again' },
      ],
      { senderUserId: ts.org.userId },
    );
    await sql`UPDATE sequence_templates SET requires_lead_review = true WHERE id = ${templateId}`.execute(db());
    const written = await writeEnrollment(
      ts.stack.orm.em.fork(),
      {
        organizationId: ts.org.organizationId,
        contactId,
        sequenceTemplateId: templateId,
        enrollmentRunId: randomUUID(),
        refusal: null,
      },
      { outboxTaskQueue: ts.taskQueue },
    );
    assert.deepEqual(written.startCommands, [], 'a FOUND row has no start command');
    const sequenceId = written.result.sequenceId;
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM tasks WHERE sequence_id = ${sequenceId} AND type = 'NEW_LEAD_REVIEW'`.execute(db());
    return { sequenceId, taskId: rows[0].id };
  }

  const approve = (taskId: string) =>
    executeTask(taskDeps(), ts.org.organizationId, taskId, { type: 'new_lead_review', approved: true });
  const taskStatus = async (taskId: string) =>
    (await sql<{ status: string }>`SELECT status FROM tasks WHERE id = ${taskId}`.execute(db())).rows[0].status;
  const hasWorkflow = (sequenceId: string) =>
    ts.env.client.workflow
      .getHandle(sequenceWorkflowId(sequenceId))
      .describe()
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof WorkflowNotFoundError) return false;
          throw error;
        },
      );

  it('when it is stopped through the domain, then no workflow starts, not even when its approval is tried afterwards, and nothing is sent', async () => {
    const lead = await awaitingReview();
    const stopped = await stopRun(controlDeps(), ts.org.organizationId, lead.sequenceId, {
      reason: 'WIN',
      scope: 'CONTACT',
    });
    assert.deepEqual([stopped.status, await taskStatus(lead.taskId)], ['SUCCEEDED', 'SKIPPED']);
    await assert.rejects(
      approve(lead.taskId),
      (error: unknown) => error instanceof DomainError && error.status === 409,
    );
    await ts.env.sleep(3 * DAY);
    assert.equal(await hasWorkflow(lead.sequenceId), false);
    assert.equal((await messagesOf(ts.stack, lead.sequenceId)).length, 0);
    assert.deepEqual(
      [(await sequenceRow(ts.stack, lead.sequenceId)).status, await taskStatus(lead.taskId)],
      ['SUCCEEDED', 'SKIPPED'],
    );
    assert.deepEqual(
      (await eventsOf(ts.stack, lead.sequenceId)).map((e) => e.type),
      ['sequence.created', 'task.created', 'sequence.stopped', 'task.skipped'],
    );
  });
});
