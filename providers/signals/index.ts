// The signal-data provider behind a small interface: dated facts (job postings, funding rounds,
// technology adoption, news, job changes, LinkedIn posts, engagements, mentions and followers) that
// match a preset's filters. sandbox.ts derives them deterministically per day from the directory.
import type { SignalType } from '../../domain/signals/presets.types.ts';

export interface FactCompany {
  name: string;
  domain: string;
  industry: string | null;
  size_band: string | null;
  country_code: string | null;
}

export interface FactPerson {
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  linkedin_url: string | null;
  email: string | null;
  company_domain: string | null;
}

export interface SignalFact {
  /** Stable across calls: the same fact always has the same key (a check never imports it twice). */
  key: string;
  /** The preset-specific event type, e.g. JOB_POSTING, FUNDING_ROUND, POST_LIKE. */
  event_type: string;
  occurred_at: Date;
  /** The company the fact is about (COMPANY scope), or the person's employer. */
  company: FactCompany | null;
  /** The person the fact is about (PEOPLE scope); null for company facts. */
  person: FactPerson | null;
  /** What happened, e.g. {job_title, location} of a posting or {amount_usd, round} of a funding. */
  metadata: Record<string, unknown>;
}

export interface FactQuery {
  signalType: SignalType;
  /** The signal's search_filters (each key narrows the matches). */
  filters: Record<string, string[]>;
  /** Facts that occurred in [from, to). */
  from: Date;
  to: Date;
  /** Newest first; at most `limit` after skipping `offset`. */
  limit: number;
  offset?: number;
}

export interface FactPage {
  items: SignalFact[];
  /** Matches in the window, or null when the provider does not count. */
  total: number | null;
}

export interface SignalDataProvider {
  search(query: FactQuery): Promise<FactPage>;
  /** Employees of a company matching persona filters (import_search_filters for PEOPLE imports of COMPANY-scope presets). */
  peopleAt(domain: string, filters: Record<string, string[]>, limit: number): Promise<FactPerson[]>;
}
