// The fact families the sandbox serves, and the watched source of each LinkedIn preset.
import type { FactFamily, SignalType } from '../../../domain/signals/presets.types.ts';

/** LinkedIn presets: the filter key naming the watched source, and what kind of source it is. */
export const SOURCES: Partial<Record<SignalType, { key: string; kind: string }>> = {
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

export const COMPANY_FAMILIES = new Set<FactFamily>(['JOB_POSTING', 'FUNDING_ROUND', 'TECH_ADOPTION', 'NEWS']);
export const PEOPLE_FAMILIES = new Set<FactFamily>([
  'JOB_CHANGE',
  'LINKEDIN_POST_ENGAGEMENT',
  'LINKEDIN_MENTION',
  'LINKEDIN_FOLLOW',
]);
