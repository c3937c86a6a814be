// The MAILBOX_SYNC workflow command (db/entities/workflow-command.entity.ts): connecting,
// disconnecting or removing a mailbox's user records its sync's start or stop in the outbox.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261127220000_mailbox_sync_commands extends Migration {
  override name = 'Migration20261127220000_mailbox_sync_commands';

  override up(): void | Promise<void> {
    this.addSql(`alter table "workflow_commands" drop constraint "workflow_commands_kind_check";`);
    this.addSql(
      `alter table "workflow_commands" add constraint "workflow_commands_kind_check" check ("kind" in ('START_SEQUENCE', 'TASK_COMPLETED', 'RUN_CHANGED', 'WAKE_PLAYBOOKS', 'LEAD_IMPORT', 'SIGNAL_CHANGED', 'MAILBOX_SYNC'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "workflow_commands" where "kind" = 'MAILBOX_SYNC';`);
    this.addSql(`alter table "workflow_commands" drop constraint "workflow_commands_kind_check";`);
    this.addSql(
      `alter table "workflow_commands" add constraint "workflow_commands_kind_check" check ("kind" in ('START_SEQUENCE', 'TASK_COMPLETED', 'RUN_CHANGED', 'WAKE_PLAYBOOKS', 'LEAD_IMPORT', 'SIGNAL_CHANGED'));`,
    );
  }
}
