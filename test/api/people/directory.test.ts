// The sandbox directory on the real stack: what load.ts stored is what the generator made, and
// SandboxDirectory finds people and companies by every identifier the interface offers.
import assert from 'node:assert/strict';
import {
  FIXTURES,
  generateDirectory,
  type DirectoryPersonRecord,
  type GeneratedDirectory,
} from '../../../providers/directory/generate.ts';
import type { DirectoryCompany } from '../../../providers/directory/index.ts';
import { ensureDirectoryLoaded } from '../../../providers/directory/load.ts';
import { SandboxDirectory } from '../../../providers/directory/sandbox.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('sandbox directory', () => {
  let stack: Stack;
  let directory: SandboxDirectory;
  let generated: GeneratedDirectory;
  let companiesById: Map<string, DirectoryCompany>;

  before(async () => {
    stack = await getStack();
    directory = new SandboxDirectory(stack.orm);
    generated = generateDirectory({ companies: stack.config.directoryCompanies, people: stack.config.directoryPeople });
    companiesById = new Map(generated.companies.map((c) => [c.id, c]));
  });

  const expectedPerson = (record: DirectoryPersonRecord) => {
    const { companyId, ...rest } = record;
    return { ...rest, company: companyId ? (companiesById.get(companyId) ?? null) : null };
  };

  it('when looked up by email, then Ada comes back with Acme Corp and her job history', async () => {
    const ada = await directory.findPersonByEmail('ada@acme.test');
    assert.deepEqual(ada, expectedPerson(FIXTURES.ada));
    assert.equal(ada?.company?.name, 'Acme Corp');
    assert.deepEqual(ada?.company?.aliasDomains, ['acme-corp.test']);
    assert.equal(ada?.jobHistory[0].endedOn, null);
  });

  it('when looked up by canonical LinkedIn URL, then the same person is found', async () => {
    const ada = await directory.findPersonByLinkedinUrl('https://www.linkedin.com/in/ada-lovelace-test');
    assert.equal(ada?.id, FIXTURES.ada.id);
    const grace = await directory.findPersonByLinkedinUrl(FIXTURES.grace.linkedinUrl ?? '');
    assert.deepEqual(grace, expectedPerson(FIXTURES.grace));
    assert.equal(grace?.phone, null);
  });

  it('when looked up by name at a domain in any case, then the one match is found, also at an alias domain', async () => {
    for (const companyDomain of ['acme.test', 'acme-corp.test']) {
      const ada = await directory.findPersonByName({ firstName: 'ADA', lastName: 'lovelace', companyDomain });
      assert.equal(ada?.email, 'ada@acme.test', companyDomain);
    }
    assert.equal(
      await directory.findPersonByName({ firstName: 'Ada', lastName: 'Lovelace', companyDomain: 'globex.test' }),
      null,
    );
    assert.equal(
      (await directory.findPersonByName({ firstName: 'Grace', lastName: 'Hopper', companyDomain: 'globex.test' }))?.id,
      FIXTURES.grace.id,
    );
  });

  it('when a name matches two people at the company, then the lookup gives null', async () => {
    const seen = new Map<string, DirectoryPersonRecord>();
    let pair: [DirectoryPersonRecord, DirectoryPersonRecord] | undefined;
    for (const person of generated.people) {
      const key = `${person.firstName.toLowerCase()}|${person.lastName.toLowerCase()}|${person.companyId}`;
      const earlier = seen.get(key);
      if (earlier) {
        pair = [earlier, person];
        break;
      }
      seen.set(key, person);
    }
    assert.ok(pair, 'the generated directory (TEST_DIRECTORY_PEOPLE) has two people of one name at one company');
    const domain = companiesById.get(pair[0].companyId ?? '')?.domain ?? '';
    assert.equal(
      await directory.findPersonByName({
        firstName: pair[0].firstName,
        lastName: pair[0].lastName,
        companyDomain: domain,
      }),
      null,
    );
  });

  it('when a company is looked up by alias domain, then the primary company comes back', async () => {
    const acme = await directory.findCompanyByDomain('acme-corp.test');
    assert.deepEqual(acme, FIXTURES.acme);
    assert.equal(acme?.domain, 'acme.test');
    assert.deepEqual(await directory.findCompanyByDomain('globex.test'), FIXTURES.globex);
    const aliased = generated.companies.slice(2).find((c) => c.aliasDomains.length > 0);
    assert.ok(aliased, 'a generated company with an alias');
    assert.deepEqual(await directory.findCompanyByDomain(aliased.aliasDomains[0]), aliased);
  });

  it('when several domains are looked up at once, then each asked domain answers its primary company or null, as one lookup would', async () => {
    const fresh = new SandboxDirectory(stack.orm);
    const aliased = generated.companies.slice(2).find((c) => c.aliasDomains.length > 0)!;
    const found = await fresh.findCompaniesByDomains([
      'ACME-corp.test',
      'globex.test',
      aliased.aliasDomains[0],
      'nobody-here.test',
      'not a domain',
    ]);
    assert.deepEqual([...found.keys()], ['acme-corp.test', 'globex.test', aliased.aliasDomains[0], 'nobody-here.test']);
    assert.deepEqual(found.get('acme-corp.test'), FIXTURES.acme);
    assert.deepEqual(found.get('globex.test'), FIXTURES.globex);
    assert.deepEqual(found.get(aliased.aliasDomains[0]), aliased);
    assert.equal(found.get('nobody-here.test'), null);
    // Answers are kept: the same question again (cached) and one at a time agree.
    assert.deepEqual(
      await fresh.findCompaniesByDomains(['globex.test', 'nobody-here.test']),
      new Map([
        ['globex.test', FIXTURES.globex],
        ['nobody-here.test', null],
      ]),
    );
    assert.deepEqual(await directory.findCompanyByDomain('acme-corp.test'), found.get('acme-corp.test'));
    assert.deepEqual(await fresh.findCompaniesByDomains([]), new Map());
  });

  it('when a generated person is looked up by email, then company and job history match the generator', async () => {
    const sample = generated.people.filter((p) => p.email && p.jobHistory.length > 1).slice(0, 25);
    assert.equal(sample.length, 25);
    for (const record of sample) {
      const person = await directory.findPersonByEmail(record.email ?? '');
      assert.deepEqual(person, expectedPerson(record));
      assert.ok(person?.company, 'has a company');
      assert.equal(person.jobHistory.length, record.jobHistory.length);
    }
  });

  it('when the identifier is unknown or malformed, then the lookup gives null', async () => {
    assert.equal(await directory.findPersonByEmail('nobody@acme.test'), null);
    assert.equal(await directory.findPersonByEmail('not an email'), null);
    assert.equal(await directory.findPersonByLinkedinUrl('https://www.linkedin.com/in/nobody-here-000000'), null);
    assert.equal(await directory.findPersonByLinkedinUrl('https://example.com/in/ada-lovelace-test'), null);
    assert.equal(await directory.findCompanyByDomain('no-such-company.test'), null);
    assert.equal(await directory.findCompanyByDomain('not a domain'), null);
    assert.equal(
      await directory.findPersonByName({ firstName: 'Nobody', lastName: 'Here', companyDomain: 'acme.test' }),
      null,
    );
    assert.equal(
      await directory.findPersonByName({
        firstName: 'Ada',
        lastName: 'Lovelace',
        companyDomain: 'no-such-company.test',
      }),
      null,
    );
  });

  it('when the directory is ensured again at the same size, then nothing is reloaded', async () => {
    const em = stack.orm.em.fork();
    const snapshot = async () => ({
      meta: await em.execute('select "key", "value" from "directory_meta" order by "key"'),
      counts: await em.execute(
        'select (select count(*)::int from "directory_companies") as companies, (select count(*)::int from "directory_company_domains") as domains, (select count(*)::int from "directory_people") as people',
      ),
    });
    const before = await snapshot();
    const result = await ensureDirectoryLoaded(stack.orm, {
      companies: stack.config.directoryCompanies,
      people: stack.config.directoryPeople,
    });
    assert.equal(result.loaded, false);
    assert.ok(result.durationMs < 1000, `took ${result.durationMs} ms`);
    assert.deepEqual(await snapshot(), before);
    assert.deepEqual(before.counts, [
      {
        companies: generated.companies.length,
        domains: generated.companies.reduce((n, c) => n + 1 + c.aliasDomains.length, 0),
        people: generated.people.length,
      },
    ]);
    assert.ok(before.meta.some((row) => row.key === 'loaded_at'));
  });
});
