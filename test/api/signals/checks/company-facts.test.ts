// A check of company facts: COMPANIES signals import accounts; COMPANY-scope signals importing
// PEOPLE look up each company's people, within the companies-per-run and per-company caps.
import assert from 'node:assert/strict';
import type { TestOrg } from '../../../helpers/fixtures.ts';
import { insertAccount } from '../../../helpers/sequence-fixtures.ts';
import type { ImportRow } from '../../../helpers/signal-fixtures.ts';
import type { Stack } from '../../../helpers/stack.ts';
import { companyFact, HOUR, names, person, signalCheckFixture, statuses } from './fixtures.ts';

describe('checkSignal (provider-backed signals, one check)', function () {
  this.timeout(120_000);
  const fx = signalCheckFixture();
  const {
    newSignal,
    check,
    sameRows,
    scripted,
    importsOf,
    contactsWhere,
    accountIdOf,
    contactEntries,
    accountEntries,
    importedCount,
    addAccountEntry,
    excludeDomain,
  } = fx;
  let stack: Stack;
  let org: TestOrg;
  before(() => ({ stack, org } = fx));

  it('when a COMPANIES signal reads company facts, then new domains get an account, existing accounts are reused, list duplicates, excluded domains, repeats and the cap are skipped, and a check an hour later imports nothing', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('COMPANY');
    const d = (name: string) => n.domain(name);
    const signal = await newSignal(at, { importTarget: 'COMPANIES', maxPerDay: 3 });
    const listId = signal.accountListId!;
    const existing = await insertAccount(stack, org.organizationId, 'Existing Co', d('existing'));
    const listed = await insertAccount(stack, org.organizationId, 'Listed Co', d('listed'));
    await addAccountEntry(listId, listed, d('listed'));
    await excludeDomain(d('excluded'));
    const first = [
      companyFact(n.key('new0'), d('new0')),
      companyFact(n.key('existing'), d('existing')),
      companyFact(n.key('listed'), d('listed')),
      companyFact(n.key('excluded'), d('excluded')),
      companyFact(n.key('new0-again'), d('new0')),
      companyFact(n.key('new1'), d('new1')),
      companyFact(n.key('capped0'), d('capped0')),
      companyFact(n.key('capped1'), d('capped1')),
    ];
    provider.script(at, first);

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 3, skipped: 5, read: 8 });
    const expected = {
      [n.key('new0')]: 'IMPORTED',
      [n.key('existing')]: 'IMPORTED',
      [n.key('listed')]: 'SKIPPED_DUPLICATE',
      [n.key('excluded')]: 'SKIPPED_EXCLUDED',
      [n.key('new0-again')]: 'SKIPPED_DUPLICATE',
      [n.key('new1')]: 'IMPORTED',
      [n.key('capped0')]: 'SKIPPED_CAP',
      [n.key('capped1')]: 'SKIPPED_CAP',
    };
    const rows = await importsOf(signal.id);
    assert.deepEqual(statuses(rows), expected);
    assert.ok(rows.every((r) => r.kind === 'ACCOUNT'));
    const new0 = await accountIdOf(d('new0'));
    const new1 = await accountIdOf(d('new1'));
    assert.ok(new0 && new1, 'an account per new domain');
    assert.deepEqual(
      rows.filter((r) => r.status === 'IMPORTED').map((r) => r.account_id),
      [new0, existing, new1],
    );
    const accountOfRow = (key: string) => rows.find((r) => r.fact_key === n.key(key))!.account_id;
    assert.deepEqual(
      [accountOfRow('listed'), accountOfRow('new0-again')],
      [listed, new0],
      'a duplicate names the account on the list',
    );
    assert.deepEqual(
      (await accountEntries(listId)).map((e) => [e.domain, e.account_id]).sort(),
      [
        [d('listed'), listed],
        [d('new0'), new0],
        [d('existing'), existing],
        [d('new1'), new1],
      ].sort(),
    );
    for (const skipped of ['excluded', 'capped0', 'capped1'])
      assert.equal(await accountIdOf(d(skipped)), null, `no account for ${skipped}`);
    assert.equal(await importedCount(signal.id), 3);

    const later = new Date(at.getTime() + HOUR);
    provider.script(later, [companyFact(n.key('new2'), d('new2')), ...first]);
    const second = await check(deps, signal.id, later);

    assert.equal(second.imported, 0);
    const after = await importsOf(signal.id);
    assert.deepEqual(sameRows(after, rows), rows, 'the rows of facts already looked at are not re-written');
    assert.deepEqual(statuses(after), { ...expected, [n.key('new2')]: 'SKIPPED_CAP' });
    assert.equal((await accountEntries(listId)).length, 4);
    assert.equal(await importedCount(signal.id), 3);
  });

  it('when a COMPANY-scope signal imports PEOPLE (2 companies a run, 2 contacts a company), then peopleAt is asked once per company with the import filters, at most 2 people each are imported, a third company is SKIPPED_CAP as `<key>|person:*`, and a check an hour later looks up no company', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('COMPANY');
    const [a, b, c, later] = ['alpha', 'beta', 'gamma', 'delta'].map((x) => n.domain(x));
    provider.people.set(a, [
      person({ first_name: 'A1', email: n.email('a1', 'alpha'), company_domain: a }),
      person({ first_name: 'A2', linkedin_url: n.linkedin('a2'), company_domain: a }),
      person({ first_name: 'A3', email: n.email('a3', 'alpha'), company_domain: a }),
    ]);
    // The provider answers B1 twice: one row for them, and B2 still fits the company's 2.
    provider.people.set(b, [
      person({ first_name: 'B1', email: n.email('b1', 'beta'), company_domain: b }),
      person({ first_name: 'B1', email: n.email('b1', 'beta'), company_domain: b }),
      person({ first_name: 'B2', email: n.email('b2', 'beta'), company_domain: b }),
    ]);
    provider.people.set(c, [person({ first_name: 'C1', email: n.email('c1', 'gamma'), company_domain: c })]);
    provider.people.set(later, [person({ first_name: 'D1', email: n.email('d1', 'delta'), company_domain: later })]);
    const filters = { seniority_or: ['VP'] };
    const signal = await newSignal(at, {
      importTarget: 'PEOPLE',
      maxCompaniesPerRun: 2,
      maxContactsPerCompany: 2,
      importSearchFilters: filters,
      maxPerDay: 10,
    });
    const first = [
      companyFact(n.key('fa'), a),
      companyFact(n.key('fb'), b),
      companyFact(n.key('fa-again'), a),
      companyFact(n.key('fc'), c),
    ];
    provider.script(at, first);

    const result = await check(deps, signal.id, at);

    assert.deepEqual(provider.peopleCalls, [
      { domain: a, filters, limit: 2 },
      { domain: b, filters, limit: 2 },
    ]);
    assert.deepEqual(result, { outcome: 'CHECKED', imported: 4, skipped: 1, read: 4 });
    const rows = await importsOf(signal.id);
    const expected = {
      [`${n.key('fa')}|person:${n.email('a1', 'alpha')}`]: 'IMPORTED',
      [`${n.key('fa')}|person:${n.linkedin('a2')}`]: 'IMPORTED',
      [`${n.key('fb')}|person:${n.email('b1', 'beta')}`]: 'IMPORTED',
      [`${n.key('fb')}|person:${n.email('b2', 'beta')}`]: 'IMPORTED',
      [`${n.key('fc')}|person:*`]: 'SKIPPED_CAP',
    };
    // The repeated fact about alpha: no second lookup; whether it gets a row of its own is not pinned, but it imports no one.
    const repeated = rows.filter((r) => r.fact_key.startsWith(`${n.key('fa-again')}|`));
    assert.ok(
      repeated.every((r) => r.status !== 'IMPORTED'),
      'the repeated fact imports no one',
    );
    assert.deepEqual(statuses(rows.filter((r) => !repeated.includes(r))), expected);
    const imported = await contactsWhere({
      emails: [n.email('a1', 'alpha'), n.email('b1', 'beta'), n.email('b2', 'beta')],
      linkedins: [n.linkedin('a2')],
    });
    assert.equal(imported.length, 4);
    assert.deepEqual(
      await contactsWhere({ emails: [n.email('a3', 'alpha'), n.email('c1', 'gamma')] }),
      [],
      'no third person at alpha, no one at the capped company',
    );
    assert.deepEqual(
      (await contactEntries(signal.contactListId!)).map((e) => e.contact_id).sort(),
      imported.map((x) => x.id).sort(),
    );

    const oneHourLater = new Date(at.getTime() + HOUR);
    provider.script(oneHourLater, [companyFact(n.key('fd'), later), ...first]);
    const second = await check(deps, signal.id, oneHourLater);

    assert.equal(provider.peopleCalls.length, 2, "no company looked up: the day's 2 are used");
    assert.equal(second.imported, 0);
    const after = await importsOf(signal.id);
    assert.deepEqual(sameRows(after, rows), rows, 'the rows of facts already looked at are not re-written');
    const notRepeated = (r: ImportRow) => !r.fact_key.startsWith(`${n.key('fa-again')}|`);
    assert.deepEqual(
      statuses(after.filter(notRepeated)),
      { ...statuses(rows.filter(notRepeated)), [`${n.key('fd')}|person:*`]: 'SKIPPED_CAP' },
      'one SKIPPED_CAP row for the new company fact, no row for facts already looked at',
    );
    assert.ok(
      after.every((r) => r.status !== 'IMPORTED' || rows.some((x) => x.fact_key === r.fact_key)),
      'nothing imported by the second check',
    );
    assert.deepEqual(await contactsWhere({ emails: [n.email('d1', 'delta')] }), []);
  });
});
