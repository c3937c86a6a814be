// Company names: word lists and the shapes a name takes ("Blue River Labs", "Novatrix", "Hart & Mercer").
import type { Rng } from './random.ts';

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

export function companyName(rng: Rng, industry: string): string {
  const suffix = rng.pick(INDUSTRY_SUFFIXES[industry]);
  const shape = rng.next();
  if (shape < 0.4) return `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${suffix}`;
  if (shape < 0.6) return `${rng.pick(ADJECTIVES)}${rng.pick(NOUNS).toLowerCase()}`;
  if (shape < 0.85) return `${rng.pick(SYLLABLES_A)}${rng.pick(SYLLABLES_B)}${rng.chance(0.5) ? ` ${suffix}` : ''}`;
  const [a, b] = rng.sample(SURNAME_FIRMS, 2);
  return rng.chance(0.5) ? `${a} & ${b}` : `${a} ${suffix}`;
}
