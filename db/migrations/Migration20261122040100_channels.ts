// The sandbox outreach channels' stores: emails the sandbox mail transport would have sent and the
// sandbox LinkedIn channel's invitations and messages (db/entities/sandbox-linkedin-action.entity.ts).
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122040100_channels extends Migration {
  override name = 'Migration20261122040100_channels';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "sandbox_outbound_emails" ("id" uuid not null, "message_id" text not null, "from_name" text not null, "from_email" text not null, "to_name" text null, "to_email" text not null, "subject" text not null, "text" text not null, "html" text null, "headers" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "sandbox_outbound_emails_to_created_index" on "sandbox_outbound_emails" ("to_email", "created_at");`,
    );
    this.addSql(
      `alter table "sandbox_outbound_emails" add constraint "sandbox_outbound_emails_message_id_unique" unique ("message_id");`,
    );

    this.addSql(
      `create table "sandbox_linkedin_actions" ("id" uuid not null, "kind" text not null, "sender_user_id" text not null, "linkedin_url" text not null, "text" text null, "accepted" boolean not null, "error" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "sandbox_linkedin_actions" add constraint "sandbox_linkedin_actions_kind_check" check ("kind" in ('INVITATION', 'MESSAGE'));`,
    );
    this.addSql(
      `create index "sandbox_linkedin_actions_url_created_index" on "sandbox_linkedin_actions" ("linkedin_url", "created_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sandbox_linkedin_actions" cascade;`);
    this.addSql(`drop table if exists "sandbox_outbound_emails" cascade;`);
  }
}
