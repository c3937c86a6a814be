// Custom-event signals at COMPANIES level keep an unresolved event's raw domain on the entry,
// unlinked and never linked later: account_id becomes nullable, one unlinked entry per domain.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122070200_unresolved_account_entries extends Migration {
  override name = 'Migration20261122070200_unresolved_account_entries';

  override up(): void | Promise<void> {
    this.addSql(`alter table "account_entries" alter column "account_id" drop not null;`);
    this.addSql(
      `create unique index "account_entries_list_unlinked_domain_unique" on "account_entries" ("account_list_id", "domain") where "account_id" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "account_entries_list_unlinked_domain_unique";`);
    this.addSql(`delete from "account_entries" where "account_id" is null;`);
    this.addSql(`alter table "account_entries" alter column "account_id" set not null;`);
  }
}
