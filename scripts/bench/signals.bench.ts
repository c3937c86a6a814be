// `npm run bench -- signals`: one signal check against the sandbox signal-data provider over the
// full sandbox directory (BENCH_DIRECTORY_COMPANIES / BENCH_DIRECTORY_PEOPLE, default 20,000 /
// 200,000, the service's defaults): a search for each open preset family (and one closed follower
// preset, served by the provider all the same) with typical filters, over a one-day window (a daily
// check) and a 30-day window (a preview, or a first check), limit 100. Each search is repeated
// BENCH_REPEATS times (default 40), each time ending on another day so that other slots are read.
// Reported per case: median, p99 and max in ms, and the window's match count.
// Goal: median under 100 ms, never over 1 s.
//
// Second phase, "full checks": the whole check the signal workflow's activity runs,
// domain/signals/checks.service.ts checkSignal (provider search page by page, dedup against the
// signal's feed, list duplicates, exclusions, contact/account upserts, list entries, feed rows in
// signal_imports, contact_entry.resolved events), on the same directory, in one organization. One
// signal per case (company presets importing COMPANIES, HIRING_SIGNALS importing PEOPLE through
// peopleAt with max_companies_per_run, people presets), each checked once a day over a one-day
// window (last_checked_at = at - 1 day) for BENCH_CHECK_DAYS days (default 20) ending now, oldest
// first as a daily signal would run; caps as the service's defaults (max_per_day 50, or
// max_companies_per_run x 3), enrichment off, no sequence template (so no enrollment: enroll()
// returns before it needs Temporal). Reported per case: median, p99 and max in ms, and the median
// rows written per check (IMPORTED, SKIPPED_*) and facts read; overall median/p99/max and imports
// per second of check time.
import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../config.ts';
import { Account, Contact } from '../../db/entities/index.ts';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { checkSignal, type SignalCheckDeps } from '../../domain/signals/checks.service.ts';
import { presetOf } from '../../domain/signals/presets.ts';
import type { SignalType } from '../../domain/signals/presets.types.ts';
import { ensureDirectoryLoaded } from '../../providers/directory/load.ts';
import { createProviders } from '../../providers/index.ts';
import { SandboxSignalProvider } from '../../providers/signals/sandbox.ts';
import { benchDb, insertLists } from './fixtures.ts';
import { benchDatabase, envNumber, median, percentile } from './harness.ts';
import { DAY_MS } from '../../domain/shared/time.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';

