// Engagement (opens, clicks, replies, bounces, meetings, hot leads), senders' daily limits, and the
// columns runs need for them: a reply halts automatic steps, tasks point at the message they answer.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122050000_engagement extends Migration {
  override name = 'Migration20261122050000_engagement';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "users" add column "mailbox_email" text null, add column "daily_send_limit" int not null default 200;`,
    );
    this.addSql(
      `create table "sender_daily_sends" ("user_id" uuid not null, "day" date not null, "sent" int not null default 0, primary key ("user_id", "day"));`,
    );
    this.addSql(
      `alter table "sender_daily_sends" add constraint "sender_daily_sends_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "sequences" add column "replied_at" timestamptz null, add column "engagement_score" int not null default 0;`,
    );
    this.addSql(
      `alter table "messages" add column "in_reply_to_id" uuid null, add column "reply_category" text null, add column "open_count" int not null default 0, add column "opened_at" timestamptz null, add column "click_count" int not null default 0, add column "clicked_at" timestamptz null, add column "bounced_at" timestamptz null, add column "accepted_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_in_reply_to_id_foreign" foreign key ("in_reply_to_id") references "messages" ("id") on delete set null;`,
    );
    this.addSql(`alter table "tasks" add column "message_id" uuid null;`);
    this.addSql(
      `alter table "tasks" add constraint "tasks_message_id_foreign" foreign key ("message_id") references "messages" ("id") on delete set null;`,
    );

    this.addSql(
      `create table "hot_leads" ("id" uuid not null, "organization_id" uuid not null, "contact_id" uuid not null, "sequence_id" uuid not null, "engagement_score" int not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create unique index "hot_leads_sequence_unique" on "hot_leads" ("sequence_id");`);
    this.addSql(
      `alter table "hot_leads" add constraint "hot_leads_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "hot_leads" add constraint "hot_leads_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "hot_leads" add constraint "hot_leads_sequence_id_foreign" foreign key ("sequence_id") references "sequences" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "meetings" ("id" uuid not null, "organization_id" uuid not null, "contact_id" uuid not null, "sequence_id" uuid null, "title" text not null, "start_time" timestamptz not null, "end_time" timestamptz not null, "timezone" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "meetings_organization_contact_index" on "meetings" ("organization_id", "contact_id");`);
    this.addSql(
      `alter table "meetings" add constraint "meetings_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "meetings" add constraint "meetings_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "meetings" add constraint "meetings_sequence_id_foreign" foreign key ("sequence_id") references "sequences" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "meetings" cascade;`);
    this.addSql(`drop table if exists "hot_leads" cascade;`);
    this.addSql(`alter table "tasks" drop constraint "tasks_message_id_foreign";`);
    this.addSql(`alter table "tasks" drop column "message_id";`);
    this.addSql(`alter table "messages" drop constraint "messages_in_reply_to_id_foreign";`);
    this.addSql(
      `alter table "messages" drop column "in_reply_to_id", drop column "reply_category", drop column "open_count", drop column "opened_at", drop column "click_count", drop column "clicked_at", drop column "bounced_at", drop column "accepted_at";`,
    );
    this.addSql(`alter table "sequences" drop column "replied_at", drop column "engagement_score";`);
    this.addSql(`drop table if exists "sender_daily_sends" cascade;`);
    this.addSql(`alter table "users" drop column "mailbox_email", drop column "daily_send_limit";`);
  }
}
