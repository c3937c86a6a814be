// The API's pause and resume write (domain/sequences/pause.ts) on the stack's database: one
// statement that changes the row only at the revision it was read at, and only then writes its
// event (activity row and webhook deliveries) and its RUN_CHANGED command. No workflow runs here:
// the rows are what is checked.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { typedKysely } from '../../../db/kysely.ts';
import { pauseAtRevision, pauseStateOf, resumeAtRevision } from '../../../domain/sequences/pause.ts';
import { lockRun, readRun, update, type RunRow } from '../../../domain/sequences/runs.ts';
import { FAST_PATH_GRACE_MS } from '../../../domain/workflow-commands/outbox.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import {
  eventsOf,
  insertContact,
  insertSequence,
  insertTemplate,
  sequenceRow,
} from '../../helpers/sequence-fixtures.ts';
import { createTestSubscription } from '../../helpers/webhook-target.ts';

describe('pause and resume in one statement', () => {
  const fixture = apiSuiteFixture({ org: 'Pause writes' });
  const db = () => typedKysely(fixture.stack.orm.em.fork());

  async function runningRow(): Promise<RunRow> {
    const { stack, org } = fixture;
    const contactId = await insertContact(stack, org.organizationId, {
      email: `write-${randomUUID()}@example.com`,
      firstName: 'Ada',
    });
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' }],
      { senderUserId: org.userId },
    );
    const id = await insertSequence(stack, org.organizationId, { contactId, templateId, senderUserId: org.userId });
    return (await readRun(stack.orm.em.fork(), id))!;
  }
  const commandsOf = (sequenceId: string) =>
    db()
      .selectFrom('workflow_commands')
      .select(['kind', 'status', 'next_attempt_at', 'created_at'])
      .where('workflow_id', '=', sequenceWorkflowId(sequenceId))
      .execute();

  it('when the row changed after it was read, then the pause writes nothing (no row change, event or command), and from a fresh read it writes all three', async () => {
    const em = fixture.stack.orm.em.fork();
    const stale = await runningRow();
    // A step (or a reply) writes the row meanwhile, under its lock.
    await fixture.stack.orm.em
      .fork()
      .transactional(async (tx) => update(tx, await lockRun(tx, stale.id), { engagement_score: 3 }));

    assert.equal(await pauseAtRevision(em, stale, null), null);
    const untouched = await sequenceRow(fixture.stack, stale.id);
    assert.deepEqual(
      [untouched.status, untouched.status_before_pause, untouched.revision],
      ['ACTIVE', null, stale.revision + 1],
    );
    assert.deepEqual(await eventsOf(fixture.stack, stale.id), []);
    assert.deepEqual(await commandsOf(stale.id), []);

    const fresh = (await readRun(em, stale.id))!;
    const until = new Date('2099-01-01T00:00:00.000Z');
    const written = await pauseAtRevision(em, fresh, until);
    assert.ok(written);
    assert.deepEqual(pauseStateOf(written.row), {
      revision: fresh.revision + 1,
      paused: true,
      pausedUntil: until.toISOString(),
    });
    const paused = await sequenceRow(fixture.stack, stale.id);
    assert.deepEqual(
      [
        paused.status,
        paused.status_before_pause,
        paused.paused_until && new Date(paused.paused_until).toISOString(),
        paused.revision,
      ],
      ['WAITING_FOR_USER', 'ACTIVE', until.toISOString(), fresh.revision + 1],
    );
    const events = await eventsOf(fixture.stack, stale.id);
    assert.deepEqual(
      events.map((e) => [e.type, e.payload.status, e.payload.paused_until, e.payload.sequence_id]),
      [['sequence.paused', 'WAITING_FOR_USER', until.toISOString(), stale.id]],
    );
    const [command] = await commandsOf(stale.id);
    assert.deepEqual([command.kind, command.status], ['RUN_CHANGED', 'PENDING']);
    assert.equal(
      new Date(command.next_attempt_at).getTime() - new Date(command.created_at).getTime(),
      FAST_PATH_GRACE_MS,
      'left to the request that wrote it, then due for the drain',
    );
  });

  it("when a webhook subscription wants sequence.resumed, then the resume's event gets its delivery in the same statement", async () => {
    const { stack, org } = fixture;
    const subscription = await createTestSubscription(stack, org.organizationId, 'https://receiver.test/hook', {
      eventTypes: ['sequence.resumed'],
    });
    const em = stack.orm.em.fork();
    const row = await runningRow();
    const paused = await pauseAtRevision(em, row, null);
    const resumed = await resumeAtRevision(em, paused!.row);
    assert.ok(resumed);
    assert.deepEqual(
      [resumed.row.status, resumed.row.status_before_pause, resumed.row.revision],
      ['ACTIVE', null, row.revision + 2],
    );
    const events = await eventsOf(stack, row.id);
    assert.deepEqual(
      events.map((e) => [e.type, e.payload.automatic ?? null]),
      [
        ['sequence.paused', null],
        ['sequence.resumed', false],
      ],
    );
    const deliveries = await db()
      .selectFrom('webhook_deliveries')
      .innerJoin('activities', 'activities.id', 'webhook_deliveries.activity_id')
      .select(['webhook_deliveries.event_type', 'webhook_deliveries.status'])
      .where('activities.sequence_id', '=', row.id)
      .where('webhook_deliveries.subscription_id', '=', subscription.id)
      .execute();
    assert.deepEqual(deliveries, [{ event_type: 'sequence.resumed', status: 'PENDING' }]);
  });
});
