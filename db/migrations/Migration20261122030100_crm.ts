// The sandbox CRM's records (with its seeded, documented fixtures) and the links from workspace
// accounts and contacts to CRM records.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030100_crm extends Migration {
  override name = 'Migration20261122030100_crm';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "crm_records" ("id" uuid not null, "organization_id" uuid null, "object_type" text not null, "external_id" text not null, "properties" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "crm_records" add constraint "crm_records_object_type_check" check ("object_type" in ('contact', 'company'));`,
    );
    // Seeded records (organization_id null) are shared; an organization's copy shadows one. NULLs
    // never collide in a plain unique index, so each kind gets its own partial one.
    this.addSql(
      `create unique index "crm_records_organization_external_unique" on "crm_records" ("organization_id", "object_type", "external_id") where "organization_id" is not null;`,
    );
    this.addSql(
      `create unique index "crm_records_seed_external_unique" on "crm_records" ("object_type", "external_id") where "organization_id" is null;`,
    );
    this.addSql(
      `create index "crm_records_email_index" on "crm_records" ("object_type", lower("properties" ->> 'email'));`,
    );
    this.addSql(
      `create index "crm_records_linkedin_url_index" on "crm_records" ("object_type", lower("properties" ->> 'linkedin_url'));`,
    );
    this.addSql(
      `create index "crm_records_domain_index" on "crm_records" ("object_type", lower("properties" ->> 'domain'));`,
    );

    this.addSql(
      `create table "crm_links" ("organization_id" uuid not null, "object_type" text not null, "local_id" uuid not null, "crm_type" text not null, "external_id" text not null, "created_at" timestamptz not null, primary key ("organization_id", "object_type", "local_id"));`,
    );
    this.addSql(
      `alter table "crm_links" add constraint "crm_links_object_type_check" check ("object_type" in ('account', 'contact'));`,
    );
    this.addSql(
      `alter table "crm_links" add constraint "crm_links_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `create index "crm_links_external_index" on "crm_links" ("organization_id", "object_type", "external_id");`,
    );

    // The sandbox fixtures documented in providers/crm/sandbox.ts; tests and demos link to them.
    this
      .addSql(`insert into "crm_records" ("id", "organization_id", "object_type", "external_id", "properties", "created_at", "updated_at") values
      (gen_random_uuid(), null, 'contact', 'crm-contact-ada', '{"email": "ada@acme.test", "linkedin_url": "https://www.linkedin.com/in/ada-lovelace-test", "first_name": "Ada", "last_name": "Lovelace", "company_domain": "acme.test"}', now(), now()),
      (gen_random_uuid(), null, 'contact', 'crm-contact-grace', '{"email": "grace@globex.test", "linkedin_url": "https://www.linkedin.com/in/grace-hopper-test", "first_name": "Grace", "last_name": "Hopper", "company_domain": "globex.test"}', now(), now()),
      (gen_random_uuid(), null, 'company', 'crm-company-acme', '{"domain": "acme.test", "name": "Acme Corp"}', now(), now()),
      (gen_random_uuid(), null, 'company', 'crm-company-globex', '{"domain": "globex.test", "name": "Globex"}', now(), now());`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "crm_links" cascade;`);
    this.addSql(`drop table if exists "crm_records" cascade;`);
  }
}
