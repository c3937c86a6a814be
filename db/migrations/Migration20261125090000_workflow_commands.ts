// The outbox of workflow commands (db/entities/workflow-command.entity.ts): a change that must
// reach a workflow is recorded in its own transaction and delivered to Temporal by workflow id.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261125090000_workflow_commands extends Migration {
  override name = 'Migration20261125090000_workflow_commands';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "workflow_commands" ("id" uuid not null, "organization_id" uuid not null, "kind" text not null, "workflow_id" text not null, "payload" jsonb not null, "status" text not null default 'PENDING', "attempts" int not null default 0, "last_error" text null, "next_attempt_at" timestamptz not null, "created_at" timestamptz not null, "done_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "workflow_commands_pending_index" on "workflow_commands" ("next_attempt_at") where "status" = 'PENDING';`,
    );
    this.addSql(
      `alter table "workflow_commands" add constraint "workflow_commands_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "workflow_commands" add constraint "workflow_commands_kind_check" check ("kind" in ('START_SEQUENCE', 'TASK_COMPLETED', 'RUN_CHANGED', 'WAKE_PLAYBOOKS', 'LEAD_IMPORT', 'SIGNAL_CHANGED'));`,
    );
    this.addSql(
      `alter table "workflow_commands" add constraint "workflow_commands_status_check" check ("status" in ('PENDING', 'DONE'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "workflow_commands" cascade;`);
  }
}
