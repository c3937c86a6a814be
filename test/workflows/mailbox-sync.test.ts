// MailboxSyncWorkflow on the time-skipping server with its activity replaced: the cursor each run
// reports is carried across continue-as-new with the totals; a refused login waits with a growing
// backoff shown by the status query (the wake signal ends the wait); cancelling stops it quietly.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { defaultWorkflowsPath } from '../../worker.ts';
import {
  MAILBOX_AUTH_FAILED,
  MAILBOX_SYNC_WORKFLOW,
  mailboxSyncStatusQuery,
  mailboxSyncWakeSignal,
  mailboxSyncWorkflowId,
  type MailboxSyncInput,
  type SyncRunInput,
  type SyncRunResult,
} from '../../workflows/mailbox-sync.definitions.ts';
import { until } from '../helpers/poll.ts';
import { createTimeSkippingEnv } from '../helpers/time-skipping.ts';
import { getStack } from '../helpers/stack.ts';

const counts = (processed: number) => ({
  processed,
  replies: 1,
  bounces: 0,
  autoReplies: 0,
  ignored: processed - 1,
  unreadable: 0,
});

describe('mailboxSyncWorkflow', function () {
  this.timeout(120_000);
  let env: TestWorkflowEnvironment;

  before(async () => {
    await getStack(); // first: it installs the SDK runtime, which the time-skipping helper tolerates
    env = await createTimeSkippingEnv();
  });

  after(async () => {
    await env?.teardown();
  });

  async function run<T>(
    syncMailbox: (input: SyncRunInput) => Promise<SyncRunResult>,
    body: (input: MailboxSyncInput, taskQueue: string) => Promise<T>,
  ): Promise<T> {
    const taskQueue = `mailbox-sync-${randomUUID()}`;
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowsPath: defaultWorkflowsPath,
      activities: { syncMailbox },
    });
    const input: MailboxSyncInput = {
      mailboxId: randomUUID(),
      organizationId: randomUUID(),
      runsPerExecution: 2,
      runMs: 60_000,
    };
    return worker.runUntil(() => body(input, taskQueue));
  }

  it('when runs report the cursor, then it is carried across continue-as-new with the totals, and a stopped run ends the workflow', async () => {
    const calls: SyncRunInput[] = [];
    let release: () => void = () => {};
    const fifth = new Promise<void>((resolve) => {
      release = resolve;
    });
    await run(
      async (input) => {
        calls.push(input);
        const n = calls.length;
        if (n === 5) await fifth;
        return {
          stopped: n === 5,
          cursor: { uidValidity: '7', lastUid: n * 3 },
          mode: 'IDLE',
          counts: counts(3),
          rescanned: false,
          waiting: n,
          readToEndAt: `2026-01-0${n}T00:00:00.000Z`,
          stalledSince: null,
        };
      },
      async (input, taskQueue) => {
        const handle = await env.client.workflow.start(MAILBOX_SYNC_WORKFLOW, {
          taskQueue,
          workflowId: mailboxSyncWorkflowId(input.mailboxId),
          args: [input],
        });
        try {
          await until(() => calls.length === 5, { what: 'the fifth run' });
          await check(handle.workflowId, handle.firstExecutionRunId);
        } finally {
          release(); // a blocked activity would hold the worker's shutdown
        }
        await env.client.workflow.getHandle(handle.workflowId).result();
        assert.equal((await env.client.workflow.getHandle(handle.workflowId).describe()).status.name, 'COMPLETED');
      },
    );
    assert.deepEqual(
      calls.map((c) => [c.mode, c.runMs, c.pollMs]),
      Array.from({ length: 5 }, () => ['AUTO', 60_000, 15_000]),
    );

    async function check(workflowId: string, firstRunId: string): Promise<void> {
      const status = await env.client.workflow.getHandle(workflowId).query(mailboxSyncStatusQuery);
      // Runs 1-2 and 3-4 filled two executions; the third is in its first run, holding run 4's cursor and totals.
      assert.deepEqual(status.cursor, { uidValidity: '7', lastUid: 12 });
      assert.equal(status.runsThisExecution, 1);
      assert.equal(status.totals.processed, 12);
      assert.equal(status.mode, 'IDLE');
      // What run 4 saw of the inbox, carried across continue-as-new.
      assert.deepEqual(
        [status.waiting, status.readToEndAt, status.stalledSince, status.failingSince],
        [4, '2026-01-04T00:00:00.000Z', null, null],
      );
      const described = await env.client.workflow.getHandle(workflowId).describe();
      assert.notEqual(described.runId, firstRunId, 'continued as new');
    }
  });

  it('when the login is refused, then the status shows the error and a growing wait, and the wake signal ends the wait', async () => {
    const calls: number[] = [];
    await run(
      async () => {
        calls.push(Date.now());
        if (calls.length <= 2)
          throw ApplicationFailure.create({
            type: MAILBOX_AUTH_FAILED,
            message: 'the IMAP server refused the login',
            nonRetryable: true,
          });
        return {
          stopped: true,
          cursor: { uidValidity: null, lastUid: null },
          mode: null,
          counts: counts(1),
          rescanned: false,
        };
      },
      async (input, taskQueue) => {
        const handle = await env.client.workflow.start(MAILBOX_SYNC_WORKFLOW, {
          taskQueue,
          workflowId: mailboxSyncWorkflowId(input.mailboxId),
          args: [input],
        });
        const status = () => handle.query(mailboxSyncStatusQuery);
        await until(async () => (await status()).phase === 'WAITING_AFTER_FAILURE', {
          what: 'the wait after the refused login',
        });
        const first = await status();
        assert.match(first.lastError ?? '', /refused the login/);
        assert.ok(first.failingSince, 'since when the runs fail');
        const now = await env.currentTimeMs();
        assert.ok(
          Math.abs(Date.parse(first.retryAt!) - now - 60_000) < 5_000,
          `retry in about a minute: ${first.retryAt}`,
        );
        await env.sleep(61_000); // the first wait passes: refused again, the wait doubles
        await until(async () => calls.length === 2 && (await status()).phase === 'WAITING_AFTER_FAILURE', {
          what: 'the second wait',
        });
        const second = await status();
        assert.ok(
          Math.abs(Date.parse(second.retryAt!) - (await env.currentTimeMs()) - 120_000) < 5_000,
          `retry in about two minutes: ${second.retryAt}`,
        );
        assert.equal(second.failingSince, first.failingSince, 'the first failure of the streak');
        await handle.signal(mailboxSyncWakeSignal);
        await until(() => calls.length === 3, { what: 'the attempt the wake signal starts' });
        await handle.result();
        assert.equal((await status()).lastError, null);
        assert.equal((await status()).failingSince, null);
      },
    );
  });

  it('when the workflow is cancelled (the mailbox disconnected), then the running activity is cancelled and the workflow completes', async () => {
    let cancelled = false;
    await run(
      async () => {
        const context = Context.current();
        const beat = setInterval(() => context.heartbeat(), 100);
        try {
          await context.cancelled;
        } catch (error) {
          cancelled = true;
          throw error;
        } finally {
          clearInterval(beat);
        }
        throw new Error('unreachable: the activity only ends by cancellation');
      },
      async (input, taskQueue) => {
        const handle = await env.client.workflow.start(MAILBOX_SYNC_WORKFLOW, {
          taskQueue,
          workflowId: mailboxSyncWorkflowId(input.mailboxId),
          args: [input],
        });
        await until(async () => (await handle.describe()).raw.pendingActivities?.length === 1, {
          what: 'the activity running',
        });
        await handle.cancel();
        await handle.result();
        assert.equal((await handle.describe()).status.name, 'COMPLETED');
        assert.equal((await handle.query(mailboxSyncStatusQuery))?.phase, 'STOPPED');
      },
    );
    assert.equal(cancelled, true);
  });
});
