// The tasks API's to-dos: tasks a person creates by hand, outside any sequence.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as admin from '../../../domain/admin/admin.service.ts';
import type { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { insertContact } from '../../helpers/sequence-fixtures.ts';
import { tasksFixture } from './fixtures.ts';

describe('tasks API', function () {
  this.timeout(120_000);
  const fx = tasksFixture();
  const { db, insertTask, sequenceOf } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('to-dos', () => {
    it("when a to-do is created with title and due date only, then 200 with a PENDING TODO assigned to the key's user, no sequence embeds, and task.created", async () => {
      const created = await api.post('/v1/tasks', {
        key: org.apiKey,
        body: { title: '  Call back the CFO ', due_date: '2026-12-01' },
      });
      assert.equal(created.status, 200, created.text);
      const t = created.body;
      assert.deepEqual(
        [t.type, t.status, t.priority, t.title, t.due_date, t.notes],
        ['TODO', 'PENDING', 'TODAY', 'Call back the CFO', '2026-12-01', null],
      );
      assert.equal(t.organization_id, org.organizationId);
      assert.equal(t.assignee_user_id, org.userId);
      assert.deepEqual(t.assignee, { id: org.userId, email: t.assignee.email, name: 'Owner' });
      assert.deepEqual(
        [
          t.sequence_id,
          t.sequence_template,
          t.contact_id,
          t.contact,
          t.message_id,
          t.disposition,
          t.completion_source,
          t.snoozed_until,
          t.reopen_reason,
        ],
        [null, null, null, null, null, null, null, null, null],
      );
      const read = await api.get(`/v1/tasks/${t.id}`, { key: org.apiKey });
      assert.deepEqual(read.body, t);
      const { rows } = await sql<{
        type: string;
        sequence_id: string | null;
      }>`SELECT type, sequence_id FROM activities WHERE payload->>'task_id' = ${t.id}`.execute(db());
      assert.deepEqual(
        rows,
        [{ type: 'task.created', sequence_id: null }],
        'a to-do announces itself, without a sequence (test/api/tasks/todo-events.test.ts)',
      );
    });

    it('when a to-do names a contact, another assignee, notes and a priority, then the contact summary and the assignee are embedded', async () => {
      const contactId = await insertContact(stack, org.organizationId, {
        email: `todo-${randomUUID().slice(0, 8)}@example.com`,
        firstName: 'Ada',
        companyName: 'Engines',
      });
      const member = await admin.createUser(stack.orm.em.fork(), {
        organizationId: org.organizationId,
        email: `m-${randomUUID().slice(0, 8)}@example.com`,
        name: 'Member',
      });
      const created = await api.post('/v1/tasks', {
        key: org.apiKey,
        body: {
          title: 'Send deck',
          due_date: '2026-12-02',
          notes: 'v2',
          contact_id: contactId,
          assignee_user_id: member.id,
          priority: 'HOT',
        },
      });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.body.contact.id, contactId);
      assert.equal(created.body.contact.first_name, 'Ada');
      assert.equal(created.body.contact.company_name, 'Engines');
      assert.deepEqual(created.body.assignee, { id: member.id, email: member.email, name: 'Member' });
      assert.deepEqual([created.body.notes, created.body.priority], ['v2', 'HOT']);
      const unassigned = await api.post('/v1/tasks', {
        key: org.apiKey,
        body: { title: 'Nobody', due_date: '2026-12-02', assignee_user_id: null },
      });
      assert.deepEqual([unassigned.body.assignee_user_id, unassigned.body.assignee], [null, null]);
    });

    it('when the to-do body is wrong, then 400/422 naming the field and nothing is written', async () => {
      const other = await newOrg(stack);
      const foreignContact = await insertContact(stack, other.organizationId, { email: 'foreign@example.com' });
      const removed = await admin.createUser(stack.orm.em.fork(), {
        organizationId: org.organizationId,
        email: `gone-${randomUUID().slice(0, 8)}@example.com`,
        name: 'Gone',
      });
      await admin.removeUser(stack.orm.em.fork(), removed.id);
      const before = await api.get('/v1/tasks?size=1', { key: org.apiKey });
      const cases: [unknown, number, string][] = [
        [{ due_date: '2026-12-01' }, 400, 'title'],
        [{ title: 'x' }, 400, 'due_date'],
        [{ title: '   ', due_date: '2026-12-01' }, 400, 'title'],
        [{ title: 'x', due_date: '2026-02-30' }, 400, 'due_date'],
        [{ title: 'x', due_date: '2026-12-01T10:00:00Z' }, 400, 'due_date'],
        [{ title: 'x', due_date: '2026-12-01', type: 'CALL' }, 400, 'type'],
        [{ title: 'x', due_date: '2026-12-01', contact_id: foreignContact }, 422, 'contact_id'],
        [{ title: 'x', due_date: '2026-12-01', assignee_user_id: removed.id }, 422, 'assignee_user_id'],
        [{ title: 'x', due_date: '2026-12-01', assignee_user_id: other.userId }, 422, 'assignee_user_id'],
      ];
      for (const [body, status, field] of cases) {
        const response = await api.post('/v1/tasks', { key: org.apiKey, body });
        assert.equal(response.status, status, `${JSON.stringify(body)}: ${response.text}`);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.ok(
          response.body.data.errors.some((e: { path: string }) => e.path === field),
          `${JSON.stringify(body)}: ${response.text}`,
        );
      }
      const after = await api.get('/v1/tasks?size=1', { key: org.apiKey });
      assert.equal(after.body.total_count, before.body.total_count);
    });

    it('when a to-do is patched, then its fields change; a sequence task answers 422 and an empty patch 400', async () => {
      const todo = (
        await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Draft', due_date: '2026-12-01', notes: 'n' } })
      ).body;
      const member = await admin.createUser(stack.orm.em.fork(), {
        organizationId: org.organizationId,
        email: `p-${randomUUID().slice(0, 8)}@example.com`,
        name: 'Patcher',
      });
      const patched = await api.patch(`/v1/tasks/${todo.id}`, {
        key: org.apiKey,
        body: { title: 'Final', notes: null, due_date: '2026-12-24', assignee_user_id: member.id, priority: 'EXTRA' },
      });
      assert.equal(patched.status, 200, patched.text);
      assert.deepEqual(
        [
          patched.body.title,
          patched.body.notes,
          patched.body.due_date,
          patched.body.assignee.name,
          patched.body.priority,
        ],
        ['Final', null, '2026-12-24', 'Patcher', 'EXTRA'],
      );
      assert.ok(patched.body.updated_at > todo.updated_at);
      assert.equal((await api.patch(`/v1/tasks/${todo.id}`, { key: org.apiKey, body: {} })).status, 400);
      const badUser = await api.patch(`/v1/tasks/${todo.id}`, {
        key: org.apiKey,
        body: { title: 'Changed?', assignee_user_id: randomUUID() },
      });
      assert.equal(badUser.status, 422);
      assert.equal(badUser.body.data.errors[0].path, 'assignee_user_id');
      assert.equal(
        (await api.get(`/v1/tasks/${todo.id}`, { key: org.apiKey })).body.title,
        'Final',
        'nothing half-written',
      );

      const run = await sequenceOf(org);
      const call = await insertTask(org.organizationId, {
        type: 'CALL',
        sequenceId: run.sequenceId,
        contactId: run.contactId,
      });
      const refused = await api.patch(`/v1/tasks/${call}`, { key: org.apiKey, body: { title: 'x' } });
      assert.equal(refused.status, 422);
      assert.equal(refused.body.type, 'BusinessIssue');
      assert.match(refused.body.message, /TODO/);
    });
  });
});
