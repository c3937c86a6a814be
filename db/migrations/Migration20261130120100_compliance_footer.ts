// An organization's sender identity and postal address (CAN-SPAM asks commercial email for a
// physical address): set once, added to every sequence email's footer beside the unsubscribe link.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261130120100_compliance_footer extends Migration {
  override name = 'Migration20261130120100_compliance_footer';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "organizations" add column "sender_identity" text null, add column "postal_address" text null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "organizations" drop column "sender_identity", drop column "postal_address";`);
  }
}
