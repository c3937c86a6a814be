// Idempotency keys (docs/api/idempotency.md): one row per (organization, Idempotency-Key header
// value) of an authenticated POST. The row is claimed (IN_PROGRESS) before the handler runs and holds
// the stored response once it has (COMPLETED); it expires 24 h after the claim and is then purged.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122080000_idempotency_keys extends Migration {
  override name = 'Migration20261122080000_idempotency_keys';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "idempotency_keys" ("id" uuid not null, "organization_id" uuid not null, "key" text not null, "method" text not null, "path" text not null, "fingerprint" text not null, "state" text not null default 'IN_PROGRESS', "claim_token" uuid not null, "response_status" int null, "response_headers" jsonb null, "response_body" text null, "created_at" timestamptz not null, "completed_at" timestamptz null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "idempotency_keys" add constraint "idempotency_keys_organization_key_unique" unique ("organization_id", "key");`,
    );
    this.addSql(`create index "idempotency_keys_expires_at_index" on "idempotency_keys" ("expires_at");`);
    this.addSql(
      `alter table "idempotency_keys" add constraint "idempotency_keys_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "idempotency_keys" add constraint "idempotency_keys_state_check" check ("state" in ('IN_PROGRESS', 'COMPLETED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "idempotency_keys" cascade;`);
  }
}
