// Users gain the role `admin` (domain/admin/roles.ts): owners and admins may hold every scope, members
// not audit:read or webhooks:write, and a key's scopes are cut to its user's role when it is used.
// Owners stay owners. A member who already holds a live key with one of those scopes becomes an
// admin, so no key an operator issued before roles existed loses a scope on upgrade; an operator
// demotes them with `admin user role` if that power was not meant.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261130110000_user_roles extends Migration {
  override name = 'Migration20261130110000_user_roles';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_role_check";`);
    this.addSql(
      `alter table "users" add constraint "users_role_check" check ("role" in ('owner', 'admin', 'member'));`,
    );
    this.addSql(
      `update "users" u set "role" = 'admin', "updated_at" = now()
        where u."role" = 'member' and u."removed_at" is null
          and exists (select 1 from "api_keys" k
                       where k."user_id" = u."id" and k."revoked_at" is null
                         and (k."expires_at" is null or k."expires_at" > now())
                         and k."scopes" && array['audit:read', 'webhooks:write']::text[]);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`update "users" set "role" = 'member' where "role" = 'admin';`);
    this.addSql(`alter table "users" drop constraint "users_role_check";`);
    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('owner', 'member'));`);
  }
}
