// The lead-import workflow on the time-skipping server with the real activities on the stack's
// database and the sandbox directory: a new person found by LinkedIn URL gets the directory's
// profile, resolves (DONE, contact_entry.resolved) and is enrolled with source_contact_entry_id;
// an import that keeps failing leaves its entries FAILED with the reason (cut to 500 code points on a
// grapheme boundary), after its retries.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { FIXTURES } from '../../providers/directory/generate.ts';
import {
  LEAD_IMPORT_WORKFLOW,
  leadImportWorkflowId,
  type LeadImportInput,
  type LeadImportResult,
} from '../../workflows/lead-import.definitions.ts';
import { createServiceWorker, useTimeSkippingEnv } from '../helpers/time-skipping.ts';
import { insertContact, insertTemplate } from '../helpers/sequence-fixtures.ts';

describe('leadImportWorkflow', function () {
  this.timeout(120_000);
  const ts = useTimeSkippingEnv();
  const db = () => ts.stack.orm.em.fork().getKysely();

  async function withWorker<T>(
    overrides: Record<string, (...args: never[]) => unknown>,
    fn: (taskQueue: string) => Promise<T>,
  ): Promise<T> {
    const taskQueue = `lead-import-${randomUUID()}`;
    const worker = await createServiceWorker(ts, taskQueue, overrides);
    return worker.runUntil(fn(taskQueue));
  }

  /** A list (with the template, if any) and a PENDING entry of a contact, as POST /v1/contact-entries leaves them for a new person. */
  async function pendingEntry(
    templateId: string | null,
    contact: { email?: string | null; linkedinUrl?: string | null },
  ) {
    const listId = randomUUID();
    await sql`INSERT INTO contact_lists (id, organization_id, name, default_sequence_template_id, created_at, updated_at)
              VALUES (${listId}, ${ts.org.organizationId}, 'Import list', ${templateId}, now(), now())`.execute(db());
    const contactId = await insertContact(ts.stack, ts.org.organizationId, contact);
    const entryId = randomUUID();
    await sql`INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, email, linkedin_url, external_contact_id, enrichment_status, created_at, updated_at)
              VALUES (${entryId}, ${ts.org.organizationId}, ${listId}, ${contactId}, ${contact.email ?? null}, ${contact.linkedinUrl ?? null}, 'crm-7', 'PENDING', now(), now())`.execute(
      db(),
    );
    return { listId, contactId, entryId };
  }

  const entryRow = async (id: string) =>
    (
      await sql<{ enrichment_status: string; enrichment_error: string | null; resolved_at: Date | null }>`
      SELECT enrichment_status, enrichment_error, resolved_at FROM contact_entries WHERE id = ${id}`.execute(db())
    ).rows[0];

  const run = (taskQueue: string, input: Omit<LeadImportInput, 'organizationId' | 'enrollTimeoutMs'>) =>
    ts.env.client.workflow.execute(LEAD_IMPORT_WORKFLOW, {
      taskQueue,
      workflowId: leadImportWorkflowId(ts.org.organizationId, randomUUID()),
      args: [{ organizationId: ts.org.organizationId, enrollTimeoutMs: 60_000, ...input }],
    }) as Promise<LeadImportResult>;

  it('when a new person known to the directory by LinkedIn URL is imported into a list with a template, then the profile is completed, the entry resolves and the sequence is sourced from it', async () => {
    // A LinkedIn step: no email to verify first, so the import's own step enrolls (an email to verify
    // is handed to the enrollment workflow: test/workflows/enrollment.test.ts).
    const templateId = await insertTemplate(
      ts.stack,
      ts.org.organizationId,
      [{ type: 'LINKEDIN_MESSAGE', delay_days: 1, body: 'Hello' }],
      { senderUserId: ts.org.userId },
    );
    const { contactId, entryId, listId } = await pendingEntry(templateId, {
      email: null,
      linkedinUrl: FIXTURES.grace.linkedinUrl,
    });
    const result = await withWorker({}, (taskQueue) =>
      run(taskQueue, { importEntryIds: [entryId], enrollEntryIds: [] }),
    );
    assert.deepEqual(result, { resolved: 1, failed: 0, created: 1, refused: 0, skipped: 0 });

    const {
      rows: [contact],
    } = await sql<{ email: string; first_name: string; last_name: string; job_title: string; domain: string }>`
      SELECT c.email, c.first_name, c.last_name, c.job_title, a.domain FROM contacts c LEFT JOIN accounts a ON a.id = c.account_id WHERE c.id = ${contactId}`.execute(
      db(),
    );
    assert.deepEqual(contact, {
      email: 'grace@globex.test',
      first_name: 'Grace',
      last_name: 'Hopper',
      job_title: 'Head of Sales',
      domain: 'globex.test',
    });
    const entry = await entryRow(entryId);
    assert.equal(entry.enrichment_status, 'DONE');
    assert.ok(entry.resolved_at);
    const { rows: events } = await sql<{ payload: Record<string, unknown> }>`
      SELECT payload FROM activities WHERE type = 'contact_entry.resolved' AND payload->>'contact_entry_id' = ${entryId}`.execute(
      db(),
    );
    assert.equal(events.length, 1);
    assert.deepEqual(
      [events[0].payload.contact_id, events[0].payload.contact_list_id, events[0].payload.external_contact_id],
      [contactId, listId, 'crm-7'],
    );
    const { rows: runs } = await sql<{ status: string; sequence_template_id: string }>`
      SELECT status, sequence_template_id FROM sequences WHERE source_contact_entry_id = ${entryId}`.execute(db());
    assert.deepEqual(runs, [{ status: 'ACTIVE', sequence_template_id: templateId }]);

    // Run again over the same entries: nothing is resolved or enrolled twice.
    const again = await withWorker({}, (taskQueue) =>
      run(taskQueue, { importEntryIds: [entryId], enrollEntryIds: [entryId] }),
    );
    assert.deepEqual(again, { resolved: 0, failed: 0, created: 0, refused: 0, skipped: 1 });
  });

  it('when the import keeps failing, then after its retries the entries are FAILED with the reason and nothing is enrolled', async () => {
    const { entryId } = await pendingEntry(null, { email: `broken-${randomUUID().slice(0, 8)}@example.com` });
    let attempts = 0;
    const importLeads = async () => {
      attempts++;
      throw new Error('directory unreachable');
    };
    const result = await withWorker({ importLeads }, (taskQueue) =>
      run(taskQueue, { importEntryIds: [entryId], enrollEntryIds: [] }),
    );
    assert.deepEqual(result, { resolved: 0, failed: 1, created: 0, refused: 0, skipped: 0 });
    assert.equal(attempts, 5);
    const entry = await entryRow(entryId);
    assert.equal(entry.enrichment_status, 'FAILED');
    assert.match(entry.enrichment_error ?? '', /directory unreachable/);
  });

  it('when the failure message is long and full of emoji, then the stored reason is cut at 500 code points on a grapheme boundary', async () => {
    const { entryId } = await pendingEntry(null, { email: `emoji-${randomUUID().slice(0, 8)}@example.com` });
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // 5 code points, one grapheme
    const message = `directory unreachable ${family.repeat(200)}`;
    const importLeads = async () => {
      throw new Error(message);
    };
    const result = await withWorker({ importLeads }, (taskQueue) =>
      run(taskQueue, { importEntryIds: [entryId], enrollEntryIds: [] }),
    );
    assert.equal(result.failed, 1);
    const entry = await entryRow(entryId);
    assert.equal(entry.enrichment_status, 'FAILED');
    // 24 + 22 code points of words, then whole families (Intl.Segmenter works in the workflow sandbox):
    // 90 of them (496 code points), not 90 and a half ending in a zero-width joiner.
    assert.equal(entry.enrichment_error, `The lead import failed: directory unreachable ${family.repeat(90)}`);
  });
});
