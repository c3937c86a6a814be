// Playbooks and their runs: event-triggered actions on resolved contacts.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122060100_playbooks extends Migration {
  override name = 'Migration20261122060100_playbooks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "playbooks" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "event_name" text not null, "action" jsonb not null, "requires_approval" boolean not null, "status" text not null, "owner_user_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "playbooks_organization_created_index" on "playbooks" ("organization_id", "created_at", "id");`,
    );
    this.addSql(`create index "playbooks_trigger_index" on "playbooks" ("organization_id", "event_name", "status");`);
    this.addSql(
      `create table "playbook_runs" ("id" uuid not null, "organization_id" uuid not null, "playbook_id" uuid not null, "event_id" uuid not null, "contact_id" uuid not null, "status" text not null, "action" jsonb not null, "approval_task_id" uuid null, "outcome" text null, "sequence_id" uuid null, "created_task_id" uuid null, "error" text null, "decided_at" timestamptz null, "completed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create unique index "playbook_runs_playbook_event_unique" on "playbook_runs" ("playbook_id", "event_id");`,
    );
    this.addSql(
      `create index "playbook_runs_playbook_created_index" on "playbook_runs" ("playbook_id", "created_at", "id");`,
    );
    this.addSql(`create index "playbook_runs_approval_task_index" on "playbook_runs" ("approval_task_id");`);
    this.addSql(
      `create index "playbook_runs_pending_index" on "playbook_runs" ("created_at", "id") where "status" = 'PENDING';`,
    );
    this.addSql(
      `alter table "playbooks" add constraint "playbooks_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "playbooks" add constraint "playbooks_status_check" check ("status" in ('ACTIVE', 'PAUSED'));`,
    );
    this.addSql(
      `alter table "playbook_runs" add constraint "playbook_runs_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "playbook_runs" add constraint "playbook_runs_playbook_id_foreign" foreign key ("playbook_id") references "playbooks" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "playbook_runs" add constraint "playbook_runs_event_id_foreign" foreign key ("event_id") references "ingested_events" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "playbook_runs" add constraint "playbook_runs_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "playbook_runs" add constraint "playbook_runs_status_check" check ("status" in ('PENDING', 'AWAITING_APPROVAL', 'COMPLETED', 'REJECTED', 'FAILED'));`,
    );
    this.addSql(
      `alter table "playbook_runs" add constraint "playbook_runs_outcome_check" check ("outcome" in ('ENROLLED', 'ENROLLMENT_REFUSED', 'ALREADY_ENROLLED', 'TASK_CREATED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "playbook_runs" cascade;`);
    this.addSql(`drop table if exists "playbooks" cascade;`);
  }
}
