// The sandbox directory's data: companies and people generated from a fixed seed, so every machine,
// test run and replica holds the same records. Pure (no I/O, no clock, no Math.random).
// The pieces live in generator/: seeded randomness, word lists, companies, people.
import type { DirectoryCompany, DirectoryPersonRecord } from './index.ts';
import { generateCompanies } from './generator/companies.ts';
import { generatePeople } from './generator/people.ts';

export type { DirectoryPersonRecord } from './index.ts';
export { generateCompanies } from './generator/companies.ts';
export { FIXTURES } from './generator/fixtures.ts';
export { generatePeople } from './generator/people.ts';
export { mulberry32 } from './generator/random.ts';
export { DIRECTORY_SEED, DIRECTORY_SEED_VERSION } from './generator/seed.ts';
export { COMPANY_TYPES, INDUSTRIES, SENIORITIES, SIZE_BANDS, TECHNOLOGIES } from './generator/taxonomy.ts';

export interface GeneratedDirectory {
  companies: DirectoryCompany[];
  people: DirectoryPersonRecord[];
}

/** The whole directory at once (tests; the loader streams people instead). */
export function generateDirectory(options: { companies: number; people: number; seed?: number }): GeneratedDirectory {
  const companies = generateCompanies(options.companies, options.seed);
  return { companies, people: [...generatePeople(companies, options.people, options.seed)] };
}
