// The outside-effects ledger (db/entities/outbound-effect.entity.ts): an intent row per email,
// LinkedIn action and CRM write, committed before the provider call. The sandbox LinkedIn channel
// and CRM honour the caller's key like a real provider's idempotency key; a run that a step failure
// ended keeps the reason in sequences.error.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261124090000_outbound_effects extends Migration {
  override name = 'Migration20261124090000_outbound_effects';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "outbound_effects" ("id" uuid not null, "organization_id" uuid not null, "key" text not null, "kind" text not null, "state" text not null default 'PENDING', "sequence_id" uuid null, "request" jsonb not null, "result" jsonb null, "attempts" int not null default 0, "last_error" text null, "created_at" timestamptz not null, "attempted_at" timestamptz null, "completed_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "outbound_effects" add constraint "outbound_effects_key_unique" unique ("key");`);
    this.addSql(`create index "outbound_effects_sequence_index" on "outbound_effects" ("sequence_id");`);
    this.addSql(
      `create unique index "outbound_effects_message_id_unique" on "outbound_effects" (("request" ->> 'messageId')) where "kind" = 'EMAIL';`,
    );
    this.addSql(
      `create index "outbound_effects_state_index" on "outbound_effects" ("state", "attempted_at") where "state" in ('PENDING', 'IN_FLIGHT');`,
    );
    this.addSql(
      `alter table "outbound_effects" add constraint "outbound_effects_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "outbound_effects" add constraint "outbound_effects_kind_check" check ("kind" in ('EMAIL', 'LINKEDIN_INVITATION', 'LINKEDIN_MESSAGE', 'CRM_CREATE', 'CRM_UPDATE'));`,
    );
    this.addSql(
      `alter table "outbound_effects" add constraint "outbound_effects_state_check" check ("state" in ('PENDING', 'IN_FLIGHT', 'DONE', 'REFUSED', 'CANCELLED', 'UNCONFIRMED'));`,
    );

    this.addSql(`alter table "sandbox_linkedin_actions" add column "key" text null;`);
    this.addSql(
      `alter table "sandbox_linkedin_actions" add constraint "sandbox_linkedin_actions_key_unique" unique ("key");`,
    );
    this.addSql(`alter table "crm_records" add column "creation_key" text null;`);
    this.addSql(
      `create unique index "crm_records_creation_key_unique" on "crm_records" ("creation_key") where "creation_key" is not null;`,
    );
    this.addSql(`alter table "sequences" add column "error" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sequences" drop column "error";`);
    this.addSql(`drop index if exists "crm_records_creation_key_unique";`);
    this.addSql(`alter table "crm_records" drop column "creation_key";`);
    this.addSql(`alter table "sandbox_linkedin_actions" drop constraint "sandbox_linkedin_actions_key_unique";`);
    this.addSql(`alter table "sandbox_linkedin_actions" drop column "key";`);
    this.addSql(`drop table if exists "outbound_effects" cascade;`);
  }
}
