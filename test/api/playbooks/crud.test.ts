// Playbooks on the real stack, the resource: CRUD with its defaults, validation naming each field,
// templates of another organization refused, isolation between organizations and the read scope.
// Runs end to end: playbooks.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { client } from '../../helpers/http.ts';
import { newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { insertTemplate } from '../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { playbooksFixture } from './fixtures.ts';

describe('playbooks API: CRUD and validation', function () {
  this.timeout(120_000);
  const fx = playbooksFixture();
  const { create, paths } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let templateId: string;
  before(() => ({ stack, api, org, templateId } = fx));

  describe('CRUD and validation', () => {
    it("when a playbook is created, then 201 with defaults (ACTIVE, no approval, task defaults) and the key's user as owner; it reads, lists, updates and deletes", async () => {
      const created = await create({
        name: ' Follow up ',
        event_name: 'Demo Requested',
        action: { type: 'CREATE_TASK', title: 'Call them' },
      });
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(
        [
          created.body.name,
          created.body.event_name,
          created.body.action,
          created.body.requires_approval,
          created.body.status,
          created.body.owner_user_id,
        ],
        [
          'Follow up',
          'Demo Requested',
          { type: 'CREATE_TASK', title: 'Call them', priority: 'TODAY', due_in_days: 0 },
          false,
          'ACTIVE',
          org.userId,
        ],
      );
      const id = created.body.id;
      assert.deepEqual((await api.get(`/v1/playbooks/${id}`, { key: org.apiKey })).body, created.body);
      const listed = await api.get('/v1/playbooks?event_name=Demo%20Requested', { key: org.apiKey });
      assert.deepEqual(
        [listed.status, listed.body.total_count, listed.body.items[0].id, listed.body.has_more],
        [200, 1, id, false],
      );
      assert.equal(
        (await api.get('/v1/playbooks?event_name=demo%20requested', { key: org.apiKey })).body.total_count,
        0,
        'event_name is case-sensitive',
      );
      const patched = await api.patch(`/v1/playbooks/${id}`, {
        key: org.apiKey,
        body: {
          status: 'PAUSED',
          requires_approval: true,
          action: { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: templateId },
        },
      });
      assert.equal(patched.status, 200, patched.text);
      assert.deepEqual(
        [patched.body.status, patched.body.requires_approval, patched.body.action, patched.body.name],
        ['PAUSED', true, { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: templateId }, 'Follow up'],
      );
      assert.equal(
        (await api.get('/v1/playbooks?status=PAUSED', { key: org.apiKey })).body.items.some(
          (p: { id: string }) => p.id === id,
        ),
        true,
      );
      assert.equal((await api.delete(`/v1/playbooks/${id}`, { key: org.apiKey })).status, 204);
      assert.equal((await api.get(`/v1/playbooks/${id}`, { key: org.apiKey })).status, 404);
    });

    it('when fields are missing, unknown, blank or of the other action type, then 400 naming each field', async () => {
      const cases: [unknown, string[]][] = [
        [{ event_name: 'x', action: { type: 'CREATE_TASK', title: 't' } }, ['name']],
        [{ name: 'x', event_name: '', action: { type: 'CREATE_TASK', title: 't' } }, ['event_name']],
        [{ name: 'x', event_name: 'x'.repeat(256), action: { type: 'CREATE_TASK', title: 't' } }, ['event_name']],
        [{ name: 'x', event_name: 'e', action: { type: 'CREATE_TASK', title: 't' }, color: 'red' }, ['color']],
        [{ name: '   ', event_name: 'e', action: { type: 'CREATE_TASK', title: 't' } }, ['name']],
        [{ name: 'x', event_name: 'e', action: { type: 'CREATE_TASK' } }, ['action.title']],
        [{ name: 'x', event_name: 'e', action: { type: 'CREATE_TASK', title: '  ' } }, ['action.title']],
        [{ name: 'x', event_name: 'e', action: { type: 'ENROLL_IN_SEQUENCE' } }, ['action.sequence_template_id']],
        [
          {
            name: 'x',
            event_name: 'e',
            action: { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: templateId, title: 't' },
          },
          ['action.title'],
        ],
        [
          { name: 'x', event_name: 'e', action: { type: 'CREATE_TASK', title: 't', sequence_template_id: templateId } },
          ['action.sequence_template_id'],
        ],
        [{ name: 'x', event_name: 'e', action: { type: 'SEND_EMAIL' } }, ['action.type']],
        [
          { name: 'x', event_name: 'e', action: { type: 'CREATE_TASK', title: 't', due_in_days: -1 } },
          ['action.due_in_days'],
        ],
        [{ name: 'x', event_name: 'e', action: { type: 'CREATE_TASK', title: 't' }, status: 'ARCHIVED' }, ['status']],
      ];
      for (const [body, fields] of cases) {
        const res = await create(body);
        assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
        assert.equal(res.body.type, 'ValidationIssue');
        assert.deepEqual(paths(res), fields, JSON.stringify(body));
      }
      const empty = await create({ name: 'x', event_name: 'e', action: { type: 'CREATE_TASK', title: 't' } });
      const patch = await api.patch(`/v1/playbooks/${empty.body.id}`, { key: org.apiKey, body: {} });
      assert.equal(patch.status, 400);
      const listBad = await api.get('/v1/playbooks?status=NOPE', { key: org.apiKey });
      assert.deepEqual([listBad.status, paths(listBad)], [400, ['status']]);
    });

    it("when the sequence template is another organization's or archived, then 422 naming action.sequence_template_id", async () => {
      const other = await newOrg(stack);
      const theirs = await insertTemplate(stack, other.organizationId, [
        { type: 'EMAIL', delay_days: 0, subject: 'x', body: 'x' },
      ]);
      for (const id of [theirs, randomUUID()]) {
        const res = await create({
          name: 'x',
          event_name: 'e',
          action: { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: id },
        });
        assert.deepEqual(
          [res.status, res.body.type, paths(res)],
          [422, 'ValidationIssue', ['action.sequence_template_id']],
          res.text,
        );
      }
      const ok = await create({ name: 'x', event_name: 'e', action: { type: 'CREATE_TASK', title: 't' } });
      const res = await api.patch(`/v1/playbooks/${ok.body.id}`, {
        key: org.apiKey,
        body: { action: { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: theirs } },
      });
      assert.deepEqual([res.status, paths(res)], [422, ['action.sequence_template_id']]);
      assert.deepEqual(
        (await api.get(`/v1/playbooks/${ok.body.id}`, { key: org.apiKey })).body.action.type,
        'CREATE_TASK',
        'nothing half-written',
      );
    });

    it('when another organization uses a playbook id, then 404 on every route and nothing changes', async () => {
      const mine = await create({ name: 'Mine', event_name: 'e', action: { type: 'CREATE_TASK', title: 't' } });
      const intruder = await newOrg(stack);
      const id = mine.body.id;
      for (const [method, path, body] of [
        ['GET', `/v1/playbooks/${id}`, undefined],
        ['PATCH', `/v1/playbooks/${id}`, { name: 'Theirs' }],
        ['DELETE', `/v1/playbooks/${id}`, undefined],
        ['GET', `/v1/playbooks/${id}/runs`, undefined],
      ] as const) {
        const res = await api.call(method, path, { key: intruder.apiKey, body });
        assert.deepEqual([res.status, res.body.type], [404, 'NotFoundIssue'], `${method} ${path}`);
      }
      assert.equal((await api.get('/v1/playbooks', { key: intruder.apiKey })).body.total_count, 0);
      assert.equal((await api.get(`/v1/playbooks/${id}`, { key: org.apiKey })).body.name, 'Mine');
    });

    it('when a key has playbooks:read only, then it reads but cannot write', async () => {
      const reader = await newKey(stack, org.organizationId, ['playbooks:read']);
      assert.equal((await api.get('/v1/playbooks', { key: reader.api_key })).status, 200);
      const res = await create(
        { name: 'x', event_name: 'e', action: { type: 'CREATE_TASK', title: 't' } },
        reader.api_key,
      );
      assert.deepEqual([res.status, res.body.data.required_scope], [403, 'playbooks:write']);
    });
  });
});