export async function benchSignals(): Promise<void> {
  const companies = envNumber('BENCH_DIRECTORY_COMPANIES', 20_000);
  const people = envNumber('BENCH_DIRECTORY_PEOPLE', 200_000);
  const repeats = envNumber('BENCH_REPEATS', 40);
  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 4 });
  try {
    await migrate(orm);
    const load = await ensureDirectoryLoaded(orm, { companies, people, log: () => {} });
    console.log(
      `directory: ${companies} companies / ${people} people loaded in ${(load.durationMs / 1000).toFixed(1)} s`,
    );
    // Not a query: a maintenance command (fresh planner statistics after the bulk load), which no builder covers.
    await orm.em.fork().getConnection().execute('analyze');
    const provider = new SandboxSignalProvider(orm);
    // Twenty customers' domains for the champion check: former employers of directory people.
    const rows = await benchDb(orm)
      .selectFrom('directory_people')
      .select((eb) => eb.ref('job_history', '->>').at(1).key('companyDomain').as('domain'))
      .distinct()
      .where((eb) => eb(eb.ref('job_history', '->>').at(1).key('companyDomain'), 'is not', null))
      .limit(20)
      .execute();
    const formerEmployers = rows.flatMap((r) => r.domain ?? []);

    const cases: { type: SignalType; filters: Record<string, string[]> }[] = [
      {
        type: 'HIRING_SIGNALS',
        filters: {
          job_title_or: ['engineer', 'sales'],
          company_country_code_or: ['US', 'GB', 'DE'],
          company_size: ['51-200', '201-500', '501-1000'],
        },
      },
      { type: 'JOB_DESCRIPTION_KEYWORD', filters: { job_description_contains_or: ['GDPR', 'Salesforce'] } },
      {
        type: 'FUNDING_EVENTS',
        filters: { funding_round_or: ['Seed', 'Series A', 'Series B'], funding_amount_min_usd: ['2000000'] },
      },
      { type: 'TECH_ADOPTION', filters: { technology_or: ['Salesforce', 'HubSpot'], industry_not: ['Government'] } },
      { type: 'NEWS_EVENTS', filters: { news_topic_or: ['PRODUCT_LAUNCH', 'PARTNERSHIP', 'EXPANSION'] } },
      {
        type: 'NEW_JOB',
        filters: { job_title_or: ['VP', 'Head of', 'Director'], company_size: ['51-200', '201-500'] },
      },
      { type: 'CHAMPION_CHANGED_JOB', filters: { previous_company_domain_or: formerEmployers } },
      {
        type: 'LINKEDIN_COMPETITOR_POST_ENGAGEMENT',
        filters: {
          competitor_domain_or: ['acme.test', 'globex.test'],
          seniority_or: ['VP', 'DIRECTOR', 'HEAD', 'C_LEVEL'],
        },
      },
      {
        type: 'LINKEDIN_PERSON_POST_ENGAGEMENT',
        filters: { linkedin_profile_url_or: ['https://www.linkedin.com/in/ada-lovelace-test'] },
      },
      { type: 'LINKEDIN_KEYWORD_MENTION', filters: { keyword_or: ['outbound', 'revops', 'ai sdr'] } },
      { type: 'LINKEDIN_COMPETITOR_FOLLOWERS', filters: { competitor_domain_or: ['acme.test'] } },
    ];
    const now = Date.now();
    // Warm-up: one of each, not measured.
    for (const c of cases)
      await provider.search({
        signalType: c.type,
        filters: c.filters,
        from: new Date(now - 30 * DAY_MS),
        to: new Date(now),
        limit: 100,
      });
    const all: number[] = [];
    console.log('case                                        window   median ms   p99 ms   max ms   matches (median)');
    for (const windowDays of [1, 30]) {
      for (const c of cases) {
        const times: number[] = [];
        const totals: number[] = [];
        for (let i = 0; i < repeats; i++) {
          const to = now - i * DAY_MS;
          const started = performance.now();
          const page = await provider.search({
            signalType: c.type,
            filters: c.filters,
            from: new Date(to - windowDays * DAY_MS),
            to: new Date(to),
            limit: 100,
          });
          times.push(performance.now() - started);
          totals.push(page.total ?? 0);
        }
        all.push(...times);
        const sorted = [...times].sort((a, b) => a - b);
        console.log(
          `${c.type.padEnd(44)}${String(windowDays).padStart(4)} d   ${median(times).toFixed(1).padStart(8)}   ${percentile(sorted, 99).toFixed(1).padStart(6)}   ${sorted[sorted.length - 1].toFixed(1).padStart(6)}   ${median(totals)}`,
        );
      }
    }
    const sorted = [...all].sort((a, b) => a - b);
    console.log(
      `all ${all.length} checks: median ${median(all).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms (goal: median < 100 ms, max < 1000 ms)`,
    );

    await benchFullChecks(orm, formerEmployers, envNumber('BENCH_CHECK_DAYS', 20));
  } finally {
    await orm.close();
    await database.stop();
  }
}

interface CheckCase {
  label: string;
  type: SignalType;
  target: 'PEOPLE' | 'COMPANIES';
  filters: Record<string, string[]>;
  importFilters?: Record<string, string[]>;
  maxCompaniesPerRun?: number;
}

