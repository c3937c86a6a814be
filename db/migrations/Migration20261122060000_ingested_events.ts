// First-party ingested events (docs/api/events.md).
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122060000_ingested_events extends Migration {
  override name = 'Migration20261122060000_ingested_events';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "ingested_events" ("id" uuid not null, "organization_id" uuid not null, "idempotency_key" text not null, "event_name" text not null, "occurred_at" timestamptz not null, "external_event_id" text null, "subject" jsonb not null, "payload_json" text null, "resolution_status" text not null default 'PENDING', "contact_id" uuid null, "account_id" uuid null, "received_at" timestamptz not null, "resolved_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create unique index "ingested_events_idempotency_unique" on "ingested_events" ("organization_id", "idempotency_key");`,
    );
    this.addSql(
      `create index "ingested_events_organization_occurred_index" on "ingested_events" ("organization_id", "occurred_at", "id");`,
    );
    this.addSql(
      `create index "ingested_events_organization_name_index" on "ingested_events" ("organization_id", "event_name", "occurred_at");`,
    );
    this.addSql(
      `create index "ingested_events_pending_index" on "ingested_events" ("received_at", "id") where "resolution_status" = 'PENDING';`,
    );
    this.addSql(
      `alter table "ingested_events" add constraint "ingested_events_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "ingested_events" add constraint "ingested_events_resolution_status_check" check ("resolution_status" in ('PENDING', 'RESOLVED', 'UNRESOLVED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ingested_events" cascade;`);
  }
}
