// Reading tasks: the list with every filter and both sort keys, and search/fetch of the task kind.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as admin from '../../../domain/admin/admin.service.ts';
import type { client } from '../../helpers/http.ts';
import { newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
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

  describe('list', () => {
    let o: TestOrg;
    const ids: Record<string, string> = {};
    let runA: Awaited<ReturnType<typeof sequenceOf>>;
    let runB: Awaited<ReturnType<typeof sequenceOf>>;
    let member: string;

    before(async () => {
      o = await newOrg(stack);
      runA = await sequenceOf(o, { templateName: 'Alpha' });
      runB = await sequenceOf(o, { templateName: 'Beta' });
      member = (
        await admin.createUser(stack.orm.em.fork(), {
          organizationId: o.organizationId,
          email: `l-${randomUUID().slice(0, 8)}@example.com`,
          name: 'Lister',
        })
      ).id;
      const base = Date.parse('2026-03-01T00:00:00Z');
      const at = (i: number) => new Date(base + i * 60_000);
      // A CALL task with no contact of its own: its contact is its sequence's.
      ids.callA = await insertTask(o.organizationId, {
        type: 'CALL',
        sequenceId: runA.sequenceId,
        contactId: null,
        priority: 'HOT',
        createdAt: at(0),
        dueDate: '2026-03-01',
        assigneeId: o.userId,
      });
      ids.replyA = await insertTask(o.organizationId, {
        type: 'EMAIL_REPLY',
        sequenceId: runA.sequenceId,
        contactId: runA.contactId,
        priority: 'HOT',
        createdAt: at(1),
        dueDate: '2026-03-02',
        assigneeId: member,
      });
      ids.callB = await insertTask(o.organizationId, {
        type: 'CALL',
        sequenceId: runB.sequenceId,
        contactId: runB.contactId,
        priority: 'TODAY',
        status: 'COMPLETED',
        createdAt: at(2),
        dueDate: '2026-03-03',
      });
      ids.reviewB = await insertTask(o.organizationId, {
        type: 'NEW_LEAD_REVIEW',
        sequenceId: runB.sequenceId,
        contactId: runB.contactId,
        priority: 'EXTRA',
        createdAt: at(3),
        dueDate: '2026-03-04',
      });
      ids.todo = await insertTask(o.organizationId, {
        type: 'TODO',
        contactId: runA.contactId,
        priority: 'EXTRA',
        createdAt: at(4),
        dueDate: '2026-03-05',
        assigneeId: member,
      });
      // Touch the first one last: updated_at order differs from created_at order.
      await sql`UPDATE tasks SET updated_at = ${new Date(base + 3_600_000)} WHERE id = ${ids.callA}`.execute(db());
      // Another organization's task never shows.
      await insertTask((await newOrg(stack)).organizationId, { type: 'TODO' });
    });

    const list = async (query: string) => {
      const response = await api.get(`/v1/tasks${query}`, { key: o.apiKey });
      assert.equal(response.status, 200, `${query}: ${response.text}`);
      return response.body as {
        items: { id: string; type: string; contact_id: string; sequence_template: { name: string } | null }[];
        total_count: number;
        total_pages: number;
        has_more: boolean;
      };
    };
    const names = (items: { id: string }[]) => items.map((t) => Object.keys(ids).find((k) => ids[k] === t.id));

    it('when listed without filters, then the envelope in created_at order with the embeds', async () => {
      const all = await list('?size=100');
      assert.deepEqual(names(all.items), ['callA', 'replyA', 'callB', 'reviewB', 'todo']);
      assert.deepEqual([all.total_count, all.total_pages, all.has_more], [5, 1, false]);
      assert.equal(all.items[0].contact_id, runA.contactId, "the sequence's contact");
      assert.equal(all.items[0].sequence_template?.name, 'Alpha');
      const page2 = await list('?size=2&page=2');
      assert.deepEqual(names(page2.items), ['callB', 'reviewB']);
      assert.deepEqual([page2.total_count, page2.total_pages, page2.has_more], [5, 3, true]);
    });

    it('when sorted by updated_at or created_at descending, then that order', async () => {
      assert.deepEqual(names((await list('?sort_by=updated_at&sort_order=desc')).items)[0], 'callA');
      assert.deepEqual(names((await list('?sort_by=created_at&sort_order=desc')).items), [
        'todo',
        'reviewB',
        'callB',
        'replyA',
        'callA',
      ]);
    });

    it('when each filter is applied, then exactly the matching tasks', async () => {
      const cases: [string, string[]][] = [
        ['?types=CALL', ['callA', 'callB']],
        ['?types=CALL&types=TODO', ['callA', 'callB', 'todo']],
        ['?priorities=HOT', ['callA', 'replyA']],
        ['?priorities=HOT&priorities=EXTRA', ['callA', 'replyA', 'reviewB', 'todo']],
        [`?sequence_template_ids=${runB.templateId}`, ['callB', 'reviewB']],
        [
          `?sequence_template_ids=${runB.templateId}&sequence_template_ids=${runA.templateId}`,
          ['callA', 'replyA', 'callB', 'reviewB'],
        ],
        [`?sequence_id=${runA.sequenceId}`, ['callA', 'replyA']],
        ['?status=COMPLETED', ['callB']],
        [`?assignee_user_id=${member}`, ['replyA', 'todo']],
        [`?contact_id=${runA.contactId}`, ['callA', 'replyA', 'todo']],
        ['?created_after=2026-03-01T00:01:00Z', ['callB', 'reviewB', 'todo']],
        ['?created_before=2026-03-01T00:01:00Z', ['callA']],
        ['?created_after=2026-03-01T00:00:00Z&created_before=2026-03-01T00:02:00Z', ['replyA']],
        ['?due_date_after=2026-03-03', ['reviewB', 'todo']],
        ['?due_date_before=2026-03-02', ['callA']],
        ['?due_date_after=2026-03-01&due_date_before=2026-03-04', ['replyA', 'callB']],
        ['?types=CALL&status=PENDING&priorities=HOT', ['callA']],
      ];
      for (const [query, expected] of cases) assert.deepEqual(names((await list(query)).items), expected, query);
    });

    it('when a filter or sort value is invalid, then 400 naming it', async () => {
      for (const [query, path] of [
        ['?types=NOPE', 'types[0]'],
        ['?priorities=URGENT', 'priorities[0]'],
        ['?sort_by=title', 'sort_by'],
        ['?sequence_template_ids=nope', 'sequence_template_ids[0]'],
        ['?due_date_after=tomorrow', 'due_date_after'],
        ['?created_after=yesterday', 'created_after'],
        ['?size=101', 'size'],
        ['?page=0', 'page'],
        ['?status=DONE', 'status'],
        ['?colour=red', 'colour'],
      ]) {
        const response = await api.get(`/v1/tasks${query}`, { key: o.apiKey });
        assert.equal(response.status, 400, query);
        assert.equal(response.body.data.errors[0].path, path, `${query}: ${response.text}`);
      }
    });
  });

  describe('search and fetch', () => {
    it('when tasks are searched by title, then task:<id> items; fetch renders the record; a key without tasks:read gets neither', async () => {
      const todo = (
        await api.post('/v1/tasks', {
          key: org.apiKey,
          body: { title: 'Quarterly zebracorn review', due_date: '2026-12-03' },
        })
      ).body;
      const found = await api.get('/v1/search?query=zebracorn&types=task', { key: org.apiKey });
      assert.equal(found.status, 200, found.text);
      assert.deepEqual(found.body.items, [
        {
          id: `task:${todo.id}`,
          type: 'task',
          title: 'Quarterly zebracorn review',
          subtitle: 'TODO · PENDING · due 2026-12-03',
        },
      ]);
      const fetched = await api.get(`/v1/fetch?id=task:${todo.id}`, { key: org.apiKey });
      assert.equal(fetched.status, 200, fetched.text);
      assert.equal(fetched.body.type, 'task');
      assert.deepEqual(fetched.body.data, todo);
      assert.match(fetched.body.text, /Title: Quarterly zebracorn review/);

      const noTasks = await newKey(stack, org.organizationId, ['contacts:read']);
      assert.deepEqual((await api.get('/v1/search?query=zebracorn', { key: noTasks.api_key })).body.items, []);
      assert.equal((await api.get(`/v1/fetch?id=task:${todo.id}`, { key: noTasks.api_key })).status, 404);
      const intruder = await newOrg(stack);
      assert.equal((await api.get(`/v1/fetch?id=task:${todo.id}`, { key: intruder.apiKey })).status, 404);
    });
  });
});
