// The signal slot indexes of the directory tables: the sandbox signal-data provider
// (providers/signals/sandbox.ts) picks, per family and day, the slots whose companies or people
// have a fact, and reads them through these indexes.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122070100_signal_facts extends Migration {
  override name = 'Migration20261122070100_signal_facts';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "directory_companies_signal_slot_index" on "directory_companies" ((hashtext("id"::text) & 4095));`,
    );
    this.addSql(
      `create index "directory_people_signal_slot_index" on "directory_people" ((hashtext("id"::text) & 4095));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "directory_people_signal_slot_index";`);
    this.addSql(`drop index if exists "directory_companies_signal_slot_index";`);
  }
}
