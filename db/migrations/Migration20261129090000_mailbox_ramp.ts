// A sender's warm-up ramp on the user row: the first day's volume, the daily increase, the target
// and when the ramp started (its UTC day is day 0). All null: no ramp, the daily send limit alone.
// Nullable columns rewrite no rows.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261129090000_mailbox_ramp extends Migration {
  override name = 'Migration20261129090000_mailbox_ramp';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "users" add column "ramp_start" int null, add column "ramp_increase" int null, add column "ramp_target" int null, add column "ramp_started_at" timestamptz null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "users" drop column "ramp_start", drop column "ramp_increase", drop column "ramp_target", drop column "ramp_started_at";`,
    );
  }
}
