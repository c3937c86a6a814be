// Exclusions, the activity stream (the outbox) and webhook subscriptions and deliveries.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032819_outbox extends Migration {
  override name = 'Migration20261122032819_outbox';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "contact_exclusions" ("id" uuid not null, "organization_id" uuid not null, "email" text null, "linkedin_url" text null, "reason" text not null, "message" text null, "until" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create unique index "contact_exclusions_organization_email_unique" on "contact_exclusions" ("organization_id", "email") where "email" is not null;`,
    );
    this.addSql(
      `create unique index "contact_exclusions_organization_linkedin_unique" on "contact_exclusions" ("organization_id", "linkedin_url") where "linkedin_url" is not null;`,
    );
    this.addSql(
      `create index "contact_exclusions_organization_created_index" on "contact_exclusions" ("organization_id", "created_at", "id");`,
    );

    this.addSql(
      `create table "activities" ("id" uuid not null, "organization_id" uuid not null, "type" text not null, "contact_id" uuid null, "sequence_id" uuid null, "sequence_template_id" uuid null, "resource_type" text null, "channel" text null, "payload" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "activities_organization_created_index" on "activities" ("organization_id", "created_at", "id");`,
    );
    this.addSql(
      `create index "activities_organization_contact_index" on "activities" ("organization_id", "contact_id", "created_at");`,
    );
    this.addSql(
      `create index "activities_organization_sequence_index" on "activities" ("organization_id", "sequence_id", "created_at");`,
    );
    this.addSql(
      `create index "activities_organization_type_index" on "activities" ("organization_id", "type", "created_at");`,
    );

    this.addSql(
      `create table "account_exclusions" ("id" uuid not null, "organization_id" uuid not null, "domain" text not null, "reason" text not null, "message" text null, "until" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "account_exclusions_organization_created_index" on "account_exclusions" ("organization_id", "created_at", "id");`,
    );
    this.addSql(
      `alter table "account_exclusions" add constraint "account_exclusions_organization_domain_unique" unique ("organization_id", "domain");`,
    );

    this.addSql(
      `create table "webhook_subscriptions" ("id" uuid not null, "organization_id" uuid not null, "name" text not null, "description" text null, "url" text not null, "event_types" text[] not null, "sequence_template_ids" text[] null, "status" text not null default 'ACTIVE', "status_reason" text null, "status_changed_at" timestamptz not null, "secret_ciphertext" text not null, "secret_prefix" text not null, "previous_secret_ciphertext" text null, "previous_secret_expires_at" timestamptz null, "last_success_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "webhook_subscriptions_organization_status_index" on "webhook_subscriptions" ("organization_id", "status");`,
    );

    this.addSql(
      `create table "webhook_deliveries" ("id" text not null, "organization_id" uuid not null, "subscription_id" uuid not null, "activity_id" uuid not null, "event_type" text not null, "status" text not null default 'PENDING', "attempts" int not null default 0, "last_response_code" int null, "last_error" text null, "next_attempt_at" timestamptz null, "lease_until" timestamptz null, "retry_workflow_id" text null, "delivered_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "webhook_deliveries_due_index" on "webhook_deliveries" ("next_attempt_at") where "status" = 'PENDING';`,
    );
    this.addSql(
      `create index "webhook_deliveries_subscription_created_index" on "webhook_deliveries" ("subscription_id", "created_at");`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_subscription_activity_unique" unique ("subscription_id", "activity_id");`,
    );

    this.addSql(
      `alter table "contact_exclusions" add constraint "contact_exclusions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "contact_exclusions" add constraint "contact_exclusions_reason_check" check ("reason" in ('UNSUBSCRIBED', 'CONTACT_REFUSED', 'BOUNCED', 'WRONG_PERSON', 'LEFT_COMPANY', 'BAD_TIMING', 'OUT_OF_OFFICE', 'MEETING', 'INTERESTED', 'COMPETITOR', 'REFERRAL', 'EXCLUDE_FROM_SEARCH', 'EXCLUDE_FROM_CRM', 'OTHER', 'UNKNOWN'));`,
    );

    this.addSql(
      `alter table "activities" add constraint "activities_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );

    this.addSql(
      `alter table "account_exclusions" add constraint "account_exclusions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "account_exclusions" add constraint "account_exclusions_reason_check" check ("reason" in ('UNSUBSCRIBED', 'CONTACT_REFUSED', 'BOUNCED', 'WRONG_PERSON', 'LEFT_COMPANY', 'BAD_TIMING', 'OUT_OF_OFFICE', 'MEETING', 'INTERESTED', 'COMPETITOR', 'REFERRAL', 'EXCLUDE_FROM_SEARCH', 'EXCLUDE_FROM_CRM', 'OTHER', 'UNKNOWN'));`,
    );

    this.addSql(
      `alter table "webhook_subscriptions" add constraint "webhook_subscriptions_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "webhook_subscriptions" add constraint "webhook_subscriptions_status_check" check ("status" in ('ACTIVE', 'PAUSED', 'DISABLED'));`,
    );

    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscriptions" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_activity_id_foreign" foreign key ("activity_id") references "activities" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_status_check" check ("status" in ('PENDING', 'DELIVERED', 'FAILED'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_activity_id_foreign";`);
    this.addSql(`alter table "webhook_deliveries" drop constraint "webhook_deliveries_subscription_id_foreign";`);

    this.addSql(`drop table if exists "contact_exclusions" cascade;`);
    this.addSql(`drop table if exists "activities" cascade;`);
    this.addSql(`drop table if exists "account_exclusions" cascade;`);
    this.addSql(`drop table if exists "webhook_subscriptions" cascade;`);
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
  }
}
