// The audit log's retention activity: deletes the entries past AUDIT_RETENTION_DAYS, batch by batch.
import type { MikroORM } from '@mikro-orm/postgresql';
import { purgeAudit } from '../domain/audit/audit-log.ts';
import type { PurgeAuditInput } from '../workflows/audit-retention.definitions.ts';

export function createAuditActivities(deps: { orm: MikroORM }) {
  return {
    /** Answers how many entries went. */
    async purgeAuditLog(input: PurgeAuditInput): Promise<number> {
      return purgeAudit(deps.orm.em, input.retentionDays);
    },
  };
}

export type AuditActivities = ReturnType<typeof createAuditActivities>;
