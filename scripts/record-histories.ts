// Records the histories the replay test (test/workflows/replay.test.ts) replays: each workflow of
// the service runs through representative paths on the time-skipping server with the real
// activities (the test stack's database, sandbox mail and LinkedIn, a local webhook receiver), and
// each history is written as JSON to test/workflows/histories/<name>.json.
//
//   PATH=$PWD/node_modules/.bin:$PATH node scripts/record-histories.ts [name ...]
//
// Re-record only after an intentional change to workflow code that no running workflow will meet
// (otherwise put the change behind `patched()` and keep the old histories). See the README.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { pino } from 'pino';
import { createActivities } from '../activities/index.ts';
import { generateWebhookSecret } from '../domain/webhooks/secrets.ts';
import { defaultWorkflowsPath } from '../worker.ts';
import { ENROLLMENT_WORKFLOW, enrollmentWorkflowId, type EnrollmentInput, type EnrollmentResult } from '../workflows/enrollment.definitions.ts';
import { SEQUENCE_WORKFLOW, pauseUpdate, resumeUpdate, sequenceWorkflowId, stopUpdate, type SequenceInput } from '../workflows/sequence.definitions.ts';
import { WEBHOOK_RETRY_WORKFLOW, webhookRetryWorkflowId, type RetryInput } from '../workflows/webhook-retry.definitions.ts';
import { createTimeSkippingEnv } from '../test/helpers/time-skipping.ts';
import { getStack, stopStack } from '../test/helpers/stack.ts';
import { newOrg } from '../test/helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate, messagesOf, until, type StepSpec } from '../test/helpers/sequence-fixtures.ts';
import { createTestSubscription, deliveriesOf, emitExclusionEvent, startTarget, type Target } from '../test/helpers/webhook-target.ts';
import { projectRoot } from './tools.ts';

const historiesDir = join(projectRoot, 'test', 'workflows', 'histories');
const DAY = 24 * 60 * 60 * 1000;

const stack = await getStack(); // first: it installs the SDK runtime, which the time-skipping helper tolerates
const env = await createTimeSkippingEnv();
const org = await newOrg(stack, 'Replay histories');
const activities = createActivities({ orm: stack.orm, logger: pino({ level: 'silent' }), config: stack.config, temporal: env.client });
// The stack's task queue: enrollment starts its sequence workflow there (on this test server).
const taskQueue = stack.config.temporalTaskQueue;
const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowsPath: defaultWorkflowsPath, activities });
const targets: Target[] = [];

async function save(name: string, handle: WorkflowHandle): Promise<void> {
  // The message's own JSON form (camelCase fields, enum names, base64 payloads), which
  // `historyFromJSON` and `Worker.runReplayHistory` read back. (`historyToJSON` of
  // @temporalio/common fails here: its nested protobufjs copy does not know the client's types.)
  const text = `${JSON.stringify(await handle.fetchHistory())}\n`;
  writeFileSync(join(historiesDir, `${name}.json`), text);
  console.log(`${name}.json: ${(text.length / 1024).toFixed(1)} KB`);
}

