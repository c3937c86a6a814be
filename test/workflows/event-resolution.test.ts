// The event-resolution workflow on the time-skipping server with the real activities on the
// stack's database: the drain schedule (PENDING events wait for the next interval, then batches
// repeat while they come back full) and playbook approval (the run waits on its task; execute or
// complete carries the action out, rejection records REJECTED). The workflow is scoped to the
// suite's organization so the stack's own drain and other suites do not interfere.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { sql } from 'kysely';
import { pino } from 'pino';
import { createEventResolutionActivities } from '../../activities/event-resolution.activities.ts';
import { createPlaybook } from '../../domain/playbooks/playbook-crud.ts';
import { listRuns } from '../../domain/playbooks/run-reads.ts';
import type { PlaybookRunRecord } from '../../domain/playbooks/playbook-records.ts';
import { completeTask, skipTask } from '../../domain/tasks/transitions.ts';
import { executeTask, type ExecuteDeps } from '../../domain/tasks/execute.ts';
import { getTask } from '../../domain/tasks/reads.ts';
import { createProviders } from '../../providers/index.ts';
import {
  EVENT_RESOLUTION_WORKFLOW,
  drainNowSignal,
  eventResolutionWorkflowId,
  resolutionStatusQuery,
  type EventResolutionInput,
} from '../../workflows/event-resolution.definitions.ts';
import { eventRows, insertEvent, insertEvents } from '../helpers/ingested-events.ts';
import { insertContact, insertTemplate, sequenceRow, until } from '../helpers/sequence-fixtures.ts';
import { createServiceWorker, useTimeSkippingEnv } from '../helpers/time-skipping.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';

const INTERVAL = 2 * 60_000;

