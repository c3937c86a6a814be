// Enrollment on the real stack (POST /v1/sequences: answered at commit, or through the enrollment
// workflow when the email must be verified first): 201, 202, 409, the 422 refusals and their
// REFUSED rows, the sequence reads with their filters, tenant isolation.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { WorkflowNotFoundError } from '@temporalio/client';
import * as sequences from '../../../domain/sequences/sequences.service.ts';
import { checkEligibility } from '../../../domain/sequences/enrollment/eligibility.ts';
import { ContactIdKey, OrganizationIdKey, SequenceTemplateIdKey } from '../../../temporal/search-attributes.ts';
import { enrollmentStatusQuery, enrollmentWorkflowId } from '../../../workflows/enrollment.definitions.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { until } from '../../helpers/poll.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { createProviders } from '../../../providers/index.ts';

describe('enrollment', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let emailTemplate: string;
  let counter = 0;

  // A day before the first step: whatever the sequence workflow does, the row stays ACTIVE in these tests.
  const emailStep = { type: 'EMAIL', delay_days: 1, subject: 'Hi {{ first_name }}', body: 'Hello' };
  const linkedinStep = { type: 'LINKEDIN_MESSAGE', delay_days: 1, body: 'Hello' };
  const db = () => stack.orm.em.fork().getKysely();

  async function newTemplate(body: Record<string, unknown> = {}, key = org.apiKey): Promise<string> {
    const response = await api.post('/v1/sequence-templates', {
      key,
      body: { name: `Enroll ${++counter}`, status: 'ACTIVE', steps: [emailStep], ...body },
    });
    assert.equal(response.status, 201, response.text);
    return response.body.id;
  }

  /** A contact; `emailStatus` set directly (as a previous verification would have). */
  async function newContact(
    fields: Record<string, unknown> = {},
    emailStatus?: string,
    key = org.apiKey,
  ): Promise<string> {
    const response = await api.post('/v1/contacts', {
      key,
      body: { email: `person${++counter}@enroll-example.com`, first_name: 'Ada', ...fields },
    });
    assert.equal(response.status, 201, response.text);
    if (emailStatus)
      await sql`UPDATE contacts SET email_status = ${emailStatus} WHERE id = ${response.body.id}`.execute(db());
    return response.body.id;
  }

  const enroll = (contactId: string, templateId: string, key = org.apiKey) =>
    api.post('/v1/sequences', { key, body: { contact_id: contactId, sequence_template_id: templateId } });

  const activityTypes = async (sequenceId: string) =>
    (await sql<{ type: string }>`SELECT type FROM activities WHERE sequence_id = ${sequenceId}`.execute(db())).rows.map(
      (r) => r.type,
    );

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Enrollment Org');
    other = await newOrg(stack, 'Enrollment Other');
    emailTemplate = await newTemplate();
  });

  // The sequence workflows these tests started: terminated, whether or not the worker knows the type yet.
  after(async () => {
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM sequences WHERE organization_id IN (${org.organizationId}, ${other.organizationId})`.execute(
      db(),
    );
    for (const { id } of rows) {
      const handle = stack.temporal.workflow.getHandle(sequenceWorkflowId(id));
      try {
        if ((await handle.describe()).status.name === 'RUNNING') await handle.terminate('enrollment test cleanup');
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    }
  });

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
        'sequence_template_id',
        'source_contact_entry_id',
        'status',
        'stopped_reason',
        'updated_at',
        'variables',
      ]);
      assert.deepEqual(
        [s.contact_id, s.sequence_template_id, s.status, s.stopped_reason, s.current_step, s.variables, s.ended_at],
        [contactId, emailTemplate, 'ACTIVE', null, 0, {}, null],
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

    it('when verification finds the address undeliverable (bounce.test), then 422 EMAIL_UNDELIVERABLE and a REFUSED row without event', async () => {
      const contactId = await newContact({ email: `nobody${++counter}@bounce.test` });
      const response = await enroll(contactId, emailTemplate);
      assert.equal(response.status, 422, response.text);
      assert.equal(response.body.type, 'BusinessIssue');
      assert.equal(response.body.data.reason, 'EMAIL_UNDELIVERABLE');
      const row = await api.get(`/v1/sequences/${response.body.data.sequence_id}`, { key: org.apiKey });
      assert.deepEqual(
        [row.body.status, row.body.stopped_reason, row.body.contact_id],
        ['REFUSED', 'EMAIL_UNDELIVERABLE', contactId],
      );
      assert.deepEqual(await activityTypes(row.body.id), []);
      assert.equal(
        (await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey })).body.email_status,
        'UNDELIVERABLE',
      );
      // A refusal is not running: a later attempt is checked again, not a duplicate.
      const again = await enroll(contactId, emailTemplate);
      assert.equal(again.status, 422, again.text);
      assert.notEqual(again.body.data.sequence_id, row.body.id);
    });

    it('when the contact is excluded, then 422 EXCLUDED with a REFUSED row', async () => {
      const email = `excluded${++counter}@enroll-example.com`;
      const contactId = await newContact({ email }, 'DELIVERABLE');
      const exclusion = await api.post('/v1/contact-exclusions', {
        key: org.apiKey,
        body: { email, reason: 'CONTACT_REFUSED' },
      });
      assert.equal(exclusion.status, 201, exclusion.text);
      const response = await enroll(contactId, emailTemplate);
      assert.equal(response.status, 422, response.text);
      assert.deepEqual([response.body.type, response.body.data.reason], ['BusinessIssue', 'EXCLUDED']);
      const row = await api.get(`/v1/sequences/${response.body.data.sequence_id}`, { key: org.apiKey });
      assert.deepEqual([row.body.status, row.body.stopped_reason], ['REFUSED', 'EXCLUDED']);
    });

    it('when a LinkedIn step needs a URL the contact lacks, then 422 NO_CHANNEL (STOP); with SKIP_STEP and an email step left, then 201', async () => {
      const contactId = await newContact({}, 'DELIVERABLE');
      const stops = await newTemplate({ steps: [emailStep, linkedinStep] });
      const refused = await enroll(contactId, stops);
      assert.equal(refused.status, 422, refused.text);
      assert.equal(refused.body.data.reason, 'NO_CHANNEL');
      const skips = await newTemplate({ steps: [emailStep, linkedinStep], on_missing_channel: 'SKIP_STEP' });
      assert.equal((await enroll(contactId, skips)).status, 201);
      const onlyLinkedin = await newTemplate({ steps: [linkedinStep], on_missing_channel: 'SKIP_STEP' });
      const none = await enroll(contactId, onlyLinkedin);
      assert.equal(none.status, 422, none.text);
      assert.equal(none.body.data.reason, 'NO_CHANNEL');
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

    it('when the template is not ACTIVE, then 422 ValidationIssue naming sequence_template_id and no row', async () => {
      const contactId = await newContact({}, 'DELIVERABLE');
      const draft = await newTemplate({ status: 'PENDING_SETUP', steps: [] });
      const inactive = await newTemplate({ status: 'INACTIVE' });
      for (const templateId of [draft, inactive]) {
        const response = await enroll(contactId, templateId);
        assert.equal(response.status, 422, response.text);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.deepEqual(
          response.body.data.errors.map((e: { path: string }) => e.path),
          ['sequence_template_id'],
        );
      }
      const { rows } = await sql`SELECT id FROM sequences WHERE contact_id = ${contactId}`.execute(db());
      assert.equal(rows.length, 0);
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

    it('when the contact or the template belongs to another organization, then 404', async () => {
      const contactId = await newContact({}, 'DELIVERABLE');
      const foreignContact = await newContact(
        { email: `foreign${++counter}@enroll-example.com` },
        'DELIVERABLE',
        other.apiKey,
      );
      const foreignTemplate = await newTemplate({}, other.apiKey);
      for (const [contact, template] of [
        [foreignContact, emailTemplate],
        [contactId, foreignTemplate],
        [randomUUID(), emailTemplate],
      ]) {
        const response = await enroll(contact, template);
        assert.equal(response.status, 404, response.text);
        assert.equal(response.body.type, 'NotFoundIssue');
      }
    });

    it('when the body lacks a field or an id is malformed, then 400', async () => {
      assert.equal(
        (await api.post('/v1/sequences', { key: org.apiKey, body: { contact_id: randomUUID() } })).status,
        400,
      );
      assert.equal(
        (
          await api.post('/v1/sequences', {
            key: org.apiKey,
            body: { contact_id: 'x', sequence_template_id: emailTemplate },
          })
        ).status,
        400,
      );
    });
  });

  describe('eligibility (activity level)', () => {
    it('when the contact has neither email nor LinkedIn URL, then NO_IDENTIFIER (the API cannot create such a contact)', async () => {
      const contactId = await newContact();
      await sql`UPDATE contacts SET email = NULL, linkedin_url = NULL WHERE id = ${contactId}`.execute(db());
      const result = await checkEligibility(stack.orm.em.fork(), { findCompanyByDomain: async () => null } as never, {
        organizationId: org.organizationId,
        contactId,
        sequenceTemplateId: emailTemplate,
        verificationDone: false,
      });
      assert.deepEqual(result, { refusal: 'NO_IDENTIFIER', needsVerification: false });
    });
  });

  describe('GET /v1/sequences', () => {
    let contactId: string;
    let ids: string[];
    before(async () => {
      contactId = await newContact({}, 'DELIVERABLE');
      const second = await newTemplate();
      ids = [];
      for (const template of [emailTemplate, second]) {
        const response = await enroll(contactId, template);
        assert.equal(response.status, 201, response.text);
        ids.push(response.body.id);
        await sleep(20);
      }
    });

    const list = async (query: string, key = org.apiKey) => {
      const response = await api.get(`/v1/sequences?${query}`, { key });
      assert.equal(response.status, 200, response.text);
      return response.body;
    };

    it('when filtered by contact, template and status, then only matching sequences, in created_at order', async () => {
      const byContact = await list(`contact_id=${contactId}`);
      assert.deepEqual(
        byContact.items.map((s: { id: string }) => s.id),
        ids,
      );
      assert.deepEqual([byContact.total_count, byContact.total_pages, byContact.has_more], [2, 1, false]);
      assert.deepEqual(
        (await list(`contact_id=${contactId}&sequence_template_id=${emailTemplate}`)).items.map(
          (s: { id: string }) => s.id,
        ),
        [ids[0]],
      );
      assert.equal((await list(`contact_id=${contactId}&status=REFUSED`)).total_count, 0);
      assert.equal((await list(`contact_id=${contactId}&status=ACTIVE`)).total_count, 2);
      assert.deepEqual(
        (await list(`contact_id=${contactId}&sort_by=created_at&sort_order=desc`)).items.map(
          (s: { id: string }) => s.id,
        ),
        [...ids].reverse(),
      );
      assert.equal((await list(`contact_id=${contactId}&sort_by=updated_at&size=1`)).has_more, true);
    });

    it('when filtered by creation time, then the bounds are strict', async () => {
      const first = (await api.get(`/v1/sequences/${ids[0]}`, { key: org.apiKey })).body;
      assert.deepEqual(
        (await list(`contact_id=${contactId}&created_at_after=${encodeURIComponent(first.created_at)}`)).items.map(
          (s: { id: string }) => s.id,
        ),
        [ids[1]],
      );
      assert.equal(
        (await list(`contact_id=${contactId}&created_at_before=${encodeURIComponent(first.created_at)}`)).total_count,
        0,
      );
    });

    it('when another organization reads, then it sees none of them and 404 by id', async () => {
      assert.equal((await list(`contact_id=${contactId}`, other.apiKey)).total_count, 0);
      const response = await api.get(`/v1/sequences/${ids[0]}`, { key: other.apiKey });
      assert.equal(response.status, 404);
    });

    it('when a filter is malformed, then 400', async () => {
      assert.equal((await api.get('/v1/sequences?status=RUNNING', { key: org.apiKey })).status, 400);
      assert.equal((await api.get('/v1/sequences?sort_by=name', { key: org.apiKey })).status, 400);
    });
  });
});
