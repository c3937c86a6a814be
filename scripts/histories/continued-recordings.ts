// The recordings of the long-running workflows up to their continue-as-new (scripts/record-histories.ts):
// a mailbox's inbox sync, the webhook dispatcher, the drain of workflow commands, the audit log's retention, event resolution
// (with playbooks) and a custom-event signal paused and resumed. A chain that keeps going after the
// recorded run is ended once its first history is saved.
import { randomUUID } from 'node:crypto';
import { createPlaybook } from '../../domain/playbooks/playbook-crud.ts';
import { FIXTURES } from '../../providers/directory/generate.ts';
import { newOrg } from '../../test/helpers/fixtures.ts';
import { getGreenMail } from '../../test/helpers/greenmail.ts';
import { insertEvents } from '../../test/helpers/ingested-events.ts';
import { deliverRaw, insertMailbox, mailUser } from '../../test/helpers/mailboxes.ts';
import { insertContact, insertTemplate, until } from '../../test/helpers/sequence-fixtures.ts';
import { insertSignal, setSignalStatus } from '../../test/helpers/signal-fixtures.ts';
import {
  EVENT_RESOLUTION_WORKFLOW,
  drainNowSignal,
  eventResolutionWorkflowId,
  resolutionStatusQuery,
  type EventResolutionInput,
} from '../../workflows/event-resolution.definitions.ts';
import {
  MAILBOX_SYNC_WORKFLOW,
  mailboxSyncWorkflowId,
  type MailboxSyncInput,
} from '../../workflows/mailbox-sync.definitions.ts';
import {
  SIGNAL_WORKFLOW,
  signalChangedUpdate,
  signalStateQuery,
  signalWorkflowId,
  type SignalWorkflowInput,
  type SignalWorkflowOptions,
} from '../../workflows/signal.definitions.ts';
import {
  WEBHOOK_DISPATCHER_WORKFLOW,
  webhookDispatcherWorkflowId,
  type DispatcherInput,
} from '../../workflows/webhook-dispatcher.definitions.ts';
import {
  WORKFLOW_COMMANDS_WORKFLOW,
  workflowCommandsWorkflowId,
  type WorkflowCommandsInput,
} from '../../workflows/workflow-commands.definitions.ts';
import {
  AUDIT_RETENTION_WORKFLOW,
  auditRetentionWorkflowId,
  type AuditRetentionInput,
} from '../../workflows/audit-retention.definitions.ts';
import { DAY, type RecordingSession } from './session.ts';

