// Where the client waits, the answer comes from the fewest workflow tasks (read from the workflows'
// histories, not from any timing): the enrollment of an already verified email runs no enrollment
// workflow (the request writes the row, the sequence workflow's first task loads its plan in a local
// activity), and a pause or resume, written in the row by the request, reaches the run as a
// pauseState Update that completes in the workflow task that accepted it, with no activity at all.
import assert from 'node:assert/strict';
// @temporalio/proto comes with @temporalio/client and @temporalio/worker (same version).
import proto from '@temporalio/proto';
import { typedKysely } from '../../../db/kysely.ts';
import { enrollmentWorkflowId } from '../../../workflows/enrollment.definitions.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import { enrollDeliverable, messagesOf, terminateSequenceWorkflows, until } from '../../helpers/sequence-fixtures.ts';

const EventType = proto.temporal.api.enums.v1.EventType;

describe('answers in one workflow task', function () {
  this.timeout(60_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const started: string[] = [];

  before(async () => ({ stack, api, org } = await apiSuite()));

  after(() => terminateSequenceWorkflows(stack, started, 'one-task test cleanup'));

  /**
   * The history's event types (without EVENT_TYPE_), a marker with its name, e.g.
   * MARKER_RECORDED:core_local_activity, an accepted Update with its name, e.g.
   * WORKFLOW_EXECUTION_UPDATE_ACCEPTED:pauseState.
   */
  async function eventTypes(workflowId: string): Promise<string[]> {
    const history = await stack.temporal.workflow.getHandle(workflowId).fetchHistory();
    return (history.events ?? []).map((event) => {
      const type = (EventType[event.eventType ?? 0] ?? String(event.eventType)).replace(/^EVENT_TYPE_/, '');
      const name =
        event.markerRecordedEventAttributes?.markerName ??
        event.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.name;
      return name ? `${type}:${name}` : type;
    });
  }

  /** A DELIVERABLE contact enrolled through the API (201) in a template whose second step is days away. */
  async function enrolled(): Promise<{ contactId: string; templateId: string; sequenceId: string }> {
    const run = await enrollDeliverable(stack, api, org);
    started.push(run.sequenceId);
    return run;
  }

  it("when an already verified email is enrolled, then no enrollment workflow runs and the sequence workflow's first task reads its plan in a local activity", async () => {
    const { contactId, templateId, sequenceId } = await enrolled();
    await assert.rejects(eventTypes(enrollmentWorkflowId(org.organizationId, contactId, templateId)), /not found/i);
    await until(async () => (await messagesOf(stack, sequenceId)).length === 1);
    const types = await eventTypes(sequenceWorkflowId(sequenceId));
    // The first task's commands: the events after its completion, up to the next started task.
    const commands = types.slice(types.indexOf('WORKFLOW_TASK_COMPLETED') + 1);
    const firstTask = commands.slice(
      0,
      commands.findIndex((t) => t.endsWith('_STARTED')),
    );
    assert.deepEqual(
      firstTask.filter((t) => t.startsWith('MARKER_RECORDED:core_local_activity') || t === 'ACTIVITY_TASK_SCHEDULED'),
      ['MARKER_RECORDED:core_local_activity', 'ACTIVITY_TASK_SCHEDULED'],
      types.join(', '),
    );
  });

  it('when a running sequence is paused and resumed, then each reaches the run as a pauseState Update completed right where it was accepted, and its command is done', async () => {
    const { sequenceId } = await enrolled();
    await until(async () => (await messagesOf(stack, sequenceId)).length === 1);
    const paused = await api.post(`/v1/sequences/${sequenceId}/pause`, { key: org.apiKey, body: {} });
    assert.equal(paused.status, 200, paused.text);
    const resumed = await api.post(`/v1/sequences/${sequenceId}/resume`, { key: org.apiKey });
    assert.equal(resumed.status, 200, resumed.text);

    const types = await eventTypes(sequenceWorkflowId(sequenceId));
    const accepted = types.flatMap((t, i) => (t.startsWith('WORKFLOW_EXECUTION_UPDATE_ACCEPTED') ? [i] : []));
    assert.deepEqual(
      accepted.map((at) => types[at]),
      ['WORKFLOW_EXECUTION_UPDATE_ACCEPTED:pauseState', 'WORKFLOW_EXECUTION_UPDATE_ACCEPTED:pauseState'],
      types.join(', '),
    );
    // Nothing between acceptance and completion: no marker, no activity, no other workflow task.
    for (const at of accepted) assert.equal(types[at + 1], 'WORKFLOW_EXECUTION_UPDATE_COMPLETED', types.join(', '));
    // The pauses' RUN_CHANGED commands were delivered by the request (no signal left for the drain).
    const commands = await typedKysely(stack.orm.em.fork())
      .selectFrom('workflow_commands')
      .select(['kind', 'status'])
      .where('workflow_id', '=', sequenceWorkflowId(sequenceId))
      .where('kind', '=', 'RUN_CHANGED')
      .execute();
    assert.deepEqual(commands, [
      { kind: 'RUN_CHANGED', status: 'DONE' },
      { kind: 'RUN_CHANGED', status: 'DONE' },
    ]);
  });
});
