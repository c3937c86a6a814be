// The stats benchmark's history, written set-based (generate_series) with the counters' triggers
// off: a template's runs, each with its three step messages spread over the last 90 days, their
// opens, clicks, bounces and replies, then the counters put where the triggers would have them
// (replaceCounters, what `admin stats-check --fix` runs: the recomputation from the source rows).
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { replaceCounters } from '../../domain/stats/stats.queries.ts';
import { setStatsTriggers } from '../../test/helpers/stats-triggers.ts';
import { benchDb } from './fixtures.ts';

export interface StatsHistory {
  organizationId: string;
  templateId: string;
  senderId: string;
  /** Step messages to write: runs of three, the last run short when it does not divide by 3. */
  messages: number;
  days: number;
}

/**
 * The history: ceil(messages / 3) contacts and runs (created over the first days - 4 days; one in 10
 * still ACTIVE, one in 50 opted out), step n sent 2(n-1) days after the run began with variant 1-3
 * (a hash of the message), and per message by the same hash 2% bounced, 40% opened by a person and
 * 10% by a privacy proxy, 8% clicked by a person and 3% by a link scanner, 5% replied (2% INTERESTED).
 */
export async function seedStatsHistory(orm: MikroORM, h: StatsHistory): Promise<void> {
  const db = benchDb(orm);
  const runs = Math.ceil(h.messages / 3);
  const start = sql`(date_trunc('day', now()) - make_interval(days => ${h.days}))`;
  const spread = h.days - 4;
  await setStatsTriggers(orm.em.fork(), false);
  try {
    await sql`insert into contacts (id, organization_id, email, first_name, company_name, email_status,
        first_seen_at, last_seen_at, created_at, updated_at)
      select md5('stats-contact-' || i)::uuid, ${h.organizationId}, 'p' || i || '@stats-bench.test', 'Ada', 'Acme',
        'DELIVERABLE', now(), now(), now(), now()
      from generate_series(1, ${runs}) i`.execute(db);
    await sql`insert into sequences (id, organization_id, contact_id, sequence_template_id, status, stopped_reason,
        current_step, variables, sender_id, created_at, updated_at, ended_at)
      select md5('stats-run-' || i)::uuid, ${h.organizationId}, md5('stats-contact-' || i)::uuid, ${h.templateId},
        case when i % 50 = 0 then 'STOPPED_EARLY' when i % 10 = 0 then 'ACTIVE' else 'COMPLETED' end,
        case when i % 50 = 0 then 'UNSUBSCRIBED' end, 3, '{}', ${h.senderId}, b, b,
        case when i % 10 <> 0 then b + interval '5 days' end
      from generate_series(1, ${runs}) i
      cross join lateral (select ${start} + make_interval(days => i % ${spread}, mins => i % 1440) b) t`.execute(db);
    // A bounced message (b < 2) is neither opened, clicked nor answered: its other hash buckets are moved past every share.
    await sql`insert into messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject,
        body, step_number, sent_at, created_at, sender_id, variant, open_count, opened_at, unique_opened_at,
        proxy_opened_at, click_count, clicked_at, unique_clicked_at, bot_clicked_at, bounced_at,
        first_reply_at, first_positive_reply_at)
      select md5('stats-message-' || n)::uuid, ${h.organizationId}, md5('stats-contact-' || r)::uuid,
        md5('stats-run-' || r)::uuid, 'EMAIL', 'OUTBOUND', 'MESSAGE', 'Hello', 'Hi Ada', s, sent, sent, ${h.senderId},
        1 + x % 3, (o < 50)::int, case when o < 50 then sent + interval '1 minute' end,
        case when o < 40 then sent + interval '2 hours' end, case when o >= 40 and o < 50 then sent + interval '1 minute' end,
        (c < 11)::int, case when c < 11 then sent + interval '5 seconds' end, case when c < 8 then sent + interval '3 hours' end,
        case when c >= 8 and c < 11 then sent + interval '5 seconds' end, case when b < 2 then sent + interval '1 minute' end,
        case when y < 5 then sent + interval '1 day' end, case when y < 2 then sent + interval '1 day' end
      from generate_series(1, ${h.messages}) n
      cross join lateral (select (n - 1) / 3 + 1 r, (n - 1) % 3 + 1 s, abs(hashtext('stats-' || n)) x) k
      cross join lateral (select x / 3 % 100 b, ${start} + make_interval(days => r::int % ${spread} + 2 * (s - 1),
        mins => r::int % 1440) sent) d
      cross join lateral (select case when b < 2 then 100 else x / 300 % 100 end o,
        case when b < 2 then 100 else x / 30000 % 100 end c, case when b < 2 then 100 else x / 3000000 % 100 end y) e`.execute(
      db,
    );
    await sql`insert into messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, body,
        sent_at, created_at, in_reply_to_id, reply_category)
      select gen_random_uuid(), organization_id, contact_id, sequence_id, 'EMAIL', 'INBOUND', 'MESSAGE', 'Tell me more',
        first_reply_at, first_reply_at, id,
        case when first_positive_reply_at is not null then 'INTERESTED' else 'NOT_INTERESTED' end
      from messages where organization_id = ${h.organizationId} and first_reply_at is not null`.execute(db);
  } finally {
    await setStatsTriggers(orm.em.fork(), true);
  }
  // Planned on the rows' statistics (the recomputation joins a million messages with their runs),
  // and nothing left for autovacuum to do while the writes are measured.
  await sql`vacuum analyze`.execute(db);
  await orm.em.fork().transactional((tx) => replaceCounters(tx, h.organizationId));
  await sql`analyze sequence_stats_daily`.execute(db);
}
