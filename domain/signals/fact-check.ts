// Provider-backed signals: facts since the last check, page by page, each page one transaction,
// its imported people enriched and enrolled once it committed.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignalFact } from '../../providers/signals/index.ts';
import { normalizeDomain } from '../people/identifiers.ts';
import type { CheckResult, SignalCheckDeps } from './check-deps.ts';
import { DEFAULT_CONTACTS_PER_COMPANY } from './settings.ts';
import { enrich, enroll, resumeEnrollments } from './after-import.ts';
import { candidate, classify, identities, importInOrder, writeRows, type Candidate } from './fact-candidates.ts';
import { checkAtText, lockSignal, retryConcurrentWrites } from './import-writes.ts';
import { cadenceMs, type SignalRow } from './signal-row.ts';
import { companiesLookedUpSince, importedSince, seenFactKeys } from './signal-imports.queries.ts';

/** Facts read per provider page, and at most this many pages per check (a check stays bounded). */
const FACT_PAGE = 100;
const MAX_PAGES = 20;
/** The separator between a company fact's key and the person found at that company (a literal in seenFactKeys' SQL too, signal-imports.queries.ts: its index is on that expression). */
const PERSON_KEY = '|person:';

/** IMPORTED rows of the signal in the 24 hours before `at` (the daily cap counts them). */
async function importedToday(em: EntityManager, signal: SignalRow, at: Date, dayMs: number): Promise<number> {
  return importedSince(em, signal.id, checkAtText(at.getTime() - dayMs));
}

/** Companies whose people were looked up in the 24 hours before `at` (max_companies_per_run counts them; a company skipped at the cap, `|person:*`, was not looked up). */
async function companiesLookedUpToday(em: EntityManager, signal: SignalRow, at: Date, dayMs: number): Promise<number> {
  return companiesLookedUpSince(em, signal.id, checkAtText(at.getTime() - dayMs));
}

async function seenKeys(em: EntityManager, signal: SignalRow, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  return new Set(await seenFactKeys(em, signal.id, keys));
}

/**
 * Facts that occurred since the last check (the first check: the last cadence period before `at`),
 * newest first, page by page. COMPANY-scope facts imported as PEOPLE become the people at the
 * company (peopleAt with import_search_filters, at most max_contacts_per_company each, at most
 * max_companies_per_run companies a day). Imported entries stop at max_per_day a day; the rest of
 * the page read is SKIPPED_CAP, and facts not read are never looked at. Each page is written in
 * one transaction (writePage); its imported people are enriched and enrolled once it committed.
 */
export async function checkFacts(
  em: EntityManager,
  deps: SignalCheckDeps,
  signal: SignalRow,
  at: Date,
  dayMs: number,
): Promise<CheckResult> {
  const from =
    signal.last_checked_at && new Date(signal.last_checked_at) < at
      ? new Date(signal.last_checked_at)
      : new Date(at.getTime() - cadenceMs(signal.cadence, dayMs));
  const companyScope = (await deps.scopeOf(signal.signal_type)) === 'COMPANY';
  const peopleAtCompanies = companyScope && signal.import_target === 'PEOPLE';
  const result: CheckResult = { outcome: 'CHECKED', imported: 0, skipped: 0, read: 0 };
  const lookedUp = new Set<string>();
  await resumeEnrollments(em, deps, signal, at);

  for (let page = 0; page < MAX_PAGES; page++) {
    deps.heartbeat?.();
    const { items } = await deps.signals.search({
      signalType: signal.signal_type,
      filters: signal.search_filters,
      from,
      to: at,
      limit: FACT_PAGE,
      offset: page * FACT_PAGE,
    });
    result.read += items.length;
    const written = await retryConcurrentWrites(() =>
      em.fork().transactional((tx) => writePage(tx, deps, signal, peopleAtCompanies, items, at, dayMs, lookedUp)),
    );
    for (const domain of written.lookedUp) lookedUp.add(domain);
    result.imported += written.imported;
    result.skipped += written.skipped;
    for (const c of written.entries) {
      deps.heartbeat?.();
      await enrich(em, deps, signal, c.contactId!, c.fields);
      await enroll(em, deps, signal, c.contactId!, c.entryId!);
    }
    // Done when the page was the last, the day's imports are used up, or (people at companies) the
    // day's companies are: further facts could only be written SKIPPED_CAP.
    if (items.length < FACT_PAGE || written.left <= 0 || (peopleAtCompanies && written.companiesLeft <= 0)) break;
  }
  return result;
}

