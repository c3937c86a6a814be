// A sender's pacing on the user row (emails per clock hour, the least and most seconds between two
// sends; null: the transport's default) and the send slots their emails reserve, unique per sender
// and instant. Nullable columns and a new table rewrite no rows.
import { Migration } from '@mikro-orm/migrations';

export class Migration20261130090000_mailbox_pacing extends Migration {
  override name = 'Migration20261130090000_mailbox_pacing';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "users" add column "hourly_send_limit" int null, add column "min_send_gap_seconds" int null, add column "max_send_gap_seconds" int null;`,
    );
    this.addSql(
      `create table "sender_send_slots" ("effect_key" text not null, "user_id" uuid not null, "slot_at" timestamptz not null, "sequence_id" uuid null, "created_at" timestamptz not null, primary key ("effect_key"));`,
    );
    this.addSql(`create index "sender_send_slots_sequence_index" on "sender_send_slots" ("sequence_id");`);
    this.addSql(
      `alter table "sender_send_slots" add constraint "sender_send_slots_user_slot_unique" unique ("user_id", "slot_at");`,
    );
    this.addSql(
      `alter table "sender_send_slots" add constraint "sender_send_slots_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sender_send_slots" cascade;`);
    this.addSql(
      `alter table "users" drop column "hourly_send_limit", drop column "min_send_gap_seconds", drop column "max_send_gap_seconds";`,
    );
  }
}
