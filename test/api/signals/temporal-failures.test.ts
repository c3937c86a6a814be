// When the workflow service cannot be reached: a 503 that leaves nothing written. When an Update is
// applied but its answer is lost: the change is committed with its command, which stays in the
// outbox with the error until the drain delivers it, and the workflow holds the row's state.
import assert from 'node:assert/strict';
import { ServiceError } from '@temporalio/client';
import { sql } from 'kysely';
import { drainCommands } from '../../../domain/workflow-commands/deliver.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { signalStateQuery, signalWorkflowId } from '../../../workflows/signal.definitions.ts';
import type { client } from '../../helpers/http.ts';
import { newOrg } from '../../helpers/fixtures.ts';
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

  describe('when Temporal is unreachable', () => {
    it('then create and pause answer 503 UnavailableIssue and nothing is written or changed', async () => {
      const own = await newOrg(stack);
      const existing = (await create({ ...NEW_JOB }, own.apiKey)).body;
      const temporal = await unreachableTemporal({ retries: false });
      const replica = await startReplica(stack, { temporal: temporal.client });
      try {
        const broken = replica.api;
        const [signals, lists] = [await count('signals', own.organizationId), await count('contact_lists', own.organizationId)];
        const created = await broken.post('/v1/signals', { key: own.apiKey, body: { ...NEW_JOB, name: 'Unreachable' } });
        assert.equal(created.status, 503, created.text);
        assert.equal(created.body.type, 'UnavailableIssue');
        assert.equal(await count('signals', own.organizationId), signals);
        assert.equal(await count('contact_lists', own.organizationId), lists);
        const paused = await broken.post(`/v1/signals/${existing.id}/pause`, { key: own.apiKey });
        assert.equal(paused.status, 503, paused.text);
        assert.equal((await detail(existing.id, own.apiKey)).body.status, 'ACTIVE');
        const patched = await broken.patch(`/v1/signals/${existing.id}`, { key: own.apiKey, body: { name: 'Unreachable rename' } });
        assert.equal(patched.status, 503, patched.text);
        assert.equal((await detail(existing.id, own.apiKey)).body.name, existing.name);
        assert.equal((await api.get(`/v1/contact-lists/${existing.contact_list_id}`, { key: own.apiKey })).body.name, existing.name);
      } finally {
        await replica.close();
        await temporal.close();
      }
    });
  });

  describe('when an Update is applied but its answer is lost', () => {
    it('then the API answers the committed change, the command waits in the outbox with the error, and the workflow holds the row\'s state before and after the drain delivers it (needs the signal workflow)', async () => {
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
        get: (target, prop) => (prop === 'workflow'
          ? new Proxy(target.workflow, { get: (w, p) => (p === 'getHandle' ? handleOf : Reflect.get(w, p)) })
          : Reflect.get(target, prop)),
      });
      const replica = await startReplica(stack, { temporal: lossy });
      try {
        const lossyApi = replica.api;
        const paused = await lossyApi.post(`/v1/signals/${signal.id}/pause`, { key: own.apiKey });
        assert.equal(paused.status, 200, paused.text);
        assert.equal(paused.body.status, 'PAUSED', 'the answer is the committed change');
        assert.equal(lose, false, 'the pause reached the workflow');
        assert.equal((await detail(signal.id, own.apiKey)).body.status, 'PAUSED');
        const db = stack.orm.em.fork().getKysely();
        const commands = async () => (await sql<{ status: string; last_error: string | null }>`
          SELECT status, last_error FROM workflow_commands WHERE workflow_id = ${signalWorkflowId(signal.id)} AND payload->>'change' = 'PAUSE'`.execute(db)).rows;
        const [pending] = await commands();
        assert.equal(pending.status, 'PENDING', 'a delivery whose answer was lost is left to the drain');
        assert.match(pending.last_error ?? '', /unavailable/i, 'with the error recorded');
        const state = await real.workflow.getHandle(signalWorkflowId(signal.id)).query(signalStateQuery);
        assert.deepEqual([state.status, state.nextCheckAt], ['PAUSED', null], 'the workflow holds the row\'s state: paused, no check due');
        await drainCommands(stack.orm.em.fork(), { workflows: createWorkflowClients(real, stack.taskQueue) }, 100, { organizationId: own.organizationId, all: true });
        assert.deepEqual((await commands()).map((c) => c.status), ['DONE'], 'the drain delivered it');
        assert.equal((await real.workflow.getHandle(signalWorkflowId(signal.id)).query(signalStateQuery)).status, 'PAUSED', 'a repeated delivery changes nothing');
      } finally {
        await replica.close();
      }
    });
  });
});
