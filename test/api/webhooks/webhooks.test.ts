// Webhook subscriptions over HTTP on the real stack: the secret shown once and stored encrypted,
// validation, PATCH and status rules, rotation with two live signatures, the test endpoint,
// deliveries and replay, which events reach which subscription, and tenant isolation.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { emitEvent, type OutboundEvent } from '../../../domain/activity/emit.ts';
import { SecretBox } from '../../../domain/webhooks/secrets.ts';
import { liveSecrets } from '../../../domain/webhooks/subscriptions.service.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { closedPortUrl, startReceiver, type Received, type Receiver } from '../../helpers/webhook-receiver.ts';

describe('webhooks', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let receiver: Receiver;

  const db = () => stack.orm.em.fork().getKysely();
  const create = (body: Record<string, unknown>, key = org.apiKey) => api.post('/v1/webhooks', { key, body: { name: 'Hook', url: receiver.url, event_types: ['message.sent'], ...body } });
  // Subscriptions refuse unknown template ids, so the templates are real ones (made in `before`).
  const template = { id: '', name: 'Template X' };
  const newTemplate = async (name: string, key = org.apiKey): Promise<string> => {
    const response = await api.post('/v1/sequence-templates', { key, body: { name } });
    assert.equal(response.status, 201, response.text);
    return response.body.id;
  };

  function sequenceEvent(type: 'message.sent' | 'message.replied' | 'task.created', templateRef = template, organizationId = org.organizationId): OutboundEvent {
    return { type, organizationId, contact: null, sequenceId: randomUUID(), sequenceTemplate: templateRef, resourceType: 'MESSAGE', channel: 'EMAIL' };
  }
  const exclusionEvent = (): OutboundEvent => ({
    type: 'contact_exclusion.created', organizationId: org.organizationId, contact: null, fields: { exclusion_id: randomUUID(), email: 'x@y.test', linkedin_url: null, reason: 'OTHER' },
  });
  /** Emits in its own transaction; `then` runs in the same one (e.g. to play the engine's part before it can see the rows). */
  async function emit(event: OutboundEvent, then?: (activityId: string, tx: ReturnType<typeof db>) => Promise<unknown>): Promise<string> {
    return stack.orm.em.fork().transactional(async (em) => {
      const { activityId } = await emitEvent(em, event);
      if (then) await then(activityId, em.getKysely());
      return activityId;
    });
  }
  async function deliveredTo(activityId: string): Promise<string[]> {
    const { rows } = await sql<{ subscription_id: string }>`SELECT subscription_id FROM webhook_deliveries WHERE activity_id = ${activityId}`.execute(db());
    return rows.map((r) => r.subscription_id).sort();
  }
  const headersOf = (r: Received) => ({
    'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']),
  });

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Webhooks Org');
    other = await newOrg(stack, 'Webhooks Other');
    receiver = await startReceiver(200);
    template.id = await newTemplate(template.name);
  });

  after(async () => {
    await receiver.close();
  });

  describe('POST /v1/webhooks', () => {
    it('when a subscription is created, then 201 with the record and its secret, which no read shows again', async () => {
      const response = await create({ name: 'CRM sync', description: 'to the CRM', event_types: ['message.sent', 'task.created'] });
      assert.equal(response.status, 201, response.text);
      const hook = response.body;
      assert.match(hook.secret, /^whsec_/);
      assert.equal(hook.secret_prefix, hook.secret.slice(0, 12));
      assert.deepEqual(Object.keys(hook).sort(), ['created_at', 'description', 'event_types', 'id', 'name', 'secret', 'secret_prefix', 'sequence_template_ids',
        'status', 'status_reason', 'updated_at', 'url'].sort());
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
        assert.ok(response.body.data.errors.some((e: { path: string }) => e.path === path), `${path}: ${JSON.stringify(response.body.data.errors)}`);
      }
    });

    it('when sequence_template_ids lists unknown ids or another organization\'s template, then 422 naming the field, on create and patch', async () => {
      const foreign = await newTemplate('Foreign', other.apiKey);
      for (const ids of [[randomUUID()], [template.id, foreign]]) {
        const response = await create({ sequence_template_ids: ids });
        assert.equal(response.status, 422, response.text);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.deepEqual(response.body.data.errors.map((e: { path: string }) => e.path), ['sequence_template_ids']);
      }
      const { body: hook } = await create({});
      const patched = await api.patch(`/v1/webhooks/${hook.id}`, { key: org.apiKey, body: { sequence_template_ids: [foreign] } });
      assert.equal(patched.status, 422, patched.text);
      assert.equal(patched.body.data.errors[0].path, 'sequence_template_ids');
      assert.equal((await api.get(`/v1/webhooks/${hook.id}`, { key: org.apiKey })).body.sequence_template_ids, null, 'unchanged');
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
      for (const [name, status] of [['b-hook', 'ACTIVE'], ['a-hook', 'DISABLED'], ['c-hook', 'ACTIVE']]) {
        assert.equal((await create({ name, status }, lister.apiKey)).status, 201);
      }
      const all = await api.get('/v1/webhooks', { key: lister.apiKey });
      assert.equal(all.body.total_count, 3);
      assert.deepEqual(all.body.items.map((h: { name: string }) => h.name), ['b-hook', 'a-hook', 'c-hook'], 'created_at ascending by default');
      const byName = await api.get('/v1/webhooks?sort_by=name&sort_order=desc', { key: lister.apiKey });
      assert.deepEqual(byName.body.items.map((h: { name: string }) => h.name), ['c-hook', 'b-hook', 'a-hook']);
      const active = await api.get('/v1/webhooks?status=ACTIVE&size=1', { key: lister.apiKey });
      assert.equal(active.body.total_count, 2);
      assert.equal(active.body.has_more, true);
      assert.equal(active.body.items[0].name, 'b-hook');
    });
  });

  describe('PATCH /v1/webhooks/{webhook_id}', () => {
    it('when some fields are sent, then only those change', async () => {
      const { body: hook } = await create({ name: 'Before', description: 'keep me', sequence_template_ids: [template.id] });
      const renamed = await api.patch(`/v1/webhooks/${hook.id}`, { key: org.apiKey, body: { name: 'After' } });
      assert.equal(renamed.status, 200, renamed.text);
      assert.equal(renamed.body.name, 'After');
      assert.equal(renamed.body.description, 'keep me');
      assert.equal(renamed.body.url, hook.url);
      assert.deepEqual(renamed.body.event_types, hook.event_types);
      assert.deepEqual(renamed.body.sequence_template_ids, [template.id]);
      assert.ok(Date.parse(renamed.body.updated_at) >= Date.parse(hook.updated_at));
      const cleared = await api.patch(`/v1/webhooks/${hook.id}`, { key: org.apiKey, body: { description: null, sequence_template_ids: null, event_types: ['task.created', 'message.replied'] } });
      assert.equal(cleared.body.description, null);
      assert.equal(cleared.body.sequence_template_ids, null);
      assert.deepEqual(cleared.body.event_types, ['task.created', 'message.replied']);
      assert.equal(cleared.body.name, 'After');
    });

    it('when the url is refused, then 400 naming url and nothing changes', async () => {
      const { body: hook } = await create({});
      const response = await api.patch(`/v1/webhooks/${hook.id}`, { key: org.apiKey, body: { url: 'http://hooks.example.com/x', name: 'Changed' } });
      assert.equal(response.status, 400);
      assert.equal(response.body.data.errors[0].path, 'url');
      assert.equal((await api.get(`/v1/webhooks/${hook.id}`, { key: org.apiKey })).body.name, 'Hook');
    });

    it('when the status changes, then status_changed_at moves and status_reason clears; ACTIVE re-enables PAUSED and DISABLED', async () => {
      const { body: hook } = await create({});
      const changedAt = async () => (await sql<{ status_changed_at: string }>`SELECT status_changed_at FROM webhook_subscriptions WHERE id = ${hook.id}`.execute(db())).rows[0].status_changed_at;
      const created = await changedAt();
      // The service pauses a failing subscription with a reason (the delivery engine does this).
      await sql`UPDATE webhook_subscriptions SET status = 'PAUSED', status_reason = 'receiver answered 410 Gone' WHERE id = ${hook.id}`.execute(db());
      assert.equal((await api.get(`/v1/webhooks/${hook.id}`, { key: org.apiKey })).body.status_reason, 'receiver answered 410 Gone');
      const renamed = await api.patch(`/v1/webhooks/${hook.id}`, { key: org.apiKey, body: { name: 'Still paused', status: 'PAUSED' } });
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

  describe('POST /v1/webhooks/{webhook_id}/rotate-secret', () => {
    it('when rotated, then a new secret, and a delivery carries two signatures that verify with the old and the new secret', async () => {
      const own = await startReceiver(200);
      try {
        // PAUSED: the test endpoint works whatever the status, and no event delivery reaches this short-lived receiver.
        const { body: hook } = await create({ url: own.url, status: 'PAUSED' });
        const rotated = await api.post(`/v1/webhooks/${hook.id}/rotate-secret`, { key: org.apiKey });
        assert.equal(rotated.status, 200, rotated.text);
        assert.match(rotated.body.secret, /^whsec_/);
        assert.notEqual(rotated.body.secret, hook.secret);
        assert.equal(rotated.body.secret_prefix, rotated.body.secret.slice(0, 12));
        assert.equal(rotated.body.id, hook.id);
        const { rows } = await sql<{ previous_secret_expires_at: string }>`SELECT previous_secret_expires_at FROM webhook_subscriptions WHERE id = ${hook.id}`.execute(db());
        const overlap = Date.parse(rows[0].previous_secret_expires_at) - Date.now();
        assert.ok(overlap > 23.9 * 3600_000 && overlap <= 24 * 3600_000, `old secret lives 24 h, got ${overlap} ms`);

        const test = await api.post(`/v1/webhooks/${hook.id}/test`, { key: org.apiKey });
        assert.equal(test.body.delivered, true, test.text);
        const received = await own.waitFor((b) => b.type === 'webhook.test');
        const signatures = String(received.headers['webhook-signature']).split(' ');
        assert.equal(signatures.length, 2);
        for (const secret of [rotated.body.secret, hook.secret]) {
          const verified = new Webhook(secret).verify(received.body, headersOf(received));
          assert.equal((verified as { webhook_id: string }).webhook_id, hook.id);
        }
        assert.throws(() => new Webhook(`whsec_${Buffer.from('someone else').toString('base64')}`).verify(received.body, headersOf(received)));
      } finally {
        await own.close();
      }
    });

    it('when the previous secret has expired, then only the current one signs', () => {
      const box = new SecretBox('unit key');
      const row = { secretCiphertext: box.encrypt('whsec_bmV3'), previousSecretCiphertext: box.encrypt('whsec_b2xk'), previousSecretExpiresAt: new Date('2026-01-02T00:00:00Z') };
      assert.deepEqual(liveSecrets(row, box, new Date('2026-01-01T23:59:59Z')), ['whsec_bmV3', 'whsec_b2xk']);
      assert.deepEqual(liveSecrets(row, box, new Date('2026-01-02T00:00:00Z')), ['whsec_bmV3']);
      assert.deepEqual(liveSecrets({ ...row, previousSecretCiphertext: null, previousSecretExpiresAt: null }, box, new Date()), ['whsec_bmV3']);
    });
  });

  describe('POST /v1/webhooks/{webhook_id}/test', () => {
    it('when the receiver answers 200, then delivered with a signed webhook.test body, not stored as a delivery', async () => {
      const { body: hook } = await create({ status: 'PAUSED' });
      const response = await api.post(`/v1/webhooks/${hook.id}/test`, { key: org.apiKey });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body, { delivered: true, error: null, status_code: 200 });
      const received = await receiver.waitFor((b) => b.type === 'webhook.test' && b.webhook_id === hook.id);
      const body = JSON.parse(received.body);
      assert.deepEqual(Object.keys(body).sort(), ['created_at', 'organization_id', 'type', 'webhook_id']);
      assert.equal(body.organization_id, org.organizationId);
      assert.match(String(received.headers['webhook-id']), /^msg_[0-9a-f]{32}$/);
      new Webhook(hook.secret).verify(received.body, headersOf(received));
      const deliveries = await api.get(`/v1/webhooks/${hook.id}/deliveries`, { key: org.apiKey });
      assert.equal(deliveries.body.total_count, 0);
    });

    it('when the receiver answers 500 or nothing listens, then not delivered, with the reason', async () => {
      const failing = await startReceiver(500);
      try {
        const { body: hook } = await create({ url: failing.url, status: 'PAUSED' });
        const response = await api.post(`/v1/webhooks/${hook.id}/test`, { key: org.apiKey });
        assert.equal(response.body.delivered, false);
        assert.equal(response.body.status_code, 500);
        assert.match(response.body.error, /500/);
      } finally {
        await failing.close();
      }
      const { body: closed } = await create({ url: await closedPortUrl(), status: 'DISABLED' });
      const response = await api.post(`/v1/webhooks/${closed.id}/test`, { key: org.apiKey });
      assert.equal(response.status, 200);
      assert.equal(response.body.delivered, false);
      assert.equal(response.body.status_code, null);
      assert.ok(response.body.error);
    });
  });

  describe('deliveries and replay', () => {
    let hook: { id: string };
    const settle = (status: 'DELIVERED' | 'FAILED') => (activityId: string, tx: ReturnType<typeof db>) => sql`
      UPDATE webhook_deliveries SET status = ${status}, attempts = 3, last_response_code = ${status === 'DELIVERED' ? 200 : 503}, next_attempt_at = NULL,
             lease_until = '2099-01-01T00:00:00Z', retry_workflow_id = 'wf-old-test', delivered_at = ${status === 'DELIVERED' ? new Date() : null}
       WHERE activity_id = ${activityId}`.execute(tx);
    // A later retry scheduled by the engine: PENDING, not due, so nothing picks it up during the test.
    const scheduled = (activityId: string, tx: ReturnType<typeof db>) => sql`
      UPDATE webhook_deliveries SET attempts = 1, next_attempt_at = ${new Date(Date.now() + 3600_000)} WHERE activity_id = ${activityId}`.execute(tx);
    const deliveryOf = async (activityId: string) => (await sql<{ id: string; lease_until: string | null; retry_workflow_id: string | null }>`
      SELECT id, lease_until, retry_workflow_id FROM webhook_deliveries WHERE activity_id = ${activityId} AND subscription_id = ${hook.id}`.execute(db())).rows[0];
    const ids: Record<string, string> = {};

    before(async () => {
      hook = (await create({ event_types: ['message.sent', 'message.replied'] })).body;
      ids.delivered = await emit(sequenceEvent('message.sent'), settle('DELIVERED'));
      ids.failed = await emit(sequenceEvent('message.replied'), settle('FAILED'));
      ids.pending = await emit(sequenceEvent('message.sent'), scheduled);
    });

    it('when listed, then newest first with every field, filterable by status', async () => {
      const response = await api.get(`/v1/webhooks/${hook.id}/deliveries`, { key: org.apiKey });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.total_count, 3);
      assert.deepEqual(response.body.items.map((d: { activity_id: string }) => d.activity_id), [ids.pending, ids.failed, ids.delivered]);
      const failed = response.body.items[1];
      assert.deepEqual(Object.keys(failed).sort(), ['activity_id', 'attempts', 'created_at', 'delivered_at', 'event_type', 'id', 'last_error', 'last_response_code',
        'next_attempt_at', 'status', 'updated_at'].sort());
      assert.match(failed.id, /^msg_/);
      assert.equal(failed.event_type, 'message.replied');
      assert.equal(failed.status, 'FAILED');
      assert.equal(failed.last_response_code, 503);
      const onlyFailed = await api.get(`/v1/webhooks/${hook.id}/deliveries?status=FAILED`, { key: org.apiKey });
      assert.deepEqual(onlyFailed.body.items.map((d: { activity_id: string }) => d.activity_id), [ids.failed]);
      const oldest = await api.get(`/v1/webhooks/${hook.id}/deliveries?sort_order=asc&size=1`, { key: org.apiKey });
      assert.equal(oldest.body.items[0].activity_id, ids.delivered);
      assert.equal(oldest.body.has_more, true);
    });

    it('when a DELIVERED or FAILED delivery is replayed, then 202, PENDING again under the same id, due now, released', async () => {
      for (const key of ['delivered', 'failed']) {
        const before = await deliveryOf(ids[key]);
        const started = Date.now();
        const response = await api.post(`/v1/webhooks/${hook.id}/deliveries/${before.id}/replay`, { key: org.apiKey });
        assert.equal(response.status, 202, response.text);
        assert.equal(response.body.id, before.id);
        assert.equal(response.body.status, 'PENDING');
        assert.equal(response.body.attempts, 0);
        assert.ok(Math.abs(Date.parse(response.body.next_attempt_at) - started) < 5000);
        // The dispatcher may claim it at once; what matters is that the old claim and retry run are gone.
        const after = await deliveryOf(ids[key]);
        assert.equal(after.id, before.id);
        assert.ok(after.lease_until === null || new Date(after.lease_until).getUTCFullYear() < 2099);
        assert.notEqual(after.retry_workflow_id, 'wf-old-test');
      }
    });

    it('when a PENDING delivery is replayed, then 409 CommitIssue and it is left alone', async () => {
      const pending = await deliveryOf(ids.pending);
      const response = await api.post(`/v1/webhooks/${hook.id}/deliveries/${pending.id}/replay`, { key: org.apiKey });
      assert.equal(response.status, 409);
      assert.equal(response.body.type, 'CommitIssue');
      const listed = await api.get(`/v1/webhooks/${hook.id}/deliveries?status=PENDING`, { key: org.apiKey });
      assert.equal(listed.body.items.find((d: { id: string }) => d.id === pending.id).attempts, 1);
    });

    it('when the delivery belongs to another subscription or does not exist, then 404', async () => {
      const { body: sibling } = await create({});
      const delivered = await deliveryOf(ids.delivered);
      assert.equal((await api.post(`/v1/webhooks/${sibling.id}/deliveries/${delivered.id}/replay`, { key: org.apiKey })).status, 404);
      assert.equal((await api.post(`/v1/webhooks/${hook.id}/deliveries/msg_${'0'.repeat(32)}/replay`, { key: org.apiKey })).status, 404);
    });
  });

  describe('which events reach which subscription (emitEvent)', () => {
    let matcher: TestOrg;
    const make = async (body: Record<string, unknown>) => (await create(body, matcher.apiKey)).body.id as string;
    const emitFor = (event: OutboundEvent) => emit({ ...event, organizationId: matcher.organizationId });

    before(async () => {
      matcher = await newOrg(stack, 'Webhooks Matcher');
    });

    it('when an event is emitted, then only ACTIVE subscriptions subscribed to its type get a delivery', async () => {
      const active = await make({ event_types: ['message.sent'] });
      const otherType = await make({ event_types: ['message.replied'] });
      const paused = await make({ event_types: ['message.sent'], status: 'PAUSED' });
      const disabled = await make({ event_types: ['message.sent'], status: 'DISABLED' });
      const activityId = await emitFor(sequenceEvent('message.sent'));
      const reached = await deliveredTo(activityId);
      assert.deepEqual(reached, [active]);
      assert.ok(![otherType, paused, disabled].some((id) => reached.includes(id)));
      const { rows } = await sql<{ event_type: string; status: string }>`SELECT event_type, status FROM webhook_deliveries WHERE activity_id = ${activityId}`.execute(db());
      assert.equal(rows[0].event_type, 'message.sent');
    });

    it('when a subscription is created, then it gets only events emitted after it', async () => {
      const earlier = await emitFor(sequenceEvent('task.created'));
      const late = await make({ event_types: ['task.created'] });
      const later = await emitFor(sequenceEvent('task.created'));
      assert.ok(!(await deliveredTo(earlier)).includes(late));
      assert.ok((await deliveredTo(later)).includes(late));
    });

    it('when sequence_template_ids is set, then sequence events of those templates only, and no resource events', async () => {
      const templateX = { id: await newTemplate('Template X', matcher.apiKey), name: 'Template X' };
      const templateY = { id: await newTemplate('Template Y', matcher.apiKey), name: 'Template Y' };
      const all = await make({ event_types: ['message.replied', 'contact_exclusion.created'] });
      const onlyX = await make({ event_types: ['message.replied', 'contact_exclusion.created'], sequence_template_ids: [templateX.id] });
      const onlyY = await make({ event_types: ['message.replied', 'contact_exclusion.created'], sequence_template_ids: [templateY.id] });
      // Subscriptions of the earlier tests of this organization may match too: look at these three only.
      const among = async (activityId: string) => (await deliveredTo(activityId)).filter((id) => [all, onlyX, onlyY].includes(id));
      const fromX = await emitFor(sequenceEvent('message.replied', templateX));
      assert.deepEqual(await among(fromX), [all, onlyX].sort());
      const resource = await emitFor(exclusionEvent());
      assert.deepEqual(await among(resource), [all]);
    });

    it('when another organization emits, then no subscription here gets it', async () => {
      const mine = await make({ event_types: ['message.sent'] });
      const foreign = await emit(sequenceEvent('message.sent', template, other.organizationId));
      assert.ok(!(await deliveredTo(foreign)).includes(mine));
    });
  });

  describe('tenant isolation', () => {
    it('when another organization uses a subscription or delivery id in any route, then 404 and nothing changes', async () => {
      const { body: hook } = await create({ name: 'Isolated', event_types: ['message.sent'] });
      const activityId = await emit(sequenceEvent('message.sent'), markDelivered());
      const { rows } = await sql<{ id: string }>`SELECT id FROM webhook_deliveries WHERE activity_id = ${activityId} AND subscription_id = ${hook.id}`.execute(db());
      const deliveryId = rows[0].id;
      const calls: [string, string, unknown][] = [
        ['GET', `/v1/webhooks/${hook.id}`, undefined],
        ['PATCH', `/v1/webhooks/${hook.id}`, { name: 'Stolen', status: 'DISABLED' }],
        ['DELETE', `/v1/webhooks/${hook.id}`, undefined],
        ['POST', `/v1/webhooks/${hook.id}/rotate-secret`, undefined],
        ['POST', `/v1/webhooks/${hook.id}/test`, undefined],
        ['GET', `/v1/webhooks/${hook.id}/deliveries`, undefined],
        ['POST', `/v1/webhooks/${hook.id}/deliveries/${deliveryId}/replay`, undefined],
      ];
      for (const [method, path, body] of calls) {
        const response = await api.call(method, path, { key: other.apiKey, body });
        assert.equal(response.status, 404, `${method} ${path}: ${response.text}`);
        assert.ok(!response.text.includes('Isolated'));
      }
      const still = await api.get(`/v1/webhooks/${hook.id}`, { key: org.apiKey });
      assert.equal(still.body.name, 'Isolated');
      assert.equal(still.body.status, 'ACTIVE');
      assert.equal(still.body.secret_prefix, hook.secret_prefix);
      const listed = await api.get('/v1/webhooks?size=100', { key: other.apiKey });
      assert.ok(!listed.body.items.some((h: { id: string }) => h.id === hook.id));
    });
  });

  function markDelivered() {
    return (activityId: string, tx: ReturnType<typeof db>) => sql`
      UPDATE webhook_deliveries SET status = 'DELIVERED', next_attempt_at = NULL, delivered_at = ${new Date()} WHERE activity_id = ${activityId}`.execute(tx);
  }
});
