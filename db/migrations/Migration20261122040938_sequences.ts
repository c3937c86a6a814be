// Sequences, their messages and the minimal task rows of manual steps.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122040938_sequences extends Migration {
  override name = 'Migration20261122040938_sequences';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "sequences" ("id" uuid not null, "organization_id" uuid not null, "contact_id" uuid not null, "account_id" uuid null, "sequence_template_id" uuid not null, "status" text not null, "stopped_reason" text null, "paused_until" timestamptz null, "status_before_pause" text null, "current_step" int not null default 0, "variables" jsonb not null, "source_contact_entry_id" uuid null, "sender_id" uuid null, "enrollment_run_id" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "ended_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create unique index "sequences_one_running_unique" on "sequences" ("contact_id", "sequence_template_id") where "status" in ('FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER');`,
    );
    this.addSql(
      `create index "sequences_organization_created_index" on "sequences" ("organization_id", "created_at", "id");`,
    );
    this.addSql(
      `create index "sequences_organization_contact_index" on "sequences" ("organization_id", "contact_id");`,
    );
    this.addSql(
      `create index "sequences_organization_template_index" on "sequences" ("organization_id", "sequence_template_id");`,
    );

    this.addSql(
      `create table "tasks" ("id" uuid not null, "organization_id" uuid not null, "type" text not null, "priority" text not null default 'TODAY', "status" text not null default 'PENDING', "sequence_id" uuid null, "contact_id" uuid null, "assignee_id" uuid null, "step_number" int null, "title" text null, "notes" text null, "due_date" date null, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "tasks_organization_created_index" on "tasks" ("organization_id", "created_at", "id");`);
    this.addSql(`create index "tasks_sequence_index" on "tasks" ("sequence_id");`);

    this.addSql(
      `create table "messages" ("id" uuid not null, "organization_id" uuid not null, "contact_id" uuid not null, "sequence_id" uuid null, "channel" text not null, "direction" text not null, "kind" text not null default 'MESSAGE', "subject" text null, "body" text not null, "step_number" int null, "provider_message_id" text null, "sent_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "messages_organization_contact_index" on "messages" ("organization_id", "contact_id", "sent_at");`,
    );
    this.addSql(`create index "messages_sequence_index" on "messages" ("sequence_id", "sent_at");`);

    this.addSql(
      `alter table "sequences" add constraint "sequences_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "sequences" add constraint "sequences_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "sequences" add constraint "sequences_sequence_template_id_foreign" foreign key ("sequence_template_id") references "sequence_templates" ("id");`,
    );
    this.addSql(
      `alter table "sequences" add constraint "sequences_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "sequences" add constraint "sequences_status_check" check ("status" in ('FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER', 'SUCCEEDED', 'FAILED', 'STOPPED_EARLY', 'COMPLETED', 'REFUSED'));`,
    );

    this.addSql(
      `alter table "tasks" add constraint "tasks_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_sequence_id_foreign" foreign key ("sequence_id") references "sequences" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_type_check" check ("type" in ('CALL', 'EMAIL_REPLY', 'LINKEDIN_REPLY', 'NEW_LEAD_REVIEW', 'PLAYBOOK_APPROVAL', 'TODO'));`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_priority_check" check ("priority" in ('HOT', 'TODAY', 'EXTRA'));`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_status_check" check ("status" in ('PENDING', 'IN_PROGRESS', 'COMPLETED', 'SKIPPED'));`,
    );

    this.addSql(
      `alter table "messages" add constraint "messages_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_sequence_id_foreign" foreign key ("sequence_id") references "sequences" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_channel_check" check ("channel" in ('EMAIL', 'LINKEDIN', 'CALENDAR', 'MANUAL'));`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_direction_check" check ("direction" in ('OUTBOUND', 'INBOUND'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "tasks" drop constraint "tasks_sequence_id_foreign";`);
    this.addSql(`alter table "messages" drop constraint "messages_sequence_id_foreign";`);

    this.addSql(`drop table if exists "sequences" cascade;`);
    this.addSql(`drop table if exists "tasks" cascade;`);
    this.addSql(`drop table if exists "messages" cascade;`);
  }
}
