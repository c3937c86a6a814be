// Sending domains with their DKIM key pairs: the shared transport signs an organization's emails
// from a registered domain.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261130120200_sending_domains extends Migration {
  override name = 'Migration20261130120200_sending_domains';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "sending_domains" ("id" uuid not null, "organization_id" uuid not null, "domain" text not null, "selector" text not null, "public_key" text not null, "private_key_sealed" text not null, "verified_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "sending_domains" add constraint "sending_domains_domain_unique" unique ("domain");`);
    this.addSql(
      `alter table "sending_domains" add constraint "sending_domains_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sending_domains" cascade;`);
  }
}
