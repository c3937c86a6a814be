// POST /v1/contacts/unenroll on the real stack: running runs end FAILED/UNENROLLED through their
// workflow, FOUND rows directly; a three-month CONTACT_REFUSED exclusion in every case; NOT_FOUND items.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../workflows/sequence.definitions.ts';
import type { client } from '../helpers/http.ts';
import type { Stack } from '../helpers/stack.ts';
import { apiSuite, newOrg, type TestOrg } from '../helpers/fixtures.ts';
import { eventsOf, insertContact, insertSequence, insertTemplate, messagesOf, sequenceRow, until } from '../helpers/sequence-fixtures.ts';

describe('unenroll API', function () {
  this.timeout(60_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const db = () => stack.orm.em.fork().getKysely();
  const steps = [{ type: 'EMAIL' as const, delay_days: 0, subject: 'Hi', body: 'Hi' }, { type: 'EMAIL' as const, delay_days: 3, subject: 'Again', body: 'Again' }];

  before(async () => ({ stack, api, org } = await apiSuite()));

  async function startWorkflow(sequenceId: string): Promise<void> {
    const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
    await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, { taskQueue: stack.taskQueue, workflowId: sequenceWorkflowId(sequenceId), args: [input] });
  }

  /** An ACTIVE run whose workflow sent step 1 and waits days for step 2. */
  async function runningSequence(contactId: string, templateId: string): Promise<string> {
    const id = await insertSequence(stack, org.organizationId, { contactId, templateId, senderUserId: org.userId });
    await startWorkflow(id);
    await until(async () => (await messagesOf(stack, id)).length === 1);
    return id;
  }

  async function exclusionsOf(email: string) {
    const { rows } = await sql<{ id: string; reason: string; until: Date | null }>`
      SELECT id, reason, until FROM contact_exclusions WHERE organization_id = ${org.organizationId} AND email = ${email}`.execute(db());
    return rows;
  }

  it('when a contact with a running and a FOUND run is unenrolled, then both end FAILED/UNENROLLED and a 3-month exclusion exists; unknown ids are NOT_FOUND', async () => {
    const email = `u-${randomUUID().slice(0, 8)}@example.com`;
    const contactId = await insertContact(stack, org.organizationId, { email, firstName: 'Ada' });
    const running = await runningSequence(contactId, await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId }));
    const found = await insertSequence(stack, org.organizationId, { contactId, templateId: await insertTemplate(stack, org.organizationId, steps) });
    await sql`UPDATE sequences SET status = 'FOUND' WHERE id = ${found}`.execute(db());
    const other = await newOrg(stack);
    const foreignContact = await insertContact(stack, other.organizationId, { email: `f-${randomUUID().slice(0, 8)}@example.com` });
    const unknown = randomUUID();

    const response = await api.post('/v1/contacts/unenroll', { key: org.apiKey, body: { contact_ids: [contactId, unknown, foreignContact] } });
    assert.equal(response.status, 200, response.text);
    const [item, ...missing] = response.body.items;
    assert.deepEqual([item.contact_id, item.status, [...item.stopped_sequence_ids].sort()], [contactId, 'UNENROLLED', [running, found].sort()]);
    assert.deepEqual(missing, [
      { contact_id: unknown, status: 'NOT_FOUND', stopped_sequence_ids: [], exclusion_id: null },
      { contact_id: foreignContact, status: 'NOT_FOUND', stopped_sequence_ids: [], exclusion_id: null },
    ]);
    for (const id of [running, found]) {
      const row = await sequenceRow(stack, id);
      assert.deepEqual([row.status, row.stopped_reason, !!row.ended_at], ['FAILED', 'UNENROLLED', true], id);
      const stopped = (await eventsOf(stack, id)).filter((e) => e.type === 'sequence.stopped');
      assert.equal(stopped.length, 1, id);
      assert.deepEqual([stopped[0].payload.status, stopped[0].payload.stopped_reason], ['FAILED', 'UNENROLLED']);
    }
    await stack.temporal.workflow.getHandle(sequenceWorkflowId(running)).result();
    const exclusions = await exclusionsOf(email);
    assert.equal(exclusions.length, 1);
    assert.deepEqual([exclusions[0].id, exclusions[0].reason], [item.exclusion_id, 'CONTACT_REFUSED']);
    const days = (new Date(exclusions[0].until!).getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 88 && days < 93, `until in about three months, got ${days} days`);

    const again = await api.post('/v1/contacts/unenroll', { key: org.apiKey, body: { contact_ids: [contactId] } });
    assert.deepEqual(again.body.items, [{ contact_id: contactId, status: 'UNENROLLED', stopped_sequence_ids: [], exclusion_id: item.exclusion_id }]);
    assert.equal((await exclusionsOf(email)).length, 1, 'the existing exclusion is kept, not duplicated');
  });

  it('when narrowed to a template, then only its run stops now, and a run of another template ends EXCLUDED at its next step', async () => {
    const email = `n-${randomUUID().slice(0, 8)}@example.com`;
    const contactId = await insertContact(stack, org.organizationId, { email });
    const templateA = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
    const templateB = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
    const a = await runningSequence(contactId, templateA);
    const b = await insertSequence(stack, org.organizationId, { contactId, templateId: templateB, senderUserId: org.userId });

    const response = await api.post('/v1/contacts/unenroll', { key: org.apiKey, body: { contact_ids: [contactId], sequence_template_id: templateA } });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.items[0].stopped_sequence_ids, [a]);
    assert.equal((await sequenceRow(stack, a)).status, 'FAILED');
    assert.equal((await sequenceRow(stack, b)).status, 'ACTIVE', 'another template is not stopped now');
    assert.equal((await exclusionsOf(email))[0].reason, 'CONTACT_REFUSED');

    await startWorkflow(b); // its next (first) step meets the exclusion at send time
    await stack.temporal.workflow.getHandle(sequenceWorkflowId(b)).result();
    const row = await sequenceRow(stack, b);
    assert.deepEqual([row.status, row.stopped_reason], ['STOPPED_EARLY', 'EXCLUDED']);
    assert.equal((await messagesOf(stack, b)).length, 0, 'nothing was sent');
  });

  it('when the body is invalid or the template belongs to another organization, then 400 or 404 and nothing changes', async () => {
    const contactId = await insertContact(stack, org.organizationId, { email: `v-${randomUUID().slice(0, 8)}@example.com` });
    const post = (body: unknown) => api.post('/v1/contacts/unenroll', { key: org.apiKey, body });
    assert.equal((await post({ contact_ids: [] })).status, 400);
    assert.equal((await post({ contact_ids: [contactId, contactId] })).status, 400);
    assert.equal((await post({ contact_ids: Array.from({ length: 101 }, () => randomUUID()) })).status, 400);
    assert.equal((await post({ contact_ids: ['not-a-uuid'] })).status, 400);
    const other = await newOrg(stack);
    const foreignTemplate = await insertTemplate(stack, other.organizationId, steps);
    const refused = await post({ contact_ids: [contactId], sequence_template_id: foreignTemplate });
    assert.deepEqual([refused.status, refused.body.type], [404, 'NotFoundIssue']);
    const { rows } = await sql`SELECT 1 FROM contact_exclusions WHERE organization_id = ${org.organizationId} AND email LIKE 'v-%'`.execute(db());
    assert.equal(rows.length, 0);
  });
});
