// The filter keys a signal's search_filters (and import_search_filters) may carry, and their one
// validation, shared by preview, create and patch: a filters object is a map of key to a list of
// plain strings; only the preset's filter_keys are accepted, every required key must be present and
// non-empty, and enumerated keys (sizes, company types, seniorities, rounds...) take known values
// only. Every refusal is a 422 naming the field, e.g. `search_filters.job_title_or`.
import { COMPANY_TYPES, SENIORITIES, SIZE_BANDS } from '../../providers/directory/generate.ts';
import { DomainError } from '../shared/errors.ts';
import { unstorableReason } from '../people/identifiers.ts';
import type { SignalPreset } from './presets.types.ts';

export type SignalFilters = Record<string, string[]>;

export const FUNDING_ROUNDS = [
  'Pre-Seed',
  'Seed',
  'Series A',
  'Series B',
  'Series C',
  'Series D',
  'Growth',
  'Debt Financing',
] as const;
export const NEWS_TOPICS = [
  'PRODUCT_LAUNCH',
  'PARTNERSHIP',
  'ACQUISITION',
  'EXPANSION',
  'EXECUTIVE_HIRE',
  'AWARD',
  'LAYOFFS',
  'EARNINGS',
] as const;
export const ENGAGEMENT_TYPES = ['LIKE', 'COMMENT', 'REPOST'] as const;

interface FilterKeySpec {
  /** text: free text matched case-insensitively; enum: one of `values` (case-insensitive, stored canonical). */
  kind: 'text' | 'enum' | 'country' | 'domain' | 'url' | 'integer';
  values?: readonly string[];
  /** At most this many values (default 100). */
  maxValues?: number;
}

const text: FilterKeySpec = { kind: 'text' };
/** Watched LinkedIn sources (pages, profiles, words) a signal may list. */
export const SOURCE_MAX_VALUES = 10;
const source = (kind: FilterKeySpec['kind']): FilterKeySpec => ({ kind, maxValues: SOURCE_MAX_VALUES });

/** Every filter key any preset uses. Keys ending `_or` match any value; `_not` excludes every value. */
export const FILTER_KEYS: Record<string, FilterKeySpec> = {
  // Job postings.
  job_title_or: text,
  job_location_pattern_or: text,
  job_description_contains_or: text,
  // Firmographics of the company (the fact's company, or the person's employer).
  company_type: { kind: 'enum', values: COMPANY_TYPES },
  company_country_code_or: { kind: 'country' },
  industry_or: text,
  industry_not: text,
  company_size: { kind: 'enum', values: SIZE_BANDS },
  // Funding.
  funding_round_or: { kind: 'enum', values: FUNDING_ROUNDS },
  funding_amount_min_usd: { kind: 'integer', maxValues: 1 },
  // Technology adoption.
  technology_or: text,
  competitor_technology_or: text,
  integration_technology_or: text,
  // News.
  news_topic_or: { kind: 'enum', values: NEWS_TOPICS },
  news_keyword_or: text,
  // People.
  seniority_or: { kind: 'enum', values: SENIORITIES },
  person_country_code_or: { kind: 'country' },
  previous_company_domain_or: { kind: 'domain' },
  // LinkedIn sources (whose posts, which page, which words) and post filters. Each source is a
  // watched feed of its own (a search reads every source's facts), so a signal watches at most
  // SOURCE_MAX_VALUES of them.
  competitor_domain_or: source('domain'),
  partner_domain_or: source('domain'),
  customer_domain_or: source('domain'),
  company_page_domain_or: source('domain'),
  linkedin_profile_url_or: source('url'),
  keyword_or: source('text'),
  competitor_name_or: source('text'),
  partner_name_or: source('text'),
  customer_name_or: source('text'),
  event_keyword_or: source('text'),
  event_page_url_or: source('url'),
  post_keyword_or: text,
  engagement_type_or: { kind: 'enum', values: ENGAGEMENT_TYPES },
  // CRM lists and first-party events.
  crm_list_id: { kind: 'text', maxValues: 1 },
  first_party_event_name: { kind: 'text', maxValues: 1 },
};

