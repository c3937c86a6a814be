// The signal preset catalogue (the preset record of docs/api/signals.md): one preset per signal_type, what it
// watches, which filters it takes and whether this deployment can offer it. GET /v1/signals/presets
// lists the open ones; POST /v1/signals refuses a closed one with 404 (as an unknown preset).
//
// Closed presets, and why (also in the README):
// - The "own" LinkedIn presets (own company page post engagement, own profile posts, own
//   employees' posts, own brand mentions) need the organization's LinkedIn company page or members'
//   accounts connected: which posts are "ours" and who tagged our page are known only through
//   that connection, and none exists here.
// - Every *_FOLLOWERS preset: LinkedIn shows who follows a page (company page, event page, own,
//   competitor, partner or customer page) only to that page's admins, so each needs an admin
//   connection to the page; none exists here.
// - CRM_LIST_ENTRY needs a CRM list connector (new members of a CRM list or view); the CRM
//   connector here reads and writes records and lists nothing.
// The sandbox provider still produces facts for the follower family (providers/signals/sandbox.ts),
// so a real connection only has to open the presets.
import { SIGNAL_TYPES, type SignalPreset, type SignalType } from './presets.types.ts';

/** Firmographics of the company a fact is about, or of a person's employer. */
const FIRMOGRAPHICS = ['company_type', 'company_country_code_or', 'industry_or', 'industry_not', 'company_size'];
/** Who a people fact is about. */
const PERSONA = ['job_title_or', 'seniority_or', 'person_country_code_or'];

type Def = Omit<
  SignalPreset,
  'signal_type' | 'requires_event_subject' | 'preview_supported' | 'scope_selectable_at_creation'
> & {
  preview_supported?: boolean;
  scope_selectable_at_creation?: boolean;
};

function company(def: Omit<Def, 'scope'>): Def {
  return { ...def, scope: 'COMPANY' };
}

function people(def: Omit<Def, 'scope'>): Def {
  return { ...def, scope: 'PEOPLE' };
}

const NEEDS_PAGE = false; // open_for_creation of presets that need a connected LinkedIn page or account

/** Post engagement of a LinkedIn source: whose posts is `sourceKey`, the rest narrows the engagers. */
function engagement(title: string, description: string, sourceKey: string | null, open: boolean): Def {
  return people({
    title,
    description,
    category_label: 'LinkedIn engagement',
    family: 'LINKEDIN_POST_ENGAGEMENT',
    open_for_creation: open,
    filter_keys: [
      ...(sourceKey ? [sourceKey] : []),
      'engagement_type_or',
      'post_keyword_or',
      ...PERSONA,
      ...FIRMOGRAPHICS,
    ],
    required_filter_keys: sourceKey ? [sourceKey] : [],
  });
}

function mention(title: string, description: string, sourceKey: string | null, open: boolean): Def {
  return people({
    title,
    description,
    category_label: 'LinkedIn mentions',
    family: 'LINKEDIN_MENTION',
    open_for_creation: open,
    filter_keys: [...(sourceKey ? [sourceKey] : []), ...PERSONA, ...FIRMOGRAPHICS],
    required_filter_keys: sourceKey ? [sourceKey] : [],
  });
}

/** Followers of a page: closed everywhere (follower lists are visible to the page's admins only). */
function followers(title: string, description: string, sourceKey: string | null): Def {
  return people({
    title,
    description,
    category_label: 'LinkedIn followers',
    family: 'LINKEDIN_FOLLOW',
    open_for_creation: NEEDS_PAGE,
    filter_keys: [...(sourceKey ? [sourceKey] : []), ...PERSONA, ...FIRMOGRAPHICS],
    required_filter_keys: sourceKey ? [sourceKey] : [],
  });
}

