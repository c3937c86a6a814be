// Task edits and reassignment.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as admin from '../../../domain/admin/admin.service.ts';
import type { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { tasksFixture } from './fixtures.ts';

describe('tasks API', function () {
  this.timeout(120_000);
  const fx = tasksFixture();
  const { db, insertTask, sequenceOf } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('assignee', () => {
    it("when reassigned with scope TASK, then only this task; SEQUENCE also the open tasks of its sequence and the run's later tasks", async () => {
      const run = await sequenceOf(org);
      const member = await admin.createUser(stack.orm.em.fork(), {
        organizationId: org.organizationId,
        email: `r-${randomUUID().slice(0, 8)}@example.com`,
        name: 'Rep',
      });
      const a = await insertTask(org.organizationId, {
        type: 'CALL',
        sequenceId: run.sequenceId,
        assigneeId: org.userId,
      });
      const b = await insertTask(org.organizationId, {
        type: 'EMAIL_REPLY',
        sequenceId: run.sequenceId,
        assigneeId: org.userId,
      });
      const done = await insertTask(org.organizationId, {
        type: 'CALL',
        sequenceId: run.sequenceId,
        assigneeId: org.userId,
        status: 'COMPLETED',
      });
      const one = await api.patch(`/v1/tasks/${a}/assignee`, {
        key: org.apiKey,
        body: { assignee_user_id: member.id },
      });
      assert.equal(one.status, 200, one.text);
      assert.deepEqual(one.body.assignee, { id: member.id, email: member.email, name: 'Rep' });
      assert.equal((await api.get(`/v1/tasks/${b}`, { key: org.apiKey })).body.assignee_user_id, org.userId);

      const all = await api.patch(`/v1/tasks/${b}/assignee`, {
        key: org.apiKey,
        body: { assignee_user_id: org.userId, scope: 'SEQUENCE' },
      });
      assert.equal(all.status, 200, all.text);
      assert.equal((await api.get(`/v1/tasks/${a}`, { key: org.apiKey })).body.assignee_user_id, org.userId);
      assert.equal((await api.get(`/v1/tasks/${done}`, { key: org.apiKey })).body.assignee_user_id, org.userId);
      await api.patch(`/v1/tasks/${b}/assignee`, {
        key: org.apiKey,
        body: { assignee_user_id: member.id, scope: 'SEQUENCE' },
      });
      assert.equal(
        (await api.get(`/v1/tasks/${a}`, { key: org.apiKey })).body.assignee_user_id,
        member.id,
        'open task of the sequence follows',
      );
      assert.equal(
        (await api.get(`/v1/tasks/${done}`, { key: org.apiKey })).body.assignee_user_id,
        org.userId,
        'a completed one stays',
      );
      const { rows } = await sql<{
        task_assignee_id: string;
      }>`SELECT task_assignee_id FROM sequences WHERE id = ${run.sequenceId}`.execute(db());
      assert.equal(rows[0].task_assignee_id, member.id, 'later tasks of the run go to the new assignee');
    });

    it('when the user is of another organization, removed, or SEQUENCE is asked for a to-do, then 422 naming the field and nothing changes', async () => {
      const other = await newOrg(stack);
      const removed = await admin.createUser(stack.orm.em.fork(), {
        organizationId: org.organizationId,
        email: `x-${randomUUID().slice(0, 8)}@example.com`,
        name: 'Ex',
      });
      await admin.removeUser(stack.orm.em.fork(), removed.id);
      const todo = (await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Mine', due_date: '2026-12-01' } }))
        .body;
      for (const [body, field] of [
        [{ assignee_user_id: other.userId }, 'assignee_user_id'],
        [{ assignee_user_id: removed.id }, 'assignee_user_id'],
        [{ assignee_user_id: org.userId, scope: 'SEQUENCE' }, 'scope'],
      ] as const) {
        const response = await api.patch(`/v1/tasks/${todo.id}/assignee`, { key: org.apiKey, body });
        assert.equal(response.status, 422, response.text);
        assert.equal(response.body.data.errors[0].path, field);
      }
      assert.equal(
        (await api.patch(`/v1/tasks/${todo.id}/assignee`, { key: org.apiKey, body: { assignee_user_id: null } }))
          .status,
        400,
      );
      assert.equal(
        (
          await api.patch(`/v1/tasks/${todo.id}/assignee`, {
            key: org.apiKey,
            body: { assignee_user_id: org.userId, scope: 'ALL' },
          })
        ).status,
        400,
      );
      assert.equal((await api.get(`/v1/tasks/${todo.id}`, { key: org.apiKey })).body.assignee_user_id, org.userId);
    });
  });
});
