// Generated companies: the fixed ones first, then `count` more with unique names, domains and ids.
import type { DirectoryCompany } from '../index.ts';
import { companyName } from './company-names.ts';
import { COUNTRIES } from './countries.ts';
import { checkCount } from './counts.ts';
import { aliasCandidates, domainCandidates } from './domains.ts';
import { FIXTURES } from './fixtures.ts';
import { Rng, weights } from './random.ts';
import { DIRECTORY_SEED } from './seed.ts';
import { INDUSTRIES, TECHNOLOGIES } from './taxonomy.ts';

const SIZE_WEIGHTS = weights([
  ['1-10', 18],
  ['11-50', 25],
  ['51-200', 22],
  ['201-500', 13],
  ['501-1000', 8],
  ['1001-5000', 8],
  ['5001-10000', 3],
  ['10001+', 3],
] as const);

const SIZE_RANGES: Record<string, readonly [number, number]> = {
  '1-10': [1, 10],
  '11-50': [11, 50],
  '51-200': [51, 200],
  '201-500': [201, 500],
  '501-1000': [501, 1000],
  '1001-5000': [1001, 5000],
  '5001-10000': [5001, 10000],
  '10001+': [10001, 250000],
};

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
