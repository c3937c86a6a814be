// Shared setup of the list suites (test/api/lists/*.test.ts) on the real stack: two organizations,
// templates, lists and contacts on demand, and readers of entries and what they sourced.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { WorkflowNotFoundError } from '@temporalio/client';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { until } from '../../helpers/sequence-fixtures.ts';

export function listsFixture() {
  const fx = apiSuiteFixture({ org: 'Lists Org', other: 'Lists Other' });
  let counter = 0;
  const db = () => fx.stack.orm.em.fork().getKysely();
  // A day before the first step: the sequences stay ACTIVE during these tests.
  const emailStep = { type: 'EMAIL', delay_days: 1, subject: 'Hi {{ first_name }}', body: 'Hello' };

  async function newTemplate(body: Record<string, unknown> = {}, key = fx.org.apiKey): Promise<string> {
    const response = await fx.api.post('/v1/sequence-templates', {
      key,
      body: { name: `Lists ${++counter}`, status: 'ACTIVE', steps: [emailStep], ...body },
    });
    assert.equal(response.status, 201, response.text);
    return response.body.id;
  }

  async function newList(body: Record<string, unknown> = {}, key = fx.org.apiKey): Promise<string> {
    const response = await fx.api.post('/v1/contact-lists', {
      key,
      body: { items: [{ name: `List ${++counter}`, ...body }] },
    });
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.items[0].status, 'CREATED', response.text);
    return response.body.items[0].resource.id;
  }

  async function newContact(fields: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
    const email = `known${++counter}@lists-example.com`;
    const response = await fx.api.post('/v1/contacts', {
      key: fx.org.apiKey,
      body: { email, first_name: 'Kim', ...fields },
    });
    assert.equal(response.status, 201, response.text);
    return { id: response.body.id, email };
  }

  const addEntries = (items: unknown[], key = fx.org.apiKey) =>
    fx.api.post('/v1/contact-entries', { key, body: { items } });

  const entry = async (id: string) => (await fx.api.get(`/v1/contact-entries/${id}`, { key: fx.org.apiKey })).body;
  const untilEntry = (id: string, status: string) =>
    until(async () => (await entry(id)).enrichment_status === status, 30_000);

  const sourced = async (entryId: string) =>
    (
      await sql<{ id: string; status: string; stopped_reason: string | null; sequence_template_id: string }>`
      SELECT id, status, stopped_reason, sequence_template_id FROM sequences WHERE source_contact_entry_id = ${entryId} ORDER BY created_at`.execute(
        db(),
      )
    ).rows;
  const untilSourced = (entryId: string, n = 1) => until(async () => (await sourced(entryId)).length >= n, 30_000);

  const resolvedEvents = async (entryId: string) =>
    (
      await sql<{
        payload: Record<string, unknown>;
      }>`SELECT payload FROM activities WHERE type = 'contact_entry.resolved' AND payload->>'contact_entry_id' = ${entryId}`.execute(
        db(),
      )
    ).rows;

  after(async () => {
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM sequences WHERE organization_id IN (${fx.org.organizationId}, ${fx.other.organizationId})`.execute(
      db(),
    );
    for (const { id } of rows) {
      const handle = fx.stack.temporal.workflow.getHandle(sequenceWorkflowId(id));
      try {
        if ((await handle.describe()).status.name === 'RUNNING') await handle.terminate('lists test cleanup');
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    }
  });

  return Object.assign(fx, {
    db,
    emailStep,
    addEntries,
    entry,
    untilEntry,
    sourced,
    untilSourced,
    resolvedEvents,
    newTemplate,
    newList,
    newContact,
  });
}
