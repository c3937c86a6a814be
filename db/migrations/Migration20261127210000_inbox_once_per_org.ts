// Inbound mail applied once per organization: every inbox message row knows its organization and
// carries the key it is deduplicated by (its Message-ID, or a digest of its headers and body when it
// has none), unique within the organization among the rows that were applied; a message that
// cannot be read is recorded as UNREADABLE so the sync passes it.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261127210000_inbox_once_per_org extends Migration {
  override name = 'Migration20261127210000_inbox_once_per_org';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "mailbox_inbox_messages" add column "organization_id" uuid null, add column "dedupe_key" text null;`,
    );
    this.addSql(
      `update "mailbox_inbox_messages" i set "organization_id" = m."organization_id" from "mailboxes" m where m."id" = i."mailbox_id";`,
    );
    this.addSql(`alter table "mailbox_inbox_messages" alter column "organization_id" set not null;`);
    this.addSql(
      `alter table "mailbox_inbox_messages" add constraint "mailbox_inbox_messages_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    // The first row of each Message-ID within an organization keeps the key; later copies are duplicates.
    this.addSql(`update "mailbox_inbox_messages" i set "dedupe_key" = 'mid:' || i."rfc_message_id" from (
      select distinct on ("organization_id", "rfc_message_id") "id" from "mailbox_inbox_messages"
      where "rfc_message_id" is not null order by "organization_id", "rfc_message_id", "created_at", "id") first where first."id" = i."id";`);
    this.addSql(
      `create unique index "mailbox_inbox_messages_dedupe_unique" on "mailbox_inbox_messages" ("organization_id", "dedupe_key") where "dedupe_key" is not null;`,
    );
    this.addSql(`alter table "mailbox_inbox_messages" drop constraint "mailbox_inbox_messages_kind_check";`);
    this.addSql(
      `alter table "mailbox_inbox_messages" add constraint "mailbox_inbox_messages_kind_check" check ("kind" in ('REPLY', 'BOUNCE', 'AUTO_REPLY', 'IGNORED', 'UNREADABLE'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "mailbox_inbox_messages" where "kind" = 'UNREADABLE';`);
    this.addSql(`alter table "mailbox_inbox_messages" drop constraint "mailbox_inbox_messages_kind_check";`);
    this.addSql(
      `alter table "mailbox_inbox_messages" add constraint "mailbox_inbox_messages_kind_check" check ("kind" in ('REPLY', 'BOUNCE', 'AUTO_REPLY', 'IGNORED'));`,
    );
    this.addSql(`drop index if exists "mailbox_inbox_messages_dedupe_unique";`);
    this.addSql(
      `alter table "mailbox_inbox_messages" drop constraint "mailbox_inbox_messages_organization_id_foreign";`,
    );
    this.addSql(`alter table "mailbox_inbox_messages" drop column "dedupe_key", drop column "organization_id";`);
  }
}
