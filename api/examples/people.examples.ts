// Examples of the people endpoints: Ada Lovelace, Head of Engineering at Analytical Engines
// (example.com), owned by Grace Hopper of Northwind's sales team; her enrichment and qualification.
import { EXAMPLE_IDS as ID } from './ids.ts';

export const ADA = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
  job_title: 'Head of Engineering',
  company_name: 'Analytical Engines',
  company_domain: 'example.com',
};
export const ADA_PHONE = '+44 20 7946 0958';

export const GRACE = { id: ID.user, email: 'grace@example.org', name: 'Grace Hopper' };
export const ALAN = { id: ID.colleague, email: 'alan@example.org', name: 'Alan Turing' };

export const CONTACT_SUMMARY = { id: ID.contact, ...ADA };

export const CONTACT = {
  ...CONTACT_SUMMARY,
  account_id: ID.account,
  phone: ADA_PHONE,
  owner_user_id: ID.user,
  owner: GRACE,
  email_status: 'DELIVERABLE',
  country: 'GB',
  region: null,
  city: 'London',
  timezone: 'Europe/London',
  timezone_source: 'INFERRED',
  first_seen_at: '2026-03-02T09:14:07.512Z',
  last_seen_at: '2026-03-04T16:40:12.090Z',
  created_at: '2026-03-02T09:14:07.512Z',
  updated_at: '2026-03-04T16:40:12.090Z',
};

export const ACCOUNT = {
  id: ID.account,
  name: 'Analytical Engines',
  domain: 'example.com',
  owner_user_id: ID.user,
  owner: GRACE,
  country: 'GB',
  region: 'England',
  city: 'London',
  first_seen_at: '2026-03-02T09:14:07.530Z',
  last_seen_at: '2026-03-04T16:40:12.090Z',
  created_at: '2026-03-02T09:14:07.530Z',
  updated_at: '2026-03-02T09:14:07.530Z',
};

/** The answers of the owner routes: Ada and her account handed to Alan. */
export const CONTACT_REASSIGNED = {
  ...CONTACT,
  owner_user_id: ID.colleague,
  owner: ALAN,
  updated_at: '2026-03-05T10:00:00.000Z',
};
export const ACCOUNT_REASSIGNED = {
  ...ACCOUNT,
  owner_user_id: ID.colleague,
  owner: ALAN,
  updated_at: '2026-03-05T10:00:00.000Z',
};

/** The answer of a CRM write on the account. */
export const CRM_ACCOUNT_RESULT = {
  object_type: 'account',
  crm_type: 'sandbox',
  crm_properties: ['lifecycle_stage', 'lead_source'],
  crm_property: 'lifecycle_stage',
  external_id: 'crm-company-311',
};

const CONTACT_VARIABLES = { pain_point: 'month-end reporting takes her team two days' };
const ACCOUNT_VARIABLES = { tech_stack: 'PostgreSQL and Kubernetes' };

/** The answers of the variable deletes (contact `pain_point`, account `tech_stack`). */
export const CONTACT_VARIABLES_AFTER_DELETE = { contact_variables: {}, account_variables: ACCOUNT_VARIABLES };
export const ACCOUNT_VARIABLES_AFTER_DELETE = { variables: {} };

const ENRICHED_COMPANY = {
  industry: 'Software',
  size_band: '201-500',
  employee_count: 240,
  country_code: 'GB',
  company_type: 'PRIVATE',
  technologies: ['PostgreSQL', 'Kubernetes', 'Python'],
};
const ENRICHED = { ...ADA, seniority: 'HEAD', phone: ADA_PHONE, company: ENRICHED_COMPANY };
const ICP = {
  industries: ['Software'],
  company_sizes: ['51-200', '201-500'],
  countries: ['GB', 'US'],
  job_titles: ['Head of Engineering', 'VP Engineering', 'CTO'],
  seniorities: ['HEAD', 'VP', 'C_LEVEL'],
  keywords: ['PostgreSQL'],
};

const ALL_SCOPES = [
  'contacts:read',
  'contacts:write',
  'accounts:read',
  'accounts:write',
  'sequences:read',
  'sequences:write',
  'tasks:read',
  'tasks:write',
  'messages:read',
  'activities:read',
  'webhooks:read',
  'webhooks:write',
];

