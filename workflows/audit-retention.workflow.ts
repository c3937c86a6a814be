// The audit log's retention (audit-retention.definitions.ts): purge, sleep a day, repeat.
import { continueAsNew, log, proxyActivities, sleep } from '@temporalio/workflow';
import type { AuditActivities } from '../activities/audit.activities.ts';
import type { AuditRetentionInput } from './audit-retention.definitions.ts';

// A purge is batches of deletes, retried while the database does not answer; one that fails for
// good is logged and the next day tries again.
const { purgeAuditLog } = proxyActivities<AuditActivities>({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', maximumAttempts: 10 },
});

export async function auditRetentionWorkflow(input: AuditRetentionInput): Promise<void> {
  const purges = input.purgesPerExecution ?? 30;
  for (let day = 0; day < purges; day++) {
    try {
      const deleted = await purgeAuditLog({ retentionDays: input.retentionDays });
      if (deleted > 0) log.info('audit log entries past their retention deleted', { deleted });
    } catch (error) {
      log.error('audit log retention failed; trying again tomorrow', { error: String(error) });
    }
    await sleep('1 day');
  }
  await continueAsNew<typeof auditRetentionWorkflow>(input);
}
