// The sandbox signal-data provider: dated facts derived deterministically from the sandbox
// directory, so every machine and test run sees the same facts for the same window, and every day
// brings new ones.
//
// How a fact comes to be. Every directory company and person sits in one of 4,096 slots
// (hashtext(id) & 4095, an indexed expression). For each family, day (UTC days since the epoch) and
// source (the watched page, profile or keyword of a LinkedIn preset, '' otherwise), a seeded
// generator picks a fixed share of the slots; the entities in them have a fact that day. The
// fact's time of day and details (posting title, location, round, technology, headline, post
// topic...) come from hashtext(id:day:source:family). A window is answered by one SQL query: the
// picked (day, slot, source) triples join the slot index, the details are computed in SQL, every
// filter key narrows in SQL, newest first, with the count of the whole window alongside.
//
// Facts in the future of the window's end are not returned (a check at time t sees only facts that
// occurred before t), and a fact's key is `${family}:${day}:${entity id}` (with the source for
// LinkedIn families), so the same fact always has the same key.
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { ENGAGEMENT_TYPES, FUNDING_ROUNDS, NEWS_TOPICS } from '../../domain/signals/filters.ts';
import { PRESETS } from '../../domain/signals/presets.ts';
import type { FactFamily, SignalType } from '../../domain/signals/presets.types.ts';
import { mulberry32, SENIORITIES, SIZE_BANDS } from '../directory/generate.ts';
import type { FactPage, FactPerson, FactQuery, SignalDataProvider, SignalFact } from './index.ts';
import { DAY_MS } from '../../domain/shared/time.ts';

/** Slots of the directory tables (the expression of the slot indexes: hashtext(id::text) & 4095). */
export const SLOT_COUNT = 4096;
/** The longest window one search reads (a wider one is cut to its newest days). */
const MAX_WINDOW_DAYS = 400;

/** Share of the entities with a fact of the family on a given day (per source for LinkedIn families). */
export const DAILY_RATES: Record<FactFamily, number> = {
  JOB_POSTING: 0.02,
  FUNDING_ROUND: 0.003,
  TECH_ADOPTION: 0.02,
  NEWS: 0.015,
  JOB_CHANGE: 0.002,
  LINKEDIN_POST_ENGAGEMENT: 0.002,
  LINKEDIN_MENTION: 0.0005,
  LINKEDIN_FOLLOW: 0.001,
  FIRST_PARTY_EVENT: 0,
  CRM_LIST_ENTRY: 0,
};

/** LinkedIn presets: the filter key naming the watched source, and what kind of source it is. */
const SOURCES: Partial<Record<SignalType, { key: string; kind: string }>> = {
  LINKEDIN_COMPETITOR_POST_ENGAGEMENT: { key: 'competitor_domain_or', kind: 'page' },
  LINKEDIN_PARTNER_POST_ENGAGEMENT: { key: 'partner_domain_or', kind: 'page' },
  LINKEDIN_CUSTOMER_POST_ENGAGEMENT: { key: 'customer_domain_or', kind: 'page' },
  LINKEDIN_COMPANY_PAGE_POST_ENGAGEMENT: { key: 'company_page_domain_or', kind: 'page' },
  LINKEDIN_PERSON_POST_ENGAGEMENT: { key: 'linkedin_profile_url_or', kind: 'profile' },
  LINKEDIN_COMPETITOR_EMPLOYEES_POST_ENGAGEMENT: { key: 'competitor_domain_or', kind: 'employees' },
  LINKEDIN_PARTNER_EMPLOYEES_POST_ENGAGEMENT: { key: 'partner_domain_or', kind: 'employees' },
  LINKEDIN_CUSTOMER_EMPLOYEES_POST_ENGAGEMENT: { key: 'customer_domain_or', kind: 'employees' },
  LINKEDIN_KEYWORD_MENTION: { key: 'keyword_or', kind: 'text' },
  LINKEDIN_COMPETITOR_MENTION: { key: 'competitor_name_or', kind: 'text' },
  LINKEDIN_PARTNER_MENTION: { key: 'partner_name_or', kind: 'text' },
  LINKEDIN_CUSTOMER_MENTION: { key: 'customer_name_or', kind: 'text' },
  LINKEDIN_EVENT_MENTION: { key: 'event_keyword_or', kind: 'text' },
  LINKEDIN_COMPETITOR_FOLLOWERS: { key: 'competitor_domain_or', kind: 'page' },
  LINKEDIN_PARTNER_FOLLOWERS: { key: 'partner_domain_or', kind: 'page' },
  LINKEDIN_CUSTOMER_FOLLOWERS: { key: 'customer_domain_or', kind: 'page' },
  LINKEDIN_COMPANY_PAGE_FOLLOWERS: { key: 'company_page_domain_or', kind: 'page' },
  LINKEDIN_EVENT_PAGE_FOLLOWERS: { key: 'event_page_url_or', kind: 'event' },
};

