// The search attributes an operator finds workflows by: every workflow of an organization, started
// the way the service starts it (enrollment and its sequence, a list's auto-enrollment, a task's
// reminder, a signal and its continue-as-new, a lead import, a webhook retry), carries
// OrganizationId, and ContactId / SequenceTemplateId where it has them (docs/operations.md "Finding a
// stuck enrollment" tables them); and a 202's enrollment_run_id finds its run with `RunId = "…"`.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { WorkflowNotFoundError, type WorkflowExecutionDescription } from '@temporalio/client';
import { generateWebhookSecret } from '../../../domain/webhooks/secrets.ts';
import {
  ContactIdKey,
  OrganizationIdKey,
  SEARCH_ATTRIBUTES,
  SequenceTemplateIdKey,
  organizationSearchAttributes,
} from '../../../temporal/search-attributes.ts';
import { enrollmentWorkflowId } from '../../../workflows/enrollment.definitions.ts';
import { sequenceWorkflowId } from '../../../workflows/sequence.definitions.ts';
import {
  SIGNAL_WORKFLOW,
  signalWorkflowId,
  type SignalWorkflowInput,
  type SignalWorkflowOptions,
} from '../../../workflows/signal.definitions.ts';
import { taskReminderWorkflowId } from '../../../workflows/task-reminder.definitions.ts';
import type { client } from '../../helpers/http.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import { until } from '../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { startTarget, type Target } from '../../helpers/webhook-target.ts';

