// The functions and triggers of Migration20261130130000_sequence_stats, as it runs them (a later
// change of the counters' rules is a new migration, never an edit here).
//
// Every counter is the contribution of one source row at one key (template, step, variant, sender,
// UTC day). A trigger takes the row's contribution before the write away and adds the one after
// (sequence_stats_shift), so inserts, updates, deletes and rollbacks keep the sum equal to
// sequence_stats_recompute(), which derives the same counters from the source rows alone.

const NIL = `'00000000-0000-0000-0000-000000000000'::uuid`;
export const COUNTERS = [
  'enrolled',
  'active',
  'sent',
  'bounced',
  'opened',
  'opened_proxy',
  'clicked',
  'clicked_bot',
  'replied',
  'replied_positive',
  'opted_out',
  'meetings',
  'tasks_completed',
] as const;
const day = (column: string) => `(${column} at time zone 'UTC')::date`;
const quoted = COUNTERS.map((c) => `"${c}"`).join(', ');

/** A step message: an OUTBOUND message of a run that answers nothing (a reply task's answer does). */
const stepMessage = (m: string) =>
  `(${m}."id" is not null and ${m}."direction" = 'OUTBOUND' and ${m}."in_reply_to_id" is null and ${m}."sequence_id" is not null)`;

/** A step message's markers and the counter each feeds. */
export const MESSAGE_MARKERS = [
  ['sent', 'sent_at'],
  ['bounced', 'bounced_at'],
  ['opened', 'unique_opened_at'],
  ['opened_proxy', 'proxy_opened_at'],
  ['clicked', 'unique_clicked_at'],
  ['clicked_bot', 'bot_clicked_at'],
  ['replied', 'first_reply_at'],
  ['replied_positive', 'first_positive_reply_at'],
] as const;