const COMPANY_FAMILIES = new Set<FactFamily>(['JOB_POSTING', 'FUNDING_ROUND', 'TECH_ADOPTION', 'NEWS']);
const PEOPLE_FAMILIES = new Set<FactFamily>(['JOB_CHANGE', 'LINKEDIN_POST_ENGAGEMENT', 'LINKEDIN_MENTION', 'LINKEDIN_FOLLOW']);

const JOB_TITLES = [
  'Software Engineer', 'Senior Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'DevOps Engineer', 'Site Reliability Engineer',
  'Data Engineer', 'Data Scientist', 'Machine Learning Engineer', 'Engineering Manager', 'VP Engineering', 'Head of Engineering',
  'Account Executive', 'Enterprise Account Executive', 'Sales Development Representative', 'Business Development Representative',
  'Sales Manager', 'Head of Sales', 'VP Sales', 'Revenue Operations Manager', 'Marketing Manager', 'Demand Generation Manager',
  'Content Marketer', 'Head of Marketing', 'Product Manager', 'Senior Product Manager', 'Product Designer', 'Customer Success Manager',
  'Head of Customer Success', 'Financial Analyst', 'Controller', 'HR Generalist', 'Recruiter', 'Talent Acquisition Partner',
  'IT Manager', 'Security Engineer', 'Chief Information Security Officer', 'Operations Manager', 'Legal Counsel', 'Office Manager',
];
const DESCRIPTION_TERMS = [
  'outbound prospecting', 'SOC 2 compliance', 'GDPR', 'ISO 27001', 'product-led growth', 'CRM hygiene', 'data warehousing', 'GenAI',
  'LLM applications', 'cloud migration', 'cost optimisation', 'international expansion', 'a greenfield team', 'Zero Trust security',
  'customer onboarding', 'usage-based pricing', 'ERP rollout', 'remote-first culture', 'a Series B scale-up', 'mergers and acquisitions',
];
/** Four cities per country (a fifth draw is a remote posting). */
const CITIES: Record<string, string[]> = {
  US: ['New York', 'San Francisco', 'Austin', 'Chicago'], GB: ['London', 'Manchester', 'Edinburgh', 'Bristol'],
  DE: ['Berlin', 'Munich', 'Hamburg', 'Frankfurt'], FR: ['Paris', 'Lyon', 'Toulouse', 'Nantes'], CA: ['Toronto', 'Vancouver', 'Montreal', 'Ottawa'],
  IN: ['Bangalore', 'Mumbai', 'Hyderabad', 'Pune'], NL: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven'], AU: ['Sydney', 'Melbourne', 'Brisbane', 'Perth'],
  ES: ['Madrid', 'Barcelona', 'Valencia', 'Seville'], SE: ['Stockholm', 'Gothenburg', 'Malmo', 'Uppsala'], IT: ['Milan', 'Rome', 'Turin', 'Bologna'],
  BR: ['Sao Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba'], IE: ['Dublin', 'Cork', 'Galway', 'Limerick'], CH: ['Zurich', 'Geneva', 'Basel', 'Lausanne'],
  SG: ['Singapore', 'Singapore', 'Singapore', 'Singapore'], JP: ['Tokyo', 'Osaka', 'Kyoto', 'Fukuoka'], DK: ['Copenhagen', 'Aarhus', 'Odense', 'Aalborg'],
  PL: ['Warsaw', 'Krakow', 'Wroclaw', 'Gdansk'],
};
/** Funding amount bases per round (USD), in FUNDING_ROUNDS order. */
const ROUND_BASES = [1_000_000, 3_000_000, 12_000_000, 30_000_000, 60_000_000, 120_000_000, 200_000_000, 50_000_000];
/** Two headline endings per topic, in NEWS_TOPICS order. */
const HEADLINES = [
  'launches a new product line', 'unveils its next-generation platform', 'announces a strategic partnership', 'partners with a global reseller',
  'acquires a smaller competitor', 'is acquired by a larger rival', 'opens a new office abroad', 'expands into new markets',
  'appoints a new Chief Executive Officer', 'hires a new Chief Revenue Officer', 'wins an industry award', 'is named a top place to work',
  'announces layoffs', 'restructures its sales organisation', 'reports record quarterly earnings', 'raises its annual guidance',
];
const POST_TOPICS = [
  'pipeline generation', 'AI in sales', 'hiring plans', 'product launch', 'customer story', 'industry report', 'webinar recap',
  'conference takeaways', 'pricing strategy', 'remote work', 'data privacy', 'cloud costs', 'leadership lessons', 'partner ecosystem',
  'security best practices', 'quarterly results',
];

