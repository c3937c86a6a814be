// A sender's reputation pause on the user row: when and why their mailbox was paused (a hard-bounce
// rate over the threshold, a spam complaint), and when an operator last resumed it (the bounce-rate
// window starts again there). Inbox messages gain the kind COMPLAINT (a feedback-loop report).
import { Migration } from '@mikro-orm/migrations';

export class Migration20261129100000_reputation_pause extends Migration {
  override name = 'Migration20261129100000_reputation_pause';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "users" add column "reputation_paused_at" timestamptz null, add column "reputation_pause_reason" text null, add column "reputation_resumed_at" timestamptz null;`,
    );
    this.addSql(`alter table "mailbox_inbox_messages" drop constraint "mailbox_inbox_messages_kind_check";`);
    this.addSql(
      `alter table "mailbox_inbox_messages" add constraint "mailbox_inbox_messages_kind_check" check ("kind" in ('REPLY', 'BOUNCE', 'COMPLAINT', 'AUTO_REPLY', 'IGNORED', 'UNREADABLE'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "mailbox_inbox_messages" drop constraint "mailbox_inbox_messages_kind_check";`);
    this.addSql(
      `alter table "mailbox_inbox_messages" add constraint "mailbox_inbox_messages_kind_check" check ("kind" in ('REPLY', 'BOUNCE', 'AUTO_REPLY', 'IGNORED', 'UNREADABLE'));`,
    );
    this.addSql(
      `alter table "users" drop column "reputation_paused_at", drop column "reputation_pause_reason", drop column "reputation_resumed_at";`,
    );
  }
}
