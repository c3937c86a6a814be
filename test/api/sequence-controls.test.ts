// Sequence controls on the real stack (API, worker, Temporal, PostgreSQL): pause, resume, stop and
// PATCH variables answer with the state the workflow's Update accepted; 409 once ended; 404 across orgs.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { SEQUENCE_WORKFLOW, sequenceStatusQuery, sequenceWorkflowId, type SequenceInput } from '../../workflows/sequence.definitions.ts';
import type { client } from '../helpers/http.ts';
import type { Stack } from '../helpers/stack.ts';
import { apiSuite, newOrg, type TestOrg } from '../helpers/fixtures.ts';
import { eventsOf, insertContact, insertSequence, insertTemplate, messagesOf, sequenceRow, until } from '../helpers/sequence-fixtures.ts';

describe('sequence controls API', function () {
  this.timeout(60_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => ({ stack, api, org } = await apiSuite()));

  /** An ACTIVE sequence whose workflow runs on the stack's worker; step 2 is days away, so it stays running. */
  async function runningSequence(): Promise<string> {
    const contactId = await insertContact(stack, org.organizationId, { email: `c-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Ada' });
    const templateId = await insertTemplate(stack, org.organizationId, [
      { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi {{first_name}}' }, { type: 'EMAIL', delay_days: 3, subject: 'Again', body: '{{offer}}' },
    ], { senderUserId: org.userId });
    const sequenceId = await insertSequence(stack, org.organizationId, { contactId, templateId, senderUserId: org.userId });
    const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
    await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, { taskQueue: stack.taskQueue, workflowId: sequenceWorkflowId(sequenceId), args: [input] });
    await until(async () => (await messagesOf(stack, sequenceId)).length === 1);
    return sequenceId;
  }

  it('when paused, resumed and patched, then each answer is the accepted state and the row and events match', async () => {
    const id = await runningSequence();
    const paused = await api.post(`/v1/sequences/${id}/pause`, { key: org.apiKey, body: {} });
    assert.equal(paused.status, 200, paused.text);
    assert.deepEqual([paused.body.id, paused.body.status, paused.body.paused_until, paused.body.current_step], [id, 'WAITING_FOR_USER', null, 1]);
    assert.equal((await api.post(`/v1/sequences/${id}/pause`, { key: org.apiKey, body: { paused_until: '2099-01-01T00:00:00.000Z' } })).body.paused_until, '2099-01-01T00:00:00.000Z');
    const status = await stack.temporal.workflow.getHandle(sequenceWorkflowId(id)).query(sequenceStatusQuery);
    assert.equal(status.paused, true);
    const resumed = await api.post(`/v1/sequences/${id}/resume`, { key: org.apiKey });
    assert.equal(resumed.status, 200, resumed.text);
    assert.deepEqual([resumed.body.status, resumed.body.paused_until], ['ACTIVE', null]);
    const again = await api.post(`/v1/sequences/${id}/resume`, { key: org.apiKey });
    assert.deepEqual([again.status, again.body.type], [409, 'CommitIssue']);
    const patched = await api.patch(`/v1/sequences/${id}`, { key: org.apiKey, body: { variables: { offer: 'a demo', gone: null } } });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(patched.body.variables, { offer: 'a demo', gone: null });
    assert.deepEqual((await eventsOf(stack, id)).map((e) => e.type), ['message.sent', 'sequence.paused', 'sequence.paused', 'sequence.resumed']);
    await api.post(`/v1/sequences/${id}/stop`, { key: org.apiKey, body: { reason: 'LOSE', scope: 'CONTACT' } });
  });

  it('when stopped WIN, then 200 SUCCEEDED, and a later pause, resume, stop or PATCH answers 409 CommitIssue', async () => {
    const id = await runningSequence();
    const stopped = await api.post(`/v1/sequences/${id}/stop`, { key: org.apiKey, body: { reason: 'WIN', scope: 'CONTACT' } });
    assert.equal(stopped.status, 200, stopped.text);
    assert.equal(stopped.body.status, 'SUCCEEDED');
    assert.ok(stopped.body.ended_at);
    assert.equal((await sequenceRow(stack, id)).status, 'SUCCEEDED');
    for (const [method, path, body] of [
      ['POST', `/v1/sequences/${id}/pause`, {}], ['POST', `/v1/sequences/${id}/resume`, undefined],
      ['POST', `/v1/sequences/${id}/stop`, { reason: 'LOSE', scope: 'CONTACT' }], ['PATCH', `/v1/sequences/${id}`, { variables: { a: 'b' } }],
    ] as const) {
      const response = await api.call(method, path, { key: org.apiKey, body });
      assert.deepEqual([response.status, response.body.type], [409, 'CommitIssue'], `${method} ${path}: ${response.text}`);
    }
  });

  it('when the body is invalid, then 400 and the sequence is unchanged', async () => {
    const id = await runningSequence();
    assert.equal((await api.post(`/v1/sequences/${id}/stop`, { key: org.apiKey, body: { reason: 'DRAW', scope: 'CONTACT' } })).status, 400);
    assert.equal((await api.post(`/v1/sequences/${id}/pause`, { key: org.apiKey, body: { paused_until: 'tomorrow' } })).status, 400);
    assert.equal((await api.patch(`/v1/sequences/${id}`, { key: org.apiKey, body: { variables: { '1bad': 'x' } } })).status, 400);
    assert.equal((await sequenceRow(stack, id)).status, 'ACTIVE');
    await api.post(`/v1/sequences/${id}/stop`, { key: org.apiKey, body: { reason: 'LOSE', scope: 'CONTACT' } });
  });

  it('when another organization pauses or stops the sequence, then 404 and the run is untouched', async () => {
    const id = await runningSequence();
    const intruder = await newOrg(stack);
    assert.equal((await api.post(`/v1/sequences/${id}/pause`, { key: intruder.apiKey, body: {} })).status, 404);
    assert.equal((await api.post(`/v1/sequences/${id}/stop`, { key: intruder.apiKey, body: { reason: 'WIN', scope: 'ACCOUNT' } })).status, 404);
    assert.equal((await sequenceRow(stack, id)).status, 'ACTIVE');
    await api.post(`/v1/sequences/${id}/stop`, { key: org.apiKey, body: { reason: 'LOSE', scope: 'CONTACT' } });
  });
});
