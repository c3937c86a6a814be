// Sequence controls on the real stack (API, worker, Temporal, PostgreSQL), pause, resume and PATCH
// variables: written by the request and answered with the row as written (pause and resume with
// their events; variables with neither event nor command, read by the run's next step); a bad body
// is 400 and another organization 404, the run untouched. A lead awaiting review (FOUND): pause and
// resume 409, PATCH merges its variables. The stop: controls.test.ts.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { sequenceStatusQuery, sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { eventsOf, messagesOf, sequenceRow, until } from '../../helpers/sequence-fixtures.ts';
import { controlsFixture } from './fixtures.ts';

describe('sequence controls API: pause, resume and variables', function () {
  this.timeout(60_000);
  const fx = controlsFixture();
  const { startedSequence, runningSequence, commandsOf, awaitingReview } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

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
      { ...patched.body, next_send_at: null },
      (await api.get(`/v1/sequences/${id}`, { key: org.apiKey })).body,
      'the answer is the row as written (the detail adds next_send_at: no email waits for a slot)',
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
