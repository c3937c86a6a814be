// GET /v1/me and GET /v1/users: fields, pagination, sorting and tenant isolation.
import assert from 'node:assert/strict';
import * as admin from '../../../domain/admin/admin.service.ts';
import { SCOPES } from '../../../domain/admin/scopes.ts';
import { client } from '../../helpers/http.ts';
import { newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('GET /v1/me', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
  });

  it('when called with the bootstrap key, then 200 with the documented fields and the added user_id and enrichment_credits', async () => {
    const org = await newOrg(stack);
    const response = await api.get('/v1/me', { key: org.apiKey });
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body).sort(), [
      'created_at',
      'enrichment_credits',
      'id',
      'key_prefix',
      'last_used_at',
      'name',
      'organization_id',
      'scopes',
      'user_id',
    ]);
    assert.equal(response.body.id, org.keyId);
    assert.equal(response.body.organization_id, org.organizationId);
    assert.equal(response.body.user_id, org.userId);
    assert.equal(response.body.name, 'bootstrap');
    assert.equal(response.body.enrichment_credits, 100, 'the fixture organization starts with 100 credits');
    assert.ok(org.apiKey.startsWith(response.body.key_prefix));
    assert.deepEqual([...response.body.scopes].sort(), [...SCOPES].sort());
    assert.ok(!Number.isNaN(Date.parse(response.body.created_at)));
    assert.ok(!response.text.includes(org.apiKey), 'the raw key is never echoed');
  });
});

describe('GET /v1/users', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Users Org');
    other = await newOrg(stack, 'Other Org');
    const em = () => stack.orm.em.fork();
    for (const [email, name] of [
      ['carol@example.com', 'Carol'],
      ['alice@example.com', 'Alice'],
      ['bob@example.com', 'Bob'],
      ['dave@example.com', 'Dave'],
    ]) {
      await admin.createUser(em(), { organizationId: org.organizationId, email, name });
    }
    const removed = await admin.createUser(em(), {
      organizationId: org.organizationId,
      email: 'removed@example.com',
      name: 'Removed',
    });
    await admin.removeUser(em(), removed.id);
    await admin.createUser(em(), {
      organizationId: other.organizationId,
      email: 'stranger@example.com',
      name: 'Stranger',
    });
  });

  it("when listing, then the envelope holds only active users of the key's organization", async () => {
    const response = await api.get('/v1/users?size=100', { key: org.apiKey });
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body).sort(), ['has_more', 'items', 'total_count', 'total_pages']);
    const emails = response.body.items.map((u: { email: string }) => u.email);
    assert.equal(response.body.total_count, 5);
    assert.ok(!emails.includes('stranger@example.com'));
    assert.ok(!emails.includes('removed@example.com'));
    for (const user of response.body.items)
      assert.deepEqual(Object.keys(user).sort(), [
        'created_at',
        'email',
        'id',
        'mailbox',
        'name',
        'role',
        'sending',
        'updated_at',
      ]);
    const carol = response.body.items.find((u: { email: string }) => u.email === 'carol@example.com');
    assert.deepEqual(
      carol.sending,
      {
        daily_send_limit: 200,
        ramp: null,
        effective_daily_limit: 200,
        pacing: null,
        reputation_paused_at: null,
        reputation_pause_reason: null,
      },
      'no ramp: the daily send limit alone',
    );
  });

  it('when paging, then total_pages and has_more follow the size', async () => {
    const first = await api.get('/v1/users?size=2&sort_by=email', { key: org.apiKey });
    assert.equal(first.body.items.length, 2);
    assert.equal(first.body.total_pages, 3);
    assert.equal(first.body.has_more, true);
    const last = await api.get('/v1/users?size=2&page=3&sort_by=email', { key: org.apiKey });
    assert.equal(last.body.items.length, 1);
    assert.equal(last.body.has_more, false);
    const beyond = await api.get('/v1/users?size=2&page=9', { key: org.apiKey });
    assert.deepEqual(beyond.body.items, []);
  });

  for (const field of ['name', 'email'] as const) {
    it(`when sorted by ${field} asc and desc, then the order follows`, async () => {
      const asc = await api.get(`/v1/users?sort_by=${field}&size=100`, { key: org.apiKey });
      const values = asc.body.items.map((u: Record<string, string>) => u[field]);
      assert.deepEqual(values, [...values].sort());
      const desc = await api.get(`/v1/users?sort_by=${field}&sort_order=desc&size=100`, { key: org.apiKey });
      assert.deepEqual(
        desc.body.items.map((u: Record<string, string>) => u[field]),
        [...values].reverse(),
      );
    });
  }

  it('when sorted by created_at, then creation order is kept', async () => {
    const response = await api.get('/v1/users?sort_by=created_at&size=100', { key: org.apiKey });
    const times = response.body.items.map((u: { created_at: string }) => Date.parse(u.created_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
    );
    assert.equal(response.body.items[0].role, 'owner');
  });

  for (const [query, field] of [
    ['sort_by=password', 'sort_by'],
    ['page=0', 'page'],
    ['size=101', 'size'],
    ['size=abc', 'size'],
    ['sort_order=sideways', 'sort_order'],
    ['unknown=1', 'unknown'],
  ]) {
    it(`when the query has ${query}, then 400 ValidationIssue naming ${field}`, async () => {
      const response = await api.get(`/v1/users?${query}`, { key: org.apiKey });
      assert.equal(response.status, 400);
      assert.equal(response.body.type, 'ValidationIssue');
      assert.ok(
        response.body.data.errors.some((e: { path: string }) => e.path === field),
        JSON.stringify(response.body),
      );
      assert.ok(response.body.message.includes(field));
    });
  }

  it('when the key has only users:read, then listing works', async () => {
    const key = await newKey(stack, org.organizationId, ['users:read']);
    assert.equal((await api.get('/v1/users', { key: key.api_key })).status, 200);
  });
});
