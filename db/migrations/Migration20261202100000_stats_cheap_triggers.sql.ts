// The functions and triggers of Migration20261202100000_stats_cheap_triggers, as it runs them (a
// later change of the counters' rules is a new migration, never an edit here).
//
// The counters of sequence_stats_daily, the same as Migration20261130130000_sequence_stats keeps
// them (every counter the sum of its source rows' contributions, sequence_stats_recompute), at a
// write's cost of one statement at most: a trigger lists the row's contributions before the write
// (sign -1) and after it (+1), sums them per key and counter, and adds the keys whose sums are not
// all zero in one upsert; a message's common write (one marker set) upserts its one row directly.
// Triggers are split by operation so that a WHEN clause, checked without calling PL/pgSQL, lets
// through only the writes that can move a counter; updates and deletes count in BEFORE triggers.

// The counters, and the markers that feed them, are the first migration's (a frozen file).
import { COUNTERS, MESSAGE_MARKERS } from './Migration20261130130000_sequence_stats.sql.ts';

const NIL = `'00000000-0000-0000-0000-000000000000'::uuid`;
const KEY = `"sequence_template_id", "day", "step_number", "variant", "sender_id"`;
const day = (at: string) => `(${at} at time zone 'UTC')::date`;
const distinct = (columns: string[]) =>
  `(${columns.map((c) => `old."${c}"`).join(', ')}) is distinct from (${columns.map((c) => `new."${c}"`).join(', ')})`;

const onConflict = `on conflict (${KEY}) do update set ${COUNTERS.map((c) => `"${c}" = s."${c}" + excluded."${c}"`).join(', ')}`;

/**
 * The one statement of a trigger: `contributions` (rows of organization, template, step, variant,
 * sender, day, counter, sign; none where the day is null) summed per key and counter and added,
 * keys whose sums are all zero skipped, in key order (two writers take shared rows' locks in the
 * same order).
 */
function upsert(contributions: string): string {
  const sums = COUNTERS.map((c) => `coalesce(sum(x.n) filter (where x.c = '${c}'), 0)`);
  return `insert into "sequence_stats_daily" as s ("organization_id", ${KEY}, ${COUNTERS.map((c) => `"${c}"`).join(', ')})
      select x.o, x.t, x.d, x.st, x.v, x.u, ${sums.join(', ')}
      from (${contributions}) x(o, t, st, v, u, d, c, n)
      where x.d is not null
      group by x.o, x.t, x.d, x.st, x.v, x.u
      having ${sums.map((sum) => `${sum} <> 0`).join(' or ')}
      order by x.t, x.d, x.st, x.v, x.u
      ${onConflict};`;
}

/** A step message: an OUTBOUND message of a run that answers nothing (a reply task's answer does); sent_at is never null. */
const stepMessage = (m: string) =>
  `${m}."direction" = 'OUTBOUND' and ${m}."in_reply_to_id" is null and ${m}."sequence_id" is not null`;
/** Rows `side(m, n)` of messages rows m and signs n: a step message's markers, each at its day, in its run's template. */
const messageContributions = (side: string) => `select r."organization_id", r."sequence_template_id",
        coalesce((m)."step_number", 0), coalesce((m)."variant", 0), coalesce((m)."sender_id", ${NIL}), ${day('k.at')}, k.c, side.n
      from ${side} side(m, n) join "sequences" r on r."id" = (m)."sequence_id"
      cross join lateral (values ${MESSAGE_MARKERS.map(([c, column]) => `('${c}', (m)."${column}")`).join(', ')}) k(c, at)
      where (m)."direction" = 'OUTBOUND' and (m)."in_reply_to_id" is null`;

/** Rows `side(s, n)` of sequences rows: enrolled, active (under the enrollment's day), opted_out (at its step, on its end's day). */
const runContributions = (side: string) => `select (s)."organization_id", (s)."sequence_template_id", k.st, 0,
        coalesce((s)."sender_id", ${NIL}), k.d, k.c, side.n
      from ${side} side(s, n) cross join lateral (values
        ('enrolled', 0, case when (s)."status" <> 'REFUSED' then ${day('(s)."created_at"')} end),
        ('active', 0, case when (s)."status" in ('FOUND', 'ACTIVE', 'WAITING_FOR_LEAD', 'WAITING_FOR_USER') then ${day('(s)."created_at"')} end),
        ('opted_out', coalesce((s)."current_step", 0), case when (s)."stopped_reason" = 'UNSUBSCRIBED' then ${day('(s)."ended_at"')} end)) k(c, st, d)`;

