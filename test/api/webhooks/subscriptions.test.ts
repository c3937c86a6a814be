// Webhook subscriptions over HTTP: the secret shown once and stored encrypted, validation, the
// list, PATCH and status rules, and deletion.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SecretBox } from '../../../domain/webhooks/secrets.ts';
import { type client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { webhooksFixture } from './fixtures.ts';

describe('webhooks', () => {
  const fx = webhooksFixture();
  const { db, create, template, newTemplate, sequenceEvent, emit, deliveredTo } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  before(() => ({ stack, api, org, other } = fx));

  describe('POST /v1/webhooks', () => {
    it('when a subscription is created, then 201 with the record and its secret, which no read shows again', async () => {
      const response = await create({
        name: 'CRM sync',
        description: 'to the CRM',
        event_types: ['message.sent', 'task.created'],
      });
      assert.equal(response.status, 201, response.text);
      const hook = response.body;
      assert.match(hook.secret, /^whsec_/);
      assert.equal(hook.secret_prefix, hook.secret.slice(0, 12));
      assert.deepEqual(
        Object.keys(hook).sort(),
        [
          'created_at',
          'description',
          'event_types',
          'id',
          'name',
          'secret',
          'secret_prefix',
          'sequence_template_ids',
          'status',
          'status_reason',
          'updated_at',
          'url',
        ].sort(),
      );
      assert.equal(hook.status, 'ACTIVE');
      assert.equal(hook.status_reason, null);
      assert.equal(hook.sequence_template_ids, null);
      assert.deepEqual(hook.event_types, ['message.sent', 'task.created']);
      const read = await api.get(`/v1/webhooks/${hook.id}`, { key: org.apiKey });
      assert.equal(read.status, 200);
      assert.ok(!('secret' in read.body));
      assert.ok(!read.text.includes(hook.secret));
      const { secret: _secret, ...withoutSecret } = hook;
      assert.deepEqual(read.body, withoutSecret);
      const listed = await api.get('/v1/webhooks?size=100', { key: org.apiKey });
      assert.ok(!listed.text.includes(hook.secret));
    });

    it('when the secret is stored, then the column holds ciphertext that only the service key opens', async () => {
      const { body: hook } = await create({});
      const { rows } = await sql<{ secret_ciphertext: string; secret_prefix: string }>`
        SELECT secret_ciphertext, secret_prefix FROM webhook_subscriptions WHERE id = ${hook.id}`.execute(db());
      assert.ok(!rows[0].secret_ciphertext.includes(hook.secret));
      assert.ok(!rows[0].secret_ciphertext.includes(hook.secret.slice(6)));
      assert.equal(new SecretBox(stack.config.webhookSecretKey).decrypt(rows[0].secret_ciphertext), hook.secret);
      assert.throws(() => new SecretBox('another key').decrypt(rows[0].secret_ciphertext));
    });

    it('when fields are invalid, then 400 naming each field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ url: 'http://example.com/hook' }, 'url'],
        [{ url: 'https://10.0.0.1/hook' }, 'url'],
        [{ url: 'https://user:pw@example.com/hook' }, 'url'],
        [{ url: 'not a url' }, 'url'],
        [{ url: `https://example.com/${'a'.repeat(2048)}` }, 'url'],
        [{ event_types: ['message.sent', 'message.teleported'] }, 'event_types[1]'],
        [{ event_types: [] }, 'event_types'],
        [{ event_types: ['message.sent', 'message.sent'] }, 'event_types'],
        [{ sequence_template_ids: ['not-a-uuid'] }, 'sequence_template_ids[0]'],
        [{ name: '' }, 'name'],
        [{ name: 'x'.repeat(201) }, 'name'],
        [{ description: 'x'.repeat(2001) }, 'description'],
        [{ status: 'DELETED' }, 'status'],
        [{ secret: 'whsec_mine' }, 'secret'],
      ];
      for (const [body, path] of cases) {
        const response = await create(body);
        assert.equal(response.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${response.text}`);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.ok(
          response.body.data.errors.some((e: { path: string }) => e.path === path),
          `${path}: ${JSON.stringify(response.body.data.errors)}`,
        );
      }
    });

    it("when sequence_template_ids lists unknown ids or another organization's template, then 422 naming the field, on create and patch", async () => {
      const foreign = await newTemplate('Foreign', other.apiKey);
      for (const ids of [[randomUUID()], [template.id, foreign]]) {
        const response = await create({ sequence_template_ids: ids });
        assert.equal(response.status, 422, response.text);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.deepEqual(
          response.body.data.errors.map((e: { path: string }) => e.path),
          ['sequence_template_ids'],
        );
      }
      const { body: hook } = await create({});
      const patched = await api.patch(`/v1/webhooks/${hook.id}`, {
        key: org.apiKey,
        body: { sequence_template_ids: [foreign] },
      });
      assert.equal(patched.status, 422, patched.text);
      assert.equal(patched.body.data.errors[0].path, 'sequence_template_ids');
      assert.equal(
        (await api.get(`/v1/webhooks/${hook.id}`, { key: org.apiKey })).body.sequence_template_ids,
        null,
        'unchanged',
      );
    });

    it('when sequence_template_ids lists templates of the organization and status PAUSED is asked, then both are kept', async () => {
      const ids = [template.id, await newTemplate('Second')];
      const response = await create({ sequence_template_ids: ids, status: 'PAUSED', description: null });
      assert.equal(response.status, 201, response.text);
      assert.deepEqual(response.body.sequence_template_ids, ids);
      assert.equal(response.body.status, 'PAUSED');
      assert.equal(response.body.description, null);
    });
  });

  describe('GET /v1/webhooks', () => {
    it('when listed, then the envelope, filterable by status and sortable by name', async () => {
      const lister = await newOrg(stack, 'Webhooks Lister');
      for (const [name, status] of [
        ['b-hook', 'ACTIVE'],
        ['a-hook', 'DISABLED'],
        ['c-hook', 'ACTIVE'],
      ]) {
        assert.equal((await create({ name, status }, lister.apiKey)).status, 201);
      }
      const all = await api.get('/v1/webhooks', { key: lister.apiKey });
      assert.equal(all.body.total_count, 3);
      assert.deepEqual(
        all.body.items.map((h: { name: string }) => h.name),
        ['b-hook', 'a-hook', 'c-hook'],
        'created_at ascending by default',
      );
      const byName = await api.get('/v1/webhooks?sort_by=name&sort_order=desc', { key: lister.apiKey });
      assert.deepEqual(
        byName.body.items.map((h: { name: string }) => h.name),
        ['c-hook', 'b-hook', 'a-hook'],
      );
      const active = await api.get('/v1/webhooks?status=ACTIVE&size=1', { key: lister.apiKey });
      assert.equal(active.body.total_count, 2);
      assert.equal(active.body.has_more, true);
      assert.equal(active.body.items[0].name, 'b-hook');
    });
  });

  describe('PATCH /v1/webhooks/{webhook_id}', () => {
    it('when some fields are sent, then only those change', async () => {
      const { body: hook } = await create({
        name: 'Before',
        description: 'keep me',
        sequence_template_ids: [template.id],
      });
      const renamed = await api.patch(`/v1/webhooks/${hook.id}`, { key: org.apiKey, body: { name: 'After' } });
      assert.equal(renamed.status, 200, renamed.text);
      assert.equal(renamed.body.name, 'After');
      assert.equal(renamed.body.description, 'keep me');
      assert.equal(renamed.body.url, hook.url);
      assert.deepEqual(renamed.body.event_types, hook.event_types);
      assert.deepEqual(renamed.body.sequence_template_ids, [template.id]);
      assert.ok(Date.parse(renamed.body.updated_at) >= Date.parse(hook.updated_at));
      const cleared = await api.patch(`/v1/webhooks/${hook.id}`, {
        key: org.apiKey,
        body: { description: null, sequence_template_ids: null, event_types: ['task.created', 'message.replied'] },
      });
      assert.equal(cleared.body.description, null);
      assert.equal(cleared.body.sequence_template_ids, null);
      assert.deepEqual(cleared.body.event_types, ['task.created', 'message.replied']);
      assert.equal(cleared.body.name, 'After');
    });

    it('when the url is refused, then 400 naming url and nothing changes', async () => {
      const { body: hook } = await create({});
      const response = await api.patch(`/v1/webhooks/${hook.id}`, {
        key: org.apiKey,
        body: { url: 'http://hooks.example.com/x', name: 'Changed' },
      });
      assert.equal(response.status, 400);
      assert.equal(response.body.data.errors[0].path, 'url');
      assert.equal((await api.get(`/v1/webhooks/${hook.id}`, { key: org.apiKey })).body.name, 'Hook');
    });

    it('when the status changes, then status_changed_at moves and status_reason clears; ACTIVE re-enables PAUSED and DISABLED', async () => {
      const { body: hook } = await create({});
      const changedAt = async () =>
        (
          await sql<{
            status_changed_at: string;
          }>`SELECT status_changed_at FROM webhook_subscriptions WHERE id = ${hook.id}`.execute(db())
        ).rows[0].status_changed_at;
      const created = await changedAt();
      // The service pauses a failing subscription with a reason (the delivery engine does this).
      await sql`UPDATE webhook_subscriptions SET status = 'PAUSED', status_reason = 'receiver answered 410 Gone' WHERE id = ${hook.id}`.execute(
        db(),
      );
      assert.equal(
        (await api.get(`/v1/webhooks/${hook.id}`, { key: org.apiKey })).body.status_reason,
        'receiver answered 410 Gone',
      );
      const renamed = await api.patch(`/v1/webhooks/${hook.id}`, {
        key: org.apiKey,
        body: { name: 'Still paused', status: 'PAUSED' },
      });
      assert.equal(renamed.body.status_reason, 'receiver answered 410 Gone', 'no status change, the reason stays');
      const active = await api.patch(`/v1/webhooks/${hook.id}`, { key: org.apiKey, body: { status: 'ACTIVE' } });
      assert.equal(active.status, 200);
      assert.equal(active.body.status, 'ACTIVE');
      assert.equal(active.body.status_reason, null);
      assert.ok(Date.parse(await changedAt()) > Date.parse(created), 'status_changed_at moved');
      const disabled = await api.patch(`/v1/webhooks/${hook.id}`, { key: org.apiKey, body: { status: 'DISABLED' } });
      assert.equal(disabled.body.status, 'DISABLED');
      const missed = await emit(sequenceEvent('message.sent'));
      assert.ok(!(await deliveredTo(missed)).includes(hook.id), 'a DISABLED subscription gets nothing');
      const again = await api.patch(`/v1/webhooks/${hook.id}`, { key: org.apiKey, body: { status: 'ACTIVE' } });
      assert.equal(again.body.status, 'ACTIVE');
      const reached = await emit(sequenceEvent('message.sent'));
      assert.ok((await deliveredTo(reached)).includes(hook.id), 're-enabled, it receives again');
    });
  });

  describe('DELETE /v1/webhooks/{webhook_id}', () => {
    it('when deleted, then 204, gone, and its deliveries with it', async () => {
      const { body: hook } = await create({});
      const activityId = await emit(sequenceEvent('message.sent'));
      assert.ok((await deliveredTo(activityId)).includes(hook.id));
      const response = await api.delete(`/v1/webhooks/${hook.id}`, { key: org.apiKey });
      assert.equal(response.status, 204);
      assert.equal((await api.get(`/v1/webhooks/${hook.id}`, { key: org.apiKey })).status, 404);
      assert.ok(!(await deliveredTo(activityId)).includes(hook.id));
      assert.equal((await api.delete(`/v1/webhooks/${hook.id}`, { key: org.apiKey })).status, 404);
    });
  });
});
