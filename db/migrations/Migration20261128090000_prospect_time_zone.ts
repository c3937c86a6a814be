// The prospect's time zone and holidays: a location (country, region, city) on contacts and accounts
// and a timezone set on the contact (an inferred one is computed on read, never stored); on templates,
// whose hours the window means (window_timezone) and whether steps skip public holidays
// (skip_holidays, holiday_country). Columns with constant defaults or null rewrite no rows.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261128090000_prospect_time_zone extends Migration {
  override name = 'Migration20261128090000_prospect_time_zone';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "contacts" add column "timezone" text null, add column "country" text null, add column "region" text null, add column "city" text null;`,
    );
    this.addSql(
      `alter table "accounts" add column "country" text null, add column "region" text null, add column "city" text null;`,
    );
    this.addSql(
      `alter table "sequence_templates" add column "window_timezone" text not null default 'TEMPLATE', add column "skip_holidays" boolean not null default false, add column "holiday_country" text null;`,
    );
    this.addSql(
      `alter table "sequence_templates" add constraint "sequence_templates_window_timezone_check" check ("window_timezone" in ('TEMPLATE', 'PROSPECT'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "sequence_templates" drop constraint "sequence_templates_window_timezone_check", drop column "window_timezone", drop column "skip_holidays", drop column "holiday_country";`,
    );
    this.addSql(`alter table "accounts" drop column "country", drop column "region", drop column "city";`);
    this.addSql(
      `alter table "contacts" drop column "timezone", drop column "country", drop column "region", drop column "city";`,
    );
  }
}
