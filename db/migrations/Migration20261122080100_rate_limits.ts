// Shared rate-limit counters (docs/api/rate-limits.md): one row per budget (API key, organization,
// organization's enrichment budget), overwritten when its fixed window rolls over. API replicas
// lease chunks of tokens from these rows with one INSERT ... ON CONFLICT DO UPDATE each.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122080100_rate_limits extends Migration {
  override name = 'Migration20261122080100_rate_limits';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "rate_limits" ("bucket" text not null, "window_start" bigint not null, "used" integer not null, "granted" integer not null, primary key ("bucket"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limits" cascade;`);
  }
}
