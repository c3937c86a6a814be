// A check of a PEOPLE signal: which signal_imports row each person fact gets (IMPORTED,
// SKIPPED_DUPLICATE, SKIPPED_EXCLUDED), in provider order, and the CheckResult counts; what an
// import writes (contact, created or the matching workspace contact updated without losing what
// the fact lacks, account, one list entry, one contact_entry.resolved activity) and what a skip
// leaves alone.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { eraseContact } from '../../../../domain/people/contacts.service.ts';
import type { TestOrg } from '../../../helpers/fixtures.ts';
import { insertContact, insertContactExclusion } from '../../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../../helpers/stack.ts';
import { DAY, names, personFact, signalCheckFixture, statuses } from './fixtures.ts';

describe('checkSignal (provider-backed signals, one check)', function () {
  this.timeout(120_000);
  const fx = signalCheckFixture();
  const {
    db,
    newSignal,
    check,
    contactById,
    scripted,
    importsOf,
    contactsWhere,
    accountIdOf,
    contactEntries,
    resolvedActivities,
    importedCount,
    addContactEntry,
    excludeLinkedin,
    excludeEmailUntil,
    excludeDomain,
    setContactFields,
  } = fx;
  let stack: Stack;
  let org: TestOrg;
  before(() => ({ stack, org } = fx));

  it('when a PEOPLE signal reads new person facts, then each is IMPORTED with its contact, its company account, one resolved entry and one contact_entry.resolved activity', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    provider.script(at, [
      personFact(n.key('ada'), acme, {
        first_name: 'Ada',
        last_name: 'Lovelace',
        job_title: 'VP Sales',
        email: n.email('ada'),
        linkedin_url: n.linkedin('ada'),
      }),
      personFact(n.key('grace'), acme, {
        first_name: 'Grace',
        last_name: 'Hopper',
        job_title: 'CTO',
        email: n.email('grace'),
      }),
      personFact(n.key('alan'), acme, {
        first_name: 'Alan',
        last_name: 'Turing',
        job_title: 'Head of Data',
        linkedin_url: n.linkedin('alan'),
      }),
    ]);
    const signal = await newSignal(at, { maxPerDay: 10 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 3, skipped: 0, read: 3 });
    assert.deepEqual(
      provider.searches.map((q) => [q.from.toISOString(), q.to.toISOString(), q.offset]),
      [[new Date(at.getTime() - DAY).toISOString(), at.toISOString(), 0]],
    );
    const rows = await importsOf(signal.id);
    assert.deepEqual(statuses(rows), {
      [n.key('ada')]: 'IMPORTED',
      [n.key('grace')]: 'IMPORTED',
      [n.key('alan')]: 'IMPORTED',
    });
    const accountId = await accountIdOf(acme);
    assert.ok(accountId, 'an account for the company domain');
    const contacts = await Promise.all(rows.map((r) => contactById(r.contact_id!)));
    assert.deepEqual(
      rows.map((r) => [r.kind, r.account_id, r.metadata.check_at]),
      rows.map(() => ['CONTACT', accountId, at.toISOString()]),
    );
    assert.deepEqual(
      contacts.map(({ id: _id, ...c }) => c),
      [
        {
          email: n.email('ada'),
          linkedin_url: n.linkedin('ada'),
          first_name: 'Ada',
          last_name: 'Lovelace',
          job_title: 'VP Sales',
          phone: null,
          account_id: accountId,
        },
        {
          email: n.email('grace'),
          linkedin_url: null,
          first_name: 'Grace',
          last_name: 'Hopper',
          job_title: 'CTO',
          phone: null,
          account_id: accountId,
        },
        {
          email: null,
          linkedin_url: n.linkedin('alan'),
          first_name: 'Alan',
          last_name: 'Turing',
          job_title: 'Head of Data',
          phone: null,
          account_id: accountId,
        },
      ],
    );
    const entries = await contactEntries(signal.contactListId!);
    assert.deepEqual(entries.map((e) => e.contact_id).sort(), rows.map((r) => r.contact_id).sort());
    assert.ok(
      entries.every((e) => e.enrichment_status === 'DONE' && e.resolved_at !== null),
      'entries are resolved and DONE',
    );
    assert.deepEqual(
      await resolvedActivities(entries.map((e) => e.id)),
      Object.fromEntries(entries.map((e) => [e.id, 1])),
    );
    assert.equal(await importedCount(signal.id), 3);
  });

  it("when a fact's person is on the list already (an entry with the email, or an entry whose contact has the LinkedIn URL), then it is SKIPPED_DUPLICATE with no second entry", async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const signal = await newSignal(at, { maxPerDay: 10 });
    const listId = signal.contactListId!;
    await addContactEntry(listId, { email: n.email('byemail') });
    const linked = await insertContact(stack, org.organizationId, {
      email: n.email('linked'),
      linkedinUrl: n.linkedin('linked'),
    });
    await addContactEntry(listId, { contactId: linked });
    const acme = n.domain('acme');
    provider.script(at, [
      personFact(n.key('byemail'), acme, { first_name: 'By', email: n.email('byemail') }),
      personFact(n.key('bylinkedin'), acme, {
        first_name: 'Linked',
        email: n.email('other-address'),
        linkedin_url: n.linkedin('linked'),
      }),
      personFact(n.key('new'), acme, { first_name: 'New', email: n.email('new') }),
    ]);

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 1, skipped: 2, read: 3 });
    assert.deepEqual(statuses(await importsOf(signal.id)), {
      [n.key('byemail')]: 'SKIPPED_DUPLICATE',
      [n.key('bylinkedin')]: 'SKIPPED_DUPLICATE',
      [n.key('new')]: 'IMPORTED',
    });
    const rows = await importsOf(signal.id);
    const byKey = (key: string) => rows.find((r) => r.fact_key === key)!;
    assert.equal(byKey(n.key('bylinkedin')).contact_id, linked, 'a duplicate names the contact on the list');
    assert.equal(byKey(n.key('byemail')).contact_id, null, 'an entry without a contact names none');
    const entries = await contactEntries(listId);
    assert.equal(entries.length, 3, "the two entries there before, and the new person's");
    assert.deepEqual(
      await contactsWhere({ emails: [n.email('byemail'), n.email('other-address')] }),
      [],
      'no contact for a skipped person',
    );
    assert.equal(await importedCount(signal.id), 1);
  });

  it("when a fact's person is excluded (email, LinkedIn URL, company domain, email domain), then it is SKIPPED_EXCLUDED, and an exclusion whose until is past does not exclude", async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    const excludedCompany = n.domain('excluded-co');
    const excludedMail = n.domain('excluded-mail');
    await insertContactExclusion(stack, org.organizationId, n.email('byemail'));
    await excludeLinkedin(n.linkedin('bylinkedin'));
    await excludeDomain(excludedCompany);
    await excludeDomain(excludedMail);
    await excludeEmailUntil(n.email('expired'), new Date(at.getTime() - DAY));
    provider.script(at, [
      personFact(n.key('byemail'), acme, { email: n.email('byemail') }),
      personFact(n.key('bylinkedin'), acme, { linkedin_url: n.linkedin('bylinkedin') }),
      personFact(n.key('bycompany'), excludedCompany, { email: n.email('bycompany') }),
      personFact(n.key('bymaildomain'), acme, { email: `bymaildomain@${excludedMail}` }),
      personFact(n.key('expired'), acme, { email: n.email('expired') }),
    ]);
    const signal = await newSignal(at, { maxPerDay: 10 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 1, skipped: 4, read: 5 });
    assert.deepEqual(statuses(await importsOf(signal.id)), {
      [n.key('byemail')]: 'SKIPPED_EXCLUDED',
      [n.key('bylinkedin')]: 'SKIPPED_EXCLUDED',
      [n.key('bycompany')]: 'SKIPPED_EXCLUDED',
      [n.key('bymaildomain')]: 'SKIPPED_EXCLUDED',
      [n.key('expired')]: 'IMPORTED',
    });
    const entries = await contactEntries(signal.contactListId!);
    const [expired] = await contactsWhere({ emails: [n.email('expired')] });
    assert.deepEqual(
      entries.map((e) => e.contact_id),
      [expired.id],
    );
    const excludedPeople = await contactsWhere({
      emails: [n.email('byemail'), n.email('bycompany'), `bymaildomain@${excludedMail}`],
      linkedins: [n.linkedin('bylinkedin')],
    });
    assert.deepEqual(excludedPeople, [], 'no contact for an excluded person');
  });

  it('when the same person comes twice in one page (two facts, one email), then the first is IMPORTED and the second SKIPPED_DUPLICATE, with one contact and one entry', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    provider.script(at, [
      personFact(n.key('first'), acme, { first_name: 'Ada', job_title: 'VP Sales', email: n.email('ada') }),
      personFact(n.key('second'), acme, { first_name: 'Ada', job_title: 'CRO', email: n.email('ada') }),
    ]);
    const signal = await newSignal(at, { maxPerDay: 10 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 1, skipped: 1, read: 2 });
    assert.deepEqual(statuses(await importsOf(signal.id)), {
      [n.key('first')]: 'IMPORTED',
      [n.key('second')]: 'SKIPPED_DUPLICATE',
    });
    const contacts = await contactsWhere({ emails: [n.email('ada')] });
    assert.equal(contacts.length, 1);
    assert.deepEqual(
      (await contactEntries(signal.contactListId!)).map((e) => e.contact_id),
      [contacts[0].id],
    );
    assert.deepEqual(
      (await importsOf(signal.id)).map((r) => r.contact_id),
      [contacts[0].id, contacts[0].id],
      'the repeat names the contact the first one made',
    );
    assert.equal(await importedCount(signal.id), 1);
  });

  it("when a fact matches a workspace contact not on the list (by email, or by LinkedIn URL with no email), then it is IMPORTED on that contact: the fact's values overwrite, and what the fact lacks (email, phone, names, title) stays", async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    const byEmail = await insertContact(stack, org.organizationId, { email: n.email('ada'), firstName: 'Old' });
    await setContactFields(byEmail, { lastName: 'Lovelace', jobTitle: 'Old title', phone: '+15550000001' });
    const byLinkedin = await insertContact(stack, org.organizationId, {
      email: n.email('bea'),
      linkedinUrl: n.linkedin('bea'),
      firstName: 'Bea',
    });
    await setContactFields(byLinkedin, { lastName: 'Arthur', jobTitle: 'Engineer', phone: '+15550000002' });
    provider.script(at, [
      personFact(n.key('ada'), acme, {
        first_name: 'Ada',
        last_name: null,
        job_title: 'CTO',
        email: n.email('ada'),
        linkedin_url: null,
      }),
      personFact(n.key('bea'), acme, {
        first_name: 'Beatrice',
        last_name: null,
        job_title: null,
        email: null,
        linkedin_url: n.linkedin('bea'),
      }),
    ]);
    const signal = await newSignal(at, { maxPerDay: 10 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 2, skipped: 0, read: 2 });
    const rows = await importsOf(signal.id);
    assert.deepEqual(
      rows.map((r) => [r.fact_key, r.status, r.contact_id]),
      [
        [n.key('ada'), 'IMPORTED', byEmail],
        [n.key('bea'), 'IMPORTED', byLinkedin],
      ],
    );
    assert.equal(
      (await contactsWhere({ emails: [n.email('ada'), n.email('bea')], linkedins: [n.linkedin('bea')] })).length,
      2,
      'no new contact',
    );
    const accountId = await accountIdOf(acme);
    const fields = async (id: string) => {
      const { id: _id, ...c } = await contactById(id);
      return c;
    };
    assert.deepEqual(
      { byEmail: await fields(byEmail), byLinkedin: await fields(byLinkedin) },
      {
        byEmail: {
          email: n.email('ada'),
          linkedin_url: null,
          first_name: 'Ada',
          last_name: 'Lovelace',
          job_title: 'CTO',
          phone: '+15550000001',
          account_id: accountId,
        },
        byLinkedin: {
          email: n.email('bea'),
          linkedin_url: n.linkedin('bea'),
          first_name: 'Beatrice',
          last_name: 'Arthur',
          job_title: 'Engineer',
          phone: '+15550000002',
          account_id: accountId,
        },
      },
    );
    assert.deepEqual(
      (await contactEntries(signal.contactListId!)).map((e) => e.contact_id).sort(),
      [byEmail, byLinkedin].sort(),
    );
  });

  it("when a fact's email belongs to one workspace contact and its LinkedIn URL to another, then it is SKIPPED_DUPLICATE with a reason, neither contact changes and no entry is made", async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const a = await insertContact(stack, org.organizationId, { email: n.email('ada'), firstName: 'Ada' });
    const b = await insertContact(stack, org.organizationId, { linkedinUrl: n.linkedin('bea'), firstName: 'Bea' });
    const snapshot = async () =>
      (await sql`SELECT * FROM contacts WHERE id = ANY (${[a, b]}::uuid[]) ORDER BY id`.execute(db())).rows;
    const before = await snapshot();
    provider.script(at, [
      personFact(n.key('both'), n.domain('acme'), {
        first_name: 'Both',
        job_title: 'CEO',
        email: n.email('ada'),
        linkedin_url: n.linkedin('bea'),
      }),
    ]);
    const signal = await newSignal(at, { maxPerDay: 10 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 0, skipped: 1, read: 1 });
    const [row] = await importsOf(signal.id);
    assert.equal(row.status, 'SKIPPED_DUPLICATE');
    assert.equal(typeof row.metadata.reason, 'string');
    assert.ok((row.metadata.reason as string).length > 0, 'a reason is given');
    assert.deepEqual(await snapshot(), before, 'neither contact changed');
    assert.deepEqual(await contactEntries(signal.contactListId!), []);
    assert.equal(await importedCount(signal.id), 0);
  });

  it('when a fact is about a person erased at a privacy request (by email, or by LinkedIn URL), then it is SKIPPED_EXCLUDED, no contact is re-created and no entry is made', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    for (const c of [{ email: n.email('erased') }, { linkedinUrl: n.linkedin('erased-too') }]) {
      await eraseContact(stack.orm.em.fork(), org.organizationId, await insertContact(stack, org.organizationId, c));
    }
    provider.script(at, [
      personFact(n.key('erased'), n.domain('acme'), { first_name: 'Gone', email: n.email('erased') }),
      personFact(n.key('erased-too'), n.domain('acme'), {
        first_name: 'Gone too',
        linkedin_url: n.linkedin('erased-too'),
      }),
    ]);
    const signal = await newSignal(at, { maxPerDay: 10 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(
      await contactsWhere({ emails: [n.email('erased')], linkedins: [n.linkedin('erased-too')] }),
      [],
      'no contact re-created',
    );
    assert.deepEqual(await contactEntries(signal.contactListId!), []);
    assert.deepEqual(statuses(await importsOf(signal.id)), {
      [n.key('erased')]: 'SKIPPED_EXCLUDED',
      [n.key('erased-too')]: 'SKIPPED_EXCLUDED',
    });
    assert.deepEqual(result, { outcome: 'CHECKED', imported: 0, skipped: 2, read: 2 });
  });
});
