import { Migration } from '@mikro-orm/migrations';

export class Migration20261122022105_foundation extends Migration {
  override name = 'Migration20261122022105_foundation';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "organizations" ("id" uuid not null, "name" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "users" ("id" uuid not null, "organization_id" uuid not null, "email" text not null, "name" text not null, "role" text not null default 'member', "created_at" timestamptz not null, "updated_at" timestamptz not null, "removed_at" timestamptz null, primary key ("id"));`,
    );

    this.addSql(
      `create table "api_keys" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "name" text not null, "key_prefix" text not null, "key_hash" text not null, "scopes" text[] not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "expires_at" timestamptz null, "revoked_at" timestamptz null, "rotated_from_id" uuid null, primary key ("id"));`,
    );
    this.addSql(`create index "api_keys_key_prefix_index" on "api_keys" ("key_prefix");`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_key_hash_unique" unique ("key_hash");`);

    this.addSql(
      `alter table "users" add constraint "users_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('owner', 'member'));`);

    this.addSql(
      `alter table "api_keys" add constraint "api_keys_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id");`,
    );
    this.addSql(
      `alter table "api_keys" add constraint "api_keys_user_id_foreign" foreign key ("user_id") references "users" ("id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_organization_id_foreign";`);
    this.addSql(`alter table "api_keys" drop constraint "api_keys_organization_id_foreign";`);
    this.addSql(`alter table "api_keys" drop constraint "api_keys_user_id_foreign";`);

    this.addSql(`drop table if exists "organizations" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "api_keys" cascade;`);
  }
}
