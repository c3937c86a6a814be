// Examples of the signal endpoints: software companies hiring engineering leaders in the UK, whose
// CTOs and VPs of Engineering are imported and enrolled in the template.
import { EXAMPLE_IDS as ID } from './ids.ts';

const HIRING_FILTERS = {
  job_title_or: ['Head of Engineering', 'VP Engineering'],
  company_country_code_or: ['GB'],
  industry_or: ['Software'],
};
const PERSONA_FILTERS = { job_title_or: ['CTO', 'VP Engineering'] };
const DASHBOARD = 'https://app.example.com';

const CREATE = {
  signal_type: 'HIRING_SIGNALS',
  name: 'Software companies hiring engineering leaders, UK',
  search_filters: HIRING_FILTERS,
  import_target: 'PEOPLE',
  import_search_filters: PERSONA_FILTERS,
  sequence_template_id: ID.sequenceTemplate,
  enrich_email: true,
  enrich_phones: false,
  max_companies_per_run: 20,
  max_contacts_per_company: 2,
  cadence: 'DAILY',
};

const SIGNAL = {
  id: ID.signal,
  name: CREATE.name,
  signal_type: CREATE.signal_type,
  status: 'ACTIVE',
  cadence: 'DAILY',
  max_per_run: null,
  max_companies_per_run: 20,
  max_contacts_per_company: 2,
  max_per_day: 40,
  enrich_email: true,
  enrich_phones: false,
  imported_count: 12,
  contact_list_id: ID.contactList,
  account_list_id: null,
  last_checked_at: '2026-03-04T06:00:02.441Z',
  created_at: '2026-02-26T10:30:00.000Z',
  updated_at: '2026-03-04T06:00:02.441Z',
  archived_at: null,
  url: `${DASHBOARD}/signals/${ID.signal}`,
  list_url: `${DASHBOARD}/lists/contacts/${ID.contactList}`,
};
const DETAIL = {
  ...SIGNAL,
  search_filters: HIRING_FILTERS,
  import_search_filters: PERSONA_FILTERS,
  sequence_template_id: ID.sequenceTemplate,
  import_target: 'PEOPLE',
  event_subject: null,
};

/** The answers of the lifecycle routes and the patch. */
export const SIGNAL_PAUSED = { ...SIGNAL, status: 'PAUSED', updated_at: '2026-03-06T10:00:00.000Z' };
export const SIGNAL_ARCHIVED = {
  ...SIGNAL,
  status: 'ARCHIVED',
  archived_at: '2026-03-06T10:00:00.000Z',
  updated_at: '2026-03-06T10:00:00.000Z',
};
/** The signal after each lifecycle action (an unarchived signal is PAUSED). */
export const SIGNAL_AFTER = {
  pause: SIGNAL_PAUSED,
  resume: SIGNAL,
  archive: SIGNAL_ARCHIVED,
  unarchive: SIGNAL_PAUSED,
};
export const SIGNAL_UPDATED = {
  ...DETAIL,
  cadence: 'WEEKLY',
  max_companies_per_run: 30,
  max_per_day: 60,
  updated_at: '2026-03-06T10:00:00.000Z',
};
export const SIGNAL_COPY = {
  ...SIGNAL,
  id: ID.signalCopy,
  name: 'Software companies hiring engineering leaders, Ireland',
  imported_count: 0,
  contact_list_id: ID.signalCopyList,
  last_checked_at: null,
  created_at: '2026-03-06T10:05:00.000Z',
  updated_at: '2026-03-06T10:05:00.000Z',
  url: `${DASHBOARD}/signals/${ID.signalCopy}`,
  list_url: `${DASHBOARD}/lists/contacts/${ID.signalCopyList}`,
};

const PRESET = {
  signal_type: 'HIRING_SIGNALS',
  title: 'Hiring',
  description: 'Companies that post a job matching the titles (and location, description words, firmographics) given.',
  category_label: 'Hiring',
  scope: 'COMPANY',
  scope_selectable_at_creation: true,
  filter_keys: [
    'job_title_or',
    'job_location_pattern_or',
    'job_description_contains_or',
    'company_type',
    'company_country_code_or',
    'industry_or',
    'industry_not',
    'company_size',
  ],
  required_filter_keys: ['job_title_or'],
  requires_event_subject: false,
  preview_supported: true,
};

const POSTING = {
  event_type: 'JOB_POSTING',
  company_name: 'Analytical Engines',
  company_domain: 'example.com',
  first_name: null,
  last_name: null,
  job_title: null,
  linkedin_url: null,
  email: null,
};

const IMPORT = {
  id: ID.signalImport,
  signal_id: ID.signal,
  kind: 'CONTACT',
  occurred_at: '2026-03-03T13:47:00.000Z',
  status: 'IMPORTED',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  job_title: 'Head of Engineering',
  linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
  company_domain: 'example.com',
  account_name: null,
  account_domain: null,
  contact_id: ID.contact,
  account_id: ID.account,
  metadata: {
    fact_key: 'JOB_POSTING:20515:example.com',
    event_type: 'JOB_POSTING',
    check_at: '2026-03-04T06:00:01.902Z',
    company: {
      name: 'Analytical Engines',
      domain: 'example.com',
      industry: 'Software',
      size_band: '201-500',
      country_code: 'GB',
    },
    details: {
      job_title: 'VP Engineering',
      location: 'London',
      posting_url: 'https://example.com/careers/vp-engineering',
    },
  },
  created_at: '2026-03-04T06:00:02.113Z',
};

export const signalExamples: Record<string, unknown> = {
  Signal: SIGNAL,
  SignalDetail: DETAIL,
  SignalFilters: HIRING_FILTERS,
  SignalCreate: CREATE,
  SignalUpdate: { max_companies_per_run: 30, cadence: 'WEEKLY' },
  SignalDuplicate: { name: SIGNAL_COPY.name, search_filters: { ...HIRING_FILTERS, company_country_code_or: ['IE'] } },
  SignalPreset: PRESET,
  SignalPresetList: [PRESET],
  SignalPreview: { signal_type: 'HIRING_SIGNALS', search_filters: HIRING_FILTERS },
  SignalPreviewItem: POSTING,
  SignalPreviewResult: { window_days: 30, total_count: 7, items: [POSTING] },
  SignalImport: IMPORT,
};
