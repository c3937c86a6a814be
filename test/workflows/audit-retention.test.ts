// The audit log's retention workflow on the time-skipping server: it purges at once, then once a
// day, and continues as new after its month of days keeping its settings. The purge itself (what
// it deletes, what the table refuses) is proven in test/api/audit/audit-log.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Worker } from '@temporalio/worker';
import { defaultWorkflowsPath } from '../../worker.ts';
import { AUDIT_RETENTION_WORKFLOW, type PurgeAuditInput } from '../../workflows/audit-retention.definitions.ts';
import { useTimeSkippingEnv } from '../helpers/time-skipping.ts';

describe('audit retention (auditRetentionWorkflow)', function () {
  this.timeout(120_000);
  const ts = useTimeSkippingEnv();

  it('when it runs, then it purges at once and once a day, and continues as new after its days with the same retention', async () => {
    const taskQueue = `audit-retention-${randomUUID()}`;
    const purges: { input: PurgeAuditInput; at: number }[] = [];
    const worker = await Worker.create({
      connection: ts.env.nativeConnection,
      taskQueue,
      workflowsPath: defaultWorkflowsPath,
      activities: {
        purgeAuditLog: async (input: PurgeAuditInput) => {
          purges.push({ input, at: Date.now() });
          return 0;
        },
      },
    });
    await worker.runUntil(async () => {
      const handle = await ts.env.client.workflow.start(AUDIT_RETENTION_WORKFLOW, {
        taskQueue,
        workflowId: `audit-retention-${randomUUID()}`,
        args: [{ retentionDays: 90, purgesPerExecution: 2 }],
      });
      await ts.env.sleep('50 hours');
      assert.equal(purges.length, 3, 'day 0 and day 1 in the first run, day 2 in the next');
      const { runId } = await handle.describe();
      assert.notEqual(runId, handle.firstExecutionRunId, 'continued as new');
      assert.ok(purges.every((p) => p.input.retentionDays === 90));
      await handle.terminate('test over');
    });
  });
});