/** Keys of import_search_filters: personas for PEOPLE imports, firmographics for COMPANIES imports. */
export const IMPORT_FILTER_KEYS: Record<'PEOPLE' | 'COMPANIES', string[]> = {
  PEOPLE: ['job_title_or', 'seniority_or', 'person_country_code_or'],
  COMPANIES: ['company_type', 'company_country_code_or', 'industry_or', 'industry_not', 'company_size'],
};

const MAX_VALUES = 100;
const MAX_VALUE_LENGTH = 255;

function invalid(path: string, message: string): DomainError {
  return DomainError.invalid(path, message, 422);
}

function checkValue(path: string, spec: FilterKeySpec, raw: string): string {
  const value = raw.trim();
  if (value === '') throw invalid(path, 'must not be empty');
  const unstorable = unstorableReason(value);
  if (unstorable) throw invalid(path, unstorable);
  if (value.length > MAX_VALUE_LENGTH) throw invalid(path, `must be at most ${MAX_VALUE_LENGTH} characters`);
  switch (spec.kind) {
    case 'enum': {
      const found = spec.values!.find((v) => v.toLowerCase() === value.toLowerCase());
      if (!found) throw invalid(path, `must be one of ${spec.values!.join(', ')}`);
      return found;
    }
    case 'country':
      if (!/^[A-Za-z]{2}$/.test(value)) throw invalid(path, 'must be an ISO 3166-1 alpha-2 country code');
      return value.toUpperCase();
    case 'domain': {
      const domain = value
        .toLowerCase()
        .replace(/^https?:\/\//, '')
        .replace(/^www\./, '')
        .replace(/\/.*$/, '');
      if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) throw invalid(path, 'must be a domain such as example.com');
      return domain;
    }
    case 'url':
      if (!/^https?:\/\/\S+$/i.test(value)) throw invalid(path, 'must be an http(s) URL');
      return value.replace(/\/+$/, '');
    case 'integer':
      if (!/^\d{1,15}$/.test(value)) throw invalid(path, 'must be a non-negative whole number written as a string');
      return String(Number(value));
    default:
      return value;
  }
}

function checkFilters(
  allowed: readonly string[],
  required: readonly string[],
  filters: unknown,
  fieldName: string,
): SignalFilters {
  if (filters === undefined || filters === null) filters = {};
  if (typeof filters !== 'object' || Array.isArray(filters))
    throw invalid(fieldName, 'must be an object of filter key to a list of strings');
  const out: SignalFilters = {};
  for (const [key, values] of Object.entries(filters as Record<string, unknown>)) {
    const path = `${fieldName}.${key}`;
    if (!allowed.includes(key)) {
      throw invalid(
        path,
        allowed.length
          ? `is not a filter of this preset (allowed: ${allowed.join(', ')})`
          : 'is not a filter of this preset (it takes none)',
      );
    }
    const spec = FILTER_KEYS[key] ?? text;
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string'))
      throw invalid(path, 'must be a list of strings');
    const max = spec.maxValues ?? MAX_VALUES;
    if (values.length > max) throw invalid(path, max === 1 ? 'takes exactly one value' : `takes at most ${max} values`);
    const checked = (values as string[]).map((v, i) => checkValue(`${path}[${i}]`, spec, v));
    if (checked.length === 0 && required.includes(key)) throw invalid(path, 'is required and must not be empty');
    if (checked.length > 0) out[key] = [...new Set(checked)];
  }
  for (const key of required) {
    if (!out[key]) throw invalid(`${fieldName}.${key}`, 'is required and must not be empty');
  }
  return out;
}

/**
 * The preset's search filters, checked and normalised (values trimmed, enumerations in canonical
 * case, country codes upper-case, domains bare, duplicates and empty lists dropped). Throws a 422
 * naming `${fieldName}.<key>` for an unknown key, a missing or empty required key, a value that is
 * not a string, or a value outside the key's set.
 */
export function validateFilters(preset: SignalPreset, filters: unknown, fieldName = 'search_filters'): SignalFilters {
  return checkFilters(preset.filter_keys, preset.required_filter_keys, filters, fieldName);
}

/** import_search_filters for a PEOPLE or COMPANIES destination, checked as validateFilters does. */
export function validateImportFilters(
  target: 'PEOPLE' | 'COMPANIES',
  filters: unknown,
  fieldName = 'import_search_filters',
): SignalFilters {
  return checkFilters(IMPORT_FILTER_KEYS[target], [], filters, fieldName);
}
