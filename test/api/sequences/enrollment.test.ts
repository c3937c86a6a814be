// Enrollment on the real stack (POST /v1/sequences: answered at commit, or through the enrollment
// workflow when the email must be verified first), the accepted paths: 201 with the run started
// through its outbox command, 201 after a verification, 409 for a contact already running the
// template (also when identical requests race), and 202 when the check outlasts the wait. The
// refusals: enrollment-refusals.test.ts; the sequence reads: list.test.ts.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { WorkflowNotFoundError } from '@temporalio/client';
import * as sequences from '../../../domain/sequences/sequences.service.ts';
import { ContactIdKey, OrganizationIdKey, SequenceTemplateIdKey } from '../../../temporal/search-attributes.ts';
import { enrollmentStatusQuery, enrollmentWorkflowId } from '../../../workflows/enrollment.definitions.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { until } from '../../helpers/poll.ts';
import type { client } from '../../helpers/http.ts';
import { sleep, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { createProviders } from '../../../providers/index.ts';
import { enrollmentFixture } from './fixtures.ts';

describe('enrollment: accepted', () => {
  const fx = enrollmentFixture();
  const { db, newContact, enroll, activityTypes } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let emailTemplate: string;
  let counter = 0;
  before(() => ({ stack, api, org, emailTemplate } = fx));

  describe('POST /v1/sequences', () => {
    it("when the contact's email is already DELIVERABLE, then 201 with an ACTIVE sequence, sequence.created, and its workflow started through its outbox command, with no enrollment workflow", async () => {
      const contactId = await newContact({ company_domain: 'enroll-example.com' }, 'DELIVERABLE');
      const response = await enroll(contactId, emailTemplate);
      assert.equal(response.status, 201, response.text);
      const s = response.body;
      assert.deepEqual(Object.keys(s).sort(), [
        'account_id',
        'contact_id',
        'created_at',
        'current_step',
        'ended_at',
        'error',
        'id',
        'paused_until',
        'sender_user_id',
        'sequence_template_id',
        'source_contact_entry_id',
        'status',
        'stopped_reason',
        'updated_at',
        'variables',
      ]);
      assert.deepEqual(
        [
          s.contact_id,
          s.sequence_template_id,
          s.status,
          s.stopped_reason,
          s.current_step,
          s.variables,
          s.ended_at,
          s.sender_user_id,
        ],
        [contactId, emailTemplate, 'ACTIVE', null, 0, {}, null, org.userId],
      );
      const contact = await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey });
      assert.equal(s.account_id, contact.body.account_id);
      assert.ok(s.account_id);
      assert.deepEqual(await activityTypes(s.id), ['sequence.created']);
      const { rows } = await sql<{
        sender_id: string;
        enrollment_run_id: string;
      }>`SELECT sender_id, enrollment_run_id FROM sequences WHERE id = ${s.id}`.execute(db());
      assert.equal(rows[0].sender_id, org.userId);
      // The 201 came at commit; the start command's fast path, right after it, starts the run.
      const commandStatus = async () =>
        (
          await sql<{ kind: string; status: string }>`
        SELECT kind, status FROM workflow_commands WHERE workflow_id = ${sequenceWorkflowId(s.id)}`.execute(db())
        ).rows;
      await until(async () => (await commandStatus())[0]?.status === 'DONE', { what: 'the start command delivered' });
      assert.deepEqual(await commandStatus(), [{ kind: 'START_SEQUENCE', status: 'DONE' }]);
      const run = stack.temporal.workflow.getHandle(sequenceWorkflowId(s.id));
      const description = await run.describe();
      assert.equal(description.type, 'sequenceWorkflow');
      assert.deepEqual(
        [
          description.typedSearchAttributes.get(OrganizationIdKey),
          description.typedSearchAttributes.get(ContactIdKey),
          description.typedSearchAttributes.get(SequenceTemplateIdKey),
        ],
        [org.organizationId, contactId, emailTemplate],
      );
      // No verification was due: the request enrolled (its own run id on the row), no enrollment workflow ran.
      assert.match(rows[0].enrollment_run_id, /^[0-9a-f-]{36}$/);
      await assert.rejects(
        stack.temporal.workflow
          .getHandle(enrollmentWorkflowId(org.organizationId, contactId, emailTemplate))
          .describe(),
        WorkflowNotFoundError,
      );
    });

    it('when the email was never verified, then the enrollment workflow verifies it first and stores it on the contact, then 201 with the row it wrote under its run id', async () => {
      const contactId = await newContact();
      assert.equal((await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey })).body.email_status, 'UNVERIFIED');
      const response = await enroll(contactId, emailTemplate);
      assert.equal(response.status, 201, response.text);
      assert.equal(response.body.status, 'ACTIVE');
      const enrollment = await stack.temporal.workflow
        .getHandle(enrollmentWorkflowId(org.organizationId, contactId, emailTemplate))
        .describe();
      const [row] = (
        await sql<{
          enrollment_run_id: string;
        }>`SELECT enrollment_run_id FROM sequences WHERE id = ${response.body.id}`.execute(db())
      ).rows;
      assert.equal(row.enrollment_run_id, enrollment.runId);
      await until(
        async () =>
          await stack.temporal.workflow
            .getHandle(sequenceWorkflowId(response.body.id))
            .describe()
            .then(
              () => true,
              () => false,
            ),
        { what: 'the run started' },
      );
      assert.equal((await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey })).body.email_status, 'DELIVERABLE');
      const { rows } = await sql<{
        email_verified_at: Date | null;
      }>`SELECT email_verified_at FROM contacts WHERE id = ${contactId}`.execute(db());
      assert.ok(rows[0].email_verified_at);
    });

    it('when the contact already runs the template, then 409 CommitIssue with data.sequence_id', async () => {
      const contactId = await newContact({}, 'DELIVERABLE');
      const first = await enroll(contactId, emailTemplate);
      assert.equal(first.status, 201, first.text);
      const second = await enroll(contactId, emailTemplate);
      assert.equal(second.status, 409, second.text);
      assert.deepEqual([second.body.type, second.body.data.sequence_id], ['CommitIssue', first.body.id]);
    });

    it('when identical requests arrive together, then one sequence exists and each answer names it', async () => {
      const contactId = await newContact({}, 'DELIVERABLE');
      const answers = await Promise.all([1, 2, 3].map(() => enroll(contactId, emailTemplate)));
      const { rows } = await sql<{ id: string }>`SELECT id FROM sequences WHERE contact_id = ${contactId}`.execute(
        db(),
      );
      assert.equal(rows.length, 1);
      for (const answer of answers) {
        assert.ok([201, 409].includes(answer.status), answer.text);
        assert.equal(answer.status === 201 ? answer.body.id : answer.body.data.sequence_id, rows[0].id);
      }
    });

    it('when the check outlasts the wait (slow-verify.test), then 202 and the sequence appears in the list once the run ends', async () => {
      const contactId = await newContact({ email: `slow${++counter}@slow-verify.test` });
      const started = Date.now();
      const answer = await sequences.enroll(
        {
          em: stack.orm.em.fork(),
          workflows: createWorkflowClients(stack.temporal, stack.config.temporalTaskQueue),
          directory: createProviders({ orm: stack.orm, config: stack.config }).directory,
          config: stack.config,
        },
        org.organizationId,
        { contact_id: contactId, sequence_template_id: emailTemplate },
        { waitMs: 300 },
      );
      assert.ok(Date.now() - started < stack.config.slowVerifyMs, 'answered before the verification ended');
      assert.equal(answer.outcome, 'PENDING', 'the use case answers PENDING (the route answers it as 202)');
      if (answer.outcome !== 'PENDING') return;
      const { rows } = await sql<{ id: string }>`SELECT id FROM sequences WHERE contact_id = ${contactId}`.execute(
        db(),
      );
      assert.equal(rows.length, 0, 'nothing written yet');
      const enrollment = stack.temporal.workflow.getHandle(
        enrollmentWorkflowId(org.organizationId, contactId, emailTemplate),
      );
      assert.deepEqual(answer.pending, {
        enrollment_run_id: (await enrollment.describe()).runId,
        contact_id: contactId,
        sequence_template_id: emailTemplate,
      });
      assert.equal((await enrollment.query(enrollmentStatusQuery)).phase, 'VERIFYING');
      let items: { status: string }[] = [];
      for (let i = 0; i < 100 && items.length === 0; i++) {
        await sleep(200);
        items = (await api.get(`/v1/sequences?contact_id=${contactId}`, { key: org.apiKey })).body.items;
      }
      assert.deepEqual(
        items.map((s) => s.status),
        ['ACTIVE'],
      );
    });
  });
});
