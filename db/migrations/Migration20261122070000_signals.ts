// Buying signals and their imports feed.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122070000_signals extends Migration {
  override name = 'Migration20261122070000_signals';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "signals" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "signal_type" text not null, "status" text not null default 'ACTIVE', "cadence" text not null default 'DAILY', "search_filters" jsonb not null, "import_search_filters" jsonb not null, "import_target" text not null, "event_subject" text null, "event_name" text null, "sequence_template_id" uuid null, "enrich_email" boolean not null default true, "enrich_phones" boolean not null default true, "max_per_run" int null, "max_companies_per_run" int null, "max_contacts_per_company" int null, "max_per_day" int not null, "imported_count" int not null default 0, "contact_list_id" uuid null, "account_list_id" uuid null, "last_checked_at" timestamptz null, "watermark" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "archived_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `create index "signals_organization_created_index" on "signals" ("organization_id", "created_at", "id");`,
    );
    this.addSql(
      `create unique index "signals_event_name_unique" on "signals" ("organization_id", "event_name") where "event_name" is not null;`,
    );
    this.addSql(
      `alter table "signals" add constraint "signals_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "signals" add constraint "signals_status_check" check ("status" in ('ACTIVE', 'PAUSED', 'ARCHIVED'));`,
    );
    this.addSql(
      `alter table "signals" add constraint "signals_cadence_check" check ("cadence" in ('DAILY', 'WEEKLY'));`,
    );
    this.addSql(
      `alter table "signals" add constraint "signals_import_target_check" check ("import_target" in ('PEOPLE', 'COMPANIES'));`,
    );

    this.addSql(
      `create table "signal_imports" ("id" uuid not null, "organization_id" uuid not null, "signal_id" uuid not null, "fact_key" text not null, "kind" text not null, "status" text not null, "occurred_at" timestamptz not null, "first_name" text null, "last_name" text null, "email" text null, "job_title" text null, "linkedin_url" text null, "company_name" text null, "company_domain" text null, "account_name" text null, "account_domain" text null, "contact_id" uuid null, "account_id" uuid null, "metadata" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create unique index "signal_imports_fact_unique" on "signal_imports" ("signal_id", "fact_key");`);
    this.addSql(
      `create index "signal_imports_organization_occurred_index" on "signal_imports" ("organization_id", "occurred_at", "id");`,
    );
    this.addSql(
      `alter table "signal_imports" add constraint "signal_imports_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "signal_imports" add constraint "signal_imports_kind_check" check ("kind" in ('CONTACT', 'ACCOUNT'));`,
    );
    this.addSql(
      `alter table "signal_imports" add constraint "signal_imports_status_check" check ("status" in ('IMPORTED', 'SKIPPED_DUPLICATE', 'SKIPPED_EXCLUDED', 'SKIPPED_CAP'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "signal_imports" cascade;`);
    this.addSql(`drop table if exists "signals" cascade;`);
  }
}
