// Authentication and scopes over HTTP on the real stack (docs/api/conventions.md).
import assert from 'node:assert/strict';
import { ApiKey } from '../../../db/entities/index.ts';
import * as admin from '../../../domain/admin/admin.service.ts';
import { KeyStore } from '../../../api/key-store.ts';
import type { client } from '../../helpers/http.ts';
import { newKey, apiSuite, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import { pino } from 'pino';
import type { Stack } from '../../helpers/stack.ts';

describe('authentication', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => ({ stack, api, org } = await apiSuite()));

  function assertUnauthorized(response: { status: number; body: Record<string, unknown>; headers: Headers }) {
    assert.equal(response.status, 401);
    assert.equal(response.body.type, 'UnauthorizedIssue');
    assert.equal(response.body.status_code, 401);
    assert.equal(typeof response.body.message, 'string');
    assert.equal(response.body.request_id, response.headers.get('x-request-id'));
  }

  it('when no Authorization header is sent, then 401 UnauthorizedIssue', async () => {
    assertUnauthorized(await api.get('/v1/me'));
    assertUnauthorized(await api.get('/v1/users'));
  });

  it('when the header is malformed or the key unknown, then 401', async () => {
    for (const header of [
      'Basic abc',
      'Bearer',
      'Bearer not-a-key',
      `Bearer ows_${'A'.repeat(32)}`,
      `Bearer ${org.apiKey}x`,
      org.apiKey,
    ]) {
      assertUnauthorized(await api.get('/v1/me', { headers: { Authorization: header } }));
    }
  });

  it('when the body is invalid but the key is missing, then 401 comes first', async () => {
    assertUnauthorized(await api.post('/v1/users', { rawBody: '{not json' }));
    assertUnauthorized(await api.post('/v1/nowhere', { rawBody: 'x'.repeat(200 * 1024) }));
  });

  it('when the key lacks users:read, then GET /v1/users is 403 UnauthorizedIssue naming the scope', async () => {
    const limited = await newKey(stack, org.organizationId, ['contacts:read']);
    const response = await api.get('/v1/users', { key: limited.api_key });
    assert.equal(response.status, 403);
    assert.equal(response.body.type, 'UnauthorizedIssue');
    assert.equal(response.body.data.required_scope, 'users:read');
    assert.equal((await api.get('/v1/me', { key: limited.api_key })).status, 200, 'GET /v1/me needs no scope');
  });

  it('when a key is revoked, then it stops working within the cache TTL', async () => {
    const key = await newKey(stack, org.organizationId, ['users:read']);
    assert.equal((await api.get('/v1/me', { key: key.api_key })).status, 200);
    await admin.revokeKey(stack.orm.em.fork(), key.id);
    await sleep(stack.config.keyCacheTtlMs + 50);
    assertUnauthorized(await api.get('/v1/me', { key: key.api_key }));
  });

  it('when a key is rotated with a grace period, then old and new both work until the grace ends', async () => {
    const key = await newKey(stack, org.organizationId, ['users:read']);
    const rotated = await admin.rotateKey(stack.orm.em.fork(), { keyId: key.id, graceSeconds: 2 });
    assert.notEqual(rotated.api_key, key.api_key);
    assert.deepEqual(rotated.scopes, ['users:read']);
    await sleep(stack.config.keyCacheTtlMs + 50);
    assert.equal((await api.get('/v1/me', { key: key.api_key })).status, 200, 'old key in grace');
    const me = await api.get('/v1/me', { key: rotated.api_key });
    assert.equal(me.status, 200);
    assert.equal(me.body.id, rotated.id);
    await sleep(2100);
    assertUnauthorized(await api.get('/v1/me', { key: key.api_key }));
    assert.equal((await api.get('/v1/me', { key: rotated.api_key })).status, 200);
  });

  it('when a key is rotated without grace, then the old key stops at once', async () => {
    const key = await newKey(stack, org.organizationId, ['users:read']);
    assert.equal((await api.get('/v1/me', { key: key.api_key })).status, 200);
    const rotated = await admin.rotateKey(stack.orm.em.fork(), { keyId: key.id, graceSeconds: 0 });
    await sleep(stack.config.keyCacheTtlMs + 50);
    assertUnauthorized(await api.get('/v1/me', { key: key.api_key }));
    assert.equal((await api.get('/v1/me', { key: rotated.api_key })).status, 200);
  });

  it('when the key owner is removed, then their keys stop working', async () => {
    const user = await admin.createUser(stack.orm.em.fork(), {
      organizationId: org.organizationId,
      email: `gone-${Date.now()}@example.com`,
      name: 'Gone',
    });
    const key = await newKey(stack, org.organizationId, ['users:read'], user.id);
    assert.equal((await api.get('/v1/me', { key: key.api_key })).body.user_id, user.id);
    const removed = await admin.removeUser(stack.orm.em.fork(), user.id);
    assert.equal(removed.revoked_keys, 1);
    await sleep(stack.config.keyCacheTtlMs + 50);
    assertUnauthorized(await api.get('/v1/me', { key: key.api_key }));
  });

  it('when keys are used, then only the hash is stored and last_used_at is recorded without a write per request', async () => {
    const key = await newKey(stack, org.organizationId, ['users:read']);
    const stored = await stack.orm.em.fork().findOneOrFail(ApiKey, { id: key.id });
    assert.notEqual(stored.keyHash, key.api_key);
    assert.ok(!JSON.stringify(stored).includes(key.api_key));
    assert.equal(stored.lastUsedAt, null);
    for (let i = 0; i < 5; i++) await api.get('/v1/me', { key: key.api_key });
    const me = await api.get('/v1/me', { key: key.api_key });
    assert.ok(me.body.last_used_at, 'GET /v1/me shows the live last_used_at');
    await sleep(stack.config.lastUsedFlushMs * 3);
    const flushed = await stack.orm.em.fork().findOneOrFail(ApiKey, { id: key.id });
    assert.ok(flushed.lastUsedAt, 'flushed to the database');
    assert.ok(Math.abs(flushed.lastUsedAt.getTime() - Date.parse(me.body.last_used_at)) < 1000);
  });

  it('when a flush runs between a request and its read of last_used_at, then the read still shows the use', async () => {
    const key = await newKey(stack, org.organizationId, ['users:read']);
    const keys = new KeyStore(stack.orm, { ttlMs: 60_000, flushMs: 60_000, logger: pino({ level: 'silent' }) });
    try {
      const principal = await keys.authenticate(`Bearer ${key.api_key}`);
      assert.ok(principal);
      assert.equal(principal.storedLastUsedAt, null, 'the cached row was loaded before any use');
      await keys.flush();
      const live = keys.lastUsedAt(principal);
      assert.ok(live, 'the use is still known after the flush cleared the pending batch');
      const flushed = await stack.orm.em.fork().findOneOrFail(ApiKey, { id: key.id });
      assert.equal(flushed.lastUsedAt?.getTime(), live.getTime());
    } finally {
      await keys.close();
    }
  });
});