/** FNV-1a of a string: the seed of a (family, source, day) slot pick. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The slots whose entities have a fact of `family` from `source` on `day` (deterministic). */
export function slotsOf(family: FactFamily, source: string, day: number): number[] {
  const count = Math.round(DAILY_RATES[family] * SLOT_COUNT);
  const rng = mulberry32(fnv1a(`${family}|${source}|${day}`));
  const slots = new Set<number>();
  for (let i = 0; i < count; i++) slots.add(Math.floor(rng() * SLOT_COUNT));
  return [...slots];
}

function likeAny(values: string[]): string[] {
  return values.map((v) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** A location pattern: `*` is any text; without one the value matches anywhere in the location. */
function locationPatterns(values: string[]): string[] {
  return values.map((v) => {
    const escaped = v.replace(/[\\%_]/g, (c) => `\\${c}`);
    return escaped.includes('*') ? escaped.replace(/\*/g, '%') : `%${escaped}%`;
  });
}

const lower = (values: string[]) => values.map((v) => v.toLowerCase());

interface Row {
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

/** Firmographic conditions on the query's company columns. */
function firmographics(filters: Record<string, string[]>): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  const f = filters;
  if (f.company_type?.length) out.push(sql`g.company_type = any(${f.company_type}::text[])`);
  if (f.company_country_code_or?.length) out.push(sql`g.company_country_code = any(${f.company_country_code_or}::text[])`);
  if (f.industry_or?.length) out.push(sql`lower(g.industry) = any(${lower(f.industry_or)}::text[])`);
  if (f.industry_not?.length) out.push(sql`coalesce(lower(g.industry), '') <> all(${lower(f.industry_not)}::text[])`);
  if (f.company_size?.length) out.push(sql`g.size_band = any(${f.company_size}::text[])`);
  return out;
}

/** Persona conditions on the query's person columns. */
function persona(filters: Record<string, string[]>, alias: string): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  const a = sql.raw(alias);
  if (filters.job_title_or?.length) out.push(sql`${a}.job_title ilike any(${likeAny(filters.job_title_or)}::text[])`);
  if (filters.seniority_or?.length) out.push(sql`${a}.seniority = any(${filters.seniority_or}::text[])`);
  if (filters.person_country_code_or?.length) out.push(sql`${a}.country_code = any(${filters.person_country_code_or}::text[])`);
  return out;
}

export class SandboxSignalProvider implements SignalDataProvider {
  private readonly orm: MikroORM;

  constructor(orm: MikroORM) {
    this.orm = orm;
  }

  async search(query: FactQuery): Promise<FactPage> {
    const preset = PRESETS[query.signalType];
    const family = preset?.family;
    if (!family || !(COMPANY_FAMILIES.has(family) || PEOPLE_FAMILIES.has(family))) return { items: [], total: 0 };
    const limit = Math.max(0, Math.min(1000, Math.floor(query.limit)));
    const offset = Math.max(0, Math.floor(query.offset ?? 0));
    const fromMs = query.from.getTime();
    const toMs = query.to.getTime();
    if (!(toMs > fromMs)) return { items: [], total: 0 };

    const filters = query.filters ?? {};
    let sources = [''];
    let sourceKind = '';
    if (family.startsWith('LINKEDIN_')) {
      const source = SOURCES[query.signalType];
      // An "own" preset's source is the organization's connected page or accounts: none here.
      if (!source) return { items: [], total: 0 };
      sources = [...new Set((filters[source.key] ?? []).map((v) => v.trim().toLowerCase()).filter(Boolean))];
      sourceKind = source.kind;
      if (sources.length === 0) return { items: [], total: 0 };
    }

    const lastDay = Math.floor((toMs - 1) / DAY_MS);
    const firstDay = Math.max(Math.floor(fromMs / DAY_MS), lastDay - MAX_WINDOW_DAYS + 1);
    const days: number[] = [];
    const slots: number[] = [];
    const srcs: string[] = [];
    for (let day = firstDay; day <= lastDay; day++) {
      for (const src of sources) {
        const seedSource = sourceKind ? `${sourceKind}:${src}` : '';
        for (const slot of slotsOf(family, seedSource, day)) {
          days.push(day);
          slots.push(slot);
          srcs.push(src);
        }
      }
    }
    if (days.length === 0) return { items: [], total: 0 };

    const db = this.orm.em.fork().getKysely();
    const run = (lim: number, off: number) => this.query(family, filters, { days, slots, srcs }, new Date(fromMs), new Date(toMs), lim, off)
      .execute(db).then((r) => r.rows as Row[]);
    let rows = await run(limit, offset);
    let total: number;
    if (rows.length > 0) total = Number(rows[0].total);
    else if (offset > 0) total = Number((await run(1, 0))[0]?.total ?? 0);
    else total = 0;
    if (limit === 0) rows = [];
    return { items: rows.map((row) => toFact(family, sourceKind, row)), total };
  }

  private query(family: FactFamily, filters: Record<string, string[]>, picks: { days: number[]; slots: number[]; srcs: string[] },
    from: Date, to: Date, limit: number, offset: number) {
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
        if (f.job_location_pattern_or?.length) conds.push(sql`g.d2 ilike any(${locationPatterns(f.job_location_pattern_or)}::text[])`);
        if (f.job_description_contains_or?.length) {
          conds.push(sql`('We are hiring a ' || g.d1 || ' in ' || g.d2 || '. You will work with ' || g.d3 || ' on ' || g.d4 || '.') ilike any(${likeAny(f.job_description_contains_or)}::text[])`);
        }
        break;
      }
      case 'FUNDING_ROUND': {
        const round = sql`least(7, ((b.h >> 17) & 3) + (coalesce(array_position(${[...SIZE_BANDS]}::text[], b.size_band), 1) - 1) / 2)`;
        details = sql`(${[...FUNDING_ROUNDS]}::text[])[1 + ${round}] as d1,
          (((${ROUND_BASES}::bigint[])[1 + ${round}] * (50 + ((b.h >> 19) & 127)) / 100 / 100000) * 100000)::text as d2, null::text as d3, null::text as d4`;
        if (f.funding_round_or?.length) conds.push(sql`g.d1 = any(${f.funding_round_or}::text[])`);
        if (f.funding_amount_min_usd?.length) conds.push(sql`g.d2::bigint >= ${Number(f.funding_amount_min_usd[0]) || 0}::bigint`);
        break;
      }
      case 'TECH_ADOPTION': {
        pre.push(sql`cardinality(b.technologies) > 0`);
        details = sql`b.technologies[1 + ((b.h >> 17) & 255) % greatest(cardinality(b.technologies), 1)] as d1, null::text as d2, null::text as d3, null::text as d4`;
        const techs = [...(f.technology_or ?? []), ...(f.competitor_technology_or ?? []), ...(f.integration_technology_or ?? [])];
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
        if (f.previous_company_domain_or?.length) conds.push(sql`(g.previous_job ->> 'companyDomain') = any(${f.previous_company_domain_or}::text[])`);
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

  async peopleAt(domain: string, filters: Record<string, string[]>, limit: number): Promise<FactPerson[]> {
    const normalized = domain.trim().toLowerCase();
    const lim = Math.max(0, Math.min(1000, Math.floor(limit)));
    if (!normalized || lim === 0) return [];
    const conds = persona(filters ?? {}, 'p');
    const where = conds.length ? sql`and ${sql.join(conds, sql` and `)}` : sql``;
    const { rows } = await sql<{ first_name: string; last_name: string; job_title: string; linkedin_url: string | null; email: string | null; domain: string }>`
      select p.first_name, p.last_name, p.job_title, p.linkedin_url, p.email, c.domain
        from directory_company_domains d
        join directory_companies c on c.id = d.company_id
        join directory_people p on p.company_id = c.id
       where d.domain = ${normalized} ${where}
       order by array_position(${[...SENIORITIES]}::text[], p.seniority), p.id
       limit ${lim}`.execute(this.orm.em.fork().getKysely());
    return rows.map((r) => ({ first_name: r.first_name, last_name: r.last_name, job_title: r.job_title, linkedin_url: r.linkedin_url, email: r.email, company_domain: r.domain }));
  }
}

function toFact(family: FactFamily, sourceKind: string, row: Row): SignalFact {
  const entityId = row.person_id ?? row.company_id!;
  const key = sourceKind ? `${family}:${sourceKind}:${row.src}:${row.day}:${entityId}` : `${family}:${row.day}:${entityId}`;
  const company = row.company_id
    ? { name: row.company_name!, domain: row.company_domain!, industry: row.industry, size_band: row.size_band, country_code: row.company_country_code }
    : null;
  const person: FactPerson | null = row.person_id
    ? {
      first_name: row.first_name ?? null, last_name: row.last_name ?? null, job_title: row.job_title ?? null,
      linkedin_url: row.linkedin_url ?? null, email: row.email ?? null, company_domain: row.company_domain,
    }
    : null;
  const occurredAt = new Date(row.occurred_at);
  const activity = `https://www.linkedin.com/feed/update/urn:li:activity:${row.day}${entityId.slice(0, 8).replace(/[^0-9]/g, '').padEnd(8, '0')}`;
  let eventType: string;
  let metadata: Record<string, unknown>;
  switch (family) {
    case 'JOB_POSTING':
      eventType = 'JOB_POSTING';
      metadata = {
        job_title: row.d1, location: row.d2,
        description: `We are hiring a ${row.d1} in ${row.d2}. You will work with ${row.d3} on ${row.d4}.`,
        posting_url: `https://${row.company_domain}/careers/${row.day}-${entityId.slice(0, 8)}`,
      };
      break;
    case 'FUNDING_ROUND':
      eventType = 'FUNDING_ROUND';
      metadata = { round: row.d1, amount_usd: Number(row.d2), currency: 'USD', headline: `${row.company_name} raises ${row.d1}` };
      break;
    case 'TECH_ADOPTION':
      eventType = 'TECH_ADOPTED';
      metadata = { technology: row.d1, detected_on: occurredAt.toISOString().slice(0, 10) };
      break;
    case 'NEWS':
      eventType = 'NEWS';
      metadata = { topic: row.d1, headline: row.d2, url: `https://news.example/${row.company_domain}/${row.day}` };
      break;
    case 'JOB_CHANGE':
      eventType = 'JOB_CHANGE';
      metadata = {
        new_title: person?.job_title ?? null, new_company_name: row.company_name, new_company_domain: row.company_domain,
        previous_title: row.previous_job?.title ?? null, previous_company_name: row.previous_job?.companyName ?? null,
        previous_company_domain: row.previous_job?.companyDomain ?? null,
      };
      break;
    case 'LINKEDIN_POST_ENGAGEMENT':
      eventType = `POST_${row.d1}`;
      metadata = { engagement_type: row.d1, post_topic: row.d2, post_url: activity, source: row.src, source_kind: sourceKind };
      break;
    case 'LINKEDIN_MENTION':
      eventType = 'MENTION';
      metadata = { keyword: row.src, post_topic: row.d1, post_url: activity };
      break;
    default:
      eventType = sourceKind === 'event' ? 'EVENT_FOLLOW' : 'PAGE_FOLLOW';
      metadata = { page: row.src };
  }
  return { key, event_type: eventType, occurred_at: occurredAt, company, person, metadata };
}
