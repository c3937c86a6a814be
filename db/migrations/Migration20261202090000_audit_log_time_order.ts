// The audit log's writes kept cheap: entries get time-ordered ids (domain/shared/uuid7.ts), so its
// primary key and its (organization, time, id) index grow at their right edge like the time itself,
// and the retention's range over occurred_at is served by a BRIN index (a few pages summarising
// ranges of the table, which is written in time order) instead of a third btree on every insert.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261202090000_audit_log_time_order extends Migration {
  override name = 'Migration20261202090000_audit_log_time_order';

  override up(): void | Promise<void> {
    this.addSql(`drop index "audit_log_time_index";`);
    this.addSql(`create index "audit_log_time_index" on "audit_log" using brin ("occurred_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "audit_log_time_index";`);
    this.addSql(`create index "audit_log_time_index" on "audit_log" ("occurred_at");`);
  }
}
