// Sequence templates: steps and sending window as jsonb, status, sender (a user), lead review.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122040000_sequence_templates extends Migration {
  override name = 'Migration20261122040000_sequence_templates';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "sequence_templates" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "summary" text null, "status" text not null default 'PENDING_SETUP', "language" text not null default 'en', "timezone" text not null default 'UTC', "activated_at" timestamptz null, "steps" jsonb not null, "on_missing_channel" text not null default 'STOP', "schedule" jsonb null, "sender_user_id" uuid null, "requires_lead_review" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "sequence_templates_organization_created_index" on "sequence_templates" ("organization_id", "created_at", "id");`,
    );

    this.addSql(
      `alter table "sequence_templates" add constraint "sequence_templates_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "sequence_templates" add constraint "sequence_templates_sender_user_id_foreign" foreign key ("sender_user_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "sequence_templates" add constraint "sequence_templates_status_check" check ("status" in ('PENDING_SETUP', 'ACTIVE', 'INACTIVE', 'FINISHING', 'ARCHIVED'));`,
    );
    this.addSql(
      `alter table "sequence_templates" add constraint "sequence_templates_on_missing_channel_check" check ("on_missing_channel" in ('STOP', 'SKIP_STEP'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sequence_templates" cascade;`);
  }
}
