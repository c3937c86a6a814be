// The audit log's retention: one workflow per task queue deletes, once a day, the entries older
// than AUDIT_RETENTION_DAYS (domain/audit/audit-log.ts), then sleeps a day; it continues as new
// after a month of days so its history stays short.
export const AUDIT_RETENTION_WORKFLOW = 'auditRetentionWorkflow';

export function auditRetentionWorkflowId(taskQueue: string): string {
  return `audit-retention/${taskQueue}`;
}

export interface AuditRetentionInput {
  /** Entries older than this many days are deleted (at least 31: the table keeps younger ones). */
  retentionDays: number;
  /** Days (purges) per workflow run before continue-as-new (default 30). */
  purgesPerExecution?: number;
}

export interface PurgeAuditInput {
  retentionDays: number;
}