/** Rows `side(k, n)` of tasks rows: tasks_completed at the task's step, on its completion's day, under its run's sender. */
const taskContributions = (
  side: string,
) => `select r."organization_id", r."sequence_template_id", coalesce((k)."step_number", 0), 0,
        coalesce(r."sender_id", ${NIL}), case when (k)."status" = 'COMPLETED' then ${day('(k)."completed_at"')} end, 'tasks_completed', side.n
      from ${side} side(k, n) join "sequences" r on r."id" = (k)."sequence_id"`;
const countedTask = (k: string) =>
  `${k}."status" = 'COMPLETED' and ${k}."completed_at" is not null and ${k}."sequence_id" is not null`;

/** Rows `side(g, n)` of meetings rows: meetings on the meeting's creation day, under its run's sender. */
const meetingContributions = (side: string) => `select r."organization_id", r."sequence_template_id", 0, 0,
        coalesce(r."sender_id", ${NIL}), ${day('(g)."created_at"')}, 'meetings', side.n
      from ${side} side(g, n) join "sequences" r on r."id" = (g)."sequence_id"`;

/** A row's contributions before the write taken away and after it added (OLD is null on insert, NEW on delete). */
const BOTH_SIDES = `(values (old, -1), (new, 1))`;

/**
 * A trigger function running `body`: AFTER INSERT triggers (an insert ... on conflict do nothing
 * that inserts nothing fires no AFTER trigger), BEFORE UPDATE and DELETE ones (cheaper: no queued
 * event, no tuples fetched again; the write's own statement fails, and the counting with it, if
 * the write does).
 */
const triggerFunction = (name: string, body: string, declare = '') =>
  `create function "${name}"() returns trigger language plpgsql as $$
      ${declare ? `declare ${declare}` : ''}
      begin
        ${body}
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end $$;`;

/**
 * A message's write (messages_stats): the common one, a marker set on a step message (or a step
 * message inserted with its sent marker alone, or deleted with it), moves one counter at one key:
 * that one row is upserted; any other write (a key changed, several markers moved, a marker moved
 * to another day) runs the general statement.
 */
const MESSAGE_WRITE = `if tg_op <> 'UPDATE' or (${stepMessage('old')} and ${stepMessage('new')}
          and (old."step_number", old."variant", old."sender_id", old."sequence_id")
            is not distinct from (new."step_number", new."variant", new."sender_id", new."sequence_id")) then
          ${MESSAGE_MARKERS.map(
            ([counter, column]) => `if old."${column}" is distinct from new."${column}" then
            if old."${column}" is null then moves := moves + 1; c := '${counter}'; d := ${day(`new."${column}"`)}; n := 1;
            elsif new."${column}" is null then moves := moves + 1; c := '${counter}'; d := ${day(`old."${column}"`)}; n := -1;
            elsif ${day(`old."${column}"`)} <> ${day(`new."${column}"`)} then moves := 2;
            end if;
          end if;`,
          ).join('\n          ')}
        else
          moves := 2;
        end if;
        if moves = 1 then
          insert into "sequence_stats_daily" as s ("organization_id", ${KEY}, ${COUNTERS.map((k) => `"${k}"`).join(', ')})
          select r."organization_id", r."sequence_template_id", d, coalesce(new."step_number", old."step_number", 0),
            coalesce(new."variant", old."variant", 0), coalesce(new."sender_id", old."sender_id", ${NIL}),
            ${COUNTERS.map((k) => `case when c = '${k}' then n else 0 end`).join(', ')}
          from "sequences" r where r."id" = coalesce(new."sequence_id", old."sequence_id")
          ${onConflict};
        elsif moves > 1 then
          ${upsert(messageContributions(BOTH_SIDES))}
        end if;`;

export const STATS_CHEAP_FUNCTIONS = [
  // An INBOUND reply marks the step message it answers (first reply, first INTERESTED one; an
  // out-of-office answer is no reply): the marked message's own trigger counts it.
  triggerFunction(
    'messages_stats_reply',
    `update "messages" set
          "first_reply_at" = least("first_reply_at", new."sent_at"),
          "first_positive_reply_at" = case when new."reply_category" = 'INTERESTED'
            then least("first_positive_reply_at", new."sent_at") else "first_positive_reply_at" end
        where "id" = new."in_reply_to_id" and "direction" = 'OUTBOUND'
          and ("first_reply_at" is null or "first_reply_at" > new."sent_at"
            or (new."reply_category" = 'INTERESTED' and ("first_positive_reply_at" is null or "first_positive_reply_at" > new."sent_at")));`,
  ),
  // A message's markers, each side in its own run's template (a run deleted first took its
  // messages' counters away, sequences_stats_delete: its messages find no run and count nothing).
  triggerFunction('messages_stats', MESSAGE_WRITE, 'moves int := 0; c text; d date; n int;'),
  triggerFunction('sequences_stats', upsert(runContributions(BOTH_SIDES))),
  // A run about to be deleted takes its own counters away and those of its messages, tasks and
  // meetings (their own triggers, fired after it is gone, find no run and count nothing).
  triggerFunction(
    'sequences_stats_delete',
    upsert(
      [
        runContributions(`(values (old, -1))`),
        messageContributions(`(select m, -1 from "messages" m where m."sequence_id" = old."id")`),
        taskContributions(`(select k, -1 from "tasks" k where k."sequence_id" = old."id")`),
        meetingContributions(`(select g, -1 from "meetings" g where g."sequence_id" = old."id")`),
      ].join('\n      union all '),
    ),
  ),
  triggerFunction('tasks_stats', upsert(taskContributions(BOTH_SIDES))),
  triggerFunction('meetings_stats', upsert(meetingContributions(BOTH_SIDES))),
];

