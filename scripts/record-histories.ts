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
//
// The recordings are in scripts/histories/ (one file per kind of workflow); this script sets up
// their session and runs them.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { pino } from 'pino';
import { createActivities, createMailboxSyncWorkerActivities } from '../activities/index.ts';
import { defaultWorkflowsPath } from '../worker.ts';
import { createTimeSkippingEnv } from '../test/helpers/time-skipping.ts';
import { getStack, stopStack } from '../test/helpers/stack.ts';
import { stopGreenMail } from '../test/helpers/greenmail.ts';
import { newOrg } from '../test/helpers/fixtures.ts';
import type { Target } from '../test/helpers/webhook-target.ts';
import { projectRoot } from './tools.ts';
import { createWorkflowClients } from '../workflows/clients.ts';
import { typedKysely } from '../db/kysely.ts';
import { continuedRecordings } from './histories/continued-recordings.ts';
import { erasureRecordings } from './histories/erasure-recordings.ts';
import { oneOffRecordings } from './histories/one-off-recordings.ts';
import { sequenceRecordings } from './histories/sequence-recordings.ts';
import type { RecordingSession, Recordings } from './histories/session.ts';

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

const db = () => typedKysely(stack.orm.em.fork());
const session: RecordingSession = {
  stack,
  env,
  org,
  taskQueue,
  workflows,
  targets,
  db,
  save,
  shortId: () => randomUUID().slice(0, 8),
};
const sequences = sequenceRecordings(session);
const continued = continuedRecordings(session);
const oneOff = oneOffRecordings(session);
const erasure = erasureRecordings(session);
// In this order, one after the other in one organization: a recording may start from what an
// earlier one left (the mailbox sync's connected mailbox stays, the server's clock has moved on).
const recordings: Recordings = {
  'mailbox-sync-continued': continued['mailbox-sync-continued'],
  'sequence-completed': sequences['sequence-completed'],
  'sequence-pause-state': sequences['sequence-pause-state'],
  'sequence-stopped-win': sequences['sequence-stopped-win'],
  'webhook-retry-delivered': oneOff['webhook-retry-delivered'],
  'enrollment-created': sequences['enrollment-created'],
  'sequence-replied-halted': sequences['sequence-replied-halted'],
  'sequence-template-held': sequences['sequence-template-held'],
  'sequence-prospect-holidays': sequences['sequence-prospect-holidays'],
  'sequence-paced-slot': sequences['sequence-paced-slot'],
  'sequence-variants': sequences['sequence-variants'],
  'task-reminder-reopened': oneOff['task-reminder-reopened'],
  'lead-import-resolved': oneOff['lead-import-resolved'],
  'webhook-dispatcher-continued': continued['webhook-dispatcher-continued'],
  'workflow-commands-continued': continued['workflow-commands-continued'],
  'audit-retention-continued': continued['audit-retention-continued'],
  'event-resolution-continued': continued['event-resolution-continued'],
  'signal-custom-event-paused-resumed': continued['signal-custom-event-paused-resumed'],
  'erasure-succeeded': erasure['erasure-succeeded'],
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
