// The sandbox directory's data: companies and people generated from a fixed seed, so every machine,
// test run and replica holds the same records. Pure (no I/O, no clock, no Math.random).
import type { DirectoryCompany, DirectoryJob, DirectoryPerson } from './index.ts';
import { DAY_MS } from '../../domain/shared/time.ts';

/** A person as stored: the company by id. */
export type DirectoryPersonRecord = Omit<DirectoryPerson, 'company'> & { companyId: string | null };

export interface GeneratedDirectory {
  companies: DirectoryCompany[];
  people: DirectoryPersonRecord[];
}

export const DIRECTORY_SEED = 20261122;
/** Changes whenever the generator's output changes, so loaded databases are reloaded. */
export const DIRECTORY_SEED_VERSION = `sandbox-1:${DIRECTORY_SEED}`;

export const SIZE_BANDS = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001-10000', '10001+'] as const;
export const SENIORITIES = ['C_LEVEL', 'VP', 'HEAD', 'DIRECTOR', 'MANAGER', 'SENIOR', 'ENTRY'] as const;
export const COMPANY_TYPES = ['PRIVATE', 'PUBLIC', 'NONPROFIT', 'GOVERNMENT', 'EDUCATION'] as const;
export const INDUSTRIES = [
  'Software', 'Information Technology', 'Financial Services', 'Banking', 'Insurance', 'Healthcare', 'Biotechnology',
  'Manufacturing', 'Retail', 'E-commerce', 'Telecommunications', 'Energy', 'Logistics', 'Real Estate', 'Media',
  'Marketing & Advertising', 'Consulting', 'Hospitality', 'Automotive', 'Education', 'Government', 'Non-Profit',
] as const;
export const TECHNOLOGIES = [
  'Salesforce', 'HubSpot', 'Marketo', 'Pardot', 'Snowflake', 'Databricks', 'BigQuery', 'Amazon Redshift', 'AWS',
  'Google Cloud', 'Microsoft Azure', 'React', 'Angular', 'Vue.js', 'Node.js', 'Python', 'Java', 'Go', 'Ruby on Rails',
  'Kubernetes', 'Docker', 'Terraform', 'PostgreSQL', 'MySQL', 'MongoDB', 'Redis', 'Elasticsearch', 'Kafka', 'Stripe',
  'Shopify', 'Zendesk', 'Intercom', 'Slack', 'Microsoft Teams', 'Zoom', 'Okta', 'Jira', 'GitHub', 'Segment', 'Tableau',
  'Looker', 'Workday', 'SAP', 'Oracle', 'NetSuite', 'Datadog',
] as const;

const ACME_ID = '0c0ffee0-ac3e-4000-8000-000000000001';
const GLOBEX_ID = '0c0ffee0-610b-4000-8000-000000000002';

