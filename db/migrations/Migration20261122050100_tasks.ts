// Tasks API: the task state machine's columns (start, skip, reopen, snooze,
// completion source, call disposition and phone), the indexes of the list filters and search, and
// the per-run assignee of later tasks (a SEQUENCE-scope reassignment).
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122050100_tasks extends Migration {
  override name = 'Migration20261122050100_tasks';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "tasks" add column "disposition" text null, add column "phone" text null, add column "completion_source" text null, add column "reopen_reason" text null, add column "snoozed_until" timestamptz null, add column "started_at" timestamptz null, add column "skipped_at" timestamptz null, add column "reopened_at" timestamptz null;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_disposition_check" check ("disposition" in ('ANSWERED', 'VOICEMAIL_LEFT', 'NO_ANSWER', 'INTERESTED', 'NOT_INTERESTED', 'WRONG_NUMBER'));`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_completion_source_check" check ("completion_source" in ('TASK_EXECUTION', 'EXTERNAL_REPLY', 'SEQUENCE_TRANSITION', 'EXTERNAL_CRM', 'PLAYBOOK_RESOLUTION'));`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_reopen_reason_check" check ("reopen_reason" in ('REMINDER_RULE'));`,
    );
    this.addSql(`create index "tasks_organization_updated_index" on "tasks" ("organization_id", "updated_at", "id");`);
    this.addSql(
      `create index "tasks_organization_assignee_index" on "tasks" ("organization_id", "assignee_id", "status");`,
    );
    this.addSql(`create index "tasks_organization_contact_index" on "tasks" ("organization_id", "contact_id");`);
    this.addSql(`create index "tasks_title_trgm" on "tasks" using gin (lower("title") gin_trgm_ops);`);

    this.addSql(`alter table "sequences" add column "task_assignee_id" uuid null;`);
    this.addSql(
      `alter table "sequences" add constraint "sequences_task_assignee_id_foreign" foreign key ("task_assignee_id") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sequences" drop constraint "sequences_task_assignee_id_foreign";`);
    this.addSql(`alter table "sequences" drop column "task_assignee_id";`);
    this.addSql(`drop index "tasks_title_trgm";`);
    this.addSql(`drop index "tasks_organization_contact_index";`);
    this.addSql(`drop index "tasks_organization_assignee_index";`);
    this.addSql(`drop index "tasks_organization_updated_index";`);
    this.addSql(
      `alter table "tasks" drop constraint "tasks_disposition_check", drop constraint "tasks_completion_source_check", drop constraint "tasks_reopen_reason_check";`,
    );
    this.addSql(
      `alter table "tasks" drop column "disposition", drop column "phone", drop column "completion_source", drop column "reopen_reason", drop column "snoozed_until", drop column "started_at", drop column "skipped_at", drop column "reopened_at";`,
    );
  }
}