export const SEQUENCE_STATS_FUNCTIONS = [
  `create function "sequence_stats_add"(o uuid, t uuid, st int, v int, u uuid, d date, c text, n int) returns void
    language sql as $$
      insert into "sequence_stats_daily" as s
        ("organization_id", "sequence_template_id", "step_number", "variant", "sender_id", "day", ${quoted})
      values (o, t, st, v, u, d, ${COUNTERS.map((c) => `case when c = '${c}' then n else 0 end`).join(', ')})
      on conflict ("sequence_template_id", "day", "step_number", "variant", "sender_id") do update set
        ${COUNTERS.map((c) => `"${c}" = s."${c}" + excluded."${c}"`).join(', ')}
    $$;`,
  // One counter of one row: its contribution before (key 0, day d0; none when d0 is null) moves to after (key 1, d1).
  `create function "sequence_stats_shift"(o uuid, t uuid, c text, st0 int, v0 int, u0 uuid, d0 date, st1 int, v1 int, u1 uuid, d1 date)
    returns void language plpgsql as $$
      begin
        if (d0, st0, v0, u0) is not distinct from (d1, st1, v1, u1) or (d0 is null and d1 is null) then return; end if;
        if d0 is not null then perform "sequence_stats_add"(o, t, st0, v0, u0, d0, c, -1); end if;
        if d1 is not null then perform "sequence_stats_add"(o, t, st1, v1, u1, d1, c, 1); end if;
      end $$;`,
  // A message's counters from m0 (before; null: none) to m1 (after), in the run's template t of organization o.
  `create function "sequence_stats_message"(m0 messages, m1 messages, o uuid, t uuid) returns void
    language plpgsql as $$
      declare k0 boolean := ${stepMessage('m0')}; k1 boolean := ${stepMessage('m1')};
      begin
        if not k0 and not k1 then return; end if;
        ${MESSAGE_MARKERS.map(
          ([counter, column]) => `perform "sequence_stats_shift"(o, t, '${counter}',
          coalesce(m0."step_number", 0), coalesce(m0."variant", 0), coalesce(m0."sender_id", ${NIL}), case when k0 then ${day(`m0."${column}"`)} end,
          coalesce(m1."step_number", 0), coalesce(m1."variant", 0), coalesce(m1."sender_id", ${NIL}), case when k1 then ${day(`m1."${column}"`)} end);`,
        ).join('\n        ')}
      end $$;`,
  // Messages: an INBOUND reply marks the step message it answers (first reply, first INTERESTED one;
  // an out-of-office answer is no reply); a step message's markers move its counters.
  `create function "messages_sequence_stats"() returns trigger language plpgsql as $$
      declare o uuid; t uuid; m0 messages; m1 messages;
      begin
        if tg_op = 'INSERT' and new."direction" = 'INBOUND' and new."in_reply_to_id" is not null
           and new."reply_category" is distinct from 'OUT_OF_OFFICE' then
          update "messages" set
            "first_reply_at" = least("first_reply_at", new."sent_at"),
            "first_positive_reply_at" = case when new."reply_category" = 'INTERESTED'
              then least("first_positive_reply_at", new."sent_at") else "first_positive_reply_at" end
          where "id" = new."in_reply_to_id" and "direction" = 'OUTBOUND'
            and ("first_reply_at" is null or "first_reply_at" > new."sent_at"
              or (new."reply_category" = 'INTERESTED' and ("first_positive_reply_at" is null or "first_positive_reply_at" > new."sent_at")));
        end if;
        if tg_op = 'UPDATE' and (old."sent_at", old."bounced_at", old."unique_opened_at", old."proxy_opened_at",
            old."unique_clicked_at", old."bot_clicked_at", old."first_reply_at", old."first_positive_reply_at",
            old."step_number", old."variant", old."sender_id", old."sequence_id", old."direction", old."in_reply_to_id")
          is not distinct from (new."sent_at", new."bounced_at", new."unique_opened_at", new."proxy_opened_at",
            new."unique_clicked_at", new."bot_clicked_at", new."first_reply_at", new."first_positive_reply_at",
            new."step_number", new."variant", new."sender_id", new."sequence_id", new."direction", new."in_reply_to_id") then
          return null;
        end if;
        if tg_op <> 'INSERT' then m0 := old; end if;
        if tg_op <> 'DELETE' then m1 := new; end if;
        -- A run deleted first took its messages' counters away (sequences_sequence_stats_delete).
        select "organization_id", "sequence_template_id" into o, t from "sequences" where "id" = coalesce(m1."sequence_id", m0."sequence_id");
        if t is null then return null; end if;
        perform "sequence_stats_message"(m0, m1, o, t);
        return null;
      end $$;`,
  // A run's own counters (enrolled, active under its enrollment day; opted_out at its step, on its end's day) from s0 to s1.
  `create function "sequence_stats_run"(s0 sequences, s1 sequences) returns void language plpgsql as $$
      declare o uuid := coalesce(s1."organization_id", s0."organization_id");
              t uuid := coalesce(s1."sequence_template_id", s0."sequence_template_id");
              u0 uuid := coalesce(s0."sender_id", ${NIL}); u1 uuid := coalesce(s1."sender_id", ${NIL});
      begin
        perform "sequence_stats_shift"(o, t, 'enrolled', 0, 0, u0,
          case when s0."status" <> 'REFUSED' then ${day('s0."created_at"')} end, 0, 0, u1,
          case when s1."status" <> 'REFUSED' then ${day('s1."created_at"')} end);
        perform "sequence_stats_shift"(o, t, 'active', 0, 0, u0,
          case when s0."status" in ('FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER') then ${day('s0."created_at"')} end, 0, 0, u1,
          case when s1."status" in ('FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER') then ${day('s1."created_at"')} end);
        perform "sequence_stats_shift"(o, t, 'opted_out', coalesce(s0."current_step", 0), 0, u0,
          case when s0."stopped_reason" = 'UNSUBSCRIBED' then ${day('s0."ended_at"')} end, coalesce(s1."current_step", 0), 0, u1,
          case when s1."stopped_reason" = 'UNSUBSCRIBED' then ${day('s1."ended_at"')} end);
      end $$;`,
  `create function "sequences_sequence_stats"() returns trigger language plpgsql as $$
      declare s0 sequences; s1 sequences;
      begin
        if tg_op = 'UPDATE' and (old."status", old."stopped_reason", old."ended_at", old."current_step", old."sender_id", old."created_at")
          is not distinct from (new."status", new."stopped_reason", new."ended_at", new."current_step", new."sender_id", new."created_at") then
          return null;
        end if;
        if tg_op = 'UPDATE' then s0 := old; end if;
        s1 := new;
        perform "sequence_stats_run"(s0, s1);
        return null;
      end $$;`,
  // A task's tasks_completed (at its step, on its completion's day) and a meeting's meetings (on its creation's day), from r0 to r1.
  `create function "sequence_stats_task"(r0 tasks, r1 tasks) returns void language plpgsql as $$
      declare o0 uuid; t0 uuid; u0 uuid; o1 uuid; t1 uuid; u1 uuid;
      begin
        select "organization_id", "sequence_template_id", coalesce("sender_id", ${NIL}) into o0, t0, u0 from "sequences" where "id" = r0."sequence_id";
        select "organization_id", "sequence_template_id", coalesce("sender_id", ${NIL}) into o1, t1, u1 from "sequences" where "id" = r1."sequence_id";
        if t0 is distinct from t1 then
          if t0 is not null then perform "sequence_stats_shift"(o0, t0, 'tasks_completed', coalesce(r0."step_number", 0), 0, u0,
            case when r0."status" = 'COMPLETED' then ${day('r0."completed_at"')} end, 0, 0, u0, null); end if;
          if t1 is not null then perform "sequence_stats_shift"(o1, t1, 'tasks_completed', 0, 0, u1, null, coalesce(r1."step_number", 0), 0, u1,
            case when r1."status" = 'COMPLETED' then ${day('r1."completed_at"')} end); end if;
        elsif t1 is not null then
          perform "sequence_stats_shift"(o1, t1, 'tasks_completed', coalesce(r0."step_number", 0), 0, u0,
            case when r0."status" = 'COMPLETED' then ${day('r0."completed_at"')} end, coalesce(r1."step_number", 0), 0, u1,
            case when r1."status" = 'COMPLETED' then ${day('r1."completed_at"')} end);
        end if;
      end $$;`,
  `create function "tasks_sequence_stats"() returns trigger language plpgsql as $$
      declare r0 tasks; r1 tasks;
      begin
        if tg_op = 'UPDATE' and (old."status", old."completed_at", old."sequence_id", old."step_number")
          is not distinct from (new."status", new."completed_at", new."sequence_id", new."step_number") then
          return null;
        end if;
        if tg_op <> 'INSERT' then r0 := old; end if;
        if tg_op <> 'DELETE' then r1 := new; end if;
        perform "sequence_stats_task"(r0, r1);
        return null;
      end $$;`,
  `create function "sequence_stats_meeting"(r0 meetings, r1 meetings) returns void language plpgsql as $$
      declare o0 uuid; t0 uuid; u0 uuid; o1 uuid; t1 uuid; u1 uuid;
      begin
        select "organization_id", "sequence_template_id", coalesce("sender_id", ${NIL}) into o0, t0, u0 from "sequences" where "id" = r0."sequence_id";
        select "organization_id", "sequence_template_id", coalesce("sender_id", ${NIL}) into o1, t1, u1 from "sequences" where "id" = r1."sequence_id";
        if t0 is not null then perform "sequence_stats_shift"(o0, t0, 'meetings', 0, 0, u0, ${day('r0."created_at"')}, 0, 0, u0, null); end if;
        if t1 is not null then perform "sequence_stats_shift"(o1, t1, 'meetings', 0, 0, u1, null, 0, 0, u1, ${day('r1."created_at"')}); end if;
      end $$;`,
  `create function "meetings_sequence_stats"() returns trigger language plpgsql as $$
      declare r0 meetings; r1 meetings;
      begin
        if tg_op = 'UPDATE' and (old."sequence_id", old."created_at") is not distinct from (new."sequence_id", new."created_at") then
          return null;
        end if;
        if tg_op <> 'INSERT' then r0 := old; end if;
        if tg_op <> 'DELETE' then r1 := new; end if;
        perform "sequence_stats_meeting"(r0, r1);
        return null;
      end $$;`,
  // A run about to be deleted takes its own counters away and those of its messages, tasks and
  // meetings (their own triggers, fired after it is gone, find no run and count nothing).
  `create function "sequences_sequence_stats_delete"() returns trigger language plpgsql as $$
      declare m messages; r tasks; g meetings;
      begin
        perform "sequence_stats_run"(old, null);
        for m in select * from "messages" where "sequence_id" = old."id" loop
          perform "sequence_stats_message"(m, null, old."organization_id", old."sequence_template_id");
        end loop;
        for r in select * from "tasks" where "sequence_id" = old."id" loop perform "sequence_stats_task"(r, null); end loop;
        for g in select * from "meetings" where "sequence_id" = old."id" loop perform "sequence_stats_meeting"(g, null); end loop;
        return old;
      end $$;`,
];

