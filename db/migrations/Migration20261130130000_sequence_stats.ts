// Results of sequence templates, per UTC day (db/entities/sequence-stats-day.entity.ts): counters
// kept by triggers in the transactions that write their source rows (a run's row, its step
// messages and their engagement markers, its tasks, its meetings), so every path that records a
// send, an open, a reply, an opt-out... counts it once, and a rolled-back write counts nothing.
// Messages gain who sent them, their variant and their first-engagement markers; the counters are
// backfilled from the rows already there (sequence_stats_recompute, which the admin check also runs).
import { Migration } from '@mikro-orm/migrations';
import {
  SEQUENCE_STATS_FUNCTIONS,
  SEQUENCE_STATS_RECOMPUTE,
  SEQUENCE_STATS_TRIGGERS,
} from './Migration20261130130000_sequence_stats.sql.ts';

export class Migration20261130130000_sequence_stats extends Migration {
  override name = 'Migration20261130130000_sequence_stats';

  override up(): void | Promise<void> {
    this.addSql(`alter table "messages"
      add column "sender_id" uuid null, add column "variant" int null,
      add column "unique_opened_at" timestamptz null, add column "proxy_opened_at" timestamptz null,
      add column "unique_clicked_at" timestamptz null, add column "bot_clicked_at" timestamptz null,
      add column "first_reply_at" timestamptz null, add column "first_positive_reply_at" timestamptz null;`);
    // Rows written before the split of opens and clicks: their first open and click count as a person's.
    this.addSql(`update "messages" set "unique_opened_at" = "opened_at", "unique_clicked_at" = "clicked_at"
      where "opened_at" is not null or "clicked_at" is not null;`);
    // The sender of a step message is the one its outbound effect recorded.
    this.addSql(`update "messages" m set "sender_id" = (e."request" ->> 'senderId')::uuid
      from "outbound_effects" e
      where e."key" = 'sequence-step/' || m."sequence_id" || '/' || m."step_number"
        and m."direction" = 'OUTBOUND' and m."in_reply_to_id" is null and e."request" ->> 'senderId' is not null;`);
    this.addSql(`update "messages" o set
        "first_reply_at" = r."first_reply_at", "first_positive_reply_at" = r."first_positive_reply_at"
      from (select "in_reply_to_id",
              min("sent_at") filter (where "reply_category" is distinct from 'OUT_OF_OFFICE') as "first_reply_at",
              min("sent_at") filter (where "reply_category" = 'INTERESTED') as "first_positive_reply_at"
            from "messages" where "direction" = 'INBOUND' and "in_reply_to_id" is not null group by "in_reply_to_id") r
      where o."id" = r."in_reply_to_id" and o."direction" = 'OUTBOUND';`);
    this.addSql(`create table "sequence_stats_daily" (
      "sequence_template_id" uuid not null, "day" date not null, "step_number" int not null,
      "variant" int not null, "sender_id" uuid not null, "organization_id" uuid not null,
      "enrolled" int not null default 0, "active" int not null default 0, "sent" int not null default 0,
      "bounced" int not null default 0, "opened" int not null default 0, "opened_proxy" int not null default 0,
      "clicked" int not null default 0, "clicked_bot" int not null default 0, "replied" int not null default 0,
      "replied_positive" int not null default 0, "opted_out" int not null default 0, "meetings" int not null default 0,
      "tasks_completed" int not null default 0,
      constraint "sequence_stats_daily_pkey" primary key ("sequence_template_id", "day", "step_number", "variant", "sender_id"));`);
    this.addSql(
      `create index "sequence_stats_daily_sender_index" on "sequence_stats_daily" ("organization_id", "sender_id", "day");`,
    );
    for (const statement of SEQUENCE_STATS_FUNCTIONS) this.addSql(statement);
    this.addSql(SEQUENCE_STATS_RECOMPUTE);
    for (const statement of SEQUENCE_STATS_TRIGGERS) this.addSql(statement);
    this.addSql(`insert into "sequence_stats_daily" select * from "sequence_stats_recompute"(null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "messages_sequence_stats" on "messages";`);
    this.addSql(`drop trigger if exists "sequences_sequence_stats" on "sequences";`);
    this.addSql(`drop trigger if exists "sequences_sequence_stats_delete" on "sequences";`);
    this.addSql(`drop trigger if exists "tasks_sequence_stats" on "tasks";`);
    this.addSql(`drop trigger if exists "meetings_sequence_stats" on "meetings";`);
    this.addSql(`drop table if exists "sequence_stats_daily" cascade;`);
    this.addSql(`drop function if exists "sequence_stats_recompute"(uuid);`);
    this.addSql(`drop function if exists "messages_sequence_stats"();`);
    this.addSql(`drop function if exists "sequences_sequence_stats"();`);
    this.addSql(`drop function if exists "sequences_sequence_stats_delete"();`);
    this.addSql(`drop function if exists "tasks_sequence_stats"();`);
    this.addSql(`drop function if exists "meetings_sequence_stats"();`);
    this.addSql(`drop function if exists "sequence_stats_message"(messages, messages, uuid, uuid);`);
    this.addSql(
      `drop function if exists "sequence_stats_shift"(uuid, uuid, text, int, int, uuid, date, int, int, uuid, date);`,
    );
    this.addSql(`drop function if exists "sequence_stats_add"(uuid, uuid, int, int, uuid, date, text, int);`);
    this.addSql(`alter table "messages" drop column "sender_id", drop column "variant",
      drop column "unique_opened_at", drop column "proxy_opened_at", drop column "unique_clicked_at",
      drop column "bot_clicked_at", drop column "first_reply_at", drop column "first_positive_reply_at";`);
  }
}
