// Contact lists and account lists with their entries. A contact list may name a
// default sequence template (entries added to it are enrolled); an entry links one contact (or
// account) per list, and carries the fields it was sent with and its lead import's state.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122050200_lists extends Migration {
  override name = 'Migration20261122050200_lists';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "contact_lists" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "default_sequence_template_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "contact_lists_organization_created_index" on "contact_lists" ("organization_id", "created_at", "id");`,
    );
    this.addSql(`create index "contact_lists_organization_name_index" on "contact_lists" ("organization_id", "name");`);

    this.addSql(
      `create table "account_lists" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "account_lists_organization_created_index" on "account_lists" ("organization_id", "created_at", "id");`,
    );
    this.addSql(`create index "account_lists_organization_name_index" on "account_lists" ("organization_id", "name");`);

    this.addSql(
      `create table "contact_entries" ("id" uuid not null, "organization_id" uuid not null, "contact_list_id" uuid not null, "contact_id" uuid null, "email" text null, "linkedin_url" text null, "external_contact_id" text null, "first_name" text null, "last_name" text null, "company_name" text null, "company_domain" text null, "job_title" text null, "phone" text null, "enrichment_status" text not null default 'PENDING', "enrichment_error" text null, "resolved_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "contact_entries" add constraint "contact_entries_list_contact_unique" unique ("contact_list_id", "contact_id");`,
    );
    this.addSql(
      `create index "contact_entries_list_created_index" on "contact_entries" ("contact_list_id", "created_at", "id");`,
    );
    this.addSql(`create index "contact_entries_contact_index" on "contact_entries" ("contact_id");`);
    this.addSql(`create index "contact_entries_organization_index" on "contact_entries" ("organization_id");`);

    this.addSql(
      `create table "account_entries" ("id" uuid not null, "organization_id" uuid not null, "account_list_id" uuid not null, "account_id" uuid not null, "name" text not null, "domain" text not null, "company" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "account_entries" add constraint "account_entries_list_account_unique" unique ("account_list_id", "account_id");`,
    );
    this.addSql(
      `create index "account_entries_list_created_index" on "account_entries" ("account_list_id", "created_at", "id");`,
    );
    this.addSql(`create index "account_entries_account_index" on "account_entries" ("account_id");`);

    this.addSql(
      `alter table "contact_lists" add constraint "contact_lists_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "contact_lists" add constraint "contact_lists_default_sequence_template_id_foreign" foreign key ("default_sequence_template_id") references "sequence_templates" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "account_lists" add constraint "account_lists_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );

    this.addSql(
      `alter table "contact_entries" add constraint "contact_entries_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "contact_entries" add constraint "contact_entries_contact_list_id_foreign" foreign key ("contact_list_id") references "contact_lists" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact_entries" add constraint "contact_entries_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact_entries" add constraint "contact_entries_enrichment_status_check" check ("enrichment_status" in ('PENDING', 'DONE', 'FAILED'));`,
    );

    this.addSql(
      `alter table "account_entries" add constraint "account_entries_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "account_entries" add constraint "account_entries_account_list_id_foreign" foreign key ("account_list_id") references "account_lists" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "account_entries" add constraint "account_entries_account_id_foreign" foreign key ("account_id") references "accounts" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "contact_entries" cascade;`);
    this.addSql(`drop table if exists "account_entries" cascade;`);
    this.addSql(`drop table if exists "contact_lists" cascade;`);
    this.addSql(`drop table if exists "account_lists" cascade;`);
  }
}
