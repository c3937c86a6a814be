// `npm run bench -- signals`: one signal check against the sandbox signal-data provider over the
// full sandbox directory (BENCH_DIRECTORY_COMPANIES / BENCH_DIRECTORY_PEOPLE, default 20,000 /
// 200,000, the service's defaults): a search for each open preset family (and one closed follower
// preset, served by the provider all the same) with typical filters, over a one-day window (a daily
// check) and a 30-day window (a preview, or a first check), limit 100. Each search is repeated
// BENCH_REPEATS times (default 40), each time ending on another day so that other slots are read.
// Reported per case: median, p99 and max in ms, and the window's match count.
// Goal (issue 8): median under 100 ms, never over 1 s.
import { sql } from 'kysely';
import { migrate, openOrm } from '../../db/orm.ts';
import type { SignalType } from '../../domain/signals/presets.types.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { SandboxSignalProvider } from '../../providers/signals/sandbox.ts';
import { benchDatabase, envNumber, median, percentile } from './harness.ts';

const DAY_MS = 86_400_000;

export async function benchSignals(): Promise<void> {
  const companies = envNumber('BENCH_DIRECTORY_COMPANIES', 20_000);
  const people = envNumber('BENCH_DIRECTORY_PEOPLE', 200_000);
  const repeats = envNumber('BENCH_REPEATS', 40);
  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
  try {
    await migrate(orm);
    const load = await ensureDirectoryLoaded(orm, { companies, people, log: () => {} });
    console.log(`directory: ${companies} companies / ${people} people loaded in ${(load.durationMs / 1000).toFixed(1)} s`);
    await orm.em.fork().getConnection().execute('analyze');
    const provider = new SandboxSignalProvider(orm);
    // Twenty customers' domains for the champion check: former employers of directory people.
    const { rows } = await sql<{ domain: string }>`
      select distinct job_history -> 1 ->> 'companyDomain' as domain from directory_people
       where job_history -> 1 ->> 'companyDomain' is not null limit 20`.execute(orm.em.fork().getKysely());
    const formerEmployers = rows.map((r) => r.domain);

    const cases: { type: SignalType; filters: Record<string, string[]> }[] = [
      { type: 'HIRING_SIGNALS', filters: { job_title_or: ['engineer', 'sales'], company_country_code_or: ['US', 'GB', 'DE'], company_size: ['51-200', '201-500', '501-1000'] } },
      { type: 'JOB_DESCRIPTION_KEYWORD', filters: { job_description_contains_or: ['GDPR', 'Salesforce'] } },
      { type: 'FUNDING_EVENTS', filters: { funding_round_or: ['Seed', 'Series A', 'Series B'], funding_amount_min_usd: ['2000000'] } },
      { type: 'TECH_ADOPTION', filters: { technology_or: ['Salesforce', 'HubSpot'], industry_not: ['Government'] } },
      { type: 'NEWS_EVENTS', filters: { news_topic_or: ['PRODUCT_LAUNCH', 'PARTNERSHIP', 'EXPANSION'] } },
      { type: 'NEW_JOB', filters: { job_title_or: ['VP', 'Head of', 'Director'], company_size: ['51-200', '201-500'] } },
      { type: 'CHAMPION_CHANGED_JOB', filters: { previous_company_domain_or: formerEmployers } },
      { type: 'LINKEDIN_COMPETITOR_POST_ENGAGEMENT', filters: { competitor_domain_or: ['acme.test', 'globex.test'], seniority_or: ['VP', 'DIRECTOR', 'HEAD', 'C_LEVEL'] } },
      { type: 'LINKEDIN_PERSON_POST_ENGAGEMENT', filters: { linkedin_profile_url_or: ['https://www.linkedin.com/in/ada-lovelace-test'] } },
      { type: 'LINKEDIN_KEYWORD_MENTION', filters: { keyword_or: ['outbound', 'revops', 'ai sdr'] } },
      { type: 'LINKEDIN_COMPETITOR_FOLLOWERS', filters: { competitor_domain_or: ['acme.test'] } },
    ];
    const now = Date.now();
    // Warm-up: one of each, not measured.
    for (const c of cases) await provider.search({ signalType: c.type, filters: c.filters, from: new Date(now - 30 * DAY_MS), to: new Date(now), limit: 100 });
    const all: number[] = [];
    console.log('case                                        window   median ms   p99 ms   max ms   matches (median)');
    for (const windowDays of [1, 30]) {
      for (const c of cases) {
        const times: number[] = [];
        const totals: number[] = [];
        for (let i = 0; i < repeats; i++) {
          const to = now - i * DAY_MS;
          const started = performance.now();
          const page = await provider.search({ signalType: c.type, filters: c.filters, from: new Date(to - windowDays * DAY_MS), to: new Date(to), limit: 100 });
          times.push(performance.now() - started);
          totals.push(page.total ?? 0);
        }
        all.push(...times);
        const sorted = [...times].sort((a, b) => a - b);
        console.log(`${c.type.padEnd(44)}${String(windowDays).padStart(4)} d   ${median(times).toFixed(1).padStart(8)}   ${percentile(sorted, 99).toFixed(1).padStart(6)}   ${sorted[sorted.length - 1].toFixed(1).padStart(6)}   ${median(totals)}`);
      }
    }
    const sorted = [...all].sort((a, b) => a - b);
    console.log(`all ${all.length} checks: median ${median(all).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms (goal: median < 100 ms, max < 1000 ms)`);
  } finally {
    await orm.close();
    await database.stop();
  }
}
