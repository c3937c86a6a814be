// Pausing and resuming a sequence run on the time-skipping server with the real activities: the
// request's way (domain/sequences/controls.service.ts: the row changes, then the run takes its pause
// state from the pauseState Update), and pause states that reach the run late or out of order (the
// row's revision decides; a pause that changed meanwhile is not resumed by the old one's end).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { typedKysely } from '../../db/kysely.ts';
import { pauseRun, resumeRun, type ControlDeps } from '../../domain/sequences/controls.service.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { drainCommands } from '../../domain/workflow-commands/deliver.ts';
import { createWorkflowClients, type WorkflowClients } from '../../workflows/clients.ts';
import { sequenceStatusQuery, sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { useTimeSkippingWorker } from '../helpers/time-skipping.ts';
import {
  eventsOf,
  insertContact,
  insertTemplate,
  messagesOf,
  sequenceRow,
  startRunOnSuite,
  until,
} from '../helpers/sequence-fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('sequenceWorkflow: pause and resume', function () {
  this.timeout(120_000);
  const ts = useTimeSkippingWorker('sequence-pause');

  /** A running two-EMAIL run (the second `secondDelayDays` after the first) whose first email is sent. */
  async function started(secondDelayDays = 1) {
    const contactId = await insertContact(ts.stack, ts.org.organizationId, {
      email: `pause-${randomUUID()}@example.com`,
      firstName: 'Ada',
    });
    const steps = [
      { type: 'EMAIL' as const, delay_days: 0, subject: 'One', body: 'one' },
      { type: 'EMAIL' as const, delay_days: secondDelayDays, subject: 'Two', body: 'two' },
    ];
    const templateId = await insertTemplate(ts.stack, ts.org.organizationId, steps, { senderUserId: ts.org.userId });
    const { sequenceId, handle } = await startRunOnSuite(ts, contactId, templateId);
    await until(async () => (await messagesOf(ts.stack, sequenceId)).length === 1);
    return { sequenceId, handle };
  }

  const workflows = (): WorkflowClients => createWorkflowClients(ts.env.client, ts.taskQueue);
  /** What the API hands the controls: the request's EntityManager and the workflow clients. */
  const deps = (clients = workflows()): ControlDeps => ({ em: ts.stack.orm.em.fork(), workflows: clients });
  /** Clients that cannot reach the run with its pauseState (as when Temporal is cut): the change stays in the row and its outbox command. */
  function untold(): WorkflowClients {
    const real = workflows();
    return {
      ...real,
      sequence: {
        ...real.sequence,
        pauseState: async () => {
          throw DomainError.unavailable('Temporal cut for the test');
        },
      },
    };
  }
  const pendingCommands = async (sequenceId: string) =>
    (
      await typedKysely(ts.stack.orm.em.fork())
        .selectFrom('workflow_commands')
        .select('status')
        .where('workflow_id', '=', sequenceWorkflowId(sequenceId))
        .where('status', '=', 'PENDING')
        .execute()
    ).length;

  it('when paused with paused_until three days ahead during a delay, then the status query says PAUSE waking at paused_until and the next step runs at that time, after sequence.resumed', async () => {
    const { sequenceId, handle } = await started();
    const pausedUntil = new Date((await ts.env.currentTimeMs()) + 3 * DAY);
    const record = await pauseRun(deps(), ts.org.organizationId, sequenceId, {
      paused_until: pausedUntil.toISOString(),
    });
    assert.deepEqual([record.status, record.paused_until], ['WAITING_FOR_USER', pausedUntil.toISOString()]);
    const status = await handle.query(sequenceStatusQuery);
    assert.equal(status.paused, true);
    assert.equal(status.currentStep, 1);
    // Paused during step 2's one-day delay: the query tells the pause, not the delay underneath.
    assert.deepEqual(
      [status.waitingFor, status.nextWakeUp, status.pausedUntil],
      ['PAUSE', pausedUntil.toISOString(), pausedUntil.toISOString()],
    );
    await handle.result();
    const messages = await messagesOf(ts.stack, sequenceId);
    assert.equal(messages.length, 2);
    const late = messages[1].sent_at.getTime() - pausedUntil.getTime();
    assert.ok(late >= 0 && late < 60_000, `second step ${late} ms after paused_until`);
    const events = await eventsOf(ts.stack, sequenceId);
    assert.deepEqual(
      events.map((e) => e.type),
      ['message.sent', 'sequence.paused', 'sequence.resumed', 'message.sent', 'sequence.completed'],
    );
    assert.equal(events[2].payload.automatic, true);
    assert.equal(await pendingCommands(sequenceId), 0, 'the pause was told to the run, nothing left for the drain');
  });

  it('when paused without a time and resumed, then the query says PAUSE (no wake-up) until the resume, the previous status returns and a resume of a running sequence is refused', async () => {
    const { sequenceId, handle } = await started();
    await assert.rejects(
      resumeRun(deps(), ts.org.organizationId, sequenceId),
      (error: unknown) => error instanceof DomainError && error.status === 409 && /not paused/.test(error.message),
    );
    const delayed = await handle.query(sequenceStatusQuery);
    assert.equal(delayed.waitingFor, 'DELAY');
    const paused = await pauseRun(deps(), ts.org.organizationId, sequenceId, {});
    assert.deepEqual([paused.status, paused.paused_until], ['WAITING_FOR_USER', null]);
    // An open-ended pause during the delay: PAUSE, waking at nothing (until resumed).
    const status = await handle.query(sequenceStatusQuery);
    assert.deepEqual([status.waitingFor, status.nextWakeUp, status.paused], ['PAUSE', null, true]);
    const resumed = await resumeRun(deps(), ts.org.organizationId, sequenceId);
    assert.equal(resumed.status, 'ACTIVE');
    const after = await handle.query(sequenceStatusQuery);
    assert.deepEqual(
      [after.waitingFor, after.nextWakeUp, after.paused],
      ['DELAY', delayed.nextWakeUp, false],
      'resumed: the delay underneath again',
    );
    await handle.result();
    assert.equal((await sequenceRow(ts.stack, sequenceId)).status, 'COMPLETED');
  });

  it('when a pause reaches the run after the resume that followed it, then the newer revision holds and the run goes on', async () => {
    const { sequenceId, handle } = await started();
    await pauseRun(deps(untold()), ts.org.organizationId, sequenceId, {});
    const pausedAt = (await sequenceRow(ts.stack, sequenceId)).revision;
    assert.equal((await handle.query(sequenceStatusQuery)).paused, false, 'the pause has not reached the run');
    assert.equal(await pendingCommands(sequenceId), 1, 'its RUN_CHANGED command waits for the drain');
    await resumeRun(deps(), ts.org.organizationId, sequenceId);
    assert.ok((await sequenceRow(ts.stack, sequenceId)).revision > pausedAt);
    // The pause's state arrives late, as an Update and then as the drain's re-read of the row: neither wins over the resume.
    await workflows().sequence.pauseState(sequenceId, { revision: pausedAt, paused: true, pausedUntil: null });
    assert.equal((await handle.query(sequenceStatusQuery)).paused, false);
    const drained = await drainCommands(ts.stack.orm.em.fork(), { workflows: workflows() }, 10, {
      organizationId: ts.org.organizationId,
      all: true,
    });
    assert.ok(drained.delivered >= 1, JSON.stringify(drained));
    await handle.result();
    assert.deepEqual(
      (await eventsOf(ts.stack, sequenceId)).map((e) => e.type),
      ['message.sent', 'sequence.paused', 'sequence.resumed', 'message.sent', 'sequence.completed'],
    );
  });

  it("when paused again with a later time that has not reached the run, then the first pause's end does not resume it: the step finds the row paused and waits for the later time", async () => {
    const { sequenceId, handle } = await started();
    const now = await ts.env.currentTimeMs();
    const first = new Date(now + 2 * DAY);
    const later = new Date(now + 4 * DAY);
    await pauseRun(deps(), ts.org.organizationId, sequenceId, { paused_until: first.toISOString() });
    await pauseRun(deps(untold()), ts.org.organizationId, sequenceId, { paused_until: later.toISOString() });
    assert.equal(
      (await handle.query(sequenceStatusQuery)).pausedUntil,
      first.toISOString(),
      'the run knows only the first pause',
    );
    await handle.result();
    const messages = await messagesOf(ts.stack, sequenceId);
    const late = messages[1].sent_at.getTime() - later.getTime();
    assert.ok(late >= 0 && late < 60_000, `second step ${late} ms after the later paused_until`);
    const events = await eventsOf(ts.stack, sequenceId);
    assert.deepEqual(
      events.map((e) => e.type),
      ['message.sent', 'sequence.paused', 'sequence.paused', 'sequence.resumed', 'message.sent', 'sequence.completed'],
    );
    assert.equal(events[3].payload.automatic, true);
  });
});
