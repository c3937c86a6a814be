// The recordings of the one-off workflows a use case starts for one item (scripts/record-histories.ts):
// a webhook delivery's retry, an open task's snooze reminder, and the lead import of a list's new
// entry (profile completed, entry resolved, enrolled).
import { randomUUID } from 'node:crypto';
import type { TaskReminderResult } from '../../domain/tasks/reminder.types.ts';
import { snoozeTask } from '../../domain/tasks/snooze.ts';
import { generateWebhookSecret } from '../../domain/webhooks/secrets.ts';
import { FIXTURES } from '../../providers/directory/generate.ts';
import { newOrg } from '../../test/helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from '../../test/helpers/sequence-fixtures.ts';
import {
  createTestSubscription,
  deliveriesOf,
  emitExclusionEvent,
  startTarget,
} from '../../test/helpers/webhook-target.ts';
import {
  LEAD_IMPORT_WORKFLOW,
  leadImportWorkflowId,
  type LeadImportInput,
  type LeadImportResult,
} from '../../workflows/lead-import.definitions.ts';
import { TASK_REMINDER_WORKFLOW, taskReminderWorkflowId } from '../../workflows/task-reminder.definitions.ts';
import {
  WEBHOOK_RETRY_WORKFLOW,
  webhookRetryWorkflowId,
  type RetryInput,
} from '../../workflows/webhook-retry.definitions.ts';
import { DAY, type RecordingSession } from './session.ts';

export function oneOffRecordings({
  stack,
  env,
  org,
  taskQueue,
  workflows,
  targets,
  db,
  save,
  shortId,
}: RecordingSession) {
  return {
    'webhook-retry-delivered': async () => {
      // The dispatcher's attempt 1 failed; the retry workflow's attempt 2 gets a 500, attempt 3 a 200.
      const organizationId = (await newOrg(stack, 'Replay webhooks')).organizationId;
      const secret = generateWebhookSecret();
      const target = await startTarget(secret, (n) => ({ status: n < 1 ? 500 : 200 }));
      targets.push(target);
      await createTestSubscription(stack, organizationId, target.url, {
        secret,
        lastSuccessAt: null,
        createdAt: new Date(await env.currentTimeMs()),
      });
      const { activityId } = await emitExclusionEvent(stack, organizationId, { heldBack: true });
      const [delivery] = await deliveriesOf(stack, activityId);
      const input: RetryInput = { deliveryId: delivery.id, organizationId, failedAttempt: 1, delayMs: 5000 };
      const handle = await env.client.workflow.start(WEBHOOK_RETRY_WORKFLOW, {
        taskQueue,
        workflowId: webhookRetryWorkflowId(delivery.id),
        args: [input],
      });
      const result = await handle.result();
      if (result.outcome !== 'DELIVERED' || result.attempts !== 3)
        throw new Error(`unexpected retry result ${JSON.stringify(result)}`);
      await save('webhook-retry-delivered', handle);
    },
    'task-reminder-reopened': async () => {
      // An IN_PROGRESS CALL task of a running sequence, snoozed three days: the timer fires and reopens it.
      const contactId = await insertContact(stack, org.organizationId, {
        email: `task-${shortId()}@example.com`,
      });
      const templateId = await insertTemplate(
        stack,
        org.organizationId,
        [{ type: 'CALL', delay_days: 0, body: 'Call' }],
        { senderUserId: org.userId },
      );
      const sequenceId = await insertSequence(stack, org.organizationId, {
        contactId,
        templateId,
        senderUserId: org.userId,
      });
      const taskId = randomUUID();
      await db()
        .insertInto('tasks')
        .values((eb) => ({
          id: taskId,
          organization_id: org.organizationId,
          type: 'CALL',
          priority: 'TODAY',
          status: 'IN_PROGRESS',
          sequence_id: sequenceId,
          contact_id: contactId,
          title: 'Call',
          started_at: eb.fn<Date>('now'),
          created_at: eb.fn<Date>('now'),
          updated_at: eb.fn<Date>('now'),
        }))
        .execute();
      const now = new Date(await env.currentTimeMs());
      await snoozeTask(
        { em: stack.orm.em.fork(), workflows },
        org.organizationId,
        taskId,
        new Date(now.getTime() + 3 * DAY).toISOString(),
        now,
      );
      const handle = env.client.workflow.getHandle(taskReminderWorkflowId(taskId));
      const result = (await handle.result()) as TaskReminderResult;
      if (result.outcome !== 'REOPENED') throw new Error(`unexpected reminder result ${JSON.stringify(result)}`);
      if ((await handle.describe()).type !== TASK_REMINDER_WORKFLOW) throw new Error('not a task reminder');
      await save('task-reminder-reopened', handle);
    },
    'lead-import-resolved': async () => {
      // A new person known to the directory by LinkedIn URL, in a list with a default template: the
      // profile is completed, the entry resolves, and it is enrolled.
      const organization = await newOrg(stack, 'Replay lead import');
      const templateId = await insertTemplate(
        stack,
        organization.organizationId,
        [{ type: 'EMAIL', delay_days: 1, subject: 'Hi', body: 'Hello' }],
        { senderUserId: organization.userId },
      );
      const listId = randomUUID();
      await db()
        .insertInto('contact_lists')
        .values((eb) => ({
          id: listId,
          organization_id: organization.organizationId,
          name: 'Import list',
          default_sequence_template_id: templateId,
          created_at: eb.fn<Date>('now'),
          updated_at: eb.fn<Date>('now'),
        }))
        .execute();
      const contactId = await insertContact(stack, organization.organizationId, {
        email: null,
        linkedinUrl: FIXTURES.grace.linkedinUrl,
      });
      const entryId = randomUUID();
      await db()
        .insertInto('contact_entries')
        .values((eb) => ({
          id: entryId,
          organization_id: organization.organizationId,
          contact_list_id: listId,
          contact_id: contactId,
          email: null,
          linkedin_url: FIXTURES.grace.linkedinUrl,
          external_contact_id: 'crm-7',
          enrichment_status: 'PENDING',
          created_at: eb.fn<Date>('now'),
          updated_at: eb.fn<Date>('now'),
        }))
        .execute();
      const input: LeadImportInput = {
        organizationId: organization.organizationId,
        importEntryIds: [entryId],
        enrollEntryIds: [],
        enrollTimeoutMs: 60_000,
      };
      const handle = await env.client.workflow.start(LEAD_IMPORT_WORKFLOW, {
        taskQueue,
        workflowId: leadImportWorkflowId(organization.organizationId, randomUUID()),
        args: [input],
      });
      const result = (await handle.result()) as LeadImportResult;
      if (JSON.stringify(result) !== JSON.stringify({ resolved: 1, failed: 0, created: 1, refused: 0, skipped: 0 }))
        throw new Error(`unexpected import result ${JSON.stringify(result)}`);
      await save('lead-import-resolved', handle);
    },
  };
}