/** The triggers, as the entities declare them (the schema diff compares these). */
export const SEQUENCE_STATS_TRIGGER_DEFINITIONS = {
  messages: `create trigger "messages_sequence_stats" after insert or update or delete on "messages" for each row execute function "messages_sequence_stats"()`,
  sequences: `create trigger "sequences_sequence_stats" after insert or update on "sequences" for each row execute function "sequences_sequence_stats"()`,
  sequencesDelete: `create trigger "sequences_sequence_stats_delete" before delete on "sequences" for each row execute function "sequences_sequence_stats_delete"()`,
  tasks: `create trigger "tasks_sequence_stats" after insert or update or delete on "tasks" for each row execute function "tasks_sequence_stats"()`,
  meetings: `create trigger "meetings_sequence_stats" after insert or update or delete on "meetings" for each row execute function "meetings_sequence_stats"()`,
};

export const SEQUENCE_STATS_TRIGGERS = Object.values(SEQUENCE_STATS_TRIGGER_DEFINITIONS).map((s) => `${s};`);

/**
 * The counters derived from the source rows alone (an organization's, or every one's for null), in
 * the table's column order: replies from the INBOUND rows themselves, the rest from the rows' states
 * and markers. The backfill inserts it; the admin check compares the table with it.
 */
export const SEQUENCE_STATS_RECOMPUTE = `create function "sequence_stats_recompute"(org uuid)
  returns setof "sequence_stats_daily" language sql stable as $$
    with runs as (
      select "id", "organization_id" o, "sequence_template_id" t, coalesce("sender_id", ${NIL}) u, "status", "stopped_reason",
             "current_step", "created_at", "ended_at"
      from "sequences" where org is null or "organization_id" = org
    ), contributions as (
      select r.t, ${day('r."created_at"')} d, 0 st, 0 v, r.u, r.o, 'enrolled' c from runs r where r."status" <> 'REFUSED'
      union all
      select r.t, ${day('r."created_at"')}, 0, 0, r.u, r.o, 'active' from runs r
        where r."status" in ('FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER')
      union all
      select r.t, ${day('r."ended_at"')}, r."current_step", 0, r.u, r.o, 'opted_out' from runs r
        where r."stopped_reason" = 'UNSUBSCRIBED' and r."ended_at" is not null
      union all
      select r.t, ${day('x.at')}, coalesce(m."step_number", 0), coalesce(m."variant", 0), coalesce(m."sender_id", ${NIL}), r.o, x.c
        from "messages" m join runs r on r."id" = m."sequence_id"
        cross join lateral (values ('sent', m."sent_at"), ('bounced', m."bounced_at"), ('opened', m."unique_opened_at"),
          ('opened_proxy', m."proxy_opened_at"), ('clicked', m."unique_clicked_at"), ('clicked_bot', m."bot_clicked_at")) x(c, at)
        where m."direction" = 'OUTBOUND' and m."in_reply_to_id" is null and x.at is not null
      union all
      select r.t, ${day('x.at')}, coalesce(m."step_number", 0), coalesce(m."variant", 0), coalesce(m."sender_id", ${NIL}), r.o, x.c
        from (select "in_reply_to_id",
                min("sent_at") filter (where "reply_category" is distinct from 'OUT_OF_OFFICE') replied,
                min("sent_at") filter (where "reply_category" = 'INTERESTED') positive
              from "messages" where "direction" = 'INBOUND' and "in_reply_to_id" is not null group by "in_reply_to_id") a
        join "messages" m on m."id" = a."in_reply_to_id" join runs r on r."id" = m."sequence_id"
        cross join lateral (values ('replied', a.replied), ('replied_positive', a.positive)) x(c, at)
        where m."direction" = 'OUTBOUND' and m."in_reply_to_id" is null and x.at is not null
      union all
      select r.t, ${day('k."completed_at"')}, coalesce(k."step_number", 0), 0, r.u, r.o, 'tasks_completed'
        from "tasks" k join runs r on r."id" = k."sequence_id" where k."status" = 'COMPLETED' and k."completed_at" is not null
      union all
      select r.t, ${day('g."created_at"')}, 0, 0, r.u, r.o, 'meetings' from "meetings" g join runs r on r."id" = g."sequence_id"
    )
    select t, d, st, v, u, o, ${COUNTERS.map((c) => `(count(*) filter (where c = '${c}'))::int`).join(', ')}
    from contributions group by t, d, st, v, u, o
  $$;`;