interface PageWritten {
  imported: number;
  skipped: number;
  /** Imports left today, and companies left today (people at companies), after this page. */
  left: number;
  companiesLeft: number;
  /** Companies whose people this page looked up (a check looks a company up once). */
  lookedUp: string[];
  /** Candidates that made a contact entry, to enrich and enroll after the commit. */
  entries: Candidate[];
}

/**
 * One page of facts, in one transaction and a bounded number of statements whatever the page's
 * size: the signal's advisory lock (two attempts of a check never interleave, so the cap and the
 * dedup hold), the day's counts, the facts already looked at, then rounds of candidates: each
 * round is classified at once (on the list, excluded) and its eligible candidates imported in
 * order up to the day's cap (a candidate the import refuses leaves its place to the next one), and
 * every candidate's feed row lands in one insert with the entries' events.
 */
async function writePage(
  tx: EntityManager,
  deps: SignalCheckDeps,
  signal: SignalRow,
  peopleAtCompanies: boolean,
  items: SignalFact[],
  at: Date,
  dayMs: number,
  lookedUpBefore: Set<string>,
): Promise<PageWritten> {
  await lockSignal(tx, signal);
  let left = Math.max(0, signal.max_per_day - (await importedToday(tx, signal, at, dayMs)));
  let companiesLeft =
    !peopleAtCompanies || signal.max_companies_per_run === null
      ? Number.POSITIVE_INFINITY
      : Math.max(0, signal.max_companies_per_run - (await companiesLookedUpToday(tx, signal, at, dayMs)));
  const seen = await seenKeys(
    tx,
    signal,
    items.map((f) => f.key),
  );
  const facts = items.filter((f, i) => !seen.has(f.key) && items.findIndex((g) => g.key === f.key) === i);
  const all: Candidate[] = [];
  const lookedUp: string[] = [];
  const runRound = async (round: Candidate[]) => {
    deps.heartbeat?.();
    await classify(tx, deps, signal, round);
    left -= await importInOrder(tx, deps, signal, round, left);
    all.push(...round);
  };

  if (!peopleAtCompanies) {
    // A company fact without a usable domain, or a person fact without email or LinkedIn URL, is not a candidate (no row).
    await runRound(facts.map((f) => candidate(f.key, f, f.person)).filter((c) => identities(signal, c).length > 0));
  } else {
    // People at companies: look companies up only while their people could still be imported.
    const perCompany = signal.max_contacts_per_company ?? DEFAULT_CONTACTS_PER_COMPANY;
    let next = 0;
    while (next < facts.length) {
      const round: Candidate[] = [];
      let people = 0;
      for (; next < facts.length && (left <= 0 || companiesLeft <= 0 || people < left); next++) {
        const fact = facts[next];
        const domain = fact.company?.domain ? normalizeDomain(fact.company.domain) : null;
        if (!domain || lookedUpBefore.has(domain) || lookedUp.includes(domain)) continue;
        if (left <= 0 || companiesLeft <= 0) {
          round.push(candidate(`${fact.key}${PERSON_KEY}*`, fact, null));
          continue;
        }
        lookedUp.push(domain);
        companiesLeft--;
        deps.heartbeat?.();
        const found: Candidate[] = [];
        for (const person of await deps.signals.peopleAt(domain, signal.import_search_filters, perCompany)) {
          const identity = person.email ?? person.linkedin_url;
          const key = `${fact.key}${PERSON_KEY}${identity}`;
          // At most perCompany people, each once (a person the provider answers twice is one row).
          if (identity && found.length < perCompany && !found.some((c) => c.key === key))
            found.push(candidate(key, fact, person));
        }
        round.push(...found);
        people += found.length;
      }
      await runRound(round);
    }
  }

  await writeRows(tx, signal, all, at);
  const imported = all.filter((c) => c.status === 'IMPORTED').length;
  return {
    imported,
    skipped: all.length - imported,
    left,
    companiesLeft,
    lookedUp,
    entries: all.filter((c) => c.entryId),
  };
}