describe('event resolution (eventResolutionWorkflow)', function () {
  this.timeout(120_000);
  const ts = useTimeSkippingEnv();
  const taskQueue = `event-resolution-${randomUUID()}`;
  let handle: WorkflowHandle;
  let worker: Worker | undefined;
  let workerRun: Promise<void> | undefined;

  before(async () => {
    // The real activities; enrollments start their sequence workflow on the stack's dev server (the
    // time-skipping server has no custom search attributes), where the stack's worker runs it.
    const real = createEventResolutionActivities({
      orm: ts.stack.orm,
      logger: pino({ level: 'silent' }),
      config: ts.stack.config,
      workflows: createWorkflowClients(ts.stack.temporal, ts.stack.config.temporalTaskQueue),
      providers: createProviders({ orm: ts.stack.orm, config: ts.stack.config }),
    });
    worker = await createServiceWorker(ts, taskQueue, { runPendingPlaybooks: real.runPendingPlaybooks });
    workerRun = worker.run();
    const input: EventResolutionInput = {
      intervalMs: INTERVAL,
      batchSize: 3,
      organizationIds: [ts.org.organizationId],
    };
    handle = await ts.env.client.workflow.start(EVENT_RESOLUTION_WORKFLOW, {
      taskQueue,
      workflowId: eventResolutionWorkflowId(taskQueue),
      args: [input],
    });
    await until(async () => (await handle.query(resolutionStatusQuery)).phase === 'sleeping');
  });

  ts.beforeTeardown(async () => {
    await handle?.terminate('suite done').catch(() => {});
    worker?.shutdown();
    await workerRun?.catch(() => {});
  });

  const statuses = async (ids: string[]) => (await eventRows(ts.stack, ids)).map((r) => r.resolution_status);
  const settled = (ids: string[]) => until(async () => (await statuses(ids)).every((s) => s !== 'PENDING'));

  it('when events are inserted PENDING, then they wait for the next interval and are drained then in batches repeated while full', async () => {
    const known = await insertContact(ts.stack, ts.org.organizationId, {
      email: `known-${randomUUID().slice(0, 8)}@drain.test`,
    });
    const email = (
      await sql<{ email: string }>`SELECT email FROM contacts WHERE id = ${known}`.execute(
        ts.stack.orm.em.fork().getKysely(),
      )
    ).rows[0].email;
    const ids = await insertEvents(
      ts.stack,
      ts.org.organizationId,
      Array.from({ length: 7 }, (_, i) => ({
        subject: i % 2 === 0 ? { email } : { email: `nobody-${i}@nowhere-at-all.test` },
      })),
    );
    const drainsBefore = (await handle.query(resolutionStatusQuery)).totals.drains;
    await ts.env.sleep(INTERVAL / 2);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(await statuses(ids), Array(7).fill('PENDING'), 'nothing before the interval');
    const started = await ts.env.currentTimeMs();
    await ts.env.sleep(INTERVAL / 2 + 1000);
    await settled(ids);
    assert.ok((await ts.env.currentTimeMs()) - started >= INTERVAL / 2);
    assert.deepEqual(await statuses(ids), [
      'RESOLVED',
      'UNRESOLVED',
      'RESOLVED',
      'UNRESOLVED',
      'RESOLVED',
      'UNRESOLVED',
      'RESOLVED',
    ]);
    await until(async () => (await handle.query(resolutionStatusQuery)).phase === 'sleeping');
    const status = await handle.query(resolutionStatusQuery);
    assert.deepEqual(
      status.lastDrain,
      [3, 3, 1],
      'a full batch is followed by another at once; a short one ends the drain',
    );
    assert.equal(status.totals.drains, drainsBefore + 1);
    assert.ok(
      (await eventRows(ts.stack, ids))
        .filter((r) => r.resolution_status === 'RESOLVED')
        .every((r) => r.contact_id === known),
    );
  });

  it('when a batch comes back exactly full and the queue is then empty, then one more (empty) batch ends the drain', async () => {
    const ids = await insertEvents(
      ts.stack,
      ts.org.organizationId,
      Array.from({ length: 3 }, (_, i) => ({ subject: { email: `exact-${i}@nowhere-at-all.test` } })),
    );
    await ts.env.sleep(INTERVAL + 1000);
    await settled(ids);
    await until(async () => (await handle.query(resolutionStatusQuery)).phase === 'sleeping');
    assert.deepEqual((await handle.query(resolutionStatusQuery)).lastDrain, [3, 0]);
  });

  describe('playbook approval', () => {
    const deps = (): ExecuteDeps => ({
      em: ts.stack.orm.em.fork(),
      workflows: createWorkflowClients(ts.env.client, taskQueue),
      providers: createProviders({ orm: ts.stack.orm, config: ts.stack.config }),
      userId: ts.org.userId,
    });
    const runsOf = async (playbookId: string): Promise<PlaybookRunRecord[]> =>
      (
        await listRuns(
          ts.stack.orm.em.fork(),
          ts.org.organizationId,
          playbookId,
          {},
          { limit: 100, offset: 0, sortOrder: 'asc' },
        )
      ).items;

    /** A contact, an event of `eventName` for it, drained now: the run awaiting approval. */
    async function awaitingRun(
      playbookId: string,
      eventName: string,
    ): Promise<{ run: PlaybookRunRecord; contactId: string; eventId: string }> {
      const email = `pb-${randomUUID().slice(0, 8)}@approval.test`;
      const contactId = await insertContact(ts.stack, ts.org.organizationId, { email, firstName: 'Pat' });
      const eventId = await insertEvent(ts.stack, ts.org.organizationId, { eventName, subject: { email } });
      await handle.signal(drainNowSignal);
      await settled([eventId]);
      const run = (await runsOf(playbookId)).find((r) => r.event_id === eventId)!;
      return { run, contactId, eventId };
    }

    it('when an event resolves for a playbook requiring approval, then its run waits on a PLAYBOOK_APPROVAL task; approving it by execute enrolls the contact', async () => {
      const templateId = await insertTemplate(
        ts.stack,
        ts.org.organizationId,
        [{ type: 'EMAIL', delay_days: 1, subject: 'Hi', body: 'Hello' }],
        { senderUserId: ts.org.userId },
      );
      const playbook = await createPlaybook(ts.stack.orm.em.fork(), ts.org.organizationId, ts.org.userId, {
        name: 'Demo follow-up',
        event_name: 'demo.requested',
        action: { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: templateId },
        requires_approval: true,
      });
      const { run, contactId } = await awaitingRun(playbook.id, 'demo.requested');
      assert.deepEqual([run.status, run.contact_id, run.sequence_id], ['AWAITING_APPROVAL', contactId, null]);
      const task = await getTask(ts.stack.orm.em.fork(), ts.org.organizationId, run.approval_task_id!);
      assert.deepEqual(
        [task.type, task.status, task.contact_id, task.assignee_user_id],
        ['PLAYBOOK_APPROVAL', 'PENDING', contactId, ts.org.userId],
      );
      // Days pass: nothing happens without a decision.
      await ts.env.sleep(3 * INTERVAL);
      assert.equal((await runsOf(playbook.id))[0].status, 'AWAITING_APPROVAL');

      const executed = await executeTask(deps(), ts.org.organizationId, task.id, {
        type: 'playbook_approval',
        approved: true,
      });
      assert.deepEqual([executed.task.status, executed.task.completion_source], ['COMPLETED', 'TASK_EXECUTION']);
      // The approval wakes the workflow (drainNow): the enrollment follows within seconds, not at the next interval.
      await until(async () => (await runsOf(playbook.id))[0].status === 'COMPLETED');
      const done = (await runsOf(playbook.id))[0];
      assert.deepEqual([done.outcome, done.error], ['ENROLLED', null]);
      assert.ok(done.decided_at && done.completed_at);
      const sequence = await sequenceRow(ts.stack, done.sequence_id!);
      assert.equal(sequence.status, 'ACTIVE');
      const { rows } = await sql<{
        type: string;
      }>`SELECT type FROM activities WHERE sequence_id = ${done.sequence_id}`.execute(
        ts.stack.orm.em.fork().getKysely(),
      );
      assert.deepEqual(
        rows.map((r) => r.type),
        ['sequence.created'],
      );
    });

    it('when an approval task is completed with PLAYBOOK_RESOLUTION, then the CREATE_TASK action creates its to-do in the same commit', async () => {
      const playbook = await createPlaybook(ts.stack.orm.em.fork(), ts.org.organizationId, ts.org.userId, {
        name: 'Call back',
        event_name: 'pricing.viewed',
        action: { type: 'CREATE_TASK', title: 'Call about pricing', priority: 'HOT', due_in_days: 2 },
        requires_approval: true,
      });
      const { run, contactId } = await awaitingRun(playbook.id, 'pricing.viewed');
      const completed = await completeTask(deps(), ts.org.organizationId, run.approval_task_id!, {
        completion_source: 'PLAYBOOK_RESOLUTION',
      });
      assert.deepEqual([completed.status, completed.completion_source], ['COMPLETED', 'PLAYBOOK_RESOLUTION']);
      const done = (await runsOf(playbook.id))[0];
      assert.deepEqual([done.status, done.outcome], ['COMPLETED', 'TASK_CREATED']);
      const todo = await getTask(ts.stack.orm.em.fork(), ts.org.organizationId, done.created_task_id!);
      assert.deepEqual(
        [todo.type, todo.status, todo.title, todo.priority, todo.contact_id, todo.assignee_user_id],
        ['TODO', 'PENDING', 'Call about pricing', 'HOT', contactId, ts.org.userId],
      );
      assert.equal(
        todo.due_date,
        new Date(new Date(done.completed_at!).getTime() + 2 * 86_400_000).toISOString().slice(0, 10),
      );
    });

    it('when approval is refused (execute approved false, or skip), then the run is REJECTED and nothing is carried out', async () => {
      const playbook = await createPlaybook(ts.stack.orm.em.fork(), ts.org.organizationId, ts.org.userId, {
        name: 'Maybe',
        event_name: 'trial.started',
        action: { type: 'CREATE_TASK', title: 'Onboard' },
        requires_approval: true,
      });
      const first = await awaitingRun(playbook.id, 'trial.started');
      await executeTask(deps(), ts.org.organizationId, first.run.approval_task_id!, {
        type: 'playbook_approval',
        approved: false,
      });
      const second = await awaitingRun(playbook.id, 'trial.started');
      const skipped = await skipTask(deps(), ts.org.organizationId, second.run.approval_task_id!);
      assert.equal(skipped.status, 'SKIPPED');
      const runs = await runsOf(playbook.id);
      assert.deepEqual(
        runs.map((r) => [r.status, r.outcome, r.created_task_id]),
        [
          ['REJECTED', null, null],
          ['REJECTED', null, null],
        ],
      );
      await assert.rejects(
        executeTask(deps(), ts.org.organizationId, first.run.approval_task_id!, {
          type: 'playbook_approval',
          approved: true,
        }),
        (e: Error & { status?: number }) => e.status === 409,
      );
      const { rows } =
        await sql`SELECT 1 FROM tasks WHERE organization_id = ${ts.org.organizationId} AND type = 'TODO' AND title = 'Onboard'`.execute(
          ts.stack.orm.em.fork().getKysely(),
        );
      assert.equal(rows.length, 0);
    });
  });
});