/**
 * The one-time backfill of rows written before the counters (of one organization, or all for null):
 * a message's markers derived from its old columns and its run's outbound effect (a first open and
 * click count as a person's; the sender is the one the step's effect recorded; the first reply and
 * first INTERESTED one from the INBOUND answers), then the counters replaced by the recomputation
 * (the table locked against the triggers meanwhile). The migration runs it once for every row; the
 * backfill test runs it on rows written with the triggers off. Never for rows the service wrote
 * since: their markers are already split (a proxy's open must not become a person's).
 */
export const SEQUENCE_STATS_BACKFILL = `create function "sequence_stats_backfill"(org uuid) returns void language plpgsql as $$
  begin
    update "messages" set "unique_opened_at" = "opened_at", "unique_clicked_at" = "clicked_at"
      where ("opened_at" is not null or "clicked_at" is not null) and (org is null or "organization_id" = org);
    update "messages" m set "sender_id" = (e."request" ->> 'senderId')::uuid
      from "outbound_effects" e
      where e."key" = 'sequence-step/' || m."sequence_id" || '/' || m."step_number" and (org is null or m."organization_id" = org)
        and m."direction" = 'OUTBOUND' and m."in_reply_to_id" is null and e."request" ->> 'senderId' is not null;
    update "messages" o set
        "first_reply_at" = r."first_reply_at", "first_positive_reply_at" = r."first_positive_reply_at"
      from (select "in_reply_to_id",
              min("sent_at") filter (where "reply_category" is distinct from 'OUT_OF_OFFICE') as "first_reply_at",
              min("sent_at") filter (where "reply_category" = 'INTERESTED') as "first_positive_reply_at"
            from "messages" where "direction" = 'INBOUND' and "in_reply_to_id" is not null
              and (org is null or "organization_id" = org) group by "in_reply_to_id") r
      where o."id" = r."in_reply_to_id" and o."direction" = 'OUTBOUND';
    lock table "sequence_stats_daily" in share row exclusive mode;
    delete from "sequence_stats_daily" where org is null or "organization_id" = org;
    insert into "sequence_stats_daily" select * from "sequence_stats_recompute"(org);
  end $$;`;
