// Lookups of the inbox sync: an outbound message by the Message-ID its provider answered (a reply's
// In-Reply-To, a bounce's original), and an inbox message already recorded under a Message-ID.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261126110000_inbox_lookups extends Migration {
  override name = 'Migration20261126110000_inbox_lookups';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "messages_organization_provider_message_id_index" on "messages" ("organization_id", "provider_message_id") where "provider_message_id" is not null;`,
    );
    this.addSql(
      `create index "mailbox_inbox_messages_rfc_message_id_index" on "mailbox_inbox_messages" ("mailbox_id", "rfc_message_id") where "rfc_message_id" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "mailbox_inbox_messages_rfc_message_id_index";`);
    this.addSql(`drop index if exists "messages_organization_provider_message_id_index";`);
  }
}
