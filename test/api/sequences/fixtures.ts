// Shared setup of the sequence API suites (test/api/sequences/*.test.ts) on the real stack: the
// controls suites' running runs and leads awaiting review, the enrollment suites' templates,
// contacts and cleanup, and the template suites' request helpers.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { sql } from 'kysely';
import { typedKysely } from '../../../db/kysely.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import {
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  startSequenceWorkflow,
  terminateSequenceWorkflows,
  until,
  type StepSpec,
} from '../../helpers/sequence-fixtures.ts';

/** The controls suites (controls*.test.ts): runs started on the stack's worker and leads awaiting review. */
export function controlsFixture() {
  const fx = apiSuiteFixture();
  const db = () => fx.stack.orm.em.fork().getKysely();

  /** A sequence whose workflow runs on the stack's worker, once `started` holds. */
  async function startedSequence(
    steps: StepSpec[],
    started: (sequenceId: string) => Promise<boolean>,
    accountId: string | null = null,
  ): Promise<string> {
    const { stack, org } = fx;
    const contactId = await insertContact(stack, org.organizationId, {
      email: `c-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Ada',
      accountId,
    });
    const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId,
      accountId,
      senderUserId: org.userId,
    });
    await startSequenceWorkflow(stack, org.organizationId, sequenceId);
    await until(() => started(sequenceId));
    return sequenceId;
  }

  /** An ACTIVE sequence whose first email is sent; step 2 is days away, so it stays running. */
  const runningSequence = (accountId: string | null = null) =>
    startedSequence(
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi {{first_name}}' },
        { type: 'EMAIL', delay_days: 3, subject: 'Again', body: '{{offer}}' },
      ],
      async (id) => (await messagesOf(fx.stack, id)).length === 1,
      accountId,
    );

  /** The outbox commands for a run's workflow. */
  const commandsOf = (sequenceId: string) =>
    typedKysely(fx.stack.orm.em.fork())
      .selectFrom('workflow_commands')
      .select(['kind', 'status', 'last_error'])
      .where('workflow_id', '=', sequenceWorkflowId(sequenceId))
      .orderBy('created_at')
      .execute();

  /** A contact enrolled through the API in a template that requires lead review: its FOUND sequence and NEW_LEAD_REVIEW task. */
  async function awaitingReview(accountId: string | null = null) {
    const { stack, api, org } = fx;
    const contactId = await insertContact(stack, org.organizationId, {
      email: `r-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Ada',
      accountId,
    });
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi {{first_name}}, {{offer}}' },
        { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Again' },
      ],
      { senderUserId: org.userId },
    );
    await sql`UPDATE sequence_templates SET requires_lead_review = true WHERE id = ${templateId}`.execute(db());
    const enrolled = await api.post('/v1/sequences', {
      key: org.apiKey,
      body: { contact_id: contactId, sequence_template_id: templateId },
    });
    assert.deepEqual([enrolled.status, enrolled.body.status], [201, 'FOUND'], enrolled.text);
    const tasks = await api.get(`/v1/tasks?sequence_id=${enrolled.body.id}&types=NEW_LEAD_REVIEW`, {
      key: org.apiKey,
    });
    assert.equal(tasks.body.items.length, 1, tasks.text);
    return { contactId, sequenceId: enrolled.body.id as string, taskId: tasks.body.items[0].id as string };
  }

  const taskOf = async (id: string) => (await fx.api.get(`/v1/tasks/${id}`, { key: fx.org.apiKey })).body;
  const noWorkflow = async (sequenceId: string) => {
    await assert.rejects(
      fx.stack.temporal.workflow.getHandle(sequenceWorkflowId(sequenceId)).describe(),
      WorkflowNotFoundError,
    );
  };

  return Object.assign(fx, { startedSequence, runningSequence, commandsOf, awaitingReview, taskOf, noWorkflow });
}

/**
 * The enrollment suites (enrollment*.test.ts, list.test.ts): two organizations, an ACTIVE email
 * template made in the before hook, contacts and templates on demand; the sequence workflows the
 * suite started are terminated after it, whether or not the worker knows the type yet.
 */
export function enrollmentFixture() {
  const fx = apiSuiteFixture<{ emailTemplate: string }>({ org: 'Enrollment Org', other: 'Enrollment Other' });
  let counter = 0;

  // A day before the first step: whatever the sequence workflow does, the row stays ACTIVE in these tests.
  const emailStep = { type: 'EMAIL', delay_days: 1, subject: 'Hi {{ first_name }}', body: 'Hello' };
  const linkedinStep = { type: 'LINKEDIN_MESSAGE', delay_days: 1, body: 'Hello' };
  const db = () => fx.stack.orm.em.fork().getKysely();

  async function newTemplate(body: Record<string, unknown> = {}, key = fx.org.apiKey): Promise<string> {
    const response = await fx.api.post('/v1/sequence-templates', {
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
    key = fx.org.apiKey,
  ): Promise<string> {
    const response = await fx.api.post('/v1/contacts', {
      key,
      body: { email: `person${++counter}@enroll-example.com`, first_name: 'Ada', ...fields },
    });
    assert.equal(response.status, 201, response.text);
    if (emailStatus)
      await sql`UPDATE contacts SET email_status = ${emailStatus} WHERE id = ${response.body.id}`.execute(db());
    return response.body.id;
  }

  const enroll = (contactId: string, templateId: string, key = fx.org.apiKey) =>
    fx.api.post('/v1/sequences', { key, body: { contact_id: contactId, sequence_template_id: templateId } });

  const activityTypes = async (sequenceId: string) =>
    (await sql<{ type: string }>`SELECT type FROM activities WHERE sequence_id = ${sequenceId}`.execute(db())).rows.map(
      (r) => r.type,
    );

  before(async () => {
    fx.emailTemplate = await newTemplate();
  });

  after(async () => {
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM sequences WHERE organization_id IN (${fx.org.organizationId}, ${fx.other.organizationId})`.execute(
      db(),
    );
    await terminateSequenceWorkflows(
      fx.stack,
      rows.map((r) => r.id),
      'enrollment test cleanup',
    );
  });

  return Object.assign(fx, { db, emailStep, linkedinStep, newTemplate, newContact, enroll, activityTypes });
}

/** The template suites (templates*.test.ts): two organizations, an EMAIL step, create and the paths of a 400/422. */
export function templatesFixture() {
  const fx = apiSuiteFixture({ org: 'Templates Org', other: 'Templates Other' });
  const email = {
    type: 'EMAIL',
    delay_days: 0,
    subject: 'Hi {{ first_name | default: "there" }}',
    body: 'Hello {{ first_name }} at {{ company_name }}',
  };
  const create = (body: Record<string, unknown>, key = fx.org.apiKey) =>
    fx.api.post('/v1/sequence-templates', { key, body: { name: 'Template', ...body } });
  const paths = (response: { body: { data: { errors: { path: string }[] } } }) =>
    response.body.data.errors.map((e) => e.path);
  return Object.assign(fx, { email, create, paths });
}
