// The tasks API on the real stack: to-dos, the list with every filter and both sort keys, edits
// and reassignment, the state machine (start, complete, skip, reopen, snooze) with its events,
// execute (email and LinkedIn replies through the sandbox channels, call logs moving a waiting
// sequence on, lead review approve/reject), the thread, and search/fetch of the task kind.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as admin from '../../../domain/admin/admin.service.ts';
import { createSequenceClient } from '../../../workflows/sequence.client.ts';
import { sandboxOutboundEmails } from '../../../providers/mail/sandbox.ts';
import { sandboxLinkedinActions } from '../../../providers/linkedin/sandbox.ts';
import type { client } from '../../helpers/http.ts';
import { newKey, apiSuite, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { eventsOf, insertContact, insertSequence, insertTemplate, messagesOf, sequenceRow, until } from '../../helpers/sequence-fixtures.ts';

describe('tasks API', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => ({ stack, api, org } = await apiSuite()));

  const db = () => stack.orm.em.fork().getKysely();

  async function insertTask(organizationId: string, t: {
    type: string; sequenceId?: string | null; contactId?: string | null; status?: string; priority?: string; title?: string;
    messageId?: string | null; assigneeId?: string | null; dueDate?: string | null; createdAt?: Date;
  }): Promise<string> {
    const id = randomUUID();
    const at = t.createdAt ?? new Date();
    await sql`INSERT INTO tasks (id, organization_id, type, priority, status, sequence_id, contact_id, assignee_id, title, due_date, message_id, created_at, updated_at)
              VALUES (${id}, ${organizationId}, ${t.type}, ${t.priority ?? 'TODAY'}, ${t.status ?? 'PENDING'}, ${t.sequenceId ?? null}, ${t.contactId ?? null},
                      ${t.assigneeId ?? null}, ${t.title ?? `${t.type} task`}, ${t.dueDate ?? null}, ${t.messageId ?? null}, ${at}, ${at})`.execute(db());
    return id;
  }

  async function insertMessage(organizationId: string, m: { contactId: string; sequenceId: string | null; channel: 'EMAIL' | 'LINKEDIN'; direction: 'OUTBOUND' | 'INBOUND'; subject?: string | null; body: string; inReplyTo?: string | null; sentAt: Date; stepNumber?: number | null }): Promise<string> {
    const id = randomUUID();
    await sql`INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, provider_message_id, in_reply_to_id, sent_at, created_at)
              VALUES (${id}, ${organizationId}, ${m.contactId}, ${m.sequenceId}, ${m.channel}, ${m.direction}, 'MESSAGE', ${m.subject ?? null}, ${m.body}, ${m.stepNumber === undefined ? 1 : m.stepNumber},
                      ${`<${id}@mail.example.com>`}, ${m.inReplyTo ?? null}, ${m.sentAt}, now())`.execute(db());
    return id;
  }

  async function setSequenceStatus(sequenceId: string, status: string): Promise<void> {
    await sql`UPDATE sequences SET status = ${status} WHERE id = ${sequenceId}`.execute(db());
  }

  /** A contact in a running sequence of a one-EMAIL-step template (no workflow), in `o`. */
  async function sequenceOf(o: TestOrg, options: { linkedin?: string; status?: string; templateName?: string } = {}) {
    const email = `t-${randomUUID().slice(0, 8)}@example.com`;
    const contactId = await insertContact(stack, o.organizationId, { email, linkedinUrl: options.linkedin ?? null, firstName: 'Grace', companyName: 'Navy' });
    const templateId = await insertTemplate(stack, o.organizationId, [{ type: 'EMAIL', delay_days: 0, subject: 'Hello', body: 'Hi' }], { senderUserId: o.userId, name: options.templateName });
    const sequenceId = await insertSequence(stack, o.organizationId, { contactId, templateId, senderUserId: o.userId });
    if (options.status) await setSequenceStatus(sequenceId, options.status);
    return { contactId, templateId, sequenceId, email };
  }

  const taskEvents = async (sequenceId: string) => (await eventsOf(stack, sequenceId)).filter((e) => e.type.startsWith('task.') || e.type === 'message.sent' || e.type.startsWith('sequence.'));

  describe('to-dos', () => {
    it('when a to-do is created with title and due date only, then 200 with a PENDING TODO assigned to the key\'s user, no sequence embeds, and task.created', async () => {
      const created = await api.post('/v1/tasks', { key: org.apiKey, body: { title: '  Call back the CFO ', due_date: '2026-12-01' } });
      assert.equal(created.status, 200, created.text);
      const t = created.body;
      assert.deepEqual([t.type, t.status, t.priority, t.title, t.due_date, t.notes], ['TODO', 'PENDING', 'TODAY', 'Call back the CFO', '2026-12-01', null]);
      assert.equal(t.organization_id, org.organizationId);
      assert.equal(t.assignee_user_id, org.userId);
      assert.deepEqual(t.assignee, { id: org.userId, email: t.assignee.email, name: 'Owner' });
      assert.deepEqual([t.sequence_id, t.sequence_template, t.contact_id, t.contact, t.message_id, t.disposition, t.completion_source, t.snoozed_until, t.reopen_reason],
        [null, null, null, null, null, null, null, null, null]);
      const read = await api.get(`/v1/tasks/${t.id}`, { key: org.apiKey });
      assert.deepEqual(read.body, t);
      const { rows } = await sql<{ type: string; sequence_id: string | null }>`SELECT type, sequence_id FROM activities WHERE payload->>'task_id' = ${t.id}`.execute(db());
      assert.deepEqual(rows, [{ type: 'task.created', sequence_id: null }], 'a to-do announces itself, without a sequence (test/api/tasks/todo-events.test.ts)');
    });

    it('when a to-do names a contact, another assignee, notes and a priority, then the contact summary and the assignee are embedded', async () => {
      const contactId = await insertContact(stack, org.organizationId, { email: `todo-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Ada', companyName: 'Engines' });
      const member = await admin.createUser(stack.orm.em.fork(), { organizationId: org.organizationId, email: `m-${randomUUID().slice(0, 8)}@example.com`, name: 'Member' });
      const created = await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Send deck', due_date: '2026-12-02', notes: 'v2', contact_id: contactId, assignee_user_id: member.id, priority: 'HOT' } });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.body.contact.id, contactId);
      assert.equal(created.body.contact.first_name, 'Ada');
      assert.equal(created.body.contact.company_name, 'Engines');
      assert.deepEqual(created.body.assignee, { id: member.id, email: member.email, name: 'Member' });
      assert.deepEqual([created.body.notes, created.body.priority], ['v2', 'HOT']);
      const unassigned = await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Nobody', due_date: '2026-12-02', assignee_user_id: null } });
      assert.deepEqual([unassigned.body.assignee_user_id, unassigned.body.assignee], [null, null]);
    });

    it('when the to-do body is wrong, then 400/422 naming the field and nothing is written', async () => {
      const other = await newOrg(stack);
      const foreignContact = await insertContact(stack, other.organizationId, { email: 'foreign@example.com' });
      const removed = await admin.createUser(stack.orm.em.fork(), { organizationId: org.organizationId, email: `gone-${randomUUID().slice(0, 8)}@example.com`, name: 'Gone' });
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
        assert.ok(response.body.data.errors.some((e: { path: string }) => e.path === field), `${JSON.stringify(body)}: ${response.text}`);
      }
      const after = await api.get('/v1/tasks?size=1', { key: org.apiKey });
      assert.equal(after.body.total_count, before.body.total_count);
    });

    it('when a to-do is patched, then its fields change; a sequence task answers 422 and an empty patch 400', async () => {
      const todo = (await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Draft', due_date: '2026-12-01', notes: 'n' } })).body;
      const member = await admin.createUser(stack.orm.em.fork(), { organizationId: org.organizationId, email: `p-${randomUUID().slice(0, 8)}@example.com`, name: 'Patcher' });
      const patched = await api.patch(`/v1/tasks/${todo.id}`, { key: org.apiKey, body: { title: 'Final', notes: null, due_date: '2026-12-24', assignee_user_id: member.id, priority: 'EXTRA' } });
      assert.equal(patched.status, 200, patched.text);
      assert.deepEqual([patched.body.title, patched.body.notes, patched.body.due_date, patched.body.assignee.name, patched.body.priority], ['Final', null, '2026-12-24', 'Patcher', 'EXTRA']);
      assert.ok(patched.body.updated_at > todo.updated_at);
      assert.equal((await api.patch(`/v1/tasks/${todo.id}`, { key: org.apiKey, body: {} })).status, 400);
      const badUser = await api.patch(`/v1/tasks/${todo.id}`, { key: org.apiKey, body: { title: 'Changed?', assignee_user_id: randomUUID() } });
      assert.equal(badUser.status, 422);
      assert.equal(badUser.body.data.errors[0].path, 'assignee_user_id');
      assert.equal((await api.get(`/v1/tasks/${todo.id}`, { key: org.apiKey })).body.title, 'Final', 'nothing half-written');

      const run = await sequenceOf(org);
      const call = await insertTask(org.organizationId, { type: 'CALL', sequenceId: run.sequenceId, contactId: run.contactId });
      const refused = await api.patch(`/v1/tasks/${call}`, { key: org.apiKey, body: { title: 'x' } });
      assert.equal(refused.status, 422);
      assert.equal(refused.body.type, 'BusinessIssue');
      assert.match(refused.body.message, /TODO/);
    });
  });

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
      member = (await admin.createUser(stack.orm.em.fork(), { organizationId: o.organizationId, email: `l-${randomUUID().slice(0, 8)}@example.com`, name: 'Lister' })).id;
      const base = Date.parse('2026-03-01T00:00:00Z');
      const at = (i: number) => new Date(base + i * 60_000);
      // A CALL task with no contact of its own: its contact is its sequence's.
      ids.callA = await insertTask(o.organizationId, { type: 'CALL', sequenceId: runA.sequenceId, contactId: null, priority: 'HOT', createdAt: at(0), dueDate: '2026-03-01', assigneeId: o.userId });
      ids.replyA = await insertTask(o.organizationId, { type: 'EMAIL_REPLY', sequenceId: runA.sequenceId, contactId: runA.contactId, priority: 'HOT', createdAt: at(1), dueDate: '2026-03-02', assigneeId: member });
      ids.callB = await insertTask(o.organizationId, { type: 'CALL', sequenceId: runB.sequenceId, contactId: runB.contactId, priority: 'TODAY', status: 'COMPLETED', createdAt: at(2), dueDate: '2026-03-03' });
      ids.reviewB = await insertTask(o.organizationId, { type: 'NEW_LEAD_REVIEW', sequenceId: runB.sequenceId, contactId: runB.contactId, priority: 'EXTRA', createdAt: at(3), dueDate: '2026-03-04' });
      ids.todo = await insertTask(o.organizationId, { type: 'TODO', contactId: runA.contactId, priority: 'EXTRA', createdAt: at(4), dueDate: '2026-03-05', assigneeId: member });
      // Touch the first one last: updated_at order differs from created_at order.
      await sql`UPDATE tasks SET updated_at = ${new Date(base + 3_600_000)} WHERE id = ${ids.callA}`.execute(db());
      // Another organization's task never shows.
      await insertTask((await newOrg(stack)).organizationId, { type: 'TODO' });
    });

    const list = async (query: string) => {
      const response = await api.get(`/v1/tasks${query}`, { key: o.apiKey });
      assert.equal(response.status, 200, `${query}: ${response.text}`);
      return response.body as { items: { id: string; type: string; contact_id: string; sequence_template: { name: string } | null }[]; total_count: number; total_pages: number; has_more: boolean };
    };
    const names = (items: { id: string }[]) => items.map((t) => Object.keys(ids).find((k) => ids[k] === t.id));

    it('when listed without filters, then the envelope in created_at order with the embeds', async () => {
      const all = await list('?size=100');
      assert.deepEqual(names(all.items), ['callA', 'replyA', 'callB', 'reviewB', 'todo']);
      assert.deepEqual([all.total_count, all.total_pages, all.has_more], [5, 1, false]);
      assert.equal(all.items[0].contact_id, runA.contactId, 'the sequence\'s contact');
      assert.equal(all.items[0].sequence_template?.name, 'Alpha');
      const page2 = await list('?size=2&page=2');
      assert.deepEqual(names(page2.items), ['callB', 'reviewB']);
      assert.deepEqual([page2.total_count, page2.total_pages, page2.has_more], [5, 3, true]);
    });

    it('when sorted by updated_at or created_at descending, then that order', async () => {
      assert.deepEqual(names((await list('?sort_by=updated_at&sort_order=desc')).items)[0], 'callA');
      assert.deepEqual(names((await list('?sort_by=created_at&sort_order=desc')).items), ['todo', 'reviewB', 'callB', 'replyA', 'callA']);
    });

    it('when each filter is applied, then exactly the matching tasks', async () => {
      const cases: [string, string[]][] = [
        ['?types=CALL', ['callA', 'callB']],
        ['?types=CALL&types=TODO', ['callA', 'callB', 'todo']],
        ['?priorities=HOT', ['callA', 'replyA']],
        ['?priorities=HOT&priorities=EXTRA', ['callA', 'replyA', 'reviewB', 'todo']],
        [`?sequence_template_ids=${runB.templateId}`, ['callB', 'reviewB']],
        [`?sequence_template_ids=${runB.templateId}&sequence_template_ids=${runA.templateId}`, ['callA', 'replyA', 'callB', 'reviewB']],
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
      for (const [query, path] of [['?types=NOPE', 'types[0]'], ['?priorities=URGENT', 'priorities[0]'], ['?sort_by=title', 'sort_by'],
        ['?sequence_template_ids=nope', 'sequence_template_ids[0]'], ['?due_date_after=tomorrow', 'due_date_after'], ['?created_after=yesterday', 'created_after'],
        ['?size=101', 'size'], ['?page=0', 'page'], ['?status=DONE', 'status'], ['?colour=red', 'colour']]) {
        const response = await api.get(`/v1/tasks${query}`, { key: o.apiKey });
        assert.equal(response.status, 400, query);
        assert.equal(response.body.data.errors[0].path, path, `${query}: ${response.text}`);
      }
    });
  });

  describe('assignee', () => {
    it('when reassigned with scope TASK, then only this task; SEQUENCE also the open tasks of its sequence and the run\'s later tasks', async () => {
      const run = await sequenceOf(org);
      const member = await admin.createUser(stack.orm.em.fork(), { organizationId: org.organizationId, email: `r-${randomUUID().slice(0, 8)}@example.com`, name: 'Rep' });
      const a = await insertTask(org.organizationId, { type: 'CALL', sequenceId: run.sequenceId, assigneeId: org.userId });
      const b = await insertTask(org.organizationId, { type: 'EMAIL_REPLY', sequenceId: run.sequenceId, assigneeId: org.userId });
      const done = await insertTask(org.organizationId, { type: 'CALL', sequenceId: run.sequenceId, assigneeId: org.userId, status: 'COMPLETED' });
      const one = await api.patch(`/v1/tasks/${a}/assignee`, { key: org.apiKey, body: { assignee_user_id: member.id } });
      assert.equal(one.status, 200, one.text);
      assert.deepEqual(one.body.assignee, { id: member.id, email: member.email, name: 'Rep' });
      assert.equal((await api.get(`/v1/tasks/${b}`, { key: org.apiKey })).body.assignee_user_id, org.userId);

      const all = await api.patch(`/v1/tasks/${b}/assignee`, { key: org.apiKey, body: { assignee_user_id: org.userId, scope: 'SEQUENCE' } });
      assert.equal(all.status, 200, all.text);
      assert.equal((await api.get(`/v1/tasks/${a}`, { key: org.apiKey })).body.assignee_user_id, org.userId);
      assert.equal((await api.get(`/v1/tasks/${done}`, { key: org.apiKey })).body.assignee_user_id, org.userId);
      await api.patch(`/v1/tasks/${b}/assignee`, { key: org.apiKey, body: { assignee_user_id: member.id, scope: 'SEQUENCE' } });
      assert.equal((await api.get(`/v1/tasks/${a}`, { key: org.apiKey })).body.assignee_user_id, member.id, 'open task of the sequence follows');
      assert.equal((await api.get(`/v1/tasks/${done}`, { key: org.apiKey })).body.assignee_user_id, org.userId, 'a completed one stays');
      const { rows } = await sql<{ task_assignee_id: string }>`SELECT task_assignee_id FROM sequences WHERE id = ${run.sequenceId}`.execute(db());
      assert.equal(rows[0].task_assignee_id, member.id, 'later tasks of the run go to the new assignee');
    });

    it('when the user is of another organization, removed, or SEQUENCE is asked for a to-do, then 422 naming the field and nothing changes', async () => {
      const other = await newOrg(stack);
      const removed = await admin.createUser(stack.orm.em.fork(), { organizationId: org.organizationId, email: `x-${randomUUID().slice(0, 8)}@example.com`, name: 'Ex' });
      await admin.removeUser(stack.orm.em.fork(), removed.id);
      const todo = (await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Mine', due_date: '2026-12-01' } })).body;
      for (const [body, field] of [
        [{ assignee_user_id: other.userId }, 'assignee_user_id'], [{ assignee_user_id: removed.id }, 'assignee_user_id'],
        [{ assignee_user_id: org.userId, scope: 'SEQUENCE' }, 'scope'],
      ] as const) {
        const response = await api.patch(`/v1/tasks/${todo.id}/assignee`, { key: org.apiKey, body });
        assert.equal(response.status, 422, response.text);
        assert.equal(response.body.data.errors[0].path, field);
      }
      assert.equal((await api.patch(`/v1/tasks/${todo.id}/assignee`, { key: org.apiKey, body: { assignee_user_id: null } })).status, 400);
      assert.equal((await api.patch(`/v1/tasks/${todo.id}/assignee`, { key: org.apiKey, body: { assignee_user_id: org.userId, scope: 'ALL' } })).status, 400);
      assert.equal((await api.get(`/v1/tasks/${todo.id}`, { key: org.apiKey })).body.assignee_user_id, org.userId);
    });
  });

  describe('state machine', () => {
    it('when a sequence task goes start, complete, reopen, skip, then each status and timestamp is right, invalid steps answer 409, and each change emits its task.* event', async () => {
      const run = await sequenceOf(org, { status: 'WAITING_FOR_LEAD' });
      const id = await insertTask(org.organizationId, { type: 'EMAIL_REPLY', sequenceId: run.sequenceId, contactId: run.contactId });
      const post = (action: string, body?: unknown) => api.post(`/v1/tasks/${id}/${action}`, { key: org.apiKey, body });
      const expect409 = async (action: string, body?: unknown) => {
        const response = await post(action, body);
        assert.equal(response.status, 409, `${action}: ${response.text}`);
        assert.equal(response.body.type, 'CommitIssue');
      };

      const started = await post('start');
      assert.equal(started.status, 200, started.text);
      assert.equal(started.body.status, 'IN_PROGRESS');
      assert.ok(started.body.started_at);
      await expect409('start');
      await expect409('reopen');

      const completed = await post('complete', { completion_source: 'EXTERNAL_CRM' });
      assert.equal(completed.status, 200, completed.text);
      assert.deepEqual([completed.body.status, completed.body.completion_source, completed.body.disposition], ['COMPLETED', 'EXTERNAL_CRM', null]);
      assert.ok(completed.body.completed_at);
      await expect409('complete');
      await expect409('skip');
      await expect409('start');
      await expect409('snooze', { snoozed_until: new Date(Date.now() + 3_600_000).toISOString() });
      await expect409('execute', { payload: { type: 'email_reply', body: 'too late' } });

      const reopened = await post('reopen');
      assert.equal(reopened.status, 200, reopened.text);
      assert.deepEqual([reopened.body.status, reopened.body.completed_at, reopened.body.completion_source, reopened.body.reopen_reason], ['PENDING', null, null, null]);
      assert.ok(reopened.body.reopened_at);

      const skipped = await post('skip');
      assert.equal(skipped.status, 200, skipped.text);
      assert.equal(skipped.body.status, 'SKIPPED');
      assert.ok(skipped.body.skipped_at);

      const events = await taskEvents(run.sequenceId);
      assert.deepEqual(events.map((e) => e.type), ['task.completed', 'task.reopened', 'task.skipped']);
      for (const e of events) {
        assert.equal(e.payload.task_id, id);
        assert.equal(e.payload.sequence_id, run.sequenceId);
        assert.equal(e.payload.sequence_template_id, run.templateId);
        assert.equal(e.payload.resource_type, 'TASK');
        assert.equal((e.payload.task as { id: string }).id, id);
        assert.equal((e.payload.contact as { id: string }).id, run.contactId);
      }
      assert.equal(events[0].payload.completion_source, 'EXTERNAL_CRM');
      assert.equal((events[2].payload.task as { status: string }).status, 'SKIPPED');
    });

    it('when a reply task of a run halted by a reply is completed, skipped or reopened without execute, then the run waits for the lead once none is open, for the user while one is', async () => {
      const run = await sequenceOf(org, { status: 'WAITING_FOR_USER' });
      await sql`UPDATE sequences SET replied_at = now() WHERE id = ${run.sequenceId}`.execute(db());
      const first = await insertTask(org.organizationId, { type: 'EMAIL_REPLY', sequenceId: run.sequenceId, contactId: run.contactId });
      const second = await insertTask(org.organizationId, { type: 'EMAIL_REPLY', sequenceId: run.sequenceId, contactId: run.contactId });
      const status = async () => (await sequenceRow(stack, run.sequenceId)).status;
      const post = async (id: string, action: string, body?: unknown) => {
        const response = await api.post(`/v1/tasks/${id}/${action}`, { key: org.apiKey, body });
        assert.equal(response.status, 200, `${action}: ${response.text}`);
      };
      await post(first, 'complete', { completion_source: 'EXTERNAL_REPLY' });
      assert.equal(await status(), 'WAITING_FOR_USER', 'the second reply task is still open');
      await post(second, 'skip');
      assert.equal(await status(), 'WAITING_FOR_LEAD');
      await post(first, 'reopen');
      assert.equal(await status(), 'WAITING_FOR_USER');
      await post(first, 'complete');
      assert.equal(await status(), 'WAITING_FOR_LEAD');
    });

    it('when complete takes a default source, a CALL disposition, or a disposition for another type, then TASK_EXECUTION, the disposition, or 422', async () => {
      const todo = (await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Plain', due_date: '2026-12-01' } })).body;
      const withDisposition = await api.post(`/v1/tasks/${todo.id}/complete`, { key: org.apiKey, body: { disposition: 'ANSWERED' } });
      assert.equal(withDisposition.status, 422);
      assert.equal(withDisposition.body.data.errors[0].path, 'disposition');
      const bad = await api.post(`/v1/tasks/${todo.id}/complete`, { key: org.apiKey, body: { completion_source: 'MAGIC' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.data.errors[0].path, 'completion_source');
      const done = await api.post(`/v1/tasks/${todo.id}/complete`, { key: org.apiKey });
      assert.equal(done.status, 200, done.text);
      assert.deepEqual([done.body.status, done.body.completion_source], ['COMPLETED', 'TASK_EXECUTION']);

      const run = await sequenceOf(org);
      const call = await insertTask(org.organizationId, { type: 'CALL', sequenceId: run.sequenceId });
      const six = await api.post(`/v1/tasks/${call}/complete`, { key: org.apiKey, body: { disposition: 'INTERESTED' } });
      assert.equal(six.status, 400, 'complete takes the three call dispositions; execute takes all six');
      const answered = await api.post(`/v1/tasks/${call}/complete`, { key: org.apiKey, body: { disposition: 'VOICEMAIL_LEFT' } });
      assert.deepEqual([answered.body.status, answered.body.disposition], ['COMPLETED', 'VOICEMAIL_LEFT']);
    });

    it('when a task is snoozed, then it keeps its status with snoozed_until and comes back PENDING with REMINDER_RULE at that time; a re-snooze replaces the time', async () => {
      const run = await sequenceOf(org);
      const id = await insertTask(org.organizationId, { type: 'CALL', sequenceId: run.sequenceId, contactId: run.contactId });
      await api.post(`/v1/tasks/${id}/start`, { key: org.apiKey });
      const far = new Date(Date.now() + 3_600_000).toISOString();
      const snoozed = await api.post(`/v1/tasks/${id}/snooze`, { key: org.apiKey, body: { snoozed_until: far } });
      assert.equal(snoozed.status, 200, snoozed.text);
      assert.deepEqual([snoozed.body.status, snoozed.body.snoozed_until], ['IN_PROGRESS', far]);
      const hidden = await api.get(`/v1/tasks?snoozed=false&sequence_id=${run.sequenceId}`, { key: org.apiKey });
      assert.equal(hidden.body.total_count, 0);
      const shown = await api.get(`/v1/tasks?snoozed=true&sequence_id=${run.sequenceId}`, { key: org.apiKey });
      assert.equal(shown.body.items[0].id, id);

      const soon = new Date(Date.now() + 2_000).toISOString();
      const again = await api.post(`/v1/tasks/${id}/snooze`, { key: org.apiKey, body: { snoozed_until: soon } });
      assert.equal(again.body.snoozed_until, soon);
      await until(async () => (await api.get(`/v1/tasks/${id}`, { key: org.apiKey })).body.snoozed_until === null, 20_000);
      const back = (await api.get(`/v1/tasks/${id}`, { key: org.apiKey })).body;
      assert.deepEqual([back.status, back.reopen_reason, back.snoozed_until], ['PENDING', 'REMINDER_RULE', null]);
      assert.ok(Date.parse(back.reopened_at) >= Date.parse(soon) - 50, 'not before the snooze time');
      const events = await taskEvents(run.sequenceId);
      assert.deepEqual(events.map((e) => [e.type, e.payload.reopen_reason]), [['task.reopened', 'REMINDER_RULE']]);
    });

    it('when snoozed_until is missing, in the past or too far ahead, then 400/422 naming snoozed_until', async () => {
      const todo = (await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Later', due_date: '2026-12-01' } })).body;
      for (const [body, status] of [[{}, 400], [{ snoozed_until: 'soon' }, 400], [{ snoozed_until: new Date(Date.now() - 1000).toISOString() }, 422],
        [{ snoozed_until: new Date(Date.now() + 400 * 86_400_000).toISOString() }, 422]] as const) {
        const response = await api.post(`/v1/tasks/${todo.id}/snooze`, { key: org.apiKey, body });
        assert.equal(response.status, status, `${JSON.stringify(body)}: ${response.text}`);
        assert.equal(response.body.data.errors[0].path, 'snoozed_until');
      }
      assert.equal((await api.get(`/v1/tasks/${todo.id}`, { key: org.apiKey })).body.snoozed_until, null);
    });
  });

  describe('CALL steps', () => {
    /** A run whose first step is a CALL (then one EMAIL), started on the stack's worker, waiting on its task. */
    async function waitingOnCall() {
      const email = `call-${randomUUID().slice(0, 8)}@example.com`;
      const contactId = await insertContact(stack, org.organizationId, { email, firstName: 'Carl' });
      const templateId = await insertTemplate(stack, org.organizationId, [
        { type: 'CALL', delay_days: 0, body: 'Call {{first_name}}' }, { type: 'EMAIL', delay_days: 0, subject: 'After the call', body: 'As discussed' },
      ], { senderUserId: org.userId });
      const sequenceId = await insertSequence(stack, org.organizationId, { contactId, templateId, senderUserId: org.userId });
      await createSequenceClient(stack.temporal, stack.taskQueue).start(org.organizationId, { sequenceId, contactId, sequenceTemplateId: templateId });
      let taskId = '';
      await until(async () => {
        const listed = await api.get(`/v1/tasks?sequence_id=${sequenceId}&types=CALL`, { key: org.apiKey });
        taskId = listed.body.items?.[0]?.id ?? '';
        return taskId !== '' && (await sequenceRow(stack, sequenceId)).status === 'WAITING_FOR_USER';
      });
      return { sequenceId, taskId, email };
    }

    it('when the CALL task a sequence waits on is completed, then the sequence moves on to its next step', async () => {
      const run = await waitingOnCall();
      const task = (await api.get(`/v1/tasks/${run.taskId}`, { key: org.apiKey })).body;
      assert.deepEqual([task.type, task.title, task.step_number, task.assignee_user_id], ['CALL', 'Call Carl', 1, org.userId]);
      const done = await api.post(`/v1/tasks/${run.taskId}/complete`, { key: org.apiKey, body: { disposition: 'ANSWERED' } });
      assert.equal(done.status, 200, done.text);
      await until(async () => (await sequenceRow(stack, run.sequenceId)).status === 'COMPLETED');
      assert.deepEqual((await messagesOf(stack, run.sequenceId)).map((m) => m.subject), ['After the call']);
    });

    it('when the CALL task is executed with a phone and any of the six dispositions, then it is logged, completed, and the sequence moves on', async () => {
      const run = await waitingOnCall();
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'call', phone: '+1 555 0100', disposition: 'WRONG_NUMBER' } } });
      assert.equal(executed.status, 200, executed.text);
      assert.deepEqual([executed.body.task.status, executed.body.task.phone, executed.body.task.disposition, executed.body.task.completion_source, executed.body.message],
        ['COMPLETED', '+1 555 0100', 'WRONG_NUMBER', 'TASK_EXECUTION', null]);
      assert.equal(executed.body.sequence.id, run.sequenceId);
      await until(async () => (await sequenceRow(stack, run.sequenceId)).status === 'COMPLETED');
      const types = (await eventsOf(stack, run.sequenceId)).map((e) => e.type);
      assert.deepEqual(types.filter((t) => t.startsWith('task.')), ['task.created', 'task.completed']);
    });

    it('when the CALL task is skipped, then the sequence moves on too', async () => {
      const run = await waitingOnCall();
      assert.equal((await api.post(`/v1/tasks/${run.taskId}/skip`, { key: org.apiKey })).status, 200);
      await until(async () => (await sequenceRow(stack, run.sequenceId)).status === 'COMPLETED');
    });
  });

  describe('execute', () => {
    /** A run that sent an email and got a reply, with the EMAIL_REPLY (or LINKEDIN_REPLY) task on it. */
    async function replied(channel: 'EMAIL' | 'LINKEDIN' = 'EMAIL', linkedin?: string) {
      const run = await sequenceOf(org, { status: 'WAITING_FOR_LEAD', linkedin });
      const sentAt = new Date(Date.now() - 3_600_000);
      const outbound = await insertMessage(org.organizationId, { contactId: run.contactId, sequenceId: run.sequenceId, channel, direction: 'OUTBOUND', subject: channel === 'EMAIL' ? 'Hello' : null, body: 'Hi', sentAt });
      const inbound = await insertMessage(org.organizationId, {
        contactId: run.contactId, sequenceId: run.sequenceId, channel, direction: 'INBOUND', subject: channel === 'EMAIL' ? 'Re: Hello' : null, body: 'Tell me more', inReplyTo: outbound, sentAt: new Date(sentAt.getTime() + 60_000),
      });
      const other = channel === 'EMAIL' ? 'LINKEDIN' : 'EMAIL';
      await insertMessage(org.organizationId, { contactId: run.contactId, sequenceId: run.sequenceId, channel: other, direction: 'OUTBOUND', body: 'other channel', sentAt: new Date(sentAt.getTime() - 60_000) });
      const taskId = await insertTask(org.organizationId, { type: channel === 'EMAIL' ? 'EMAIL_REPLY' : 'LINKEDIN_REPLY', sequenceId: run.sequenceId, contactId: run.contactId, messageId: inbound, assigneeId: org.userId });
      return { ...run, outbound, inbound, taskId };
    }

    it('when an email reply is executed, then it is sent in the thread, stored OUTBOUND in reply to the message, message.sent and task.completed are emitted and the run waits for the lead', async () => {
      const run = await replied();
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'email_reply', body: 'Here is more.' } } });
      assert.equal(executed.status, 200, executed.text);
      const { task, message, sequence } = executed.body;
      assert.deepEqual([task.status, task.completion_source], ['COMPLETED', 'TASK_EXECUTION']);
      assert.deepEqual([message.direction, message.channel, message.subject, message.body, message.in_reply_to_id, message.sequence_id],
        ['OUTBOUND', 'EMAIL', 'Re: Hello', 'Here is more.', run.inbound, run.sequenceId]);
      assert.equal(sequence.status, 'WAITING_FOR_LEAD');
      const emails = await sandboxOutboundEmails(stack.orm, { toEmail: run.email });
      assert.equal(emails.length, 1);
      assert.equal(emails[0].subject, 'Re: Hello');
      assert.equal(emails[0].headers['In-Reply-To'], `<${run.inbound}@mail.example.com>`);
      const events = await taskEvents(run.sequenceId);
      assert.deepEqual(events.map((e) => e.type), ['message.sent', 'task.completed']);
      assert.equal(events[0].payload.message_id, message.id);
      assert.equal((events[0].payload.message as { body: string }).body, 'Here is more.');

      const thread = await api.get(`/v1/tasks/${run.taskId}/messages`, { key: org.apiKey });
      assert.equal(thread.status, 200, thread.text);
      assert.deepEqual(thread.body.items.map((m: { id: string }) => m.id), [run.outbound, run.inbound, message.id], 'the email thread, oldest first');
      assert.deepEqual(thread.body.items.map((m: { direction: string }) => m.direction), ['OUTBOUND', 'INBOUND', 'OUTBOUND']);
      assert.equal(thread.body.total_count, 3);

      const again = await api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'email_reply', body: 'Twice?' } } });
      assert.equal(again.status, 409);
      assert.equal((await sandboxOutboundEmails(stack.orm, { toEmail: run.email })).length, 1, 'nothing sent twice');
    });

    it('when an ACTIVE run\'s reply task is executed with a subject, then the run becomes WAITING_FOR_LEAD and the subject is used', async () => {
      const run = await replied();
      await setSequenceStatus(run.sequenceId, 'ACTIVE');
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'email_reply', body: 'Sure.', subject: 'Our call' } } });
      assert.equal(executed.status, 200, executed.text);
      assert.equal(executed.body.message.subject, 'Our call');
      assert.equal((await sequenceRow(stack, run.sequenceId)).status, 'WAITING_FOR_LEAD');
    });

    it('when a LinkedIn reply is executed, then it goes through the LinkedIn channel and the thread is the LinkedIn one; a refused profile answers 422 with nothing written', async () => {
      const url = `https://www.linkedin.com/in/grace-${randomUUID().slice(0, 8)}`;
      const run = await replied('LINKEDIN', url);
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'linkedin_reply', body: 'Happy to chat' } } });
      assert.equal(executed.status, 200, executed.text);
      assert.deepEqual([executed.body.message.channel, executed.body.message.subject, executed.body.message.in_reply_to_id], ['LINKEDIN', null, run.inbound]);
      const actions = await sandboxLinkedinActions(stack.orm, { linkedinUrl: url });
      assert.deepEqual(actions.map((a) => [a.kind, a.text]), [['MESSAGE', 'Happy to chat']]);
      const thread = await api.get(`/v1/tasks/${run.taskId}/messages`, { key: org.apiKey });
      assert.deepEqual(thread.body.items.map((m: { channel: string }) => m.channel), ['LINKEDIN', 'LINKEDIN', 'LINKEDIN']);

      const refusedRun = await replied('LINKEDIN', `https://www.linkedin.com/in/unreachable-${randomUUID().slice(0, 8)}`);
      const refused = await api.post(`/v1/tasks/${refusedRun.taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'linkedin_reply', body: 'Hello?' } } });
      assert.equal(refused.status, 422, refused.text);
      assert.equal(refused.body.type, 'BusinessIssue');
      assert.equal((await api.get(`/v1/tasks/${refusedRun.taskId}`, { key: org.apiKey })).body.status, 'PENDING');
      assert.equal((await messagesOf(stack, refusedRun.sequenceId)).length, 3, 'no message stored');
    });

    it('when a reply task is executed, then the reply\'s record and message.sent embed carry the step of the message answered, else the run\'s current step (at least 1)', async () => {
      const cases: { currentStep: number; answeredStep: number | null; expected: number }[] = [
        { currentStep: 3, answeredStep: 2, expected: 2 }, { currentStep: 3, answeredStep: null, expected: 3 }, { currentStep: 0, answeredStep: null, expected: 1 },
      ];
      for (const { currentStep, answeredStep, expected } of cases) {
        const run = await sequenceOf(org, { status: 'WAITING_FOR_USER' });
        await sql`UPDATE sequences SET current_step = ${currentStep}, replied_at = now() WHERE id = ${run.sequenceId}`.execute(db());
        const sentAt = new Date(Date.now() - 3_600_000);
        const outbound = await insertMessage(org.organizationId, { contactId: run.contactId, sequenceId: run.sequenceId, channel: 'EMAIL', direction: 'OUTBOUND', subject: 'Hello', body: 'Hi', sentAt, stepNumber: answeredStep });
        const inbound = await insertMessage(org.organizationId, {
          contactId: run.contactId, sequenceId: run.sequenceId, channel: 'EMAIL', direction: 'INBOUND', subject: 'Re: Hello', body: 'And?', inReplyTo: outbound, sentAt: new Date(sentAt.getTime() + 60_000), stepNumber: answeredStep,
        });
        const taskId = await insertTask(org.organizationId, { type: 'EMAIL_REPLY', sequenceId: run.sequenceId, contactId: run.contactId, messageId: inbound, assigneeId: org.userId });
        const executed = await api.post(`/v1/tasks/${taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'email_reply', body: 'This.' } } });
        assert.equal(executed.status, 200, executed.text);
        assert.deepEqual([executed.body.message.step_number, executed.body.sequence.status], [expected, 'WAITING_FOR_LEAD'], JSON.stringify({ currentStep, answeredStep }));
        assert.equal((await api.get(`/v1/messages/${executed.body.message.id}`, { key: org.apiKey })).body.step_number, expected);
        const sent = (await eventsOf(stack, run.sequenceId)).find((e) => e.type === 'message.sent')!;
        assert.equal((sent.payload.message as { step_number: unknown }).step_number, expected);
      }
    });

    it('when the payload does not fit the task (a playbook approval included) or is incomplete, then 422 naming both types or 400 naming the field', async () => {
      const run = await replied();
      const execute = (payload: unknown) => api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: { payload } });
      const mismatch = await execute({ type: 'call', disposition: 'ANSWERED' });
      assert.equal(mismatch.status, 422);
      assert.equal(mismatch.body.type, 'ValidationIssue');
      assert.equal(mismatch.body.data.errors[0].path, 'payload.type');
      assert.match(mismatch.body.message, /call/);
      assert.match(mismatch.body.message, /EMAIL_REPLY/);
      for (const [payload, path] of [
        [{ type: 'email_reply' }, 'payload.body'], [{ type: 'email_reply', body: '  ' }, 'payload.body'], [{ type: 'email_reply', body: 'x', approved: true }, 'payload.approved'],
        [{ type: 'sms', body: 'x' }, 'payload.type'], [{ body: 'x' }, 'payload.type'], [{ type: 'new_lead_review' }, 'payload.approved'],
        [{ type: 'call', disposition: 'MAYBE' }, 'payload.disposition'],
      ] as const) {
        const response = await execute(payload);
        assert.equal(response.status, 400, `${JSON.stringify(payload)}: ${response.text}`);
        assert.ok(response.body.data.errors.some((e: { path: string }) => e.path === path), `${JSON.stringify(payload)}: ${response.text}`);
      }
      assert.equal((await api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: {} })).status, 400);
      // Playbooks have shipped: playbook_approval serves PLAYBOOK_APPROVAL tasks only (test/api/playbooks/playbooks.test.ts).
      const playbook = await execute({ type: 'playbook_approval', approved: true });
      assert.equal(playbook.status, 422);
      assert.equal(playbook.body.type, 'ValidationIssue');
      assert.equal(playbook.body.data.errors[0].path, 'payload.type');
      assert.match(playbook.body.message, /PLAYBOOK_APPROVAL/);
      assert.equal((await api.get(`/v1/tasks/${run.taskId}`, { key: org.apiKey })).body.status, 'PENDING', 'nothing changed');
      assert.equal((await sandboxOutboundEmails(stack.orm, { toEmail: run.email })).length, 0);
    });

    /** A FOUND run of a one-EMAIL-step template with its NEW_LEAD_REVIEW task. */
    async function awaitingReview() {
      const run = await sequenceOf(org, { status: 'FOUND' });
      const taskId = await insertTask(org.organizationId, { type: 'NEW_LEAD_REVIEW', sequenceId: run.sequenceId, contactId: run.contactId });
      return { ...run, taskId };
    }

    it('when a lead review is approved, then the FOUND sequence turns ACTIVE and its run starts', async () => {
      const run = await awaitingReview();
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'new_lead_review', approved: true } } });
      assert.equal(executed.status, 200, executed.text);
      assert.equal(executed.body.task.status, 'COMPLETED');
      assert.ok(['ACTIVE', 'COMPLETED'].includes(executed.body.sequence.status), executed.body.sequence.status);
      await until(async () => (await sequenceRow(stack, run.sequenceId)).status === 'COMPLETED');
      assert.deepEqual((await messagesOf(stack, run.sequenceId)).map((m) => m.subject), ['Hello'], 'the run sent its step');
      const again = await api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'new_lead_review', approved: false } } });
      assert.equal(again.status, 409);
    });

    it('when a lead review is rejected, then the sequence ends REFUSED with LEAD_REJECTED and sequence.stopped; a review whose sequence left FOUND answers 409', async () => {
      const run = await awaitingReview();
      const executed = await api.post(`/v1/tasks/${run.taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'new_lead_review', approved: false } } });
      assert.equal(executed.status, 200, executed.text);
      assert.deepEqual([executed.body.sequence.status, executed.body.sequence.stopped_reason], ['REFUSED', 'LEAD_REJECTED']);
      assert.ok(executed.body.sequence.ended_at);
      const types = (await taskEvents(run.sequenceId)).map((e) => e.type);
      assert.deepEqual(types, ['sequence.stopped', 'task.completed']);

      const gone = await awaitingReview();
      await setSequenceStatus(gone.sequenceId, 'FAILED');
      const late = await api.post(`/v1/tasks/${gone.taskId}/execute`, { key: org.apiKey, body: { payload: { type: 'new_lead_review', approved: true } } });
      assert.equal(late.status, 409, late.text);
      assert.equal((await api.get(`/v1/tasks/${gone.taskId}`, { key: org.apiKey })).body.status, 'PENDING');
    });

    it('when a standalone to-do\'s thread is read, then it is empty; an unknown task is 404', async () => {
      const todo = (await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Alone', due_date: '2026-12-01' } })).body;
      const thread = await api.get(`/v1/tasks/${todo.id}/messages`, { key: org.apiKey });
      assert.deepEqual(thread.body, { items: [], total_count: 0, total_pages: 0, has_more: false });
      assert.equal((await api.get(`/v1/tasks/${randomUUID()}/messages`, { key: org.apiKey })).status, 404);
      assert.equal((await api.get('/v1/tasks/not-a-uuid', { key: org.apiKey })).status, 400);
    });
  });

  describe('search and fetch', () => {
    it('when tasks are searched by title, then task:<id> items; fetch renders the record; a key without tasks:read gets neither', async () => {
      const todo = (await api.post('/v1/tasks', { key: org.apiKey, body: { title: 'Quarterly zebracorn review', due_date: '2026-12-03' } })).body;
      const found = await api.get('/v1/search?query=zebracorn&types=task', { key: org.apiKey });
      assert.equal(found.status, 200, found.text);
      assert.deepEqual(found.body.items, [{ id: `task:${todo.id}`, type: 'task', title: 'Quarterly zebracorn review', subtitle: 'TODO · PENDING · due 2026-12-03' }]);
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