async function sequence(steps: StepSpec[], contact: { linkedinUrl?: string } = {}): Promise<{ sequenceId: string; handle: WorkflowHandle }> {
  const contactId = await insertContact(stack, org.organizationId, { email: `replay-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Ada', companyName: 'Acme', ...contact });
  const templateId = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
  const sequenceId = await insertSequence(stack, org.organizationId, { contactId, templateId, senderUserId: org.userId });
  const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
  const handle = await env.client.workflow.start(SEQUENCE_WORKFLOW, { taskQueue, workflowId: sequenceWorkflowId(sequenceId), args: [input] });
  return { sequenceId, handle };
}

const firstSent = (sequenceId: string) => until(async () => (await messagesOf(stack, sequenceId)).length >= 1);
const twoEmails: StepSpec[] = [{ type: 'EMAIL', delay_days: 0, subject: 'One', body: 'one {{first_name}}' }, { type: 'EMAIL', delay_days: 1, subject: 'Two', body: 'two' }];

const recordings: Record<string, () => Promise<void>> = {
  'sequence-completed': async () => {
    const { handle } = await sequence([
      { type: 'EMAIL', delay_days: 0, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}} at {{company_name}}.' },
      { type: 'LINKEDIN_INVITATION', delay_days: 1, body: 'Connect, {{first_name}}?' },
      { type: 'EMAIL', delay_days: 2, subject: 'Again', body: 'Following up, {{first_name}}.' },
    ], { linkedinUrl: `https://www.linkedin.com/in/ada-${randomUUID().slice(0, 8)}` });
    await handle.result();
    await save('sequence-completed', handle);
  },
  'sequence-paused-until': async () => {
    const { sequenceId, handle } = await sequence(twoEmails);
    await firstSent(sequenceId);
    const pausedUntil = new Date((await env.currentTimeMs()) + 3 * DAY);
    await handle.executeUpdate(pauseUpdate, { args: [{ paused_until: pausedUntil.toISOString() }] });
    await handle.result();
    await save('sequence-paused-until', handle);
  },
  'sequence-paused-resumed': async () => {
    const { sequenceId, handle } = await sequence(twoEmails);
    await firstSent(sequenceId);
    await handle.executeUpdate(pauseUpdate, { args: [{}] });
    await handle.executeUpdate(resumeUpdate);
    await handle.result();
    await save('sequence-paused-resumed', handle);
  },
  'sequence-stopped-win': async () => {
    const { sequenceId, handle } = await sequence([{ type: 'EMAIL', delay_days: 0, subject: 'One', body: 'one' }, { type: 'EMAIL', delay_days: 3, subject: 'Two', body: 'two' }]);
    await firstSent(sequenceId);
    await handle.executeUpdate(stopUpdate, { args: [{ reason: 'WIN', scope: 'CONTACT' }] });
    await handle.result();
    await save('sequence-stopped-win', handle);
  },
  'webhook-retry-delivered': async () => {
    // The dispatcher's attempt 1 failed; the retry workflow's attempt 2 gets a 500, attempt 3 a 200.
    const organizationId = (await newOrg(stack, 'Replay webhooks')).organizationId;
    const secret = generateWebhookSecret();
    const target = await startTarget(secret, (n) => ({ status: n < 1 ? 500 : 200 }));
    targets.push(target);
    await createTestSubscription(stack, organizationId, target.url, { secret, lastSuccessAt: null, createdAt: new Date(await env.currentTimeMs()) });
    const { activityId } = await emitExclusionEvent(stack, organizationId, { heldBack: true });
    const [delivery] = await deliveriesOf(stack, activityId);
    const input: RetryInput = { deliveryId: delivery.id, organizationId, failedAttempt: 1, delayMs: 5000 };
    const handle = await env.client.workflow.start(WEBHOOK_RETRY_WORKFLOW, { taskQueue, workflowId: webhookRetryWorkflowId(delivery.id), args: [input] });
    const result = await handle.result();
    if (result.outcome !== 'DELIVERED' || result.attempts !== 3) throw new Error(`unexpected retry result ${JSON.stringify(result)}`);
    await save('webhook-retry-delivered', handle);
  },
  'enrollment-created': async () => {
    // An UNVERIFIED email: eligibility, the sandbox verification, eligibility again, then the sequence.
    const contactId = await insertContact(stack, org.organizationId, { email: `enroll-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Ada' });
    const templateId = await insertTemplate(stack, org.organizationId, twoEmails, { senderUserId: org.userId });
    const input: EnrollmentInput = { organizationId: org.organizationId, contactId, sequenceTemplateId: templateId, verifyTimeoutMs: 30_000 };
    const handle = await env.client.workflow.start(ENROLLMENT_WORKFLOW, { taskQueue, workflowId: enrollmentWorkflowId(org.organizationId, contactId, templateId), args: [input] });
    const result = await handle.result() as EnrollmentResult;
    if (result.outcome !== 'CREATED') throw new Error(`unexpected enrollment result ${JSON.stringify(result)}`);
    await save('enrollment-created', handle);
  },
};

const wanted = process.argv.slice(2);
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
  await stopStack();
}
process.exit(failed ? 1 : 0);
