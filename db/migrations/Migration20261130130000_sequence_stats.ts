// Results of sequence templates, per UTC day (db/entities/sequence-stats-day.entity.ts): counters
// kept by triggers in the transactions that write their source rows (a run's row, its step
// messages and their engagement markers, its tasks, its meetings), so every path that records a
// send, an open, a reply, an opt-out... counts it once, and a rolled-back write counts nothing.
// Messages gain who sent them, their variant and their first-engagement markers; the counters are
// backfilled from the rows already there (sequence_stats_backfill: the markers, then the counters by
// sequence_stats_recompute, which the admin check also runs), before the triggers exist.
import { Migration } from '@mikro-orm/migrations';
import {
  SEQUENCE_STATS_BACKFILL,
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
    this.addSql(SEQUENCE_STATS_BACKFILL);
    this.addSql(`select "sequence_stats_backfill"(null);`);
    for (const statement of SEQUENCE_STATS_TRIGGERS) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "messages_sequence_stats" on "messages";`);
    this.addSql(`drop trigger if exists "sequences_sequence_stats" on "sequences";`);
    this.addSql(`drop trigger if exists "sequences_sequence_stats_delete" on "sequences";`);
    this.addSql(`drop trigger if exists "tasks_sequence_stats" on "tasks";`);
    this.addSql(`drop trigger if exists "meetings_sequence_stats" on "meetings";`);
    this.addSql(`drop table if exists "sequence_stats_daily" cascade;`);
    this.addSql(`drop function if exists "sequence_stats_backfill"(uuid);`);
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
