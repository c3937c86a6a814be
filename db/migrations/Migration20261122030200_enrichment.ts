// The sandbox enrichment provider's asynchronous jobs (providers/enrichment/sandbox.ts).
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030200_enrichment extends Migration {
  override name = 'Migration20261122030200_enrichment';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "sandbox_enrichment_jobs" ("request_key" text not null, "ready_at" timestamptz not null, "result" jsonb not null, "created_at" timestamptz not null, primary key ("request_key"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sandbox_enrichment_jobs" cascade;`);
  }
}
