// The one SQL query that answers a window: the picked (day, slot, source) triples join the slot
// index, the family's details are computed from a hash of the entity and day, every filter key
// narrows, newest first, with the count of the whole window alongside. It stays SQL: a join
// against unnest() of parallel arrays, columns computed from hashes, and conditions composed per
// filter key over computed aliases, none of which the typed builder can express.
import { sql, type RawBuilder } from 'kysely';
import { ENGAGEMENT_TYPES, FUNDING_ROUNDS, NEWS_TOPICS } from '../../../domain/signals/filters.ts';
import type { FactFamily } from '../../../domain/signals/presets.types.ts';
import { SIZE_BANDS } from '../../directory/generator/taxonomy.ts';
import { firmographics, likeAny, locationPatterns, lower, persona } from './conditions.ts';
import { PEOPLE_FAMILIES } from './families.ts';
import { CITIES, DESCRIPTION_TERMS, HEADLINES, JOB_TITLES, POST_TOPICS, ROUND_BASES } from './vocabulary.ts';

/** A row of the fact query: the entity, the picked day and source, and the details d1..d4. */
export interface FactRow {
  day: number;
  src: string;
  company_id: string | null;
  company_name: string | null;
  company_domain: string | null;
  industry: string | null;
  size_band: string | null;
  company_country_code: string | null;
  person_id?: string;
  first_name?: string;
  last_name?: string;
  job_title?: string;
  linkedin_url?: string | null;
  email?: string | null;
  previous_job?: { companyName?: string; companyDomain?: string | null; title?: string } | null;
  occurred_at: Date;
  d1: string | null;
  d2: string | null;
  d3: string | null;
  d4: string | null;
  total: string;
}

/** The picked (day, slot, source) triples, as parallel arrays. */
export interface SlotPicks {
  days: number[];
  slots: number[];
  srcs: string[];
}

