// Erasure of a person at a privacy request (db/entities/erasure-job.entity.ts): the jobs, the
// ERASE_PERSON workflow command that starts each job's workflow, and the CRM_DELETE effect (the
// CRM's right-to-be-forgotten call, recorded before it is made).
import { Migration } from '@mikro-orm/migrations';

const COMMAND_KINDS = `'START_SEQUENCE', 'TASK_COMPLETED', 'RUN_CHANGED', 'WAKE_PLAYBOOKS', 'LEAD_IMPORT', 'SIGNAL_CHANGED', 'MAILBOX_SYNC'`;
const EFFECT_KINDS = `'EMAIL', 'LINKEDIN_INVITATION', 'LINKEDIN_MESSAGE', 'CRM_CREATE', 'CRM_UPDATE'`;

export class Migration20261130100000_erasure_jobs extends Migration {
  override name = 'Migration20261130100000_erasure_jobs';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "erasure_jobs" ("id" uuid not null, "organization_id" uuid not null, "contact_id" uuid null, "subject_hash" text not null, "identifiers" jsonb null, "status" text check ("status" in ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED')) not null default 'QUEUED', "erased" jsonb null, "error" text null, "created_at" timestamptz not null, "started_at" timestamptz null, "finished_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "erasure_jobs" add constraint "erasure_jobs_subject_unique" unique ("organization_id", "subject_hash");`,
    );
    this.addSql(
      `create unique index "erasure_jobs_contact_unique" on "erasure_jobs" ("organization_id", "contact_id") where "contact_id" is not null;`,
    );
    this.addSql(
      `alter table "erasure_jobs" add constraint "erasure_jobs_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(`alter table "workflow_commands" drop constraint "workflow_commands_kind_check";`);
    this.addSql(
      `alter table "workflow_commands" add constraint "workflow_commands_kind_check" check ("kind" in (${COMMAND_KINDS}, 'ERASE_PERSON'));`,
    );
    this.addSql(`alter table "outbound_effects" drop constraint "outbound_effects_kind_check";`);
    this.addSql(
      `alter table "outbound_effects" add constraint "outbound_effects_kind_check" check ("kind" in (${EFFECT_KINDS}, 'CRM_DELETE'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "workflow_commands" where "kind" = 'ERASE_PERSON';`);
    this.addSql(`alter table "workflow_commands" drop constraint "workflow_commands_kind_check";`);
    this.addSql(
      `alter table "workflow_commands" add constraint "workflow_commands_kind_check" check ("kind" in (${COMMAND_KINDS}));`,
    );
    this.addSql(`delete from "outbound_effects" where "kind" = 'CRM_DELETE';`);
    this.addSql(`alter table "outbound_effects" drop constraint "outbound_effects_kind_check";`);
    this.addSql(
      `alter table "outbound_effects" add constraint "outbound_effects_kind_check" check ("kind" in (${EFFECT_KINDS}));`,
    );
    this.addSql(`drop table if exists "erasure_jobs" cascade;`);
  }
}
