// Records the histories the replay test (test/workflows/replay.test.ts) replays: each workflow of
// the service runs through representative paths on the time-skipping server with the real
// activities (the test stack's database, sandbox mail and LinkedIn, a local webhook receiver), and
// each history is written as JSON to test/workflows/histories/<name>.json.
//
//   PATH=$PWD/node_modules/.bin:$PATH node scripts/record-histories.ts [--out DIR] [name ...]
//
// With no name, every history is recorded; --out writes them to DIR instead (to compare with the
// committed ones, or to try the script without touching them).
//
// Re-record after every change to workflow code: before the first production deploy there is no
// running workflow to keep compatible with. From then on, see docs/testing.md.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { pino } from 'pino';
import { createActivities, createMailboxSyncWorkerActivities } from '../activities/index.ts';
import { recordReply } from '../domain/engagement/engagement.service.ts';
import { snoozeTask } from '../domain/tasks/snooze.ts';
import { updateTemplate } from '../domain/sequences/templates.service.ts';
import { pauseRun, resumeRun, stopRun } from '../domain/sequences/controls.service.ts';
import { DomainError } from '../domain/shared/errors.ts';
import { generateWebhookSecret } from '../domain/webhooks/secrets.ts';
import { FIXTURES } from '../providers/directory/generate.ts';
import { defaultWorkflowsPath } from '../worker.ts';
import type { EnrollmentResult } from '../domain/sequences/enrollment/enrollment.types.ts';
import {
  ENROLLMENT_WORKFLOW,
  enrollmentWorkflowId,
  type EnrollmentInput,
} from '../workflows/enrollment.definitions.ts';
import {
  LEAD_IMPORT_WORKFLOW,
  leadImportWorkflowId,
  type LeadImportInput,
  type LeadImportResult,
} from '../workflows/lead-import.definitions.ts';
import {
  SEQUENCE_WORKFLOW,
  sequenceStatusQuery,
  sequenceWorkflowId,
  type SequenceInput,
} from '../workflows/sequence.definitions.ts';
import type { TaskReminderResult } from '../domain/tasks/reminder.types.ts';
import { TASK_REMINDER_WORKFLOW, taskReminderWorkflowId } from '../workflows/task-reminder.definitions.ts';
import {
  WEBHOOK_DISPATCHER_WORKFLOW,
  webhookDispatcherWorkflowId,
  type DispatcherInput,
} from '../workflows/webhook-dispatcher.definitions.ts';
import {
  WORKFLOW_COMMANDS_WORKFLOW,
  workflowCommandsWorkflowId,
  type WorkflowCommandsInput,
} from '../workflows/workflow-commands.definitions.ts';
import {
  EVENT_RESOLUTION_WORKFLOW,
  drainNowSignal,
  eventResolutionWorkflowId,
  resolutionStatusQuery,
  type EventResolutionInput,
} from '../workflows/event-resolution.definitions.ts';
import { createPlaybook } from '../domain/playbooks/playbook-crud.ts';
import { insertEvents } from '../test/helpers/ingested-events.ts';
import {
  WEBHOOK_RETRY_WORKFLOW,
  webhookRetryWorkflowId,
  type RetryInput,
} from '../workflows/webhook-retry.definitions.ts';
import { createTimeSkippingEnv } from '../test/helpers/time-skipping.ts';
import { insertSignal, setSignalStatus } from '../test/helpers/signal-fixtures.ts';
import {
  SIGNAL_WORKFLOW,
  signalChangedUpdate,
  signalStateQuery,
  signalWorkflowId,
  type SignalWorkflowInput,
  type SignalWorkflowOptions,
} from '../workflows/signal.definitions.ts';
import { getStack, stopStack } from '../test/helpers/stack.ts';
import { getGreenMail, stopGreenMail } from '../test/helpers/greenmail.ts';
import { deliverRaw, insertMailbox, mailUser } from '../test/helpers/mailboxes.ts';
import {
  MAILBOX_SYNC_WORKFLOW,
  mailboxSyncWorkflowId,
  type MailboxSyncInput,
} from '../workflows/mailbox-sync.definitions.ts';
import { newOrg } from '../test/helpers/fixtures.ts';
import {
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
  type StepSpec,
} from '../test/helpers/sequence-fixtures.ts';
import {
  createTestSubscription,
  deliveriesOf,
  emitExclusionEvent,
  startTarget,
  type Target,
} from '../test/helpers/webhook-target.ts';
import { projectRoot } from './tools.ts';
import { createWorkflowClients } from '../workflows/clients.ts';
import { typedKysely } from '../db/kysely.ts';

