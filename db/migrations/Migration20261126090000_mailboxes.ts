// Connected mailboxes (db/entities/mailbox.entity.ts): a sender's own SMTP and IMAP servers, with
// sealed credentials, and the inbox messages their sync has recorded
// (db/entities/mailbox-inbox-message.entity.ts), keyed by UIDVALIDITY and UID.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261126090000_mailboxes extends Migration {
  override name = 'Migration20261126090000_mailboxes';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "mailboxes" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "email" text not null, "smtp_url_encrypted" text not null, "imap_url_encrypted" text not null, "status" text not null, "last_error" text null, "last_synced_at" timestamptz null, "uid_validity" bigint null, "last_uid" bigint null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "mailboxes" add constraint "mailboxes_user_id_unique" unique ("user_id");`);
    this.addSql(`create index "mailboxes_organization_id_index" on "mailboxes" ("organization_id");`);
    this.addSql(
      `alter table "mailboxes" add constraint "mailboxes_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "mailboxes" add constraint "mailboxes_user_id_foreign" foreign key ("user_id") references "users" ("id");`,
    );
    this.addSql(
      `alter table "mailboxes" add constraint "mailboxes_status_check" check ("status" in ('CONNECTED', 'AUTH_FAILED', 'ERROR', 'DISCONNECTED'));`,
    );

    this.addSql(
      `create table "mailbox_inbox_messages" ("id" uuid not null, "mailbox_id" uuid not null, "uid_validity" bigint not null, "uid" bigint not null, "rfc_message_id" text null, "kind" text not null, "matched_message_id" uuid null, "detail" jsonb null, "received_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "mailbox_inbox_messages" add constraint "mailbox_inbox_messages_uid_unique" unique ("mailbox_id", "uid_validity", "uid");`,
    );
    this.addSql(
      `alter table "mailbox_inbox_messages" add constraint "mailbox_inbox_messages_mailbox_id_foreign" foreign key ("mailbox_id") references "mailboxes" ("id");`,
    );
    this.addSql(
      `alter table "mailbox_inbox_messages" add constraint "mailbox_inbox_messages_kind_check" check ("kind" in ('REPLY', 'BOUNCE', 'AUTO_REPLY', 'IGNORED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "mailbox_inbox_messages" cascade;`);
    this.addSql(`drop table if exists "mailboxes" cascade;`);
  }
}