interface StatsTrigger {
  name: string;
  table: 'messages' | 'sequences' | 'tasks' | 'meetings';
  timing: 'before' | 'after';
  event: 'insert' | 'update' | 'delete';
  /** The WHEN condition, none: every row. */
  when: string | null;
  fn: string;
}

/** A trigger named `<table>_stats_<event>`: AFTER an insert, BEFORE an update or a delete (triggerFunction). */
const rowTrigger = (name: string, table: StatsTrigger['table'], when: string | null, fn: string): StatsTrigger => {
  const event = name.endsWith('_update') ? 'update' : name.endsWith('_delete') ? 'delete' : 'insert';
  return { name, table, timing: event === 'insert' ? 'after' : 'before', event, when, fn };
};

/**
 * A table's insert, update and delete triggers calling `<table>_stats`, for the rows `counted`
 * holds (of `old` or `new`); an update only when one of the `columns` the contributions read changed.
 */
const rowTriggers = (table: StatsTrigger['table'], counted: (row: string) => string, columns: string[]) => [
  rowTrigger(`${table}_stats_insert`, table, counted('new'), `${table}_stats`),
  rowTrigger(
    `${table}_stats_update`,
    table,
    `(${counted('old')} or ${counted('new')}) and ${distinct(columns)}`,
    `${table}_stats`,
  ),
  rowTrigger(`${table}_stats_delete`, table, counted('old'), `${table}_stats`),
];

/**
 * The triggers. A WHEN clause passes only a write that can move a counter: a run's step moves the
 * run's counters only once it opted out (opted_out's step); messages', tasks' and meetings'
 * updates only through the columns their contributions read.
 */
const STATS_TRIGGERS: StatsTrigger[] = [
  rowTrigger(
    'messages_stats_reply',
    'messages',
    `new."direction" = 'INBOUND' and new."in_reply_to_id" is not null and new."reply_category" is distinct from 'OUT_OF_OFFICE'`,
    'messages_stats_reply',
  ),
  ...rowTriggers('messages', stepMessage, [
    ...MESSAGE_MARKERS.map(([, column]) => column),
    ...['step_number', 'variant', 'sender_id', 'sequence_id', 'direction', 'in_reply_to_id'],
  ]),
  rowTrigger(
    'sequences_stats_insert',
    'sequences',
    `new."status" <> 'REFUSED' or (new."stopped_reason" = 'UNSUBSCRIBED' and new."ended_at" is not null)`,
    'sequences_stats',
  ),
  rowTrigger(
    'sequences_stats_update',
    'sequences',
    `${distinct(['status', 'stopped_reason', 'ended_at', 'sender_id', 'created_at'])} or (old."current_step" is distinct from new."current_step" and new."stopped_reason" = 'UNSUBSCRIBED')`,
    'sequences_stats',
  ),
  rowTrigger('sequences_stats_delete', 'sequences', null, 'sequences_stats_delete'),
  ...rowTriggers('tasks', countedTask, ['status', 'completed_at', 'sequence_id', 'step_number']),
  ...rowTriggers('meetings', (g) => `${g}."sequence_id" is not null`, ['sequence_id', 'created_at']),
];

const statement = (t: StatsTrigger) =>
  `create trigger "${t.name}" ${t.timing} ${t.event} on "${t.table}" for each row ` +
  `${t.when ? `when (${t.when}) ` : ''}execute function "${t.fn}"()`;

/** Each trigger's name, table and statement (the migration runs these; test/helpers/stats-triggers.ts turns them off and on). */
export const STATS_CHEAP_TRIGGERS = STATS_TRIGGERS.map((t) => ({
  name: t.name,
  table: t.table,
  statement: statement(t),
}));

/** A table's triggers as its entity declares them (the schema diff compares these). */
export const statsTriggersOf = (table: StatsTrigger['table']) =>
  STATS_TRIGGERS.filter((t) => t.table === table).map((t) => ({
    name: t.name,
    timing: t.timing,
    events: [t.event],
    expression: statement(t),
  }));
