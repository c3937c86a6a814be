// The shared people and company directory (lead database) and the meta row of its loaded seed.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030000_directory extends Migration {
  override name = 'Migration20261122030000_directory';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "directory_companies" ("id" uuid not null, "name" text not null, "domain" text not null, "industry" text not null, "size_band" text not null, "employee_count" int not null, "country_code" text not null, "company_type" text not null, "technologies" text[] not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "directory_companies" add constraint "directory_companies_domain_unique" unique ("domain");`,
    );

    this.addSql(
      `create table "directory_company_domains" ("domain" text not null, "company_id" uuid not null, "is_primary" boolean not null, primary key ("domain"));`,
    );
    this.addSql(
      `create index "directory_company_domains_company_index" on "directory_company_domains" ("company_id");`,
    );

    this.addSql(
      `create table "directory_people" ("id" uuid not null, "first_name" text not null, "last_name" text not null, "email" text null, "linkedin_url" text null, "job_title" text not null, "seniority" text not null, "phone" text null, "country_code" text not null, "company_id" uuid null, "job_history" jsonb not null, primary key ("id"));`,
    );
    this.addSql(`alter table "directory_people" add constraint "directory_people_email_unique" unique ("email");`);
    this.addSql(
      `alter table "directory_people" add constraint "directory_people_linkedin_url_unique" unique ("linkedin_url");`,
    );
    this.addSql(`create index "directory_people_company_index" on "directory_people" ("company_id");`);
    // Name lookup at a company is case-insensitive.
    this.addSql(
      `create index "directory_people_name_index" on "directory_people" (lower("first_name"), lower("last_name"), "company_id");`,
    );

    this.addSql(`create table "directory_meta" ("key" text not null, "value" text not null, primary key ("key"));`);

    this.addSql(
      `alter table "directory_company_domains" add constraint "directory_company_domains_company_id_foreign" foreign key ("company_id") references "directory_companies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "directory_people" add constraint "directory_people_company_id_foreign" foreign key ("company_id") references "directory_companies" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "directory_meta" cascade;`);
    this.addSql(`drop table if exists "directory_people" cascade;`);
    this.addSql(`drop table if exists "directory_company_domains" cascade;`);
    this.addSql(`drop table if exists "directory_companies" cascade;`);
  }
}
