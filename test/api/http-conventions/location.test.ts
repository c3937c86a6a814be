// `Location` on every 201 (docs/api/conventions.md, HTTP conventions): the document declares it on
// every 201, real creates send the created resource's path (which answers it), batch creates the
// collection's, and an idempotent replay repeats it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { WorkflowNotFoundError } from '@temporalio/client';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import type { ApiResponse, client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';

type Operation = { responses: Record<string, { headers?: Record<string, { schema?: { type?: string } }> }> };

describe('HTTP conventions: Location on 201', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const post = (path: string, body: unknown, headers?: Record<string, string>) =>
    api.post(path, { key: org.apiKey, body, headers });
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => ({ stack, api, org } = await apiSuite()));

  after(async () => {
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM sequences WHERE organization_id = ${org.organizationId}`.execute(db());
    for (const { id } of rows) {
      try {
        await stack.temporal.workflow.getHandle(sequenceWorkflowId(id)).terminate('location test cleanup');
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    }
  });

  /** A 201 whose Location is the created resource's own path, which answers with that resource. */
  async function assertCreated(response: ApiResponse, collection: string): Promise<void> {
    assert.equal(response.status, 201, response.text);
    assert.equal(response.headers.get('location'), `${collection}/${response.body.id}`);
    const read = await api.get(response.headers.get('location') ?? '', { key: org.apiKey });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.id, response.body.id);
  }

  it('when the OpenAPI document is walked, then every 201 declares a Location header (and only 201s of creating routes do)', async () => {
    const doc = (await api.get('/v1/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
    const created = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.responses['201'])
        .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
    );
    assert.ok(created.length >= 13, `${created.length} operations answer 201`);
    for (const [name, op] of created) {
      assert.equal(op.responses['201'].headers?.Location?.schema?.type, 'string', `${name} documents Location`);
    }
  });

  it("when contacts, accounts, exclusions, templates, playbooks, webhooks and signals are created, then Location is the new resource's path", async () => {
    const contact = await post('/v1/contacts', {
      email: `located-${randomUUID()}@location-example.com`,
      first_name: 'Loc',
    });
    await assertCreated(contact, '/v1/contacts');
    await assertCreated(
      await post('/v1/accounts', { domain: `location-${randomUUID()}.test`, name: 'Located' }),
      '/v1/accounts',
    );
    await assertCreated(
      await post('/v1/contact-exclusions', { email: `excluded-${randomUUID()}@location-example.com`, reason: 'OTHER' }),
      '/v1/contact-exclusions',
    );
    await assertCreated(
      await post('/v1/account-exclusions', { domain: `excluded-${randomUUID()}.test`, reason: 'OTHER' }),
      '/v1/account-exclusions',
    );
    await assertCreated(
      await post('/v1/sequence-templates', { name: `Located ${randomUUID()}` }),
      '/v1/sequence-templates',
    );
    const name = `located-${randomUUID()}`;
    await assertCreated(
      await post('/v1/playbooks', { name, event_name: name, action: { type: 'CREATE_TASK', title: 'Call' } }),
      '/v1/playbooks',
    );
    await assertCreated(
      await post('/v1/webhooks', {
        name: 'Located',
        url: 'https://hooks.location-example.test/in',
        event_types: ['message.sent'],
      }),
      '/v1/webhooks',
    );
    const signal = await post('/v1/signals', {
      signal_type: 'NEW_JOB',
      name: `Located ${randomUUID()}`,
      search_filters: { job_title_or: ['Buyer'] },
    });
    await assertCreated(signal, '/v1/signals');
    await assertCreated(
      await post(`/v1/signals/${signal.body.id}/duplicate`, { name: `Copy ${randomUUID()}` }),
      '/v1/signals',
    );
  });

  it('when an enrollment finishes within the wait, then its 201 points at the new sequence', async () => {
    const template = await post('/v1/sequence-templates', {
      name: `Located run ${randomUUID()}`,
      status: 'ACTIVE',
      steps: [{ type: 'EMAIL', delay_days: 1, subject: 'Hi', body: 'Hello' }],
    });
    const contact = await post('/v1/contacts', {
      email: `enrolled-${randomUUID()}@location-example.com`,
      first_name: 'Run',
    });
    await sql`UPDATE contacts SET email_status = 'DELIVERABLE' WHERE id = ${contact.body.id}`.execute(db());
    await assertCreated(
      await post('/v1/sequences', { contact_id: contact.body.id, sequence_template_id: template.body.id }),
      '/v1/sequences',
    );
  });

  it('when lists are created in a batch, then Location is the collection they were created in; a replay repeats it', async () => {
    const key = randomUUID();
    const first = await post('/v1/contact-lists', { items: [{ name: `Batch ${key}` }] }, { 'Idempotency-Key': key });
    assert.equal(first.status, 201, first.text);
    assert.equal(first.headers.get('location'), '/v1/contact-lists');
    const replay = await post('/v1/contact-lists', { items: [{ name: `Batch ${key}` }] }, { 'Idempotency-Key': key });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.headers.get('location'), '/v1/contact-lists');
    const accounts = await post('/v1/account-lists', { items: [{ name: `Batch ${key}` }] });
    assert.equal(accounts.status, 201, accounts.text);
    assert.equal(accounts.headers.get('location'), '/v1/account-lists');
  });

  it('when a contact create is replayed, then the replay carries the same Location', async () => {
    const key = randomUUID();
    const body = { email: `replayed-${key}@location-example.com` };
    const first = await post('/v1/contacts', body, { 'Idempotency-Key': key });
    const replay = await post('/v1/contacts', body, { 'Idempotency-Key': key });
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.headers.get('location'), `/v1/contacts/${first.body.id}`);
  });

  it("when the sandbox meeting helper records a meeting, then Location is the contact's meeting activities, which list it", async () => {
    const contact = await post('/v1/contacts', { email: `met-${randomUUID()}@location-example.com` });
    const meeting = await post(`/v1/test-helpers/contacts/${contact.body.id}/meeting`, { title: 'Intro' });
    assert.equal(meeting.status, 201, meeting.text);
    const location = meeting.headers.get('location') ?? '';
    assert.equal(location, `/v1/activities?contact_id=${contact.body.id}&types=meeting.created`);
    const read = await api.get(location, { key: org.apiKey });
    assert.equal(read.status, 200, read.text);
  });
});
