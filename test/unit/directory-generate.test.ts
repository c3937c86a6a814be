// The sandbox directory generator (providers/directory/generate.ts): same seed, same data; every
// identifier valid and unique; the fixed records always there.
import assert from 'node:assert/strict';
import { normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../../domain/people/identifiers.ts';
import {
  COMPANY_TYPES,
  FIXTURES,
  INDUSTRIES,
  SENIORITIES,
  SIZE_BANDS,
  TECHNOLOGIES,
  generateCompanies,
  generateDirectory,
  generatePeople,
  type GeneratedDirectory,
} from '../../providers/directory/generate.ts';

const SIZE_RANGES: Record<string, [number, number]> = {
  '1-10': [1, 10],
  '11-50': [11, 50],
  '51-200': [51, 200],
  '201-500': [201, 500],
  '501-1000': [501, 1000],
  '1001-5000': [1001, 5000],
  '5001-10000': [5001, 10000],
  '10001+': [10001, Number.MAX_SAFE_INTEGER],
};

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => (seen.has(value) ? true : (seen.add(value), false)));
}

describe('sandbox directory generator', () => {
  let directory: GeneratedDirectory;

  before(() => {
    directory = generateDirectory({ companies: 2000, people: 20000 });
  });

  it('when generated twice from the same seed, then both results are identical', () => {
    assert.deepEqual(generateDirectory({ companies: 2000, people: 20000 }), directory);
  });

  it('when another seed is used, then the generated records differ but the fixed ones stay', () => {
    const other = generateDirectory({ companies: 50, people: 200, seed: 7 });
    const same = generateDirectory({ companies: 50, people: 200 });
    assert.notDeepEqual(other.companies.slice(2), same.companies.slice(2));
    assert.deepEqual(other.companies.slice(0, 2), same.companies.slice(0, 2));
  });

  it('when sizes are asked for, then exactly that many records are generated on top of the fixed ones', () => {
    assert.equal(directory.companies.length, 2000 + 2);
    assert.equal(directory.people.length, 20000 + 2);
    const empty = generateDirectory({ companies: 0, people: 0 });
    assert.deepEqual(
      empty.companies.map((c) => c.name),
      ['Acme Corp', 'Globex'],
    );
    assert.deepEqual(
      empty.people.map((p) => p.email),
      ['ada@acme.test', 'grace@globex.test'],
    );
    assert.throws(() => generateCompanies(-1), RangeError);
    assert.throws(() => [...generatePeople(generateCompanies(0), 1)], RangeError);
  });

  it('when generated, then the fixed records are present exactly as exported', () => {
    const byId = new Map(directory.companies.map((c) => [c.id, c]));
    assert.deepEqual(byId.get(FIXTURES.acme.id), FIXTURES.acme);
    assert.deepEqual(byId.get(FIXTURES.globex.id), FIXTURES.globex);
    assert.deepEqual(FIXTURES.acme.aliasDomains, ['acme-corp.test']);
    const people = new Map(directory.people.map((p) => [p.id, p]));
    assert.deepEqual(people.get(FIXTURES.ada.id), FIXTURES.ada);
    assert.deepEqual(people.get(FIXTURES.grace.id), FIXTURES.grace);
    assert.equal(FIXTURES.ada.companyId, FIXTURES.acme.id);
    assert.equal(FIXTURES.grace.companyId, FIXTURES.globex.id);
    // The fixed companies employ only the fixed people, so name lookups there stay unambiguous.
    assert.deepEqual(
      directory.people.filter((p) => p.companyId === FIXTURES.acme.id).map((p) => p.id),
      [FIXTURES.ada.id],
    );
  });

  it('when generated, then ids, domains, emails and LinkedIn URLs are unique', () => {
    assert.deepEqual(duplicates([...directory.companies.map((c) => c.id), ...directory.people.map((p) => p.id)]), []);
    assert.deepEqual(duplicates(directory.companies.flatMap((c) => [c.domain, ...c.aliasDomains])), []);
    assert.deepEqual(duplicates(directory.companies.map((c) => c.name.toLowerCase())), []);
    assert.deepEqual(duplicates(directory.people.flatMap((p) => (p.email ? [p.email] : []))), []);
    assert.deepEqual(duplicates(directory.people.flatMap((p) => (p.linkedinUrl ? [p.linkedinUrl] : []))), []);
  });

  it('when generated, then every identifier is already in the normalised form lookups use', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const company of directory.companies) {
      assert.match(company.id, uuid);
      for (const domain of [company.domain, ...company.aliasDomains]) assert.equal(normalizeDomain(domain), domain);
    }
    const domains = new Set(directory.companies.map((c) => c.domain));
    for (const person of directory.people) {
      assert.match(person.id, uuid);
      if (person.email) {
        assert.equal(normalizeEmail(person.email), person.email);
        assert.ok(domains.has(person.email.split('@')[1]), person.email);
      }
      if (person.linkedinUrl) assert.equal(normalizeLinkedinUrl(person.linkedinUrl), person.linkedinUrl);
      if (person.phone) assert.match(person.phone, /^\+[1-9]\d{7,14}$/);
    }
  });

  it('when generated, then nobody lacks both email and LinkedIn URL, and about 5% lack each', () => {
    const people = directory.people;
    assert.equal(people.filter((p) => !p.email && !p.linkedinUrl).length, 0);
    const share = (count: number) => count / people.length;
    const noEmail = share(people.filter((p) => !p.email).length);
    const noLinkedin = share(people.filter((p) => !p.linkedinUrl).length);
    const withPhone = share(people.filter((p) => p.phone).length);
    assert.ok(noEmail > 0.03 && noEmail < 0.07, `no email: ${noEmail}`);
    assert.ok(noLinkedin > 0.03 && noLinkedin < 0.07, `no LinkedIn: ${noLinkedin}`);
    assert.ok(withPhone > 0.55 && withPhone < 0.65, `with phone: ${withPhone}`);
  });

  it('when generated, then firmographics use the documented values and counts fit their band', () => {
    const generated = directory.companies.slice(2);
    for (const company of directory.companies) {
      assert.ok((INDUSTRIES as readonly string[]).includes(company.industry), company.industry);
      assert.ok((SIZE_BANDS as readonly string[]).includes(company.sizeBand), company.sizeBand);
      assert.ok((COMPANY_TYPES as readonly string[]).includes(company.companyType), company.companyType);
      const [min, max] = SIZE_RANGES[company.sizeBand];
      assert.ok(
        company.employeeCount >= min && company.employeeCount <= max,
        `${company.employeeCount} in ${company.sizeBand}`,
      );
      assert.match(company.countryCode, /^[A-Z]{2}$/);
      assert.ok(company.technologies.length >= 2 && company.technologies.length <= 8);
      assert.equal(new Set(company.technologies).size, company.technologies.length);
      for (const tech of company.technologies) assert.ok((TECHNOLOGIES as readonly string[]).includes(tech), tech);
    }
    const withAliases = generated.filter((c) => c.aliasDomains.length > 0).length / generated.length;
    assert.ok(withAliases > 0.07 && withAliases < 0.13, `with aliases: ${withAliases}`);
    assert.ok(generated.every((c) => c.aliasDomains.length <= 2));
    assert.ok(new Set(generated.map((c) => c.industry)).size >= 20);
  });

  it('when generated, then each job history is newest first with only the current job open', () => {
    const companies = new Map(directory.companies.map((c) => [c.id, c]));
    const byDomain = new Map(directory.companies.map((c) => [c.domain, c]));
    const lengths = new Set<number>();
    for (const person of directory.people) {
      assert.ok((SENIORITIES as readonly string[]).includes(person.seniority), person.seniority);
      const history = person.jobHistory;
      lengths.add(history.length);
      assert.ok(history.length >= 1 && history.length <= 3);
      const company = companies.get(person.companyId ?? '');
      assert.ok(company, `company of ${person.id}`);
      assert.deepEqual(
        [history[0].companyName, history[0].companyDomain, history[0].title, history[0].endedOn],
        [company.name, company.domain, person.jobTitle, null],
      );
      for (let i = 1; i < history.length; i++) {
        const job = history[i];
        assert.ok(
          job.endedOn && job.endedOn <= history[i - 1].startedOn && job.startedOn < job.endedOn,
          JSON.stringify(history),
        );
        if (job.companyDomain) {
          assert.equal(byDomain.get(job.companyDomain)?.name, job.companyName);
          assert.notEqual(job.companyDomain, company.domain);
        }
      }
    }
    assert.deepEqual([...lengths].sort(), [1, 2, 3]);
  });
});
