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
// The parts live in sandbox/: slot picks, families and sources, word lists, SQL conditions, the
// fact query and the mapping of its rows to facts.
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { PRESETS } from '../../domain/signals/presets.ts';
import { SENIORITIES } from '../directory/generator/taxonomy.ts';
import type { FactPage, FactPerson, FactQuery, SignalDataProvider } from './index.ts';
import { persona } from './sandbox/conditions.ts';
import { factQuery, type FactRow } from './sandbox/fact-query.ts';
import { COMPANY_FAMILIES, PEOPLE_FAMILIES, SOURCES } from './sandbox/families.ts';
import { slotsOf } from './sandbox/slots.ts';
import { toFact } from './sandbox/to-fact.ts';
import { DAY_MS } from '../../domain/shared/time.ts';

/** The longest window one search reads (a wider one is cut to its newest days). */
const MAX_WINDOW_DAYS = 400;

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
    const run = (lim: number, off: number) =>
      factQuery(family, filters, { days, slots, srcs }, new Date(fromMs), new Date(toMs), lim, off)
        .execute(db)
        .then((r) => r.rows as FactRow[]);
    let rows = await run(limit, offset);
    let total: number;
    if (rows.length > 0) total = Number(rows[0].total);
    else if (offset > 0) total = Number((await run(1, 0))[0]?.total ?? 0);
    else total = 0;
    if (limit === 0) rows = [];
    return { items: rows.map((row) => toFact(family, sourceKind, row)), total };
  }

  async peopleAt(domain: string, filters: Record<string, string[]>, limit: number): Promise<FactPerson[]> {
    const normalized = domain.trim().toLowerCase();
    const lim = Math.max(0, Math.min(1000, Math.floor(limit)));
    if (!normalized || lim === 0) return [];
    const conds = persona(filters ?? {}, 'p');
    // SQL: the persona conditions are fragments over the alias p, and the order is array_position over a constant list.
    const where = conds.length ? sql`and ${sql.join(conds, sql` and `)}` : sql``;
    const { rows } = await sql<{
      first_name: string;
      last_name: string;
      job_title: string;
      linkedin_url: string | null;
      email: string | null;
      domain: string;
    }>`
      select p.first_name, p.last_name, p.job_title, p.linkedin_url, p.email, c.domain
        from directory_company_domains d
        join directory_companies c on c.id = d.company_id
        join directory_people p on p.company_id = c.id
       where d.domain = ${normalized} ${where}
       order by array_position(${[...SENIORITIES]}::text[], p.seniority), p.id
       limit ${lim}`.execute(this.orm.em.fork().getKysely());
    return rows.map((r) => ({
      first_name: r.first_name,
      last_name: r.last_name,
      job_title: r.job_title,
      linkedin_url: r.linkedin_url,
      email: r.email,
      company_domain: r.domain,
    }));
  }
}
