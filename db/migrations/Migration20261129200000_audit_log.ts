// The audit log (db/entities/audit-entry.entity.ts), append-only: a trigger refuses every UPDATE,
// and a DELETE of a row younger than 30 days, whoever runs it; the retention deletes older rows.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261129200000_audit_log extends Migration {
  override name = 'Migration20261129200000_audit_log';

  override up(): void | Promise<void> {
    this.addSql(`create table "audit_log" (
      "id" uuid not null, "organization_id" uuid null, "occurred_at" timestamptz not null,
      "actor_type" text check ("actor_type" in ('API_KEY', 'OPERATOR')) not null,
      "actor_key_id" uuid null, "actor_user_id" uuid null, "actor_operator" text null, "request_id" text null,
      "method" text not null, "action" text not null, "resource_type" text null, "resource_id" text null,
      "fields" jsonb not null, "status" int null,
      "outcome" text check ("outcome" in ('SUCCEEDED', 'FAILED')) not null,
      constraint "audit_log_pkey" primary key ("id"));`);
    this.addSql(
      `create index "audit_log_organization_time_index" on "audit_log" ("organization_id", "occurred_at", "id");`,
    );
    this.addSql(
      `create index "audit_log_resource_index" on "audit_log" ("organization_id", "resource_type", "resource_id") where "resource_id" is not null;`,
    );
    this.addSql(`create index "audit_log_time_index" on "audit_log" ("occurred_at");`);
    this.addSql(`create function "audit_log_append_only"() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and old."occurred_at" < now() - interval '30 days' then
          return old;
        end if;
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end $$;`);
    this.addSql(`create trigger "audit_log_append_only" before update or delete on "audit_log"
      for each row execute function "audit_log_append_only"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);
    this.addSql(`drop function if exists "audit_log_append_only"();`);
  }
}
