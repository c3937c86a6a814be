// Tracking under the sender's control: per template, open tracking and click tracking on or off
// (both on by default, as before); per organization, a custom tracking domain its links and pixels
// use (null: the service's public base URL).
import { Migration } from '@mikro-orm/migrations';

export class Migration20261130120000_tracking_control extends Migration {
  override name = 'Migration20261130120000_tracking_control';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "sequence_templates" add column "open_tracking" boolean not null default true, add column "click_tracking" boolean not null default true;`,
    );
    this.addSql(`alter table "organizations" add column "tracking_domain" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "organizations" drop column "tracking_domain";`);
    this.addSql(`alter table "sequence_templates" drop column "open_tracking", drop column "click_tracking";`);
  }
}
