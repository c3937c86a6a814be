// The enrollment workflow on the time-skipping server with the real activities on the stack's
// database: it only verifies the email (one activity), then enrolls through the one enrollment
// function (one local activity) with the verification done: the row (ACTIVE, or REFUSED with the
// verification's reason) and its start command in one transaction, the command delivered at once.
// A verifier that stayed down leaves the email UNVERIFIED and usable. A caller's run id and source
// entry end on the row, and the workflow started again under the same run id finds it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Worker } from '@temporalio/worker';
import { sql } from 'kysely';
import { createEnrollmentClient } from '../../workflows/enrollment.client.ts';
import type { EnrollmentResult } from '../../domain/sequences/enrollment/enrollment.types.ts';
import {
  enrollmentStatusQuery,
  enrollmentWorkflowId,
  type EnrollmentInput,
} from '../../workflows/enrollment.definitions.ts';
import {
  LEAD_IMPORT_WORKFLOW,
  leadImportWorkflowId,
  type LeadImportInput,
  type LeadImportResult,
} from '../../workflows/lead-import.definitions.ts';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { insertContact, insertTemplate } from '../helpers/sequence-fixtures.ts';
import { createServiceWorker, useTimeSkippingWorker } from '../helpers/time-skipping.ts';

describe('the enrollment workflow (time-skipping)', function () {
  this.timeout(120_000);
  // With the service's search attributes: the enrollment's start command starts the run's workflow with them.
  const ts = useTimeSkippingWorker('enrollment', { searchAttributes: true });
  const db = () => ts.stack.orm.em.fork().getKysely();
  const twoEmails = [
    { type: 'EMAIL' as const, delay_days: 1, subject: 'Hi', body: 'Hello' },
    { type: 'EMAIL' as const, delay_days: 2, subject: 'Again', body: 'Again' },
  ];

  async function contactAndTemplate(email = `enroll-${randomUUID()}@example.com`) {
    const contactId = await insertContact(ts.stack, ts.org.organizationId, { email, firstName: 'Ada' });
    const templateId = await insertTemplate(ts.stack, ts.org.organizationId, twoEmails, {
      senderUserId: ts.org.userId,
    });
    return { contactId, templateId };
  }

  const input = (
    ids: { contactId: string; templateId: string },
    extra: Partial<EnrollmentInput> = {},
  ): EnrollmentInput => ({
    organizationId: ts.org.organizationId,
    contactId: ids.contactId,
    sequenceTemplateId: ids.templateId,
    verifyTimeoutMs: 5_000,
    ...extra,
  });
  const rowsOf = async (contactId: string) =>
    (
      await sql<{
        id: string;
        status: string;
        stopped_reason: string | null;
        enrollment_run_id: string;
        source_contact_entry_id: string | null;
      }>`
    SELECT id, status, stopped_reason, enrollment_run_id, source_contact_entry_id FROM sequences WHERE contact_id = ${contactId}`.execute(
        db(),
      )
    ).rows;
  const contactOf = async (contactId: string) =>
    (
      await sql<{ email_status: string; email_verified_at: Date | null }>`
    SELECT email_status, email_verified_at FROM contacts WHERE id = ${contactId}`.execute(db())
    ).rows[0];
  const commandsOf = async (sequenceId: string) =>
    (
      await sql<{ kind: string; status: string }>`
    SELECT kind, status FROM workflow_commands WHERE workflow_id = ${sequenceWorkflowId(sequenceId)}`.execute(db())
    ).rows;
  const hasWorkflow = (sequenceId: string) =>
    ts.env.client.workflow
      .getHandle(sequenceWorkflowId(sequenceId))
      .describe()
      .then(
        () => true,
        () => false,
      );

  it('when the email was never verified, then the workflow verifies it, then enrolls under its run id: the ACTIVE row, its start command delivered, the run started; one activity and one local activity', async () => {
    const ids = await contactAndTemplate();
    const enrollment = createEnrollmentClient(ts.env.client, ts.taskQueue);
    const run = await enrollment.enroll(input(ids), 60_000);
    assert.equal(run.result?.outcome, 'CREATED');
    const [row] = await rowsOf(ids.contactId);
    assert.deepEqual(
      [row.id, row.status, row.enrollment_run_id, row.source_contact_entry_id],
      [run.result.sequenceId, 'ACTIVE', run.runId, null],
    );
    const contact = await contactOf(ids.contactId);
    assert.equal(contact.email_status, 'DELIVERABLE', "the sandbox verifier's answer, stored");
    assert.ok(contact.email_verified_at);
    assert.deepEqual(await commandsOf(row.id), [{ kind: 'START_SEQUENCE', status: 'DONE' }]);
    assert.equal(await hasWorkflow(row.id), true);

    const handle = ts.env.client.workflow.getHandle(
      enrollmentWorkflowId(ts.org.organizationId, ids.contactId, ids.templateId),
    );
    assert.deepEqual(await handle.query(enrollmentStatusQuery), {
      phase: 'DONE',
      outcome: 'CREATED',
      sequenceId: row.id,
      reason: null,
    });
    const { events } = await handle.fetchHistory();
    const activities = (events ?? []).flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
    const markers = (events ?? []).filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity');
    assert.deepEqual(activities, ['verifyEmail']);
    assert.equal(markers.length, 1, 'the enrollment: one local activity');
  });

  it('when the verification finds the address undeliverable (bounce.test), then a REFUSED row with EMAIL_UNDELIVERABLE and no run', async () => {
    const ids = await contactAndTemplate(`nobody-${randomUUID()}@bounce.test`);
    const run = await createEnrollmentClient(ts.env.client, ts.taskQueue).enroll(input(ids), 60_000);
    assert.deepEqual([run.result?.outcome, run.result?.reason], ['REFUSED', 'EMAIL_UNDELIVERABLE']);
    assert.deepEqual(
      (await rowsOf(ids.contactId)).map((r) => [r.status, r.stopped_reason]),
      [['REFUSED', 'EMAIL_UNDELIVERABLE']],
    );
    assert.equal((await contactOf(ids.contactId)).email_status, 'UNDELIVERABLE');
    assert.deepEqual(await commandsOf(run.result!.sequenceId), []);
  });

  it('when the verifier stays down, then the email stays UNVERIFIED and counts as usable: the run is enrolled', async () => {
    const taskQueue = `enrollment-down-${randomUUID()}`;
    const worker: Worker = await createServiceWorker(ts, taskQueue, {
      verifyEmail: async () => ({ outcome: 'VERIFIER_DOWN', error: 'the verifier did not answer' }),
    });
    const ids = await contactAndTemplate();
    const run = await worker.runUntil(createEnrollmentClient(ts.env.client, taskQueue).enroll(input(ids), 60_000));
    assert.equal(run.result?.outcome, 'CREATED');
    assert.deepEqual(
      (await rowsOf(ids.contactId)).map((r) => r.status),
      ['ACTIVE'],
    );
    assert.equal((await contactOf(ids.contactId)).email_status, 'UNVERIFIED');
    assert.equal(await hasWorkflow(run.result!.sequenceId), true);
  });

  it("when a caller hands over its enrollment (a list entry's), then the row keeps its run id and source entry; the workflow started again under that run id finds the row", async () => {
    const ids = await contactAndTemplate();
    const listId = randomUUID();
    const entryId = randomUUID();
    await sql`INSERT INTO contact_lists (id, organization_id, name, created_at, updated_at) VALUES (${listId}, ${ts.org.organizationId}, ${`List ${listId}`}, now(), now())`.execute(
      db(),
    );
    await sql`INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, enrichment_status, created_at, updated_at)
              VALUES (${entryId}, ${ts.org.organizationId}, ${listId}, ${ids.contactId}, 'DONE', now(), now())`.execute(
      db(),
    );
    const enrollmentRunId = `lead-import-run/${entryId}`;
    const enrollment = createEnrollmentClient(ts.env.client, ts.taskQueue);
    const first = await enrollment.enroll(input(ids, { enrollmentRunId, sourceContactEntryId: entryId }), 60_000);
    assert.equal(first.result?.outcome, 'CREATED');
    assert.deepEqual(
      (await rowsOf(ids.contactId)).map((r) => [r.id, r.enrollment_run_id, r.source_contact_entry_id]),
      [[first.result.sequenceId, enrollmentRunId, entryId]],
    );

    // The caller's retry after the first workflow ended: a new workflow run, the same enrollment.
    const again = await enrollment.enroll(input(ids, { enrollmentRunId, sourceContactEntryId: entryId }), 60_000);
    assert.notEqual(again.runId, first.runId);
    assert.deepEqual(again.result, first.result);
    assert.equal((await rowsOf(ids.contactId)).length, 1);
  });

  it("when a lead import enrolls an entry whose email was never verified, then it counts it and hands it over: the enrollment workflow verifies, then writes the row sourced from the entry under the import's name for it", async () => {
    const ids = await contactAndTemplate();
    const listId = randomUUID();
    const entryId = randomUUID();
    await sql`INSERT INTO contact_lists (id, organization_id, name, default_sequence_template_id, created_at, updated_at)
              VALUES (${listId}, ${ts.org.organizationId}, ${`List ${listId}`}, ${ids.templateId}, now(), now())`.execute(
      db(),
    );
    await sql`INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, enrichment_status, created_at, updated_at)
              VALUES (${entryId}, ${ts.org.organizationId}, ${listId}, ${ids.contactId}, 'DONE', now(), now())`.execute(
      db(),
    );
    // The activities start workflows on the stack's task queue: a worker there runs the lead import and the enrollment it hands over.
    const taskQueue = ts.stack.config.temporalTaskQueue;
    const worker = await createServiceWorker(ts, taskQueue);
    const leadImportRunId = randomUUID();
    const counted = await worker.runUntil(async () => {
      const result = (await ts.env.client.workflow.execute(LEAD_IMPORT_WORKFLOW, {
        taskQueue,
        workflowId: leadImportWorkflowId(ts.org.organizationId, leadImportRunId),
        args: [
          {
            organizationId: ts.org.organizationId,
            importEntryIds: [],
            enrollEntryIds: [entryId],
            enrollTimeoutMs: 60_000,
          } satisfies LeadImportInput,
        ],
      })) as LeadImportResult;
      const enrolled = (await ts.env.client.workflow
        .getHandle(enrollmentWorkflowId(ts.org.organizationId, ids.contactId, ids.templateId))
        .result()) as EnrollmentResult;
      return { result, enrolled };
    });
    assert.deepEqual(counted.result, { resolved: 0, failed: 0, created: 1, refused: 0, skipped: 0 });
    assert.equal(counted.enrolled.outcome, 'CREATED');
    const [row] = await rowsOf(ids.contactId);
    assert.equal(row.id, counted.enrolled.sequenceId);
    assert.equal(row.source_contact_entry_id, entryId);
    assert.match(
      row.enrollment_run_id,
      new RegExp(`/${entryId}$`),
      "the lead import's name for the entry's enrollment",
    );
    assert.equal((await contactOf(ids.contactId)).email_status, 'DELIVERABLE');
  });
});