/** Phase 2: checkSignal itself, one signal per case, one check a day over `days` days ending now. */
async function benchFullChecks(orm: MikroORM, formerEmployers: string[], days: number): Promise<void> {
  const db = () => benchDb(orm);
  const org = await admin.bootstrap(orm.em.fork(), {
    orgName: 'Bench',
    ownerEmail: 'bench@example.com',
    ownerName: 'Bench',
  });
  const organizationId = org.organization_id;
  const providers = createProviders({ orm, config: loadConfig() });
  // No signal here has a sequence_template_id, so enroll() returns before it would start a workflow: Temporal is never called.
  const temporal = new Proxy(
    {},
    {
      get: () => {
        throw new Error('the full-checks bench has no Temporal: a check tried to start a workflow');
      },
    },
  ) as Client;
  const deps: SignalCheckDeps = {
    directory: providers.directory,
    enrichment: providers.enrichment,
    signals: providers.signals,
    scopeOf: async (type) => presetOf(type).scope,
    workflows: createWorkflowClients(temporal, 'bench-signals'),
    slowVerifyMs: 0,
  };

  const cases: CheckCase[] = [
    {
      label: 'HIRING_SIGNALS -> COMPANIES',
      type: 'HIRING_SIGNALS',
      target: 'COMPANIES',
      filters: {
        job_title_or: ['engineer', 'sales'],
        company_country_code_or: ['US', 'GB', 'DE'],
        company_size: ['51-200', '201-500', '501-1000'],
      },
    },
    {
      label: 'HIRING_SIGNALS -> PEOPLE (10 cos x 3)',
      type: 'HIRING_SIGNALS',
      target: 'PEOPLE',
      filters: { job_title_or: ['engineer', 'sales'] },
      importFilters: { seniority_or: ['C_LEVEL', 'VP', 'HEAD', 'DIRECTOR'] },
      maxCompaniesPerRun: 10,
    },
    {
      label: 'FUNDING_EVENTS -> COMPANIES',
      type: 'FUNDING_EVENTS',
      target: 'COMPANIES',
      filters: { funding_round_or: ['Seed', 'Series A', 'Series B'] },
    },
    {
      label: 'TECH_ADOPTION -> COMPANIES',
      type: 'TECH_ADOPTION',
      target: 'COMPANIES',
      filters: { technology_or: ['Salesforce', 'HubSpot'], industry_not: ['Government'] },
    },
    {
      label: 'NEWS_EVENTS -> COMPANIES',
      type: 'NEWS_EVENTS',
      target: 'COMPANIES',
      filters: { news_topic_or: ['PRODUCT_LAUNCH', 'PARTNERSHIP', 'EXPANSION'] },
    },
    {
      label: 'NEW_JOB -> PEOPLE',
      type: 'NEW_JOB',
      target: 'PEOPLE',
      filters: { job_title_or: ['VP', 'Head of', 'Director', 'Manager'] },
    },
    {
      label: 'CHAMPION_CHANGED_JOB -> PEOPLE',
      type: 'CHAMPION_CHANGED_JOB',
      target: 'PEOPLE',
      filters: { previous_company_domain_or: formerEmployers },
    },
    {
      label: 'LINKEDIN_COMPETITOR_POST_ENG. -> PEOPLE',
      type: 'LINKEDIN_COMPETITOR_POST_ENGAGEMENT',
      target: 'PEOPLE',
      filters: { competitor_domain_or: ['acme.test', 'globex.test'] },
    },
    {
      label: 'LINKEDIN_KEYWORD_MENTION -> PEOPLE',
      type: 'LINKEDIN_KEYWORD_MENTION',
      target: 'PEOPLE',
      filters: { keyword_or: ['outbound', 'revops', 'ai sdr'] },
    },
  ];
  // A signal with a list of its own, written as POST /v1/signals would (caps: the service's defaults).
  const createSignal = async (c: CheckCase): Promise<string> => {
    const id = randomUUID();
    const list = randomUUID();
    await insertLists(orm, organizationId, c.target, [list], () => `Bench ${id}`);
    const maxPerDay = c.maxCompaniesPerRun ? c.maxCompaniesPerRun * 3 : 50;
    const now = new Date();
    await db()
      .insertInto('signals')
      .values({
        id,
        organization_id: organizationId,
        name: `Bench ${c.label}`,
        signal_type: c.type,
        status: 'ACTIVE',
        cadence: 'DAILY',
        search_filters: c.filters,
        import_search_filters: c.importFilters ?? {},
        import_target: c.target,
        enrich_email: false,
        enrich_phones: false,
        max_companies_per_run: c.maxCompaniesPerRun ?? null,
        max_per_day: maxPerDay,
        contact_list_id: c.target === 'PEOPLE' ? list : null,
        account_list_id: c.target === 'COMPANIES' ? list : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  };
  const run = async (signalId: string, at: Date) => {
    await db()
      .updateTable('signals')
      .set({ last_checked_at: new Date(at.getTime() - DAY_MS) })
      .where('id', '=', signalId)
      .execute();
    const started = performance.now();
    const result = await checkSignal(orm.em.fork(), deps, organizationId, signalId, at);
    const ms = performance.now() - started;
    if (result.outcome !== 'CHECKED') throw new Error(`check of ${signalId}: ${result.outcome}`);
    return { ms, ...result };
  };
  const workspace = async () => {
    const em = orm.em.fork();
    return {
      contacts: await em.count(Contact, { organization: organizationId }),
      accounts: await em.count(Account, { organization: organizationId }),
    };
  };

  const now = Date.now();
  // Warm-up (not measured): one check of each case a year back, on signals and lists of their own.
  for (const c of cases) await run(await createSignal(c), new Date(now - 365 * DAY_MS));
  const signalIds: string[] = [];
  for (const c of cases) signalIds.push(await createSignal(c));
  const before = await workspace();
  // Oldest first, as a daily signal runs: each check's window is the day since the previous one.
  const ats = Array.from({ length: days }, (_, d) => new Date(now - (days - 1 - d) * DAY_MS));

  console.log(
    `\nfull checks (checkSignal, ${days} daily checks per case over a 1-day window, one organization, enrichment off, no template):`,
  );
  console.log(
    'case                                        median ms   p99 ms   max ms   imported  skipped  read   (medians per check)',
  );
  const all: number[] = [];
  let imported = 0;
  let checkMs = 0;
  for (const [i, c] of cases.entries()) {
    const times: number[] = [];
    const imports: number[] = [];
    const skips: number[] = [];
    const reads: number[] = [];
    for (const at of ats) {
      const r = await run(signalIds[i], at);
      times.push(r.ms);
      imports.push(r.imported);
      skips.push(r.skipped);
      reads.push(r.read);
      imported += r.imported;
      checkMs += r.ms;
    }
    all.push(...times);
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `${c.label.padEnd(44)}${median(times).toFixed(1).padStart(8)}   ${percentile(sorted, 99).toFixed(1).padStart(6)}   ${sorted[sorted.length - 1].toFixed(1).padStart(6)}   ` +
        `${String(median(imports)).padStart(8)}  ${String(median(skips)).padStart(7)}  ${String(median(reads)).padStart(4)}`,
    );
  }
  const sorted = [...all].sort((a, b) => a - b);
  console.log(
    `all ${all.length} full checks: median ${median(all).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms ` +
      `(goal: median < 100 ms, max < 1000 ms); ${imported} imported in ${(checkMs / 1000).toFixed(1)} s of checks = ${(imported / (checkMs / 1000)).toFixed(1)} imports/s`,
  );
  const feed = await db()
    .selectFrom('signal_imports')
    .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
    .where((eb) => eb('signal_id', '=', eb.fn.any(eb.val(signalIds))))
    .groupBy('status')
    .orderBy('status')
    .execute();
  const contactEntries = await db()
    .selectFrom('contact_entries as e')
    .innerJoin('signals as s', 's.contact_list_id', 'e.contact_list_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => eb('s.id', '=', eb.fn.any(eb.val(signalIds))))
    .executeTakeFirstOrThrow();
  const accountEntries = await db()
    .selectFrom('account_entries as e')
    .innerJoin('signals as s', 's.account_list_id', 'e.account_list_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => eb('s.id', '=', eb.fn.any(eb.val(signalIds))))
    .executeTakeFirstOrThrow();
  const entries = { contact_entries: contactEntries.n, account_entries: accountEntries.n };
  const after = await workspace();
  console.log(
    `  feed rows: ${feed.map((f) => `${f.status} ${f.n}`).join(', ') || 'none'}; list entries: ${entries.contact_entries} contact, ${entries.account_entries} account; ` +
      `new in the workspace: ${after.contacts - before.contacts} contacts, ${after.accounts - before.accounts} accounts`,
  );
}