export const peopleExamples: Record<string, unknown> = {
  Owner: GRACE,
  ContactSummary: CONTACT_SUMMARY,
  Contact: CONTACT,
  ContactUpsert: { ...ADA, phone: ADA_PHONE, country: 'GB', city: 'London' },
  OwnerUpdate: { owner_user_id: ID.colleague },
  Account: ACCOUNT,
  AccountUpsert: {
    domain: 'example.com',
    name: 'Analytical Engines',
    country: 'GB',
    region: 'England',
    city: 'London',
  },
  ContactVariables: { contact_variables: CONTACT_VARIABLES, account_variables: ACCOUNT_VARIABLES },
  ContactVariablesUpdate: { contact_variables: CONTACT_VARIABLES, account_variables: ACCOUNT_VARIABLES },
  AccountVariables: { variables: ACCOUNT_VARIABLES },
  AccountVariablesUpdate: { variables: ACCOUNT_VARIABLES },
  VariableMap: CONTACT_VARIABLES,
  CrmWrite: {
    fields: [
      { property: 'lifecycle_stage', value: 'opportunity' },
      { property: 'lead_source', value: 'outbound' },
    ],
  },
  CrmField: { property: 'lifecycle_stage', value: 'opportunity' },
  CrmWriteResult: {
    object_type: 'contact',
    crm_type: 'sandbox',
    crm_properties: ['lifecycle_stage', 'lead_source'],
    crm_property: 'lifecycle_stage',
    external_id: 'crm-contact-1042',
  },
  ContactEnrich: { email: ADA.email },
  EnrichedCompany: ENRICHED_COMPANY,
  EnrichedPerson: { ...ENRICHED, provider: 'sandbox' },
  EnrichedContact: ENRICHED,
  ContactEnrichResult: {
    completed: true,
    pending_provider: null,
    match_found: true,
    data: { ...ENRICHED, provider: 'sandbox' },
    credits_spent: 1,
    credits_remaining: 99,
  },
  ContactGetAndEnrich: { contact_id: ID.contact },
  ContactGetAndEnrichResult: {
    completed: true,
    pending_provider: null,
    contact_id: ID.contact,
    source: 'workspace+provider',
    data: ENRICHED,
    credits_spent: 1,
    credits_remaining: 98,
  },
  IcpProfile: ICP,
  IcpContext: ICP,
  ContactQualify: { contact_id: ID.contact, icp_context: ICP },
  ContactDescription: { ...ADA, industry: 'Software', company_size: '201-500', country: 'GB', seniority: 'HEAD' },
  ContactQualifyResult: {
    score: 100,
    verdict: 'QUALIFIED',
    reasons: [
      'industry "Software" matches the ICP (+25)',
      'company size "201-500" matches the ICP (+20)',
      'job title "Head of Engineering" matches the ICP (+20)',
      'country "GB" matches the ICP (+15)',
      'seniority "HEAD" matches the ICP (+10)',
      'keyword "PostgreSQL" found (+10)',
    ],
  },
  ApiKeyIdentity: {
    id: ID.apiKey,
    organization_id: ID.organization,
    name: 'CRM integration',
    key_prefix: 'ows_k7Qm2xVa',
    scopes: ALL_SCOPES,
    created_at: '2026-03-01T08:00:00.000Z',
    last_used_at: '2026-03-04T16:40:11.874Z',
    user_id: ID.user,
    enrichment_credits: 98,
  },
  User: {
    ...GRACE,
    role: 'owner',
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
    mailbox: {
      email: 'grace@example.org',
      status: 'CONNECTED',
      last_synced_at: '2026-03-04T16:39:58.120Z',
      last_error: null,
      emails_held: false,
    },
    sending: {
      daily_send_limit: 200,
      ramp: { start: 10, increase: 5, target: 50, started_on: '2026-03-02', day: 2 },
      effective_daily_limit: 20,
      pacing: { hourly_limit: 20, min_gap_seconds: 90, max_gap_seconds: 240 },
      reputation_paused_at: null,
      reputation_pause_reason: null,
    },
  },
  UserSending: {
    daily_send_limit: 200,
    ramp: null,
    effective_daily_limit: 200,
    pacing: null,
    reputation_paused_at: '2026-03-04T11:02:40.512Z',
    reputation_pause_reason: 'BOUNCE_RATE 6/100',
  },
  MailboxPacing: { hourly_limit: 20, min_gap_seconds: 90, max_gap_seconds: null },
  MailboxRamp: { start: 10, increase: 5, target: 50, started_on: '2026-03-02', day: 2 },
  UserMailbox: {
    email: 'grace@example.org',
    status: 'ERROR',
    last_synced_at: '2026-03-04T16:39:58.120Z',
    last_error: 'IMAP: imaps://imap.example.org:993: connect ECONNREFUSED 203.0.113.7:993',
    emails_held: false,
  },
  ErasureJob: {
    id: ID.erasureJob,
    contact_id: ID.contact,
    status: 'SUCCEEDED',
    erased: {
      outbound_effects: 3,
      mailbox_inbox_messages: 1,
      activities: 9,
      ingested_events: 2,
      idempotency_keys: 1,
      contact_exclusions: 0,
      contact_entries: 1,
      signal_imports: 0,
      quoted_text: 0,
      crm_links: 1,
      sequences: 1,
      contacts: 1,
    },
    error: null,
    created_at: '2026-03-05T10:00:00.000Z',
    started_at: '2026-03-05T10:00:00.210Z',
    finished_at: '2026-03-05T10:00:01.874Z',
  },
};