function techAdoption(title: string, description: string, techKey: string): Def {
  return company({
    title,
    description,
    category_label: 'Technology',
    family: 'TECH_ADOPTION',
    open_for_creation: true,
    filter_keys: [techKey, ...FIRMOGRAPHICS],
    required_filter_keys: [techKey],
  });
}

const DEFS: Record<SignalType, Def> = {
  // LinkedIn post engagement.
  LINKEDIN_OWN_POST_ENGAGEMENT: engagement(
    'Engagement with your company posts',
    "People who like, comment on or repost your company page's posts. Needs your LinkedIn company page connected.",
    null,
    NEEDS_PAGE,
  ),
  LINKEDIN_COMPETITOR_POST_ENGAGEMENT: engagement(
    'Engagement with competitor posts',
    "People who engage with the posts of competitors' company pages (given by domain).",
    'competitor_domain_or',
    true,
  ),
  LINKEDIN_PERSON_POST_ENGAGEMENT: engagement(
    "Engagement with a person's posts",
    'People who engage with the posts of the LinkedIn profiles given (an influencer, an analyst, a prospect).',
    'linkedin_profile_url_or',
    true,
  ),
  LINKEDIN_PARTNER_POST_ENGAGEMENT: engagement(
    'Engagement with partner posts',
    "People who engage with the posts of partners' company pages (given by domain).",
    'partner_domain_or',
    true,
  ),
  LINKEDIN_CUSTOMER_POST_ENGAGEMENT: engagement(
    'Engagement with customer posts',
    "People who engage with the posts of customers' company pages (given by domain).",
    'customer_domain_or',
    true,
  ),
  LINKEDIN_COMPANY_PAGE_POST_ENGAGEMENT: engagement(
    "Engagement with a company page's posts",
    'People who engage with the posts of any company page (given by domain).',
    'company_page_domain_or',
    true,
  ),
  LINKEDIN_OWN_PROFILE_POST_ENGAGEMENT: engagement(
    'Engagement with your own posts',
    "People who engage with your team members' own LinkedIn posts. Needs their LinkedIn accounts connected.",
    null,
    NEEDS_PAGE,
  ),
  LINKEDIN_OWN_EMPLOYEES_POST_ENGAGEMENT: engagement(
    "Engagement with your employees' posts",
    "People who engage with posts of your company's employees. Needs your LinkedIn company page connected (who your employees are).",
    null,
    NEEDS_PAGE,
  ),
  LINKEDIN_COMPETITOR_EMPLOYEES_POST_ENGAGEMENT: engagement(
    "Engagement with competitor employees' posts",
    'People who engage with posts written by employees of competitors (given by domain).',
    'competitor_domain_or',
    true,
  ),
  LINKEDIN_PARTNER_EMPLOYEES_POST_ENGAGEMENT: engagement(
    "Engagement with partner employees' posts",
    'People who engage with posts written by employees of partners (given by domain).',
    'partner_domain_or',
    true,
  ),
  LINKEDIN_CUSTOMER_EMPLOYEES_POST_ENGAGEMENT: engagement(
    "Engagement with customer employees' posts",
    'People who engage with posts written by employees of customers (given by domain).',
    'customer_domain_or',
    true,
  ),
  // LinkedIn mentions.
  LINKEDIN_KEYWORD_MENTION: mention(
    'Keyword mentions',
    'People whose LinkedIn posts or comments mention one of the keywords.',
    'keyword_or',
    true,
  ),
  LINKEDIN_OWN_BRAND_MENTION: mention(
    'Mentions of your brand',
    'People who tag or name your company on LinkedIn. Needs your LinkedIn company page connected (tags are reported to its admins).',
    null,
    NEEDS_PAGE,
  ),
  LINKEDIN_COMPETITOR_MENTION: mention(
    'Competitor mentions',
    'People whose LinkedIn posts or comments name a competitor.',
    'competitor_name_or',
    true,
  ),
  LINKEDIN_PARTNER_MENTION: mention(
    'Partner mentions',
    'People whose LinkedIn posts or comments name a partner.',
    'partner_name_or',
    true,
  ),
  LINKEDIN_CUSTOMER_MENTION: mention(
    'Customer mentions',
    'People whose LinkedIn posts or comments name a customer.',
    'customer_name_or',
    true,
  ),
  LINKEDIN_EVENT_MENTION: mention(
    'Event mentions',
    'People who post about an event (conference, webinar, trade show) by name or hashtag.',
    'event_keyword_or',
    true,
  ),
  // LinkedIn followers (closed: see the header).
  LINKEDIN_OWN_COMPANY_FOLLOWERS: followers(
    'New followers of your company page',
    'People who start following your LinkedIn company page. Needs the page connected with an admin account.',
    null,
  ),
  LINKEDIN_COMPETITOR_FOLLOWERS: followers(
    'New followers of competitors',
    "People who start following a competitor's company page. Needs an admin connection to that page.",
    'competitor_domain_or',
  ),
  LINKEDIN_COMPANY_PAGE_FOLLOWERS: followers(
    'New followers of a company page',
    'People who start following a company page. Needs an admin connection to that page.',
    'company_page_domain_or',
  ),
  LINKEDIN_PARTNER_FOLLOWERS: followers(
    'New followers of partners',
    "People who start following a partner's company page. Needs an admin connection to that page.",
    'partner_domain_or',
  ),
  LINKEDIN_CUSTOMER_FOLLOWERS: followers(
    'New followers of customers',
    "People who start following a customer's company page. Needs an admin connection to that page.",
    'customer_domain_or',
  ),
  LINKEDIN_EVENT_PAGE_FOLLOWERS: followers(
    'New attendees of a LinkedIn event',
    'People who register for or follow a LinkedIn event page. Needs an admin connection to the event.',
    'event_page_url_or',
  ),
  // Company facts.
  HIRING_SIGNALS: company({
    title: 'Hiring',
    description:
      'Companies that post a job matching the titles (and location, description words, firmographics) given.',
    category_label: 'Hiring',
    family: 'JOB_POSTING',
    open_for_creation: true,
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
  }),
  JOB_DESCRIPTION_KEYWORD: company({
    title: 'Job description keywords',
    description: 'Companies whose new job postings mention one of the words (a tool, a regulation, a practice).',
    category_label: 'Hiring',
    family: 'JOB_POSTING',
    open_for_creation: true,
    filter_keys: ['job_description_contains_or', 'job_title_or', 'job_location_pattern_or', ...FIRMOGRAPHICS],
    required_filter_keys: ['job_description_contains_or'],
  }),
  FUNDING_EVENTS: company({
    title: 'Funding rounds',
    description:
      'Companies that announce a funding round (optionally of the given rounds, from a minimum amount in USD).',
    category_label: 'Funding',
    family: 'FUNDING_ROUND',
    open_for_creation: true,
    filter_keys: ['funding_round_or', 'funding_amount_min_usd', ...FIRMOGRAPHICS],
    required_filter_keys: [],
  }),
  TECH_ADOPTION: techAdoption(
    'Technology adoption',
    'Companies newly detected using one of the technologies.',
    'technology_or',
  ),
  COMPETITOR_TECH_ADOPTION: techAdoption(
    'Competitor technology adoption',
    "Companies newly detected using a competitor's product: displacement opportunities.",
    'competitor_technology_or',
  ),
  INTEGRATION_TECH_ADOPTION: techAdoption(
    'Integration technology adoption',
    'Companies newly detected using a product you integrate with.',
    'integration_technology_or',
  ),
  NEWS_EVENTS: company({
    title: 'Company news',
    description:
      'Companies in the news: product launches, partnerships, acquisitions, expansion, executive hires, awards, layoffs, earnings.',
    category_label: 'News',
    family: 'NEWS',
    open_for_creation: true,
    filter_keys: ['news_topic_or', 'news_keyword_or', ...FIRMOGRAPHICS],
    required_filter_keys: [],
  }),
  // People facts.
  NEW_JOB: people({
    title: 'New job',
    description: 'People who start a new job matching the titles, seniorities and employer firmographics given.',
    category_label: 'Job changes',
    family: 'JOB_CHANGE',
    open_for_creation: true,
    filter_keys: [...PERSONA, ...FIRMOGRAPHICS],
    required_filter_keys: [],
  }),
  CHAMPION_CHANGED_JOB: people({
    title: 'Champion changed job',
    description:
      'People who leave one of the companies given (your customers, where your champions worked) for a new job.',
    category_label: 'Job changes',
    family: 'JOB_CHANGE',
    open_for_creation: true,
    filter_keys: ['previous_company_domain_or', ...PERSONA, ...FIRMOGRAPHICS],
    required_filter_keys: ['previous_company_domain_or'],
  }),
  // First-party and CRM.
  CUSTOM_EVENT: people({
    title: 'Custom event',
    description:
      'Your own events (POST /v1/events) of one event_name, for people (email or LinkedIn subjects) or companies (domains).',
    category_label: 'First-party events',
    family: 'FIRST_PARTY_EVENT',
    open_for_creation: true,
    scope_selectable_at_creation: true,
    filter_keys: ['first_party_event_name'],
    required_filter_keys: ['first_party_event_name'],
    // Its facts are the organization's own ingested events, read by the signal workflow, not the provider.
    preview_supported: false,
  }),
  CRM_LIST_ENTRY: people({
    title: 'CRM list entry',
    description: 'Records added to a list or view of the connected CRM. Needs a CRM list connector.',
    category_label: 'CRM',
    family: 'CRM_LIST_ENTRY',
    open_for_creation: false,
    filter_keys: ['crm_list_id'],
    required_filter_keys: ['crm_list_id'],
    preview_supported: false,
  }),
};

