// Generated people: the fixed ones first, then `count` more employed by generated companies, each
// with a current job and up to two earlier ones.
import type { DirectoryCompany, DirectoryJob, DirectoryPersonRecord } from '../index.ts';
import { companyName } from './company-names.ts';
import { COUNTRIES, phoneNumber } from './countries.ts';
import { checkCount } from './counts.ts';
import { FIXTURES } from './fixtures.ts';
import { DEPARTMENT_WEIGHTS, jobTitle, LOWER_SENIORITY, SENIORITY_WEIGHTS } from './job-titles.ts';
import { FIRST_NAMES, LAST_NAMES } from './person-names.ts';
import { Rng, weights } from './random.ts';
import { DIRECTORY_SEED } from './seed.ts';
import { nameSlug, slugify } from './slugs.ts';
import { INDUSTRIES } from './taxonomy.ts';
import { DAY_MS } from '../../../domain/shared/time.ts';

const HISTORY_START = Date.UTC(2004, 0, 1) / DAY_MS;
const CURRENT_JOB_EARLIEST = Date.UTC(2012, 0, 1) / DAY_MS;
const CURRENT_JOB_LATEST = Date.UTC(2025, 9, 1) / DAY_MS;

function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** How many earlier jobs a person's history shows. */
const HISTORY_LENGTHS = weights([
  [0, 40],
  [1, 35],
  [2, 25],
] as const);

/**
 * The fixed people followed by `count` generated ones, employed by generated companies of
 * `companies` (fixed companies keep only their fixed people). Yields one at a time so a loader
 * can stream 200,000 people without holding them all.
 */
export function* generatePeople(
  companies: readonly DirectoryCompany[],
  count: number,
  seed = DIRECTORY_SEED,
): Generator<DirectoryPersonRecord> {
  checkCount('people', count);
  const fixedIds = new Set([FIXTURES.acme.id, FIXTURES.globex.id]);
  const employers = companies.filter((c) => !fixedIds.has(c.id));
  if (count > 0 && employers.length === 0) throw new RangeError('generated people need at least one generated company');
  // Bigger companies employ more of the directory's people, sub-linearly.
  const employerWeights = weights(
    employers.map((c) => [c, 2 + Math.pow(Math.min(c.employeeCount, 20000), 0.45)] as const),
  );
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
    yield {
      id,
      firstName,
      lastName,
      email,
      linkedinUrl,
      jobTitle: title,
      seniority,
      phone,
      countryCode,
      companyId: company.id,
      jobHistory,
    };
  }
}
