// What the inbox sync knows about its own health, on the mailbox row: why it cannot read the inbox
// now and since when (sync_error, sync_error_since: an unreachable server, a cursor that does not
// move while mail waits; these never hold the sender's emails, unlike status), the messages it saw
// waiting above the cursor (inbox_waiting), and the INTERNALDATE of the last message it read
// (last_received_at), where a mailbox re-connected to another server starts reading.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261127230000_mailbox_sync_health extends Migration {
  override name = 'Migration20261127230000_mailbox_sync_health';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "mailboxes" add column "sync_error" text null, add column "sync_error_since" timestamptz null, add column "inbox_waiting" int null, add column "last_received_at" timestamptz null;`,
    );
    this.addSql(`update "mailboxes" m set "last_received_at" = r."received_at" from (
      select "mailbox_id", max("received_at") as "received_at" from "mailbox_inbox_messages" group by "mailbox_id") r where r."mailbox_id" = m."id";`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "mailboxes" drop column "sync_error", drop column "sync_error_since", drop column "inbox_waiting", drop column "last_received_at";`,
    );
  }
}
