// The shapes of the signal preset catalogue (the preset record of docs/api/signals.md). The catalogue itself
// is domain/signals/presets.ts; the API, the create/patch validation, the data provider and the
// signal workflow all read presets through these types.

export const SIGNAL_TYPES = [
  'LINKEDIN_OWN_POST_ENGAGEMENT',
  'LINKEDIN_COMPETITOR_POST_ENGAGEMENT',
  'LINKEDIN_PERSON_POST_ENGAGEMENT',
  'LINKEDIN_KEYWORD_MENTION',
  'LINKEDIN_OWN_COMPANY_FOLLOWERS',
  'LINKEDIN_COMPETITOR_FOLLOWERS',
  'LINKEDIN_COMPANY_PAGE_FOLLOWERS',
  'HIRING_SIGNALS',
  'JOB_DESCRIPTION_KEYWORD',
  'FUNDING_EVENTS',
  'TECH_ADOPTION',
  'NEWS_EVENTS',
  'NEW_JOB',
  'CUSTOM_EVENT',
  'LINKEDIN_PARTNER_FOLLOWERS',
  'LINKEDIN_CUSTOMER_FOLLOWERS',
  'LINKEDIN_PARTNER_POST_ENGAGEMENT',
  'LINKEDIN_CUSTOMER_POST_ENGAGEMENT',
  'LINKEDIN_COMPANY_PAGE_POST_ENGAGEMENT',
  'LINKEDIN_OWN_PROFILE_POST_ENGAGEMENT',
  'LINKEDIN_OWN_EMPLOYEES_POST_ENGAGEMENT',
  'LINKEDIN_COMPETITOR_EMPLOYEES_POST_ENGAGEMENT',
  'LINKEDIN_PARTNER_EMPLOYEES_POST_ENGAGEMENT',
  'LINKEDIN_CUSTOMER_EMPLOYEES_POST_ENGAGEMENT',
  'LINKEDIN_OWN_BRAND_MENTION',
  'LINKEDIN_COMPETITOR_MENTION',
  'LINKEDIN_PARTNER_MENTION',
  'LINKEDIN_CUSTOMER_MENTION',
  'LINKEDIN_EVENT_MENTION',
  'COMPETITOR_TECH_ADOPTION',
  'INTEGRATION_TECH_ADOPTION',
  'LINKEDIN_EVENT_PAGE_FOLLOWERS',
  'CHAMPION_CHANGED_JOB',
  'CRM_LIST_ENTRY',
] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

/** The kinds of dated facts the signal-data provider knows (one per preset family). */
export const FACT_FAMILIES = [
  'JOB_POSTING',
  'FUNDING_ROUND',
  'TECH_ADOPTION',
  'NEWS',
  'JOB_CHANGE',
  'LINKEDIN_POST_ENGAGEMENT',
  'LINKEDIN_MENTION',
  'LINKEDIN_FOLLOW',
  'FIRST_PARTY_EVENT',
  'CRM_LIST_ENTRY',
] as const;
export type FactFamily = (typeof FACT_FAMILIES)[number];

export interface SignalPreset {
  signal_type: SignalType;
  title: string;
  description: string;
  category_label: string;
  /** COMPANY: a fact is about a company (people come from its employees); PEOPLE: about a person. */
  scope: 'COMPANY' | 'PEOPLE';
  scope_selectable_at_creation: boolean;
  filter_keys: string[];
  required_filter_keys: string[];
  requires_event_subject: boolean;
  preview_supported: boolean;
  /** Not part of the API record: whether GET /v1/signals/presets lists it and POST /v1/signals accepts it. */
  open_for_creation: boolean;
  /** Not part of the API record: which provider facts feed it. */
  family: FactFamily;
}