/** Records every sandbox directory holds, whatever its size; tests and demos name them. */
export const FIXTURES: {
  acme: DirectoryCompany;
  globex: DirectoryCompany;
  ada: DirectoryPersonRecord;
  grace: DirectoryPersonRecord;
} = {
  acme: {
    id: ACME_ID,
    name: 'Acme Corp',
    domain: 'acme.test',
    aliasDomains: ['acme-corp.test'],
    industry: 'Software',
    sizeBand: '201-500',
    employeeCount: 350,
    countryCode: 'US',
    companyType: 'PRIVATE',
    technologies: ['Salesforce', 'HubSpot', 'AWS', 'React', 'Kubernetes'],
  },
  globex: {
    id: GLOBEX_ID,
    name: 'Globex',
    domain: 'globex.test',
    aliasDomains: [],
    industry: 'Manufacturing',
    sizeBand: '1001-5000',
    employeeCount: 2400,
    countryCode: 'US',
    companyType: 'PUBLIC',
    technologies: ['SAP', 'Oracle', 'Microsoft Azure', 'Salesforce'],
  },
  ada: {
    id: '0c0ffee0-0ada-4000-8000-000000000003',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@acme.test',
    linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace-test',
    jobTitle: 'VP Engineering',
    seniority: 'VP',
    phone: '+14155550123',
    countryCode: 'US',
    companyId: ACME_ID,
    jobHistory: [
      { companyName: 'Acme Corp', companyDomain: 'acme.test', title: 'VP Engineering', startedOn: '2021-03-01', endedOn: null },
      { companyName: 'Globex', companyDomain: 'globex.test', title: 'Director of Engineering', startedOn: '2016-09-01', endedOn: '2021-02-15' },
    ],
  },
  grace: {
    id: '0c0ffee0-0ace-4000-8000-000000000004',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@globex.test',
    linkedinUrl: 'https://www.linkedin.com/in/grace-hopper-test',
    jobTitle: 'Head of Sales',
    seniority: 'HEAD',
    phone: null,
    countryCode: 'US',
    companyId: GLOBEX_ID,
    jobHistory: [
      { companyName: 'Globex', companyDomain: 'globex.test', title: 'Head of Sales', startedOn: '2019-06-01', endedOn: null },
      { companyName: 'Remington Rand', companyDomain: null, title: 'Sales Manager', startedOn: '2014-01-06', endedOn: '2019-05-10' },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: tiny, fast and good enough for test data; one stream per seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weighted<T>(table: WeightTable<T>): T {
    const r = this.next() * table.total;
    let lo = 0;
    let hi = table.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (table.cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return table.items[lo];
  }
  /** `count` distinct items, in draw order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    for (let i = 0; i < count && pool.length > 0; i++) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 0x10000).toString(16).padStart(4, '0');
    return out.slice(0, length);
  }
  uuid(): string {
    const h = this.hex(32).split('');
    h[12] = '4';
    h[16] = '89ab'[parseInt(h[16], 16) & 3];
    const s = h.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

interface WeightTable<T> {
  items: T[];
  cumulative: number[];
  total: number;
}

function weights<T>(entries: readonly (readonly [T, number])[]): WeightTable<T> {
  const items: T[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const [item, weight] of entries) {
    total += weight;
    items.push(item);
    cumulative.push(total);
  }
  return { items, cumulative, total };
}

// ---------------------------------------------------------------------------------------------
// Word lists

const COUNTRIES = weights([
  ['US', 34], ['GB', 10], ['DE', 8], ['FR', 6], ['CA', 6], ['IN', 6], ['NL', 4], ['AU', 4], ['ES', 4], ['SE', 3],
  ['IT', 3], ['BR', 3], ['IE', 2], ['CH', 2], ['SG', 2], ['JP', 2], ['DK', 1], ['PL', 1],
] as const);

/** Country calling code and national number length, for E.164 numbers. */
const PHONE_PLANS: Record<string, readonly [string, number]> = {
  US: ['1', 10], CA: ['1', 10], GB: ['44', 10], DE: ['49', 10], FR: ['33', 9], IN: ['91', 10], NL: ['31', 9], AU: ['61', 9],
  ES: ['34', 9], SE: ['46', 9], IT: ['39', 10], BR: ['55', 11], IE: ['353', 9], CH: ['41', 9], SG: ['65', 8], JP: ['81', 10],
  DK: ['45', 8], PL: ['48', 9],
};

const SIZE_WEIGHTS = weights([
  ['1-10', 18], ['11-50', 25], ['51-200', 22], ['201-500', 13], ['501-1000', 8], ['1001-5000', 8], ['5001-10000', 3], ['10001+', 3],
] as const);

const SIZE_RANGES: Record<string, readonly [number, number]> = {
  '1-10': [1, 10], '11-50': [11, 50], '51-200': [51, 200], '201-500': [201, 500], '501-1000': [501, 1000],
  '1001-5000': [1001, 5000], '5001-10000': [5001, 10000], '10001+': [10001, 250000],
};

const ADJECTIVES = [
  'Blue', 'Bright', 'Silver', 'Golden', 'Red', 'Green', 'North', 'South', 'East', 'West', 'Swift', 'Clear', 'Bold', 'Prime',
  'True', 'Rapid', 'Quiet', 'Deep', 'High', 'Open', 'Smart', 'Vivid', 'Noble', 'Iron', 'Crystal', 'Summit', 'Pioneer',
  'Evergreen', 'Harbor', 'Granite', 'Cedar', 'Maple', 'Oak', 'Pine', 'Aspen', 'Coral', 'Amber', 'Indigo', 'Scarlet',
  'Crimson', 'Azure', 'Solar', 'Lunar', 'Stellar', 'Polar', 'Urban', 'Coastal', 'Alpine', 'Royal', 'Modern', 'Future',
  'Global', 'United', 'Pacific', 'Atlantic', 'Central', 'Liberty', 'Keystone', 'Beacon', 'Sterling', 'Zenith', 'Apex',
  'Nimble', 'Steady', 'Lucid', 'Brave', 'Wild', 'Hidden', 'Little', 'Grand',
];
const NOUNS = [
  'River', 'Peak', 'Harbor', 'Bridge', 'Forge', 'Field', 'Stone', 'Wave', 'Cloud', 'Leaf', 'Path', 'Signal', 'Spark',
  'Tower', 'Gate', 'Lake', 'Ridge', 'Valley', 'Canyon', 'Meadow', 'Orchard', 'Anchor', 'Compass', 'Lantern', 'Falcon',
  'Hawk', 'Fox', 'Wolf', 'Bear', 'Otter', 'Heron', 'Raven', 'Lynx', 'Comet', 'Orbit', 'Vector', 'Pixel', 'Circuit',
  'Matrix', 'Quartz', 'Cobalt', 'Ember', 'Flint', 'Willow', 'Birch', 'Rock', 'Shore', 'Island', 'Trail', 'Arrow',
  'Crest', 'Haven', 'Point', 'Square', 'Line', 'Loop', 'Nest', 'Hive', 'Mill', 'Works', 'Yard', 'Garden', 'Street',
];
const SYLLABLES_A = ['Zen', 'Nova', 'Vero', 'Quan', 'Lumi', 'Astra', 'Cora', 'Vela', 'Brio', 'Kine', 'Opti', 'Sola', 'Tera', 'Xylo', 'Ori', 'Axi', 'Veri', 'Cali', 'Dyna', 'Flux', 'Heli', 'Inno', 'Juno', 'Kali', 'Meta', 'Neo', 'Omni', 'Pola', 'Rho', 'Syn'];
const SYLLABLES_B = ['trix', 'lo', 'ra', 'tum', 'nex', 'vo', 'lia', 'dia', 'gen', 'sys', 'lytics', 'ware', 'ly', 'fy', 'io', 'via', 'rex', 'mark', 'bit', 'core', 'loop', 'path', 'scale', 'stack', 'wise'];
const SURNAME_FIRMS = ['Hart', 'Mercer', 'Caldwell', 'Whitaker', 'Ellison', 'Prescott', 'Langford', 'Ashby', 'Thornton', 'Brennan', 'Calloway', 'Fairfax', 'Holloway', 'Kendrick', 'Lockwood', 'Marlowe', 'Pembroke', 'Radcliffe', 'Sinclair', 'Winslow'];

const INDUSTRY_SUFFIXES: Record<string, readonly string[]> = {
  'Software': ['Labs', 'Software', 'Systems', 'Technologies', 'AI', 'Cloud', 'Analytics', 'Apps'],
  'Information Technology': ['IT', 'Systems', 'Networks', 'Solutions', 'Digital', 'Technologies'],
  'Financial Services': ['Capital', 'Financial', 'Partners', 'Investments', 'Wealth', 'Advisors'],
  'Banking': ['Bank', 'Bancorp', 'Savings', 'Trust', 'Credit Union'],
  'Insurance': ['Insurance', 'Assurance', 'Mutual', 'Underwriters'],
  'Healthcare': ['Health', 'Medical', 'Care', 'Clinics', 'Health Partners'],
  'Biotechnology': ['Therapeutics', 'Bio', 'Biosciences', 'Genomics', 'Pharma'],
  'Manufacturing': ['Industries', 'Manufacturing', 'Works', 'Fabrication', 'Components', 'Machining'],
  'Retail': ['Goods', 'Supply', 'Outfitters', 'Market', 'Stores', 'Trading'],
  'E-commerce': ['Shop', 'Commerce', 'Direct', 'Marketplace', 'Online'],
  'Telecommunications': ['Telecom', 'Networks', 'Communications', 'Wireless', 'Connect'],
  'Energy': ['Energy', 'Power', 'Renewables', 'Solar', 'Utilities'],
  'Logistics': ['Logistics', 'Freight', 'Shipping', 'Transport', 'Distribution'],
  'Real Estate': ['Properties', 'Realty', 'Estates', 'Developments', 'Homes'],
  'Media': ['Media', 'Studios', 'Publishing', 'Broadcasting', 'Pictures'],
  'Marketing & Advertising': ['Agency', 'Creative', 'Marketing', 'Brands', 'Collective'],
  'Consulting': ['Consulting', 'Advisory', 'Group', 'Associates', 'Strategy'],
  'Hospitality': ['Hotels', 'Resorts', 'Hospitality', 'Inns', 'Kitchens'],
  'Automotive': ['Motors', 'Automotive', 'Mobility', 'Auto Parts'],
  'Education': ['University', 'College', 'Academy', 'Institute', 'School'],
  'Government': ['Agency', 'Authority', 'Council', 'Department', 'Commission'],
  'Non-Profit': ['Foundation', 'Trust', 'Alliance', 'Society', 'Fund'],
};

const FIRST_NAMES = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa',
  'Anthony', 'Betty', 'Mark', 'Sandra', 'Steven', 'Ashley', 'Paul', 'Emily', 'Andrew', 'Michelle', 'Joshua', 'Amanda',
  'Kevin', 'Melissa', 'Brian', 'Stephanie', 'George', 'Rebecca', 'Timothy', 'Laura', 'Ryan', 'Emma', 'Jacob', 'Olivia',
  'Noah', 'Sophia', 'Liam', 'Isabella', 'Ethan', 'Mia', 'Lucas', 'Charlotte', 'Oliver', 'Amelia', 'Henry', 'Harper',
  'Leo', 'Chloe', 'Max', 'Hannah', 'Felix', 'Lena', 'Jonas', 'Anna', 'Lukas', 'Marie', 'Clara', 'Hugo', 'Louise',
  'Louis', 'Camille', 'Arthur', 'Jade', 'Raphael', 'Manon', 'Pablo', 'Lucia', 'Javier', 'Carmen', 'Mateo', 'Sofia',
  'Lars', 'Astrid', 'Erik', 'Ingrid', 'Sven', 'Freya', 'Daan', 'Sanne', 'Bram', 'Fleur', 'Arjun', 'Priya', 'Rahul',
  'Ananya', 'Vikram', 'Kavya', 'Rohan', 'Divya', 'Wei', 'Mei', 'Hiroshi', 'Yuki', 'Kenji', 'Aiko', 'Omar', 'Layla',
  'Ahmed', 'Fatima', 'Aoife', 'Sean', 'Niamh', 'Marco', 'Giulia', 'Luca', 'Chiara', 'Tomasz', 'Zofia', 'Rafael',
  'Beatriz', 'Gabriel', 'Mariana', 'Noor', 'Ravi', 'Sara', 'Nina', 'Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Casey',
];
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson',
  'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright',
  'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell',
  'Mitchell', 'Carter', 'Roberts', 'Evans', 'Turner', 'Phillips', 'Parker', 'Collins', 'Edwards', 'Stewart', 'Morris',
  'Murphy', 'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson', 'Reed', 'Bailey', 'Bell', 'Kelly', 'Howard', 'Ward', 'Cox',
  'Richardson', 'Wood', 'Watson', 'Brooks', 'Bennett', 'Gray', 'Hughes', 'Price', 'Sanders', 'Patel', 'Sharma', 'Singh',
  'Kumar', 'Gupta', 'Reddy', 'Iyer', 'Mehta', 'Chen', 'Wang', 'Li', 'Zhang', 'Liu', 'Tanaka', 'Suzuki', 'Sato',
  'Yamamoto', 'Kim', 'Park', 'Choi', 'Mueller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker',
  'Hoffmann', 'Schulz', 'Dubois', 'Durand', 'Lefebvre', 'Moreau', 'Laurent', 'Simon', 'Michel', 'Bernard', 'Fernandez',
  'Ruiz', 'Diaz', 'Moreno', 'Alvarez', 'Romero', 'Navarro', 'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano',
  'de Vries', 'van Dijk', 'Bakker', 'Jansen', 'Visser', 'Smit', 'Andersson', 'Johansson', 'Karlsson', 'Nilsson',
  'Eriksson', 'Larsson', 'Olsen', 'Hansen', 'Nielsen', 'Kowalski', 'Nowak', 'Wisniewski', 'Silva', 'Santos', 'Oliveira',
  'Souza', 'Costa', 'Pereira', 'Murray', 'Byrne', 'Walsh', "O'Brien", 'Ryan', 'Doyle', 'McCarthy', 'Smith-Jones',
];

interface Department {
  name: string;
  chief: string;
  manager: string;
  roles: readonly string[];
}

const DEPARTMENTS: readonly Department[] = [
  { name: 'Engineering', chief: 'Chief Technology Officer', manager: 'Engineering Manager', roles: ['Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'DevOps Engineer', 'QA Engineer'] },
  { name: 'Sales', chief: 'Chief Revenue Officer', manager: 'Sales Manager', roles: ['Account Executive', 'Sales Development Representative', 'Business Development Representative'] },
  { name: 'Marketing', chief: 'Chief Marketing Officer', manager: 'Marketing Manager', roles: ['Marketing Specialist', 'Content Marketer', 'Growth Marketer', 'Demand Generation Specialist'] },
  { name: 'Product', chief: 'Chief Product Officer', manager: 'Group Product Manager', roles: ['Product Manager', 'Product Designer', 'UX Researcher'] },
  { name: 'Finance', chief: 'Chief Financial Officer', manager: 'Finance Manager', roles: ['Financial Analyst', 'Accountant', 'Payroll Specialist'] },
  { name: 'Operations', chief: 'Chief Operating Officer', manager: 'Operations Manager', roles: ['Operations Analyst', 'Operations Specialist', 'Project Coordinator'] },
  { name: 'Human Resources', chief: 'Chief People Officer', manager: 'HR Manager', roles: ['Recruiter', 'HR Generalist', 'Talent Acquisition Specialist'] },
  { name: 'Customer Success', chief: 'Chief Customer Officer', manager: 'Customer Success Team Lead', roles: ['Customer Success Manager', 'Support Specialist', 'Account Manager'] },
  { name: 'IT', chief: 'Chief Information Officer', manager: 'IT Manager', roles: ['Systems Administrator', 'IT Support Specialist', 'Network Engineer'] },
  { name: 'Data', chief: 'Chief Data Officer', manager: 'Analytics Manager', roles: ['Data Analyst', 'Data Scientist', 'Data Engineer'] },
  { name: 'Legal', chief: 'General Counsel', manager: 'Legal Operations Manager', roles: ['Paralegal', 'Legal Counsel', 'Contracts Specialist'] },
];
const DEPARTMENT_WEIGHTS = weights(DEPARTMENTS.map((d) => [d, d.name === 'Engineering' || d.name === 'Sales' ? 4 : d.name === 'Legal' ? 1 : 2] as const));
const SENIORITY_WEIGHTS = weights([['C_LEVEL', 3], ['VP', 5], ['HEAD', 5], ['DIRECTOR', 10], ['MANAGER', 20], ['SENIOR', 27], ['ENTRY', 30]] as const);

function jobTitle(rng: Rng, department: Department, seniority: string): string {
  const d = department.name;
  switch (seniority) {
    case 'C_LEVEL': return rng.chance(0.15) ? rng.pick(['Chief Executive Officer', 'Founder & CEO', 'Co-Founder']) : department.chief;
    case 'VP': return rng.pick([`VP ${d}`, `VP of ${d}`, `Vice President, ${d}`]);
    case 'HEAD': return `Head of ${d}`;
    case 'DIRECTOR': return rng.pick([`Director of ${d}`, `${d} Director`, `Senior Director, ${d}`]);
    case 'MANAGER': return rng.chance(0.5) ? department.manager : `${d} Manager`;
    case 'SENIOR': return `${rng.chance(0.2) ? 'Lead' : 'Senior'} ${rng.pick(department.roles)}`;
    default: return `${rng.chance(0.1) ? 'Junior ' : ''}${rng.pick(department.roles)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Companies

function slugify(text: string): string {
  return text.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

function companyName(rng: Rng, industry: string): string {
  const suffix = rng.pick(INDUSTRY_SUFFIXES[industry]);
  const shape = rng.next();
  if (shape < 0.4) return `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${suffix}`;
  if (shape < 0.6) return `${rng.pick(ADJECTIVES)}${rng.pick(NOUNS).toLowerCase()}`;
  if (shape < 0.85) return `${rng.pick(SYLLABLES_A)}${rng.pick(SYLLABLES_B)}${rng.chance(0.5) ? ` ${suffix}` : ''}`;
  const [a, b] = rng.sample(SURNAME_FIRMS, 2);
  return rng.chance(0.5) ? `${a} & ${b}` : `${a} ${suffix}`;
}

/** Domain candidates for a name, most natural first; all under reserved TLDs (RFC 2606). */
function domainCandidates(rng: Rng, name: string, country: string): string[] {
  const words = slugify(name.replace(/&/g, ' ')).split('-');
  const joined = words.join('');
  const hyphenated = words.join('-');
  const short = words.length > 2 ? words.slice(0, 2).join('') : joined;
  const tld = rng.chance(0.8) ? 'test' : 'example';
  const cc = country.toLowerCase();
  return [`${short}.${tld}`, `${joined}.${tld}`, `${hyphenated}.${tld}`, `get${short}.${tld}`, `${short}-${cc}.${tld}`, `${short}hq.${tld}`];
}

function aliasCandidates(domain: string, country: string): string[] {
  const dot = domain.indexOf('.');
  const label = domain.slice(0, dot);
  const otherTld = domain.endsWith('.test') ? 'example' : 'test';
  return [`${label}.${otherTld}`, `${label}-inc.test`, `get${label}.test`, `${label}-${country.toLowerCase()}.test`, `${label}hq.example`, `${label}-group.test`];
}

function companyType(rng: Rng, industry: string, sizeBand: string): string {
  if (industry === 'Education') return rng.chance(0.8) ? 'EDUCATION' : 'PRIVATE';
  if (industry === 'Government') return 'GOVERNMENT';
  if (industry === 'Non-Profit') return 'NONPROFIT';
  const publicShare = { '1001-5000': 0.25, '5001-10000': 0.45, '10001+': 0.65 }[sizeBand] ?? 0.02;
  return rng.chance(publicShare) ? 'PUBLIC' : 'PRIVATE';
}

function employeeCount(rng: Rng, sizeBand: string): number {
  const [min, max] = SIZE_RANGES[sizeBand];
  // Log-uniform inside the band: small numbers are more common, as in real firmographics.
  return Math.min(max, Math.floor(Math.exp(Math.log(min) + rng.next() * (Math.log(max + 1) - Math.log(min)))));
}

function fixtureCompanies(): DirectoryCompany[] {
  return [structuredClone(FIXTURES.acme), structuredClone(FIXTURES.globex)];
}

function checkCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** The fixed companies followed by `count` generated ones. */
export function generateCompanies(count: number, seed = DIRECTORY_SEED): DirectoryCompany[] {
  checkCount('companies', count);
  const rng = new Rng(seed);
  const companies = fixtureCompanies();
  const names = new Set(companies.map((c) => c.name.toLowerCase()));
  const domains = new Set(companies.flatMap((c) => [c.domain, ...c.aliasDomains]));
  const ids = new Set(companies.map((c) => c.id));
  // Keeps the fixed names' slugs out of generated domains too (e.g. no acme.example).
  const reservedLabels = new Set(['acme', 'acme-corp', 'acmecorp', 'globex']);
  const free = (domain: string) => !domains.has(domain) && !reservedLabels.has(domain.slice(0, domain.indexOf('.')));
  for (let i = 0; i < count; i++) {
    const industry = rng.pick(INDUSTRIES);
    const countryCode = rng.weighted(COUNTRIES);
    let name = '';
    let domain: string | undefined;
    for (let attempt = 0; !domain; attempt++) {
      name = companyName(rng, industry);
      // Word lists run short only at very large sizes; a number then keeps names unique.
      if (attempt >= 20) name = `${name} ${attempt}`;
      if (names.has(name.toLowerCase())) continue;
      domain = domainCandidates(rng, name, countryCode).find(free);
    }
    names.add(name.toLowerCase());
    domains.add(domain);
    const aliasDomains: string[] = [];
    if (rng.chance(0.1)) {
      const wanted = rng.chance(0.7) ? 1 : 2;
      for (const alias of rng.sample(aliasCandidates(domain, countryCode), 6)) {
        if (aliasDomains.length === wanted) break;
        if (free(alias)) {
          aliasDomains.push(alias);
          domains.add(alias);
        }
      }
      aliasDomains.sort(); // the order lookups return them in
    }
    let id = rng.uuid();
    while (ids.has(id)) id = rng.uuid();
    ids.add(id);
    const sizeBand = rng.weighted(SIZE_WEIGHTS);
    companies.push({
      id,
      name,
      domain,
      aliasDomains,
      industry,
      sizeBand,
      employeeCount: employeeCount(rng, sizeBand),
      countryCode,
      companyType: companyType(rng, industry, sizeBand),
      technologies: rng.sample(TECHNOLOGIES, rng.int(2, 8)),
    });
  }
  return companies;
}

// ---------------------------------------------------------------------------------------------
// People

const HISTORY_START = Date.UTC(2004, 0, 1) / DAY_MS;
const CURRENT_JOB_EARLIEST = Date.UTC(2012, 0, 1) / DAY_MS;
const CURRENT_JOB_LATEST = Date.UTC(2025, 9, 1) / DAY_MS;

function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function nameSlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function phoneNumber(rng: Rng, countryCode: string): string {
  const [callingCode, length] = PHONE_PLANS[countryCode] ?? PHONE_PLANS.US;
  if (callingCode === '1') {
    // North American numbers in the 555-01xx range reserved for fiction.
    return `+1${rng.int(201, 989)}55501${String(rng.int(0, 99)).padStart(2, '0')}`;
  }
  let digits = String(rng.int(1, 9));
  while (digits.length < length) digits += String(rng.int(0, 9));
  return `+${callingCode}${digits}`;
}

/** How many earlier jobs a person's history shows. */
const HISTORY_LENGTHS = weights([[0, 40], [1, 35], [2, 25]] as const);

const LOWER_SENIORITY: Record<string, string> = {
  C_LEVEL: 'VP', VP: 'DIRECTOR', HEAD: 'DIRECTOR', DIRECTOR: 'MANAGER', MANAGER: 'SENIOR', SENIOR: 'ENTRY', ENTRY: 'ENTRY',
};

/**
 * The fixed people followed by `count` generated ones, employed by generated companies of
 * `companies` (fixed companies keep only their fixed people). Yields one at a time so a loader
 * can stream 200,000 people without holding them all.
 */
export function* generatePeople(companies: readonly DirectoryCompany[], count: number, seed = DIRECTORY_SEED): Generator<DirectoryPersonRecord> {
  checkCount('people', count);
  const fixedIds = new Set([FIXTURES.acme.id, FIXTURES.globex.id]);
  const employers = companies.filter((c) => !fixedIds.has(c.id));
  if (count > 0 && employers.length === 0) throw new RangeError('generated people need at least one generated company');
  // Bigger companies employ more of the directory's people, sub-linearly.
  const employerWeights = weights(employers.map((c) => [c, 2 + Math.pow(Math.min(c.employeeCount, 20000), 0.45)] as const));
  // Its own stream: how many draws the companies took does not shift the people.
  const rng = new Rng((seed ^ 0x5eed0001) >>> 0);
  const fixed = [structuredClone(FIXTURES.ada), structuredClone(FIXTURES.grace)];
  const emails = new Set(fixed.map((p) => p.email));
  const urls = new Set(fixed.map((p) => p.linkedinUrl));
  const ids = new Set([...fixed.map((p) => p.id), ...companies.map((c) => c.id)]);
  yield* fixed;

  for (let i = 0; i < count; i++) {
    const company = rng.weighted(employerWeights);
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const department = rng.weighted(DEPARTMENT_WEIGHTS);
    const seniority = rng.weighted(SENIORITY_WEIGHTS);
    const title = jobTitle(rng, department, seniority);
    const countryCode = rng.chance(0.85) ? company.countryCode : rng.weighted(COUNTRIES);

    const missing = rng.next();
    let email: string | null = null;
    if (missing >= 0.05) {
      const local = `${nameSlug(firstName)}.${nameSlug(lastName)}`;
      email = `${local}@${company.domain}`;
      for (let n = 2; emails.has(email); n++) email = `${local}${n}@${company.domain}`;
      emails.add(email);
    }
    let linkedinUrl: string | null = null;
    if (missing < 0.05 || missing >= 0.1) {
      const stem = `https://www.linkedin.com/in/${slugify(firstName)}-${slugify(lastName)}`;
      do linkedinUrl = `${stem}-${rng.hex(rng.chance(0.5) ? 6 : 8)}`;
      while (urls.has(linkedinUrl));
      urls.add(linkedinUrl);
    }
    const phone = rng.chance(0.6) ? phoneNumber(rng, countryCode) : null;

    let startedOn = rng.int(CURRENT_JOB_EARLIEST, CURRENT_JOB_LATEST);
    const jobHistory: DirectoryJob[] = [
      { companyName: company.name, companyDomain: company.domain, title, startedOn: isoDay(startedOn), endedOn: null },
    ];
    const earlier = rng.weighted(HISTORY_LENGTHS);
    let earlierSeniority: string = seniority;
    for (let j = 0; j < earlier; j++) {
      const endedOn = startedOn - rng.int(1, 60);
      const began = endedOn - rng.int(365, 6 * 365);
      if (began < HISTORY_START) break;
      earlierSeniority = rng.chance(0.6) ? LOWER_SENIORITY[earlierSeniority] : earlierSeniority;
      let previous = rng.weighted(employerWeights);
      if (previous.id === company.id) previous = rng.weighted(employerWeights);
      const inDirectory = previous.id !== company.id && rng.chance(0.9);
      jobHistory.push({
        companyName: inDirectory ? previous.name : companyName(rng, rng.pick(INDUSTRIES)),
        companyDomain: inDirectory ? previous.domain : null,
        title: jobTitle(rng, department, earlierSeniority),
        startedOn: isoDay(began),
        endedOn: isoDay(endedOn),
      });
      startedOn = began;
    }

    let id = rng.uuid();
    while (ids.has(id)) id = rng.uuid();
    ids.add(id);
    yield { id, firstName, lastName, email, linkedinUrl, jobTitle: title, seniority, phone, countryCode, companyId: company.id, jobHistory };
  }
}

/** The whole directory at once (tests; the loader streams people instead). */
export function generateDirectory(options: { companies: number; people: number; seed?: number }): GeneratedDirectory {
  const companies = generateCompanies(options.companies, options.seed);
  return { companies, people: [...generatePeople(companies, options.people, options.seed)] };
}
