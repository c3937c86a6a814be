// The tenant isolation matrix, generated from the app's own route table so that no new route can
// escape it: every route with an id in its path, called by another organization with a valid
// request, answers 404 without the owner's data, changes nothing, and no owner event reaches the
// intruder's webhook. Authentication and scopes: route-matrix.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { RouteDef } from '../../api/route.ts';
import { EVENT_TYPES, emitEvent } from '../../domain/activity/emit.ts';
import type { client } from '../helpers/http.ts';
import { newOrg } from '../helpers/fixtures.ts';
import { routeTableFixture } from '../helpers/route-table.ts';
import type { Stack } from '../helpers/stack.ts';

describe('route matrix: tenant isolation', () => {
  const fx = routeTableFixture();
  let stack: Stack;
  let routes: RouteDef[];
  let api: ReturnType<typeof client>;
  before(() => ({ stack, routes, api } = fx));

  /**
   * Every route with an id in its path, called by another organization with a valid request,
   * answers 404. A new route with an id must add its sample request here, or this test fails.
   */
  const SAMPLES: Record<string, { body?: unknown; query?: string }> = {
    'GET /v1/contacts/{contact_id}': {},
    'DELETE /v1/contacts/{contact_id}': {},
    'PATCH /v1/contacts/{contact_id}/owner': { body: { owner_user_id: null } },
    'GET /v1/contacts/{contact_id}/variables': {},
    'PATCH /v1/contacts/{contact_id}/variables': { body: { contact_variables: { k: 'v' } } },
    'DELETE /v1/contacts/{contact_id}/variables/{key}': { query: '?scope=contact' },
    'PATCH /v1/contacts/{contact_id}/crm': { body: { fields: [{ property: 'note', value: 'x' }] } },
    'POST /v1/contacts/{contact_id}/erase': {},
    'GET /v1/erasure-jobs/{job_id}': {},
    'GET /v1/accounts/{account_id}': {},
    'PATCH /v1/accounts/{account_id}/owner': { body: { owner_user_id: null } },
    'GET /v1/accounts/{account_id}/variables': {},
    'PATCH /v1/accounts/{account_id}/variables': { body: { variables: { k: 'v' } } },
    'DELETE /v1/accounts/{account_id}/variables/{key}': {},
    'PATCH /v1/accounts/{account_id}/crm': { body: { fields: [{ property: 'note', value: 'x' }] } },
    'GET /v1/contact-exclusions/{exclusion_id}': {},
    'PATCH /v1/contact-exclusions/{exclusion_id}': { body: { reason: 'OTHER' } },
    'DELETE /v1/contact-exclusions/{exclusion_id}': {},
    'GET /v1/account-exclusions/{exclusion_id}': {},
    'PATCH /v1/account-exclusions/{exclusion_id}': { body: { reason: 'OTHER' } },
    'DELETE /v1/account-exclusions/{exclusion_id}': {},
    'GET /v1/activities/{activity_id}': {},
    'GET /v1/webhooks/{webhook_id}': {},
    'PATCH /v1/webhooks/{webhook_id}': { body: { name: 'x', status: 'DISABLED' } },
    'DELETE /v1/webhooks/{webhook_id}': {},
    'POST /v1/webhooks/{webhook_id}/rotate-secret': {},
    'POST /v1/webhooks/{webhook_id}/test': {},
    'GET /v1/webhooks/{webhook_id}/deliveries': {},
    'POST /v1/webhooks/{webhook_id}/deliveries/{delivery_id}/replay': {},
    'GET /v1/sequence-templates/{sequence_template_id}': {},
    'PATCH /v1/sequence-templates/{sequence_template_id}': { body: { name: 'x', status: 'ARCHIVED' } },
    'GET /v1/sequence-templates/{sequence_template_id}/stats': {},
    'POST /v1/sequence-templates/{sequence_template_id}/preview': {
      body: { contact_id: '00000000-0000-4000-8000-000000000000', step: 1 },
    },
    'GET /v1/users/{user_id}/stats': {},
    'GET /v1/sequences/{sequence_id}': {},
    'PATCH /v1/sequences/{sequence_id}': { body: { variables: { k: 'v' } } },
    'POST /v1/sequences/{sequence_id}/pause': { body: {} },
    'POST /v1/sequences/{sequence_id}/resume': {},
    'POST /v1/sequences/{sequence_id}/stop': { body: { reason: 'LOSE', scope: 'ACCOUNT' } },
    'GET /v1/messages/{message_id}': {},
    'GET /v1/contact-lists/{contact_list_id}': {},
    'PATCH /v1/contact-lists/{contact_list_id}': { body: { name: 'x', default_sequence_template_id: null } },
    'DELETE /v1/contact-lists/{contact_list_id}': {},
    'GET /v1/contact-entries/{contact_entry_id}': {},
    'DELETE /v1/contact-entries/{contact_entry_id}': {},
    'GET /v1/account-lists/{account_list_id}': {},
    'PATCH /v1/account-lists/{account_list_id}': { body: { name: 'x' } },
    'DELETE /v1/account-lists/{account_list_id}': {},
    'GET /v1/account-entries/{account_entry_id}': {},
    'DELETE /v1/account-entries/{account_entry_id}': {},
    'GET /v1/tasks/{task_id}': {},
    'GET /v1/tasks/{task_id}/messages': {},
    'PATCH /v1/tasks/{task_id}': { body: { title: 'x' } },
    'PATCH /v1/tasks/{task_id}/assignee': { body: { assignee_user_id: randomUUID(), scope: 'SEQUENCE' } },
    'POST /v1/tasks/{task_id}/start': {},
    'POST /v1/tasks/{task_id}/complete': { body: { completion_source: 'EXTERNAL_CRM' } },
    'POST /v1/tasks/{task_id}/skip': {},
    'POST /v1/tasks/{task_id}/reopen': {},
    'POST /v1/tasks/{task_id}/snooze': { body: { snoozed_until: new Date(Date.now() + 86_400_000).toISOString() } },
    'POST /v1/tasks/{task_id}/execute': { body: { payload: { type: 'email_reply', body: 'x' } } },
    'GET /v1/playbooks/{playbook_id}': {},
    'PATCH /v1/playbooks/{playbook_id}': { body: { name: 'x', status: 'PAUSED' } },
    'DELETE /v1/playbooks/{playbook_id}': {},
    'GET /v1/playbooks/{playbook_id}/runs': {},
    'POST /v1/test-helpers/messages/{message_id}/open': {},
    'POST /v1/test-helpers/messages/{message_id}/click': { body: { url: 'https://example.com/' } },
    'POST /v1/test-helpers/messages/{message_id}/reply': { body: { body: 'Matrixsecret reply' } },
    'POST /v1/test-helpers/messages/{message_id}/bounce': {},
    'POST /v1/test-helpers/contacts/{contact_id}/meeting': { body: { title: 'x' } },
    'POST /v1/test-helpers/contacts/{contact_id}/linkedin-accept': {},
    'GET /v1/events/{event_id}': {},
    'GET /v1/signals/{signal_id}': {},
    'PATCH /v1/signals/{signal_id}': { body: { name: 'x' } },
    'POST /v1/signals/{signal_id}/duplicate': { body: {} },
    'POST /v1/signals/{signal_id}/pause': {},
    'POST /v1/signals/{signal_id}/resume': {},
    'POST /v1/signals/{signal_id}/archive': {},
    'POST /v1/signals/{signal_id}/unarchive': {},
  };

  it("when another organization uses an id in any route, then 404 and none of the owner's data", async () => {
    const owner = await newOrg(stack);
    const intruder = await newOrg(stack);
    // The intruder listens to every event type: nothing of the owner may reach it (checked at the end).
    const intruderHook = await api.post('/v1/webhooks', {
      key: intruder.apiKey,
      body: { name: 'Intruder', url: 'https://hooks.intruder-matrix.test/in', event_types: [...EVENT_TYPES] },
    });
    assert.equal(intruderHook.status, 201, intruderHook.text);
    const contact = await api.post('/v1/contacts', {
      key: owner.apiKey,
      body: {
        email: 'matrix-secret@isolation-matrix.test',
        first_name: 'Matrixsecret',
        company_domain: 'isolation-matrix.test',
      },
    });
    await api.patch(`/v1/contacts/${contact.body.id}/variables`, {
      key: owner.apiKey,
      body: { contact_variables: { k: 'Matrixsecret' }, account_variables: { k: 'Matrixsecret' } },
    });
    const ids: Record<string, string> = { contact_id: contact.body.id, account_id: contact.body.account_id, key: 'k' };
    const webhook = await api.post('/v1/webhooks', {
      key: owner.apiKey,
      body: { name: 'Matrixsecret', url: 'https://hooks.isolation-matrix.test/in', event_types: ['message.sent'] },
    });
    // The delivery is settled in the emitting transaction, so the dispatcher never tries that URL.
    Object.assign(
      ids,
      await stack.orm.em.fork().transactional(async (em) => {
        const { activityId } = await emitEvent(em, {
          type: 'message.sent',
          organizationId: owner.organizationId,
          contact: null,
          sequenceId: randomUUID(),
          sequenceTemplate: { id: randomUUID(), name: 'Matrixsecret' },
          resourceType: 'MESSAGE',
          channel: 'EMAIL',
        });
        const { rows } = await sql<{
          id: string;
        }>`UPDATE webhook_deliveries SET status = 'FAILED', next_attempt_at = NULL WHERE activity_id = ${activityId} RETURNING id`.execute(
          em.getKysely(),
        );
        return { activity_id: activityId, webhook_id: webhook.body.id as string, delivery_id: rows[0].id };
      }),
    );
    const contactExclusion = await api.post('/v1/contact-exclusions', {
      key: owner.apiKey,
      body: { email: 'matrix-secret@isolation-matrix.test', reason: 'OTHER', message: 'Matrixsecret' },
    });
    const sequenceTemplate = await api.post('/v1/sequence-templates', {
      key: owner.apiKey,
      body: { name: 'Matrixsecret' },
    });
    ids.sequence_template_id = sequenceTemplate.body.id;
    ids.user_id = owner.userId;
    // A sequence row of the owner, written directly (enrollment would start workflows this test does not need).
    ids.sequence_id = randomUUID();
    await sql`INSERT INTO sequences (id, organization_id, contact_id, sequence_template_id, status, stopped_reason, variables, created_at, updated_at)
              VALUES (${ids.sequence_id}, ${owner.organizationId}, ${ids.contact_id}, ${ids.sequence_template_id}, 'REFUSED', 'Matrixsecret', '{}'::jsonb, now(), now())`.execute(
      stack.orm.em.fork().getKysely(),
    );
    ids.message_id = randomUUID();
    await sql`INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, sent_at, created_at)
              VALUES (${ids.message_id}, ${owner.organizationId}, ${ids.contact_id}, ${ids.sequence_id}, 'EMAIL', 'OUTBOUND', 'MESSAGE', 'Matrixsecret', 'Matrixsecret', 1, now(), now())`.execute(
      stack.orm.em.fork().getKysely(),
    );
    ids.task_id = randomUUID();
    await sql`INSERT INTO tasks (id, organization_id, type, priority, status, sequence_id, contact_id, title, notes, created_at, updated_at)
              VALUES (${ids.task_id}, ${owner.organizationId}, 'EMAIL_REPLY', 'HOT', 'PENDING', ${ids.sequence_id}, ${ids.contact_id}, 'Matrixsecret', 'Matrixsecret', now(), now())`.execute(
      stack.orm.em.fork().getKysely(),
    );
    // A contact list with an entry, an account list with an entry (lists and entries routes).
    const contactList = await api.post('/v1/contact-lists', {
      key: owner.apiKey,
      body: { items: [{ name: 'Matrixsecret' }] },
    });
    ids.contact_list_id = contactList.body.items[0].resource.id;
    const contactEntry = await api.post('/v1/contact-entries', {
      key: owner.apiKey,
      body: { items: [{ contact_list_id: ids.contact_list_id, email: 'matrix-secret@isolation-matrix.test' }] },
    });
    ids.contact_entry_id = contactEntry.body.items[0].resource.id;
    const accountList = await api.post('/v1/account-lists', {
      key: owner.apiKey,
      body: { items: [{ name: 'Matrixsecret' }] },
    });
    ids.account_list_id = accountList.body.items[0].resource.id;
    const accountEntry = await api.post('/v1/account-entries', {
      key: owner.apiKey,
      body: {
        items: [{ account_list_id: ids.account_list_id, name: 'Matrixsecret', domain: 'isolation-matrix.test' }],
      },
    });
    ids.account_entry_id = accountEntry.body.items[0].resource.id;
    await api.post('/v1/events', {
      key: owner.apiKey,
      body: {
        event_name: 'Matrixsecret',
        occurred_at: '2026-01-01T00:00:00Z',
        subject: { email: 'matrix-secret@isolation-matrix.test' },
        external_event_id: 'Matrixsecret',
      },
    });
    ids.event_id = (await api.get('/v1/events', { key: owner.apiKey })).body.items[0].id;
    const playbook = await api.post('/v1/playbooks', {
      key: owner.apiKey,
      body: {
        name: 'Matrixsecret',
        event_name: 'Matrixsecret',
        action: { type: 'CREATE_TASK', title: 'Matrixsecret' },
      },
    });
    ids.playbook_id = playbook.body.id;
    const signal = await api.post('/v1/signals', {
      key: owner.apiKey,
      body: { signal_type: 'NEW_JOB', name: 'Matrixsecret', search_filters: { job_title_or: ['Matrixsecret'] } },
    });
    ids.signal_id = signal.body.id;
    // An erasure job of the owner's (written directly: erasing a contact here would take the others' records).
    ids.job_id = randomUUID();
    await sql`INSERT INTO erasure_jobs (id, organization_id, contact_id, subject_hash, status, created_at)
              VALUES (${ids.job_id}, ${owner.organizationId}, ${randomUUID()}, ${randomUUID()}, 'SUCCEEDED', now())`.execute(
      stack.orm.em.fork().getKysely(),
    );
    const accountExclusion = await api.post('/v1/account-exclusions', {
      key: owner.apiKey,
      body: { domain: 'isolation-matrix.test', reason: 'OTHER', message: 'Matrixsecret' },
    });
    // Both exclusion kinds name their id exclusion_id: each route gets an id of its own kind.
    const idsOf = (route: RouteDef): Record<string, string> =>
      route.path.startsWith('/v1/account-exclusions/')
        ? { ...ids, exclusion_id: accountExclusion.body.id }
        : { ...ids, exclusion_id: contactExclusion.body.id };
    // Public routes (the signed unsubscribe link) carry no organization: their token is checked by its own tests.
    const withIds = routes.filter((r) => r.auth !== 'public' && /\{[a-z_]+\}/.test(r.path));
    for (const route of withIds) {
      const name = `${route.method} ${route.path}`;
      const sample = SAMPLES[name];
      assert.ok(sample, `${name}: add a sample request to the isolation matrix`);
      const path =
        route.path.replace(/\{([a-z_]+)\}/g, (_, param: string) => idsOf(route)[param]) + (sample.query ?? '');
      const response = await api.call(route.method, path, { key: intruder.apiKey, body: sample.body });
      assert.equal(response.status, 404, `${name}: ${response.status} ${response.text.slice(0, 200)}`);
      assert.ok(
        !response.text.includes('Matrixsecret') && !response.text.includes('matrix-secret'),
        `${name} leaked data`,
      );
    }
    // Owner events went to the owner's subscription only; the intruder's received nothing of the owner's.
    const { rows: delivered } = await sql<{ organization_id: string; payload: unknown; mine: boolean }>`
      SELECT a.organization_id, a.payload, d.subscription_id = ${intruderHook.body.id} AS mine
        FROM webhook_deliveries d JOIN activities a ON a.id = d.activity_id
       WHERE d.organization_id IN (${owner.organizationId}, ${intruder.organizationId})`.execute(
      stack.orm.em.fork().getKysely(),
    );
    assert.ok(
      delivered.some((d) => !d.mine && d.organization_id === owner.organizationId),
      "the owner's own subscription got its events",
    );
    for (const d of delivered.filter((x) => x.mine)) {
      assert.equal(d.organization_id, intruder.organizationId);
      assert.ok(
        !JSON.stringify(d.payload).includes('Matrixsecret') && !JSON.stringify(d.payload).includes('matrix-secret'),
        'a delivery to the intruder leaked data',
      );
    }
    const still = await api.get(`/v1/contacts/${contact.body.id}/variables`, { key: owner.apiKey });
    assert.deepEqual(
      still.body,
      { contact_variables: { k: 'Matrixsecret' }, account_variables: { k: 'Matrixsecret' } },
      'nothing changed',
    );
    assert.equal(
      (await api.get(`/v1/contact-exclusions/${contactExclusion.body.id}`, { key: owner.apiKey })).status,
      200,
      'contact exclusion kept',
    );
    assert.equal(
      (await api.get(`/v1/account-exclusions/${accountExclusion.body.id}`, { key: owner.apiKey })).status,
      200,
      'account exclusion kept',
    );
    const template = await api.get(`/v1/sequence-templates/${ids.sequence_template_id}`, { key: owner.apiKey });
    assert.deepEqual(
      [template.body.name, template.body.status],
      ['Matrixsecret', 'PENDING_SETUP'],
      'sequence template kept',
    );
    const ownTask = await api.get(`/v1/tasks/${ids.task_id}`, { key: owner.apiKey });
    assert.deepEqual(
      [ownTask.body.status, ownTask.body.title, ownTask.body.snoozed_until],
      ['PENDING', 'Matrixsecret', null],
      'task kept',
    );
    const ownPlaybook = await api.get(`/v1/playbooks/${ids.playbook_id}`, { key: owner.apiKey });
    assert.deepEqual([ownPlaybook.body.name, ownPlaybook.body.status], ['Matrixsecret', 'ACTIVE'], 'playbook kept');
    const hook = await api.get(`/v1/webhooks/${ids.webhook_id}`, { key: owner.apiKey });
    assert.deepEqual(
      [hook.body.name, hook.body.status, hook.body.secret_prefix],
      ['Matrixsecret', 'ACTIVE', webhook.body.secret_prefix],
      'webhook kept',
    );
  });
});