export const PRESETS: Record<SignalType, SignalPreset> = Object.fromEntries(
  SIGNAL_TYPES.map((type) => {
    const def = DEFS[type];
    const preset: SignalPreset = {
      signal_type: type,
      title: def.title,
      description: def.description,
      category_label: def.category_label,
      scope: def.scope,
      // A COMPANY preset can import the companies or their people; CUSTOM_EVENT picks its level.
      scope_selectable_at_creation: def.scope_selectable_at_creation ?? def.scope === 'COMPANY',
      filter_keys: def.filter_keys,
      required_filter_keys: def.required_filter_keys,
      requires_event_subject: type === 'CUSTOM_EVENT',
      preview_supported: def.preview_supported ?? true,
      open_for_creation: def.open_for_creation,
      family: def.family,
    };
    return [type, Object.freeze(preset)];
  }),
) as Record<SignalType, SignalPreset>;

export function isSignalType(value: unknown): value is SignalType {
  return typeof value === 'string' && (SIGNAL_TYPES as readonly string[]).includes(value);
}

/** The preset of a signal_type (every SIGNAL_TYPE has one). */
export function presetOf(type: SignalType): SignalPreset {
  return PRESETS[type];
}

/** The presets open for creation, in SIGNAL_TYPES order. */
export function openPresets(): SignalPreset[] {
  return SIGNAL_TYPES.map((type) => PRESETS[type]).filter((p) => p.open_for_creation);
}

/** The API record of a preset (without the catalogue's own fields). */
export function presetRecord(preset: SignalPreset) {
  return {
    signal_type: preset.signal_type,
    title: preset.title,
    description: preset.description,
    category_label: preset.category_label,
    scope: preset.scope,
    scope_selectable_at_creation: preset.scope_selectable_at_creation,
    filter_keys: [...preset.filter_keys],
    required_filter_keys: [...preset.required_filter_keys],
    requires_event_subject: preset.requires_event_subject,
    preview_supported: preset.preview_supported,
  };
}
