// A signal change commits first and reaches its workflow through the outbox. When the workflow
// service cannot be reached: the change is committed and answered as usual, its command waits in the
// outbox with the error, and the drain delivers it once Temporal answers (the workflow then holds
// the row's state). When an Update is applied but its answer is lost: the same, and the drain's
// repeated delivery changes nothing.
import assert from 'node:assert/strict';
import { ServiceError } from '@temporalio/client';
import { sql } from 'kysely';
import { drainCommands } from '../../../domain/workflow-commands/deliver.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { signalStateQuery, signalWorkflowId } from '../../../workflows/signal.definitions.ts';
import type { client } from '../../helpers/http.ts';
import { newOrg } from '../../helpers/fixtures.ts';
import { until } from '../../helpers/poll.ts';
import { startReplica, unreachableTemporal } from '../../helpers/replica.ts';
import type { Stack } from '../../helpers/stack.ts';
import { NEW_JOB, signalsApiFixture } from './fixtures.ts';

describe('signals API', function () {
  this.timeout(120_000);
  const fx = signalsApiFixture();
  const { create, detail, count } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  before(() => ({ stack, api } = fx));

  const db = () => stack.orm.em.fork().getKysely();
  const commandsOf = async (signalId: string) =>
    (
      await sql<{ change: string; status: string; last_error: string | null }>`
    SELECT payload->>'change' AS change, status, last_error FROM workflow_commands WHERE workflow_id = ${signalWorkflowId(signalId)} ORDER BY created_at`.execute(
        db(),
      )
    ).rows;
  const stateOf = (signalId: string) =>
    stack.temporal.workflow.getHandle(signalWorkflowId(signalId)).query(signalStateQuery);

  describe('when Temporal is unreachable', () => {
    it('then create, pause and patch commit and answer as usual, their commands wait for the drain, and once Temporal answers the drain brings each workflow to its row', async () => {
      const own = await newOrg(stack);
      const existing = (await create({ ...NEW_JOB }, own.apiKey)).body;
      const temporal = await unreachableTemporal({ retries: false });
      const replica = await startReplica(stack, { temporal: temporal.client });
      let createdId: string;
      try {
        const broken = replica.api;
        const [signals, lists] = [
          await count('signals', own.organizationId),
          await count('contact_lists', own.organizationId),
        ];
        // Each change's command is checked at once: about a second after a failed try the stack's own drain may deliver it.
        const waitsForDrain = async (signalId: string, change: string) => {
          const [command] = (await commandsOf(signalId)).filter((c) => c.change === change);
          assert.deepEqual(
            [command.status, !!command.last_error],
            ['PENDING', true],
            `${change}: left for the drain with its error`,
          );
        };
        const created = await broken.post('/v1/signals', {
          key: own.apiKey,
          body: { ...NEW_JOB, name: 'Unreachable' },
        });
        assert.equal(created.status, 201, created.text);
        createdId = created.body.id;
        await waitsForDrain(createdId, 'CREATE');
        assert.deepEqual(
          [await count('signals', own.organizationId), await count('contact_lists', own.organizationId)],
          [signals + 1, lists + 1],
        );
        const paused = await broken.post(`/v1/signals/${existing.id}/pause`, { key: own.apiKey });
        assert.deepEqual([paused.status, paused.body.status], [200, 'PAUSED'], paused.text);
        // Not told by the request (its command waits with the error); whether the workflow has heard of it
        // yet depends on the stack's own drain, which reaches the real Temporal.
        await waitsForDrain(existing.id, 'PAUSE');
        const patched = await broken.patch(`/v1/signals/${existing.id}`, {
          key: own.apiKey,
          body: { name: 'Unreachable rename' },
        });
        assert.deepEqual([patched.status, patched.body.name], [200, 'Unreachable rename'], patched.text);
        await waitsForDrain(existing.id, 'EDIT');
        const now = (await detail(existing.id, own.apiKey)).body;
        assert.deepEqual([now.status, now.name], ['PAUSED', 'Unreachable rename']);
        assert.equal(
          (await api.get(`/v1/contact-lists/${existing.contact_list_id}`, { key: own.apiKey })).body.name,
          'Unreachable rename',
        );
      } finally {
        await replica.close();
        await temporal.close();
      }
      // The drain's pass (the stack's own may have delivered some already).
      await drainCommands(
        stack.orm.em.fork(),
        { workflows: createWorkflowClients(stack.temporal, stack.taskQueue) },
        100,
        { organizationId: own.organizationId, all: true },
      );
      await until(
        async () =>
          [...(await commandsOf(createdId)), ...(await commandsOf(existing.id))].every((c) => c.status === 'DONE'),
        10_000,
      );
      assert.equal(
        (await stateOf(createdId)).status,
        'ACTIVE',
        'the signal created while Temporal was unreachable has its workflow',
      );
      assert.deepEqual(
        [(await stateOf(existing.id)).status, (await stateOf(existing.id)).nextCheckAt],
        ['PAUSED', null],
        "the paused signal's workflow holds the pause",
      );
    });
  });

  describe('when an Update is applied but its answer is lost', () => {
    it("then the API answers the committed change, the command waits in the outbox with the error, and the workflow holds the row's state before and after the drain delivers it (needs the signal workflow)", async () => {
      const own = await newOrg(stack);
      const signal = (await create({ ...NEW_JOB }, own.apiKey)).body;
      const real = stack.temporal;
      // A client whose first Update reaches the workflow and is applied, but whose answer is lost (as on a timeout after the workflow took it).
      let lose = true;
      const handleOf = (id: string) => {
        const handle = real.workflow.getHandle(id);
        return Object.assign(Object.create(handle) as typeof handle, {
          executeUpdate: async (...args: Parameters<typeof handle.executeUpdate>) => {
            const answer = await handle.executeUpdate(...args);
            if (lose) {
              lose = false;
              throw new ServiceError('the answer was lost');
            }
            return answer;
          },
        });
      };
      const lossy = new Proxy(real, {
        get: (target, prop) =>
          prop === 'workflow'
            ? new Proxy(target.workflow, { get: (w, p) => (p === 'getHandle' ? handleOf : Reflect.get(w, p)) })
            : Reflect.get(target, prop),
      });
      const replica = await startReplica(stack, { temporal: lossy });
      try {
        const lossyApi = replica.api;
        const paused = await lossyApi.post(`/v1/signals/${signal.id}/pause`, { key: own.apiKey });
        assert.equal(paused.status, 200, paused.text);
        assert.equal(paused.body.status, 'PAUSED', 'the answer is the committed change');
        assert.equal(lose, false, 'the pause reached the workflow');
        assert.equal((await detail(signal.id, own.apiKey)).body.status, 'PAUSED');
        const commands = async () => (await commandsOf(signal.id)).filter((c) => c.change === 'PAUSE');
        const [pending] = await commands();
        assert.equal(pending.status, 'PENDING', 'a delivery whose answer was lost is left to the drain');
        assert.match(pending.last_error ?? '', /unavailable/i, 'with the error recorded');
        const state = await real.workflow.getHandle(signalWorkflowId(signal.id)).query(signalStateQuery);
        assert.deepEqual(
          [state.status, state.nextCheckAt],
          ['PAUSED', null],
          "the workflow holds the row's state: paused, no check due",
        );
        await drainCommands(stack.orm.em.fork(), { workflows: createWorkflowClients(real, stack.taskQueue) }, 100, {
          organizationId: own.organizationId,
          all: true,
        });
        assert.deepEqual(
          (await commands()).map((c) => c.status),
          ['DONE'],
          'the drain delivered it',
        );
        assert.equal(
          (await real.workflow.getHandle(signalWorkflowId(signal.id)).query(signalStateQuery)).status,
          'PAUSED',
          'a repeated delivery changes nothing',
        );
      } finally {
        await replica.close();
      }
    });
  });
});