export function continuedRecordings({ stack, env, org, taskQueue, db, save, shortId }: RecordingSession) {
  return {
    'mailbox-sync-continued': async () => {
      // A mailbox on GreenMail: two short activity runs (a message recorded in between), then continue-as-new.
      const greenmail = await getGreenMail();
      const mailbox = await mailUser(greenmail, 'replay', 'sender.test');
      const mailboxId = await insertMailbox(stack, greenmail, {
        organizationId: org.organizationId,
        userId: org.userId,
        email: mailbox,
      });
      const input: MailboxSyncInput = {
        mailboxId,
        organizationId: org.organizationId,
        runMs: 3000,
        runsPerExecution: 2,
      };
      const started = await env.client.workflow.start(MAILBOX_SYNC_WORKFLOW, {
        taskQueue,
        workflowId: mailboxSyncWorkflowId(mailboxId),
        args: [input],
      });
      const handle = env.client.workflow.getHandle(started.workflowId, started.firstExecutionRunId);
      await until(
        async () =>
          (await db().selectFrom('mailboxes').select('uid_validity').where('id', '=', mailboxId).executeTakeFirst())
            ?.uid_validity != null,
      );
      await deliverRaw(
        greenmail,
        mailbox,
        mailbox,
        `From: ${mailbox}\r\nTo: ${mailbox}\r\nSubject: A note to self\r\nMessage-ID: <replay-${randomUUID()}@sender.test>\r\n\r\nHello.\r\n`,
      );
      await until(async () => (await handle.describe()).status.name === 'CONTINUED_AS_NEW', 30_000);
      await started.cancel();
      await save('mailbox-sync-continued', handle);
    },
    'webhook-dispatcher-continued': async () => {
      // Two short dispatch runs, then continue-as-new: the first run's history (the chain is terminated after).
      const input: DispatcherInput = { pollMs: 50, maxRunMs: 300, runsPerExecution: 2 };
      const started = await env.client.workflow.start(WEBHOOK_DISPATCHER_WORKFLOW, {
        taskQueue,
        workflowId: webhookDispatcherWorkflowId(`replay-${randomUUID()}`),
        args: [input],
      });
      const handle = env.client.workflow.getHandle(started.workflowId, started.firstExecutionRunId);
      await until(async () => (await handle.describe()).status.name === 'CONTINUED_AS_NEW');
      await started.terminate('replay history recorded');
      await save('webhook-dispatcher-continued', handle);
    },
    'audit-retention-continued': async () => {
      // Two daily purges of the audit log (nothing past its retention), then continue-as-new.
      const input: AuditRetentionInput = { retentionDays: 400, purgesPerExecution: 2 };
      const started = await env.client.workflow.start(AUDIT_RETENTION_WORKFLOW, {
        taskQueue,
        workflowId: auditRetentionWorkflowId(`replay-${randomUUID()}`),
        args: [input],
      });
      const handle = env.client.workflow.getHandle(started.workflowId, started.firstExecutionRunId);
      await env.sleep(2 * DAY + 60_000);
      await until(async () => (await handle.describe()).status.name === 'CONTINUED_AS_NEW');
      await started.terminate('replay history recorded');
      await save('audit-retention-continued', handle);
    },
    'workflow-commands-continued': async () => {
      // Two drain passes over an empty outbox, then continue-as-new: the first run's history (the chain is terminated after).
      const input: WorkflowCommandsInput = { pollMs: 50, passesPerExecution: 2 };
      const started = await env.client.workflow.start(WORKFLOW_COMMANDS_WORKFLOW, {
        taskQueue,
        workflowId: workflowCommandsWorkflowId(`replay-${randomUUID()}`),
        args: [input],
      });
      const handle = env.client.workflow.getHandle(started.workflowId, started.firstExecutionRunId);
      await until(async () => (await handle.describe()).status.name === 'CONTINUED_AS_NEW');
      await started.terminate('replay history recorded');
      await save('workflow-commands-continued', handle);
    },
    'event-resolution-continued': async () => {
      // One organization's backlog of 5 in batches of 2 (2, 2, 1) with an enrolling playbook (its run
      // carried out by the follow-up activity), a drainNow signal, then continue-as-new after 6 activity calls.
      const organization = await newOrg(stack, 'Replay event resolution');
      const templateId = await insertTemplate(
        stack,
        organization.organizationId,
        [{ type: 'EMAIL', delay_days: 1, subject: 'Hi', body: 'Hello' }],
        { senderUserId: organization.userId },
      );
      await createPlaybook(stack.orm.em.fork(), organization.organizationId, organization.userId, {
        name: 'Replay',
        event_name: 'replay.event',
        action: { type: 'CREATE_TASK', title: 'Replay to-do' },
      });
      await createPlaybook(stack.orm.em.fork(), organization.organizationId, organization.userId, {
        name: 'Replay enroll',
        event_name: 'replay.event',
        action: { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: templateId },
        requires_approval: true,
      });
      const known = await insertContact(stack, organization.organizationId, {
        email: `replay-${shortId()}@example.com`,
      });
      const { email } = await db()
        .selectFrom('contacts')
        .select((eb) => eb.ref('email').$notNull().as('email'))
        .where('id', '=', known)
        .executeTakeFirstOrThrow();
      await insertEvents(stack, organization.organizationId, [
        { eventName: 'replay.event', subject: { email } },
        { subject: { email: FIXTURES.ada.email! } },
        { subject: { company_domain: 'acme.test' } },
        { subject: { external_contact_id: 'crm-contact-grace' } },
        { subject: { email: 'nobody@nowhere-at-all.test' } },
      ]);
      const input: EventResolutionInput = {
        intervalMs: 60_000,
        batchSize: 2,
        organizationIds: [organization.organizationId],
        activitiesPerExecution: 6,
      };
      const started = await env.client.workflow.start(EVENT_RESOLUTION_WORKFLOW, {
        taskQueue,
        workflowId: eventResolutionWorkflowId(`replay-${randomUUID()}`),
        args: [input],
      });
      const handle = env.client.workflow.getHandle(started.workflowId, started.firstExecutionRunId);
      await until(async () => (await handle.query(resolutionStatusQuery)).phase === 'sleeping');
      await handle.signal(drainNowSignal);
      await env.sleep(60_000);
      await until(async () => (await handle.describe()).status.name === 'CONTINUED_AS_NEW');
      await started.terminate('replay history recorded');
      await save('event-resolution-continued', handle);
    },
    'signal-custom-event-paused-resumed': async () => {
      // A custom-event signal over three stored events: the first poll within the hour of creation,
      // a PAUSE and a RESUME Update (the resume polls at once), then continue-as-new after two checks.
      const organization = await newOrg(stack, 'Replay signal');
      const eventName = `replay.signal.${shortId()}`;
      const ids = await insertEvents(stack, organization.organizationId, [
        { eventName, subject: { email: 'ada@replay-signal.test' } },
        { eventName, subject: { company_domain: 'acme.test' } },
        { eventName, subject: { email: 'bob@replay-signal.test' } },
      ]);
      await db()
        .updateTable('ingested_events')
        .set((eb) => ({ resolution_status: 'UNRESOLVED', resolved_at: eb.fn<Date>('now') }))
        .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
        .execute();
      const { id } = await insertSignal(stack, organization.organizationId, { eventName, eventSubject: 'PEOPLE' });
      const input: SignalWorkflowInput & SignalWorkflowOptions = {
        signalId: id,
        organizationId: organization.organizationId,
        checksPerExecution: 2,
      };
      const started = await env.client.workflow.start(SIGNAL_WORKFLOW, {
        taskQueue,
        workflowId: signalWorkflowId(id),
        args: [input],
      });
      const handle = env.client.workflow.getHandle(started.workflowId, started.firstExecutionRunId);
      await env.sleep(60 * 60_000);
      await until(async () => (await handle.query(signalStateQuery)).checks === 1);
      await setSignalStatus(stack, id, 'PAUSED');
      await handle.executeUpdate(signalChangedUpdate, { args: [{ change: 'PAUSE' }] });
      await setSignalStatus(stack, id, 'ACTIVE');
      await handle.executeUpdate(signalChangedUpdate, { args: [{ change: 'RESUME' }] });
      await until(async () => (await handle.describe()).status.name === 'CONTINUED_AS_NEW');
      await started.terminate('replay history recorded');
      await save('signal-custom-event-paused-resumed', handle);
    },
  };
}