export function factQuery(
  family: FactFamily,
  filters: Record<string, string[]>,
  picks: SlotPicks,
  from: Date,
  to: Date,
  limit: number,
  offset: number,
) {
  const people = PEOPLE_FAMILIES.has(family);
  const familySeed = family;
  const pickRows = sql`unnest(${picks.days}::int[], ${picks.slots}::int[], ${picks.srcs}::text[]) as x(day, slot, src)`;
  const base = people
    ? sql`select x.day, x.src, p.id as entity_id, p.id as person_id, p.first_name, p.last_name, p.job_title, p.seniority, p.country_code,
              p.linkedin_url, p.email, p.job_history -> 1 as previous_job,
              c.id as company_id, c.name as company_name, c.domain as company_domain, c.industry, c.size_band, c.country_code as company_country_code,
              c.company_type, c.technologies,
              hashtext(p.id::text || ':' || x.day || ':' || x.src || ':' || ${familySeed}) as h
            from ${pickRows}
            cross join lateral (select * from directory_people p where (hashtext(p.id::text) & 4095) = x.slot offset 0) p
            left join directory_companies c on c.id = p.company_id`
    : sql`select x.day, x.src, c.id as entity_id, c.id as company_id, c.name as company_name, c.domain as company_domain, c.industry, c.size_band,
              c.country_code as company_country_code, c.company_type, c.technologies,
              hashtext(c.id::text || ':' || x.day || ':' || x.src || ':' || ${familySeed}) as h
            from ${pickRows}
            cross join lateral (select * from directory_companies c where (hashtext(c.id::text) & 4095) = x.slot offset 0) c`;

  // d1..d4: the family's details, computed from h (bits 0-16 are the time of day, scaled onto the
  // day's 86,400 seconds: a plain modulo would make the first 12.4 hours twice as likely).
  let details: RawBuilder<unknown>;
  const pre: RawBuilder<unknown>[] = [];
  const conds: RawBuilder<unknown>[] = [...firmographics(filters)];
  const f = filters;
  switch (family) {
    case 'JOB_POSTING': {
      const title = sql`(${JOB_TITLES}::text[])[1 + ((b.h >> 17) & 1023) % ${JOB_TITLES.length}]`;
      const city = sql`(${JSON.stringify(CITIES)}::jsonb -> b.company_country_code ->> (((b.h >> 9) & 255) % 5))`;
      const tech = sql`coalesce(b.technologies[1 + ((b.h >> 3) & 63) % greatest(cardinality(b.technologies), 1)], 'modern tooling')`;
      const term = sql`(${DESCRIPTION_TERMS}::text[])[1 + ((b.h >> 24) & 127) % ${DESCRIPTION_TERMS.length}]`;
      details = sql`${title} as d1, coalesce(${city} || ', ' || b.company_country_code, 'Remote (' || b.company_country_code || ')') as d2,
          ${tech} as d3, ${term} as d4`;
      if (f.job_title_or?.length) conds.push(sql`g.d1 ilike any(${likeAny(f.job_title_or)}::text[])`);
      if (f.job_location_pattern_or?.length)
        conds.push(sql`g.d2 ilike any(${locationPatterns(f.job_location_pattern_or)}::text[])`);
      if (f.job_description_contains_or?.length) {
        conds.push(
          sql`('We are hiring a ' || g.d1 || ' in ' || g.d2 || '. You will work with ' || g.d3 || ' on ' || g.d4 || '.') ilike any(${likeAny(f.job_description_contains_or)}::text[])`,
        );
      }
      break;
    }
    case 'FUNDING_ROUND': {
      const round = sql`least(7, ((b.h >> 17) & 3) + (coalesce(array_position(${[...SIZE_BANDS]}::text[], b.size_band), 1) - 1) / 2)`;
      details = sql`(${[...FUNDING_ROUNDS]}::text[])[1 + ${round}] as d1,
          (((${ROUND_BASES}::bigint[])[1 + ${round}] * (50 + ((b.h >> 19) & 127)) / 100 / 100000) * 100000)::text as d2, null::text as d3, null::text as d4`;
      if (f.funding_round_or?.length) conds.push(sql`g.d1 = any(${f.funding_round_or}::text[])`);
      if (f.funding_amount_min_usd?.length)
        conds.push(sql`g.d2::bigint >= ${Number(f.funding_amount_min_usd[0]) || 0}::bigint`);
      break;
    }
    case 'TECH_ADOPTION': {
      pre.push(sql`cardinality(b.technologies) > 0`);
      details = sql`b.technologies[1 + ((b.h >> 17) & 255) % greatest(cardinality(b.technologies), 1)] as d1, null::text as d2, null::text as d3, null::text as d4`;
      const techs = [
        ...(f.technology_or ?? []),
        ...(f.competitor_technology_or ?? []),
        ...(f.integration_technology_or ?? []),
      ];
      if (techs.length) conds.push(sql`lower(g.d1) = any(${lower(techs)}::text[])`);
      break;
    }
    case 'NEWS': {
      const idx = sql`((b.h >> 17) & 15)`;
      details = sql`(${[...NEWS_TOPICS]}::text[])[1 + ${idx} / 2] as d1, b.company_name || ' ' || (${HEADLINES}::text[])[1 + ${idx}] as d2, null::text as d3, null::text as d4`;
      if (f.news_topic_or?.length) conds.push(sql`g.d1 = any(${f.news_topic_or}::text[])`);
      if (f.news_keyword_or?.length) conds.push(sql`g.d2 ilike any(${likeAny(f.news_keyword_or)}::text[])`);
      break;
    }
    case 'JOB_CHANGE': {
      pre.push(sql`b.company_id is not null`);
      details = sql`null::text as d1, null::text as d2, null::text as d3, null::text as d4`;
      conds.push(...persona(f, 'g'));
      if (f.previous_company_domain_or?.length)
        conds.push(sql`(g.previous_job ->> 'companyDomain') = any(${f.previous_company_domain_or}::text[])`);
      break;
    }
    case 'LINKEDIN_POST_ENGAGEMENT': {
      details = sql`(${[...ENGAGEMENT_TYPES]}::text[])[1 + ((b.h >> 17) & 255) % 3] as d1,
          (${POST_TOPICS}::text[])[1 + ((b.h >> 25) & 63) % ${POST_TOPICS.length}] as d2, null::text as d3, null::text as d4`;
      conds.push(...persona(f, 'g'));
      if (f.engagement_type_or?.length) conds.push(sql`g.d1 = any(${f.engagement_type_or}::text[])`);
      if (f.post_keyword_or?.length) conds.push(sql`g.d2 ilike any(${likeAny(f.post_keyword_or)}::text[])`);
      break;
    }
    default: // LINKEDIN_MENTION, LINKEDIN_FOLLOW: who, when, and the source.
      details = sql`(${POST_TOPICS}::text[])[1 + ((b.h >> 25) & 63) % ${POST_TOPICS.length}] as d1, null::text as d2, null::text as d3, null::text as d4`;
      conds.push(...persona(f, 'g'));
  }
  const preWhere = pre.length ? sql`where ${sql.join(pre, sql` and `)}` : sql``;
  const where = sql.join([sql`g.occurred_at >= ${from}`, sql`g.occurred_at < ${to}`, ...conds], sql` and `);
  return sql`
      with b as (${base}),
      g as (
        select b.*, to_timestamp(b.day::bigint * 86400 + ((b.h & 131071)::bigint * 86400 / 131072)) as occurred_at, ${details}
          from b ${preWhere}
      )
      select g.*, count(*) over () as total
        from g
       where ${where}
       order by g.occurred_at desc, g.entity_id, g.src
       limit ${limit} offset ${offset}`;
}
