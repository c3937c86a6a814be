// A check's lookups in its signal's feed, indexed so they stay cheap as the feed grows (a daily
// signal writes up to 2,000 rows a check): the facts already looked at (the fact part of the key,
// before `|person:`), and the rows of the last day by the check's own time (ISO text, which orders
// as time; a text expression, because a cast to timestamptz is not immutable).
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122070300_signal_import_lookups extends Migration {
  override name = 'Migration20261122070300_signal_import_lookups';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "signal_imports_base_key_index" on "signal_imports" ("signal_id", split_part("fact_key", '|person:', 1));`,
    );
    this.addSql(
      `create index "signal_imports_check_at_index" on "signal_imports" ("signal_id", ("metadata" ->> 'check_at'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "signal_imports_check_at_index";`);
    this.addSql(`drop index if exists "signal_imports_base_key_index";`);
  }
}
