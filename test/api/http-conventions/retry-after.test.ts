// `Retry-After` on the 202 of enrollment (docs/api/sequences.md): a replica whose enrollment wait
// is shorter than the sandbox verifier's slow addresses, so the answer is 202.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { WorkflowNotFoundError } from '@temporalio/client';
import { ENROLLMENT_RETRY_AFTER_SECONDS } from '../../../api/routes/sequences.routes.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import type { client } from '../../helpers/http.ts';
import { startReplica, type Replica } from '../../helpers/replica.ts';
import { until } from '../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';

describe('HTTP conventions: Retry-After on the 202 of enrollment', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let replica: Replica;
  let templateId: string;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    ({ stack, api, org } = await apiSuite());
    replica = await startReplica(stack, { config: { enrollmentWaitMs: 300 } });
    const template = await api.post('/v1/sequence-templates', {
      key: org.apiKey,
      body: {
        name: `Retry ${randomUUID()}`,
        status: 'ACTIVE',
        steps: [{ type: 'EMAIL', delay_days: 1, subject: 'Hi', body: 'Hello' }],
      },
    });
    assert.equal(template.status, 201, template.text);
    templateId = template.body.id;
  });

  after(async () => {
    await replica?.close();
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM sequences WHERE organization_id = ${org.organizationId}`.execute(db());
    for (const { id } of rows) {
      try {
        await stack.temporal.workflow.getHandle(sequenceWorkflowId(id)).terminate('retry-after test cleanup');
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    }
  });

  it('when the check outlasts the wait, then 202 with Retry-After in seconds, replayed with it, and the documented header', async () => {
    const contact = await api.post('/v1/contacts', {
      key: org.apiKey,
      body: { email: `slow-${randomUUID()}@slow-verify.test` },
    });
    assert.equal(contact.status, 201, contact.text);
    const key = randomUUID();
    const enroll = () =>
      replica.api.post('/v1/sequences', {
        key: org.apiKey,
        body: { contact_id: contact.body.id, sequence_template_id: templateId },
        headers: { 'Idempotency-Key': key },
      });
    const pending = await enroll();
    assert.equal(pending.status, 202, pending.text);
    assert.equal(pending.headers.get('retry-after'), String(ENROLLMENT_RETRY_AFTER_SECONDS));
    assert.ok(ENROLLMENT_RETRY_AFTER_SECONDS >= 1);
    assert.equal(pending.body.contact_id, contact.body.id);
    const replay = await enroll();
    assert.equal(replay.status, 202);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(replay.headers.get('retry-after'), String(ENROLLMENT_RETRY_AFTER_SECONDS));

    const doc = (await api.get('/v1/openapi.json')).body;
    const documented = doc.paths['/v1/sequences'].post.responses['202'];
    assert.equal(documented.headers['Retry-After'].schema.type, 'integer');
    assert.match(documented.headers['Retry-After'].description, new RegExp(`\\(${ENROLLMENT_RETRY_AFTER_SECONDS}\\)`));

    // The run goes on: its sequence appears (then the after hook stops its workflow).
    await until(
      async () =>
        (await api.get(`/v1/sequences?contact_id=${contact.body.id}`, { key: org.apiKey })).body.items.length === 1,
      30_000,
    );
  });
});
