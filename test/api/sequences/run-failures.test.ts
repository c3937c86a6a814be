// A run that meets a failure no retry can fix ends visibly instead of retrying forever. Failures
// are injected with triggers that raise a chosen SQLSTATE for a marked sequence: a data exception
// (22P02, non-retryable) or a deadlock (40P01, retryable).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  SEQUENCE_WORKFLOW,
  sequenceStatusQuery,
  sequenceWorkflowId,
  type SequenceInput,
} from '../../../workflows/sequence.definitions.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import {
  eventsOf,
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
  type StepSpec,
} from '../../helpers/sequence-fixtures.ts';

describe('runs that fail for good', function () {
  this.timeout(90_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    ({ stack, api, org } = await apiSuite());
    // Marked sequences: every insert of their messages raises the marked SQLSTATE.
    await sql
      .raw(
        `
      CREATE TABLE IF NOT EXISTS test_raise (id uuid PRIMARY KEY, sqlstate text NOT NULL);
      CREATE OR REPLACE FUNCTION test_raise_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE code text;
      BEGIN
        SELECT r.sqlstate INTO code FROM test_raise r WHERE r.id = NEW.sequence_id;
        IF code IS NOT NULL THEN
          RAISE EXCEPTION 'injected failure' USING ERRCODE = code;
        END IF;
        RETURN NEW;
      END $$;
      DROP TRIGGER IF EXISTS test_raise_messages ON messages;
      CREATE TRIGGER test_raise_messages BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION test_raise_trigger();
    `,
      )
      .execute(db());
  });

  after(async () => {
    await sql
      .raw(
        'DROP TRIGGER IF EXISTS test_raise_messages ON messages; DROP FUNCTION IF EXISTS test_raise_trigger(); DROP TABLE IF EXISTS test_raise;',
      )
      .execute(db());
  });

  const raise = (id: string, sqlstate: string) =>
    sql`INSERT INTO test_raise (id, sqlstate) VALUES (${id}, ${sqlstate}) ON CONFLICT (id) DO UPDATE SET sqlstate = excluded.sqlstate`.execute(
      db(),
    );

  async function run(steps: StepSpec[], before?: (sequenceId: string) => Promise<unknown>): Promise<string> {
    const contactId = await insertContact(stack, org.organizationId, {
      email: `f-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Ada',
    });
    const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId,
      senderUserId: org.userId,
    });
    await before?.(sequenceId);
    const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
    await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: stack.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
    return sequenceId;
  }

  /** The highest attempt any activity of the workflow reached. */
  async function maxAttempt(sequenceId: string): Promise<number> {
    const history = await stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId)).fetchHistory();
    return Math.max(0, ...(history.events ?? []).map((e) => e.activityTaskStartedEventAttributes?.attempt ?? 0));
  }

  it("when a step's write hits a data error, then the step is not retried and the run ends STOPPED_EARLY with stopped_reason ERROR, its reason, sequence.stopped and the status query saying why", async () => {
    const id = await run([{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi {{first_name}}' }], (sequenceId) =>
      raise(sequenceId, '22P02'),
    );
    await until(async () => (await sequenceRow(stack, id)).status === 'STOPPED_EARLY', 30_000);
    assert.equal((await sequenceRow(stack, id)).stopped_reason, 'ERROR');
    const record = await api.get(`/v1/sequences/${id}`, { key: org.apiKey });
    assert.equal(record.status, 200);
    assert.match(record.body.error, /DataError: .*22P02.*injected failure/);
    const stopped = (await eventsOf(stack, id)).filter((e) => e.type === 'sequence.stopped');
    assert.deepEqual(
      stopped.map((e) => [e.payload.status, e.payload.stopped_reason]),
      [['STOPPED_EARLY', 'ERROR']],
    );
    const handle = stack.temporal.workflow.getHandle(sequenceWorkflowId(id));
    await handle.result();
    const status = await handle.query(sequenceStatusQuery);
    assert.deepEqual([status.ended, status.waitingFor], [true, null]);
    assert.match(status.error ?? '', /DataError: .*22P02/);
    assert.equal(await maxAttempt(id), 1, 'a data error is not retried');
    assert.deepEqual(await messagesOf(stack, id), []);
    const effects = (
      await sql<{
        state: string;
        attempts: number;
      }>`SELECT state, attempts FROM outbound_effects WHERE sequence_id = ${id}`.execute(db())
    ).rows;
    assert.deepEqual(
      effects.map((e) => [e.state, e.attempts]),
      [['DONE', 1]],
      'the email went out once; only its record failed',
    );
  });

  it('when a step keeps meeting a transient error, then it is retried (not ended) and goes through once the error clears', async () => {
    const id = await run([{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' }], (sequenceId) =>
      raise(sequenceId, '40P01'),
    );
    await until(
      async () =>
        (await maxAttempt(id)) >= 2 ||
        (await stack.temporal.workflow.getHandle(sequenceWorkflowId(id)).describe()).raw.pendingActivities?.some(
          (a) => (a.attempt ?? 0) >= 2,
        ) === true,
      30_000,
    );
    assert.equal((await sequenceRow(stack, id)).status, 'ACTIVE', 'a transient failure does not end the run');
    await sql`DELETE FROM test_raise WHERE id = ${id}`.execute(db());
    await until(async () => (await messagesOf(stack, id)).length === 1, 30_000);
    assert.equal(
      (await stack.temporal.workflow.getHandle(sequenceWorkflowId(id)).query(sequenceStatusQuery)).error,
      null,
    );
  });
});