const committedDir = join(projectRoot, 'test', 'workflows', 'histories');
const args = process.argv.slice(2);
const outFlag = args.indexOf('--out');
const historiesDir = outFlag >= 0 ? args[outFlag + 1] : committedDir;
const wanted = args.filter((arg, i) => !arg.startsWith('--') && (outFlag < 0 || i !== outFlag + 1));
if (args.includes('--help') || !historiesDir) {
  const names = readdirSync(committedDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
  console.log(
    `usage: node scripts/record-histories.ts [--out DIR] [name ...]\nnames (the committed histories): ${names.join(', ')}`,
  );
  process.exit(historiesDir ? 0 : 2);
}
const DAY = 24 * 60 * 60 * 1000;

const stack = await getStack(); // first: it installs the SDK runtime, which the time-skipping helper tolerates
// With the service's search attributes: domain code starts some workflows with them (a task's reminder).
const env = await createTimeSkippingEnv({ searchAttributes: true });
const org = await newOrg(stack, 'Replay histories');
// The inbox sync's activities too (their own worker in production): the recorded mailbox sync runs them on this queue.
const activityDeps = { orm: stack.orm, logger: pino({ level: 'silent' }), config: stack.config, temporal: env.client };
const activities = { ...createActivities(activityDeps), ...createMailboxSyncWorkerActivities(activityDeps) };
// The stack's task queue: enrollment starts its sequence workflow there (on this test server).
const taskQueue = stack.config.temporalTaskQueue;
const workflows = createWorkflowClients(env.client, taskQueue);
const worker = await Worker.create({
  connection: env.nativeConnection,
  taskQueue,
  workflowsPath: defaultWorkflowsPath,
  activities,
});
const targets: Target[] = [];

async function save(name: string, handle: WorkflowHandle): Promise<void> {
  // The message's own JSON form (camelCase fields, enum names, base64 payloads), which
  // `historyFromJSON` and `Worker.runReplayHistory` read back. (`historyToJSON` of
  // @temporalio/common fails here: its nested protobufjs copy does not know the client's types.)
  const text = `${JSON.stringify(await handle.fetchHistory())}\n`;
  writeFileSync(join(historiesDir, `${name}.json`), text);
  console.log(`${name}.json: ${(text.length / 1024).toFixed(1)} KB`);
}

async function sequence(
  steps: StepSpec[],
  contact: { linkedinUrl?: string } = {},
): Promise<{ sequenceId: string; handle: WorkflowHandle }> {
  const contactId = await insertContact(stack, org.organizationId, {
    email: `replay-${randomUUID().slice(0, 8)}@example.com`,
    firstName: 'Ada',
    companyName: 'Acme',
    ...contact,
  });
  const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
  const sequenceId = await insertSequence(stack, org.organizationId, {
    contactId,
    templateId,
    senderUserId: org.userId,
  });
  const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
  const handle = await env.client.workflow.start(SEQUENCE_WORKFLOW, {
    taskQueue,
    workflowId: sequenceWorkflowId(sequenceId),
    args: [input],
  });
  return { sequenceId, handle };
}

const firstSent = (sequenceId: string) => until(async () => (await messagesOf(stack, sequenceId)).length >= 1);
const db = () => typedKysely(stack.orm.em.fork());
const waitingFor = (handle: WorkflowHandle, kind: string) =>
  until(async () => (await handle.query(sequenceStatusQuery)).waitingFor === kind);
async function expectStatus(sequenceId: string, status: string): Promise<void> {
  const row = await sequenceRow(stack, sequenceId);
  if (row.status !== status) throw new Error(`unexpected sequence row ${row.status}/${row.stopped_reason}`);
}
const twoEmails: StepSpec[] = [
  { type: 'EMAIL', delay_days: 0, subject: 'One', body: 'one {{first_name}}' },
  { type: 'EMAIL', delay_days: 1, subject: 'Two', body: 'two' },
];

/** The enrollment workflow of a contact whose email was never verified: the sandbox verification, then the enrollment. */
async function recordEnrollment(name: string): Promise<void> {
  const contactId = await insertContact(stack, org.organizationId, {
    email: `enroll-${randomUUID().slice(0, 8)}@example.com`,
    firstName: 'Ada',
  });
  const templateId = await insertTemplate(stack, org.organizationId, twoEmails, { senderUserId: org.userId });
  const input: EnrollmentInput = {
    organizationId: org.organizationId,
    contactId,
    sequenceTemplateId: templateId,
    verifyTimeoutMs: 30_000,
  };
  const handle = await env.client.workflow.start(ENROLLMENT_WORKFLOW, {
    taskQueue,
    workflowId: enrollmentWorkflowId(org.organizationId, contactId, templateId),
    args: [input],
  });
  const result = (await handle.result()) as EnrollmentResult;
  if (result.outcome !== 'CREATED') throw new Error(`unexpected enrollment result ${JSON.stringify(result)}`);
  await save(name, handle);
}

/** What the API hands the sequence controls: an EntityManager and the workflow clients (`clients`: ones that fail to tell the run). */
const controlDeps = (clients = workflows) => ({ em: stack.orm.em.fork(), workflows: clients });

const recordings: Record<string, () => Promise<void>> = {
  'mailbox-sync-continued': async () => {
    // A mailbox on GreenMail: two short activity runs (a message recorded in between), then continue-as-new.
    const greenmail = await getGreenMail();
    const mailbox = await mailUser(greenmail, 'replay', 'sender.test');
    const mailboxId = await insertMailbox(stack, greenmail, {
      organizationId: org.organizationId,
      userId: org.userId,
      email: mailbox,
    });
    const input: MailboxSyncInput = { mailboxId, organizationId: org.organizationId, runMs: 3000, runsPerExecution: 2 };
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
  'sequence-completed': async () => {
    const { handle } = await sequence(
      [
        {
          type: 'EMAIL',
          delay_days: 0,
          subject: 'Hi {{first_name}}',
          body: 'Hello {{first_name}} at {{company_name}}.',
        },
        { type: 'LINKEDIN_INVITATION', delay_days: 1, body: 'Connect, {{first_name}}?' },
        { type: 'EMAIL', delay_days: 2, subject: 'Again', body: 'Following up, {{first_name}}.' },
      ],
      { linkedinUrl: `https://www.linkedin.com/in/ada-${randomUUID().slice(0, 8)}` },
    );
    await handle.result();
    await save('sequence-completed', handle);
  },
  // The API's pause and resume (the row changed, then the pauseState Update): a pause and its resume,
  // a pause until a time, and a second pause with a later time that does not reach the run (its step
  // finds the row paused; the first pause's end leaves it paused and the later one resumes it).
  'sequence-pause-state': async () => {
    const { sequenceId, handle } = await sequence(twoEmails);
    await firstSent(sequenceId);
    await pauseRun(controlDeps(), org.organizationId, sequenceId, {});
    await resumeRun(controlDeps(), org.organizationId, sequenceId);
    const now = await env.currentTimeMs();
    await pauseRun(controlDeps(), org.organizationId, sequenceId, {
      paused_until: new Date(now + 2 * DAY).toISOString(),
    });
    const untold = {
      ...workflows,
      sequence: {
        ...workflows.sequence,
        pauseState: async () => {
          throw DomainError.unavailable('not told, for the recording');
        },
      },
    };
    await pauseRun(controlDeps(untold), org.organizationId, sequenceId, {
      paused_until: new Date(now + 4 * DAY).toISOString(),
    });
    await handle.result();
    await save('sequence-pause-state', handle);
  },
  // The API's stop (the row ended, then the runChanged Signal: the run re-reads its row and ends).
  'sequence-stopped-win': async () => {
    const { sequenceId, handle } = await sequence([
      { type: 'EMAIL', delay_days: 0, subject: 'One', body: 'one' },
      { type: 'EMAIL', delay_days: 3, subject: 'Two', body: 'two' },
    ]);
    await firstSent(sequenceId);
    await stopRun(controlDeps(), org.organizationId, sequenceId, { reason: 'WIN', scope: 'CONTACT' });
    await handle.result();
    await expectStatus(sequenceId, 'SUCCEEDED');
    await save('sequence-stopped-win', handle);
  },
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
  // An UNVERIFIED email: the sandbox verification (an activity), then the enrollment (a local activity) and the run's start.
  'enrollment-created': () => recordEnrollment('enrollment-created'),
  'sequence-replied-halted': async () => {
    // Step 1 sent; a reply classified OTHER halts the run (runChanged) until a person stops it WIN.
    const { sequenceId, handle } = await sequence(twoEmails);
    await firstSent(sequenceId);
    const [first] = await messagesOf(stack, sequenceId);
    const reply = await recordReply({ em: stack.orm.em.fork(), workflows }, org.organizationId, first.id, {
      body: 'Who are you?',
    });
    if (reply.reply_category !== 'OTHER' || reply.sequence?.status !== 'WAITING_FOR_USER')
      throw new Error(`unexpected reply ${reply.reply_category}/${reply.sequence?.status}`);
    await waitingFor(handle, 'PERSON');
    await env.sleep(3 * DAY); // past step 2's delay: it does not run while halted
    await stopRun(controlDeps(), org.organizationId, sequenceId, { reason: 'WIN', scope: 'CONTACT' });
    await handle.result();
    if ((await messagesOf(stack, sequenceId)).filter((m) => m.direction === 'OUTBOUND').length !== 1)
      throw new Error('step 2 ran while halted');
    await expectStatus(sequenceId, 'SUCCEEDED');
    await save('sequence-replied-halted', handle);
  },
  'sequence-template-held': async () => {
    // Step 1 sent; the template goes INACTIVE (runChanged), step 2 comes due and is HELD, ACTIVE again lets it run.
    const { sequenceId, handle } = await sequence(twoEmails);
    await firstSent(sequenceId);
    const [first] = await messagesOf(stack, sequenceId);
    const { sequence_template_id: templateId } = await db()
      .selectFrom('sequences')
      .select('sequence_template_id')
      .where('id', '=', sequenceId)
      .executeTakeFirstOrThrow();
    await updateTemplate(stack.orm.em.fork(), org.organizationId, templateId, { status: 'INACTIVE' }, workflows);
    await env.sleep(2 * DAY);
    await waitingFor(handle, 'TEMPLATE');
    if ((await messagesOf(stack, sequenceId)).length !== 1)
      throw new Error(`step 2 ran on an INACTIVE template (first ${first.id})`);
    await updateTemplate(stack.orm.em.fork(), org.organizationId, templateId, { status: 'ACTIVE' }, workflows);
    await handle.result();
    await expectStatus(sequenceId, 'COMPLETED');
    await save('sequence-template-held', handle);
  },
  'task-reminder-reopened': async () => {
    // An IN_PROGRESS CALL task of a running sequence, snoozed three days: the timer fires and reopens it.
    const contactId = await insertContact(stack, org.organizationId, {
      email: `task-${randomUUID().slice(0, 8)}@example.com`,
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
      email: `replay-${randomUUID().slice(0, 8)}@example.com`,
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
    const eventName = `replay.signal.${randomUUID().slice(0, 8)}`;
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

const unknown = wanted.filter((n) => !(n in recordings));
if (unknown.length) {
  console.error(`unknown: ${unknown.join(', ')}; known: ${Object.keys(recordings).join(', ')}`);
  process.exit(2);
}
mkdirSync(historiesDir, { recursive: true });
let failed = false;
try {
  await worker.runUntil(async () => {
    for (const [name, record] of Object.entries(recordings)) {
      if (wanted.length && !wanted.includes(name)) continue;
      await record();
    }
  });
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await Promise.all(targets.map((t) => t.close()));
  await env.teardown();
  await stopGreenMail();
  await stopStack();
}
process.exit(failed ? 1 : 0);