describe('workflow search attributes', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let counter = 0;
  const started: string[] = [];
  const targets: Target[] = [];
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => ({ stack, api, org } = await apiSuite()));

  after(async () => {
    await Promise.all(targets.map((t) => t.close()));
    for (const workflowId of started) {
      const handle = stack.temporal.workflow.getHandle(workflowId);
      try {
        if ((await handle.describe()).status.name === 'RUNNING')
          await handle.terminate('search attributes test cleanup');
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    }
  });

  /** The workflow's OrganizationId, ContactId and SequenceTemplateId (undefined when absent). */
  async function attributesOf(
    workflowId: string,
  ): Promise<{ description: WorkflowExecutionDescription; ids: (string | undefined)[] }> {
    started.push(workflowId);
    const description = await stack.temporal.workflow.getHandle(workflowId).describe();
    const attributes = description.typedSearchAttributes;
    return {
      description,
      ids: [attributes.get(OrganizationIdKey), attributes.get(ContactIdKey), attributes.get(SequenceTemplateIdKey)],
    };
  }

  async function newTemplate(): Promise<string> {
    const response = await api.post('/v1/sequence-templates', {
      key: org.apiKey,
      body: {
        name: `Attributes ${++counter}`,
        status: 'ACTIVE',
        steps: [{ type: 'EMAIL', delay_days: 3, subject: 'Hi', body: 'Hello' }],
      },
    });
    assert.equal(response.status, 201, response.text);
    return response.body.id;
  }

  async function newContact(): Promise<string> {
    const response = await api.post('/v1/contacts', {
      key: org.apiKey,
      body: { email: `attr${++counter}-${randomUUID().slice(0, 6)}@attributes-example.com`, first_name: 'Ada' },
    });
    assert.equal(response.status, 201, response.text);
    return response.body.id;
  }

  /** Visibility is eventually consistent: the list answer, polled until it has a row. */
  async function listed(query: string): Promise<{ workflowId: string; runId: string; type: string }[]> {
    let rows: { workflowId: string; runId: string; type: string }[] = [];
    await until(async () => {
      rows = [];
      for await (const execution of stack.temporal.workflow.list({ query }))
        rows.push({ workflowId: execution.workflowId, runId: execution.runId, type: execution.type });
      return rows.length > 0;
    }, 30_000);
    return rows;
  }

  it('when the service registers search attributes, then they are the four the workflows use, as Keyword', () => {
    assert.deepEqual(SEARCH_ATTRIBUTES, {
      OrganizationId: 'Keyword',
      ContactId: 'Keyword',
      SequenceTemplateId: 'Keyword',
      MailboxId: 'Keyword',
    });
  });

  it('when a contact is enrolled (POST /v1/sequences), then the enrollment and the sequence workflow carry all three, and RunId = "<enrollment_run_id>" finds the enrollment', async () => {
    const templateId = await newTemplate();
    const contactId = await newContact();
    const response = await api.post('/v1/sequences', {
      key: org.apiKey,
      body: { contact_id: contactId, sequence_template_id: templateId },
    });
    assert.ok([201, 202].includes(response.status), response.text);
    const enrollmentId = enrollmentWorkflowId(org.organizationId, contactId, templateId);
    const enrollment = await attributesOf(enrollmentId);
    assert.equal(enrollment.description.type, 'enrollmentWorkflow');
    assert.deepEqual(enrollment.ids, [org.organizationId, contactId, templateId]);

    await until(
      async () =>
        (await sql`SELECT 1 FROM sequences WHERE contact_id = ${contactId} AND status = 'ACTIVE'`.execute(db())).rows
          .length === 1,
      30_000,
    );
    const { rows } = await sql<{
      id: string;
      enrollment_run_id: string;
    }>`SELECT id, enrollment_run_id FROM sequences WHERE contact_id = ${contactId}`.execute(db());
    const sequence = await attributesOf(sequenceWorkflowId(rows[0].id));
    assert.equal(sequence.description.type, 'sequenceWorkflow');
    assert.deepEqual(sequence.ids, [org.organizationId, contactId, templateId]);

    // A 202 answers enrollment_run_id (the enrollment's first run id): the query docs/operations.md gives finds it.
    const runId = response.status === 202 ? response.body.enrollment_run_id : rows[0].enrollment_run_id;
    assert.equal(runId, enrollment.description.runId);
    const found = await listed(`RunId = "${runId}"`);
    assert.deepEqual(found, [{ workflowId: enrollmentId, runId, type: 'enrollmentWorkflow' }]);
    const byContact = await listed(
      `OrganizationId = "${org.organizationId}" AND ContactId = "${contactId}" AND WorkflowType = "sequenceWorkflow"`,
    );
    assert.deepEqual(
      byContact.map((r) => r.workflowId),
      [sequenceWorkflowId(rows[0].id)],
    );
  });

  it('when a known contact lands in a list with a default template, then the sequence its auto-enrollment starts carries all three', async () => {
    const templateId = await newTemplate();
    const contactId = await newContact();
    const list = await api.post('/v1/contact-lists', {
      key: org.apiKey,
      body: { items: [{ name: `Auto ${++counter}`, default_sequence_template_id: templateId }] },
    });
    assert.equal(list.status, 201, list.text);
    const email = (await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey })).body.email;
    const added = await api.post('/v1/contact-entries', {
      key: org.apiKey,
      body: { items: [{ contact_list_id: list.body.items[0].resource.id, email }] },
    });
    assert.equal(added.status, 200, added.text);
    const sequenceOf = async () =>
      (
        await sql<{
          id: string;
        }>`SELECT id FROM sequences WHERE contact_id = ${contactId} AND status = 'ACTIVE'`.execute(db())
      ).rows[0]?.id;
    await until(async () => (await sequenceOf()) !== undefined, 30_000);
    // The row commits with its START_SEQUENCE command; the workflow starts when the command is delivered.
    const workflowId = sequenceWorkflowId((await sequenceOf())!);
    await until(
      () =>
        stack.temporal.workflow
          .getHandle(workflowId)
          .describe()
          .then(
            () => true,
            () => false,
          ),
      30_000,
    );
    const sequence = await attributesOf(workflowId);
    assert.deepEqual(sequence.ids, [org.organizationId, contactId, templateId]);
  });

  it('when an unknown person is added to a list, then its lead-import workflow carries OrganizationId', async () => {
    const list = await api.post('/v1/contact-lists', {
      key: org.apiKey,
      body: { items: [{ name: `Import ${++counter}` }] },
    });
    const added = await api.post('/v1/contact-entries', {
      key: org.apiKey,
      body: {
        items: [
          {
            contact_list_id: list.body.items[0].resource.id,
            email: `new${++counter}-${randomUUID().slice(0, 6)}@attributes-example.com`,
          },
        ],
      },
    });
    assert.equal(added.status, 200, added.text);
    const [run] = await listed(`OrganizationId = "${org.organizationId}" AND WorkflowType = "leadImportWorkflow"`);
    assert.match(run.workflowId, new RegExp(`^lead-import/${org.organizationId}/`));
    assert.deepEqual((await attributesOf(run.workflowId)).ids, [org.organizationId, undefined, undefined]);
  });

  it('when a task of a contact is snoozed, then its reminder workflow carries OrganizationId and ContactId', async () => {
    const contactId = await newContact();
    const task = await api.post('/v1/tasks', {
      key: org.apiKey,
      body: { title: 'Call back', due_date: '2026-12-01', contact_id: contactId },
    });
    assert.equal(task.status, 200, task.text);
    const snoozed = await api.post(`/v1/tasks/${task.body.id}/snooze`, {
      key: org.apiKey,
      body: { snoozed_until: new Date(Date.now() + 86_400_000).toISOString() },
    });
    assert.equal(snoozed.status, 200, snoozed.text);
    const reminder = await attributesOf(taskReminderWorkflowId(task.body.id));
    assert.equal(reminder.description.type, 'taskReminderWorkflow');
    assert.deepEqual(reminder.ids, [org.organizationId, contactId, undefined], 'a to-do has no template');
  });

  it('when a signal is created, then its workflow carries OrganizationId, also after it continues as new', async () => {
    const created = await api.post('/v1/signals', {
      key: org.apiKey,
      body: { signal_type: 'NEW_JOB', name: `Attr ${++counter}`, search_filters: { seniority_or: ['VP'] } },
    });
    assert.equal(created.status, 201, created.text);
    const signal = await attributesOf(signalWorkflowId(created.body.id));
    assert.equal(signal.description.type, 'signalWorkflow');
    assert.deepEqual(signal.ids, [org.organizationId, undefined, undefined]);

    // The same workflow made to continue as new after one check of a one-second "day": the new run keeps them.
    const handle = stack.temporal.workflow.getHandle(signalWorkflowId(created.body.id));
    await handle.terminate('restarted with a short day');
    const input: SignalWorkflowInput & SignalWorkflowOptions = {
      signalId: created.body.id,
      organizationId: org.organizationId,
      dayMs: 1_000,
      checksPerExecution: 1,
    };
    const restarted = await stack.temporal.workflow.start(SIGNAL_WORKFLOW, {
      taskQueue: stack.taskQueue,
      workflowId: signalWorkflowId(created.body.id),
      args: [input],
      typedSearchAttributes: organizationSearchAttributes({ organizationId: org.organizationId }),
    });
    await until(async () => (await handle.describe()).runId !== restarted.firstExecutionRunId, 60_000);
    assert.deepEqual((await attributesOf(signalWorkflowId(created.body.id))).ids, [
      org.organizationId,
      undefined,
      undefined,
    ]);
  });

  it('when a webhook delivery about a contact fails its first attempt, then its retry workflow carries OrganizationId and ContactId', async () => {
    const secret = generateWebhookSecret();
    const target = await startTarget(secret, () => ({ status: 503 }));
    targets.push(target);
    const subscription = await api.post('/v1/webhooks', {
      key: org.apiKey,
      body: { name: `Down ${++counter}`, url: target.url, event_types: ['contact_exclusion.created'] },
    });
    assert.equal(subscription.status, 201, subscription.text);
    const contactId = await newContact();
    const email = (await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey })).body.email;
    const exclusion = await api.post('/v1/contact-exclusions', { key: org.apiKey, body: { email, reason: 'OTHER' } });
    assert.equal(exclusion.status, 201, exclusion.text);
    const retryId = async () =>
      (
        await sql<{ retry_workflow_id: string | null }>`
      SELECT d.retry_workflow_id FROM webhook_deliveries d JOIN activities a ON a.id = d.activity_id
       WHERE d.subscription_id = ${subscription.body.id} AND a.payload ->> 'exclusion_id' = ${exclusion.body.id}`.execute(
          db(),
        )
      ).rows[0]?.retry_workflow_id;
    await until(async () => !!(await retryId()), 30_000);
    const retry = await attributesOf((await retryId())!);
    assert.equal(retry.description.type, 'webhookRetryWorkflow');
    assert.deepEqual(retry.ids, [org.organizationId, contactId, undefined], 'a resource event has no template');
  });
});
