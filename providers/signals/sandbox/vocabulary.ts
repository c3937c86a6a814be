// The words a fact's details are drawn from: posting titles and terms, cities, funding amounts,
// news headlines and post topics.

export const JOB_TITLES = [
  'Software Engineer', 'Senior Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'DevOps Engineer', 'Site Reliability Engineer',
  'Data Engineer', 'Data Scientist', 'Machine Learning Engineer', 'Engineering Manager', 'VP Engineering', 'Head of Engineering',
  'Account Executive', 'Enterprise Account Executive', 'Sales Development Representative', 'Business Development Representative',
  'Sales Manager', 'Head of Sales', 'VP Sales', 'Revenue Operations Manager', 'Marketing Manager', 'Demand Generation Manager',
  'Content Marketer', 'Head of Marketing', 'Product Manager', 'Senior Product Manager', 'Product Designer', 'Customer Success Manager',
  'Head of Customer Success', 'Financial Analyst', 'Controller', 'HR Generalist', 'Recruiter', 'Talent Acquisition Partner',
  'IT Manager', 'Security Engineer', 'Chief Information Security Officer', 'Operations Manager', 'Legal Counsel', 'Office Manager',
];
export const DESCRIPTION_TERMS = [
  'outbound prospecting', 'SOC 2 compliance', 'GDPR', 'ISO 27001', 'product-led growth', 'CRM hygiene', 'data warehousing', 'GenAI',
  'LLM applications', 'cloud migration', 'cost optimisation', 'international expansion', 'a greenfield team', 'Zero Trust security',
  'customer onboarding', 'usage-based pricing', 'ERP rollout', 'remote-first culture', 'a Series B scale-up', 'mergers and acquisitions',
];
/** Four cities per country (a fifth draw is a remote posting). */
export const CITIES: Record<string, string[]> = {
  US: ['New York', 'San Francisco', 'Austin', 'Chicago'], GB: ['London', 'Manchester', 'Edinburgh', 'Bristol'],
  DE: ['Berlin', 'Munich', 'Hamburg', 'Frankfurt'], FR: ['Paris', 'Lyon', 'Toulouse', 'Nantes'], CA: ['Toronto', 'Vancouver', 'Montreal', 'Ottawa'],
  IN: ['Bangalore', 'Mumbai', 'Hyderabad', 'Pune'], NL: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven'], AU: ['Sydney', 'Melbourne', 'Brisbane', 'Perth'],
  ES: ['Madrid', 'Barcelona', 'Valencia', 'Seville'], SE: ['Stockholm', 'Gothenburg', 'Malmo', 'Uppsala'], IT: ['Milan', 'Rome', 'Turin', 'Bologna'],
  BR: ['Sao Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba'], IE: ['Dublin', 'Cork', 'Galway', 'Limerick'], CH: ['Zurich', 'Geneva', 'Basel', 'Lausanne'],
  SG: ['Singapore', 'Singapore', 'Singapore', 'Singapore'], JP: ['Tokyo', 'Osaka', 'Kyoto', 'Fukuoka'], DK: ['Copenhagen', 'Aarhus', 'Odense', 'Aalborg'],
  PL: ['Warsaw', 'Krakow', 'Wroclaw', 'Gdansk'],
};
/** Funding amount bases per round (USD), in FUNDING_ROUNDS order. */
export const ROUND_BASES = [1_000_000, 3_000_000, 12_000_000, 30_000_000, 60_000_000, 120_000_000, 200_000_000, 50_000_000];
/** Two headline endings per topic, in NEWS_TOPICS order. */
export const HEADLINES = [
  'launches a new product line', 'unveils its next-generation platform', 'announces a strategic partnership', 'partners with a global reseller',
  'acquires a smaller competitor', 'is acquired by a larger rival', 'opens a new office abroad', 'expands into new markets',
  'appoints a new Chief Executive Officer', 'hires a new Chief Revenue Officer', 'wins an industry award', 'is named a top place to work',
  'announces layoffs', 'restructures its sales organisation', 'reports record quarterly earnings', 'raises its annual guidance',
];
export const POST_TOPICS = [
  'pipeline generation', 'AI in sales', 'hiring plans', 'product launch', 'customer story', 'industry report', 'webinar recap',
  'conference takeaways', 'pricing strategy', 'remote work', 'data privacy', 'cloud costs', 'leadership lessons', 'partner ecosystem',
  'security best practices', 'quarterly results',
];
