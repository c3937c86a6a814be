// Contacts, accounts, their variables, privacy suppressions and organization settings.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122023808_people extends Migration {
  override name = 'Migration20261122023808_people';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `create table "suppressions" ("organization_id" uuid not null, "kind" text not null, "value_hash" text not null, "created_at" timestamptz not null, primary key ("organization_id", "kind", "value_hash"));`,
    );

    this.addSql(
      `create table "accounts" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "domain" text not null, "owner_id" uuid null, "first_seen_at" timestamptz not null, "last_seen_at" timestamptz not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "accounts" add constraint "accounts_organization_domain_unique" unique ("organization_id", "domain");`,
    );

    this.addSql(
      `create table "contacts" ("id" uuid not null, "organization_id" uuid not null, "account_id" uuid null, "email" text null, "linkedin_url" text null, "first_name" text null, "last_name" text null, "job_title" text null, "company_name" text null, "phone" text null, "owner_id" uuid null, "email_status" text not null default 'UNVERIFIED', "email_verified_at" timestamptz null, "first_seen_at" timestamptz not null, "last_seen_at" timestamptz not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "contact_variables" ("contact_id" uuid not null, "key" text not null, "value" text null, "updated_at" timestamptz not null, primary key ("contact_id", "key"));`,
    );

    this.addSql(
      `create table "account_variables" ("account_id" uuid not null, "key" text not null, "value" text null, "updated_at" timestamptz not null, primary key ("account_id", "key"));`,
    );

    this.addSql(
      `alter table "organizations" add "enrichment_credits" int not null default 0, add "lead_limit" int not null default 500, add "icp_profile" jsonb null;`,
    );

    this.addSql(
      `alter table "suppressions" add constraint "suppressions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "suppressions" add constraint "suppressions_kind_check" check ("kind" in ('EMAIL', 'LINKEDIN_URL'));`,
    );

    this.addSql(
      `alter table "accounts" add constraint "accounts_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "accounts" add constraint "accounts_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "contacts" add constraint "contacts_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "contacts" add constraint "contacts_account_id_foreign" foreign key ("account_id") references "accounts" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "contacts" add constraint "contacts_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "contacts" add constraint "contacts_email_status_check" check ("email_status" in ('UNVERIFIED', 'DELIVERABLE', 'UNDELIVERABLE', 'RISKY', 'BOUNCED'));`,
    );

    this.addSql(
      `alter table "contact_variables" add constraint "contact_variables_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "account_variables" add constraint "account_variables_account_id_foreign" foreign key ("account_id") references "accounts" ("id") on delete cascade;`,
    );

    // One contact per normalised email and per canonical LinkedIn URL in an organization.
    this.addSql(
      `create unique index "contacts_organization_email_unique" on "contacts" ("organization_id", "email") where "email" is not null;`,
    );
    this.addSql(
      `create unique index "contacts_organization_linkedin_unique" on "contacts" ("organization_id", "linkedin_url") where "linkedin_url" is not null;`,
    );
    this.addSql(`create index "contacts_organization_account_index" on "contacts" ("organization_id", "account_id");`);
    this.addSql(
      `create index "contacts_organization_created_index" on "contacts" ("organization_id", "created_at", "id");`,
    );
    this.addSql(
      `create index "contacts_organization_last_seen_index" on "contacts" ("organization_id", "last_seen_at");`,
    );
    // Search: substring matches (ILIKE '%q%') served by trigram indexes on one text per row.
    this
      .addSql(`create function contact_search_text(first_name text, last_name text, email text, company_name text, job_title text) returns text
      language sql immutable parallel safe as $$ select lower(concat_ws(' ', first_name, last_name, email, company_name, job_title)) $$;`);
    this.addSql(
      `create index "contacts_search_trgm" on "contacts" using gin (contact_search_text("first_name", "last_name", "email", "company_name", "job_title") gin_trgm_ops);`,
    );
    this.addSql(
      `create index "accounts_search_trgm" on "accounts" using gin (lower("name" || ' ' || "domain") gin_trgm_ops);`,
    );
    this.addSql(
      `create index "accounts_organization_created_index" on "accounts" ("organization_id", "created_at", "id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "contacts" drop constraint "contacts_account_id_foreign";`);
    this.addSql(`alter table "account_variables" drop constraint "account_variables_account_id_foreign";`);
    this.addSql(`alter table "contact_variables" drop constraint "contact_variables_contact_id_foreign";`);

    this.addSql(`drop table if exists "suppressions" cascade;`);
    this.addSql(`drop table if exists "accounts" cascade;`);
    this.addSql(`drop table if exists "contacts" cascade;`);
    this.addSql(`drop table if exists "contact_variables" cascade;`);
    this.addSql(`drop table if exists "account_variables" cascade;`);

    this.addSql(`drop function if exists contact_search_text(text, text, text, text, text);`);
    this.addSql(
      `alter table "organizations" drop column "enrichment_credits", drop column "lead_limit", drop column "icp_profile";`,
    );
  }
}
