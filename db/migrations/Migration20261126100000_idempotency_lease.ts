// Idempotency claims hold a lease (api/middleware/idempotency.ts): renewed while their request runs,
// so a claim left by a process that died, or whose release could not reach the database, lapses
// within one lease instead of blocking retries for a fixed age.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261126100000_idempotency_lease extends Migration {
  override name = 'Migration20261126100000_idempotency_lease';

  override up(): void | Promise<void> {
    this.addSql(`alter table "idempotency_keys" add column "lease_until" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "idempotency_keys" drop column "lease_until";`);
  }
}
