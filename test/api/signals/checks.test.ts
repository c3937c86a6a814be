// One check of a provider-backed buying signal: checkSignal (domain/signals/checks.service.ts)
// called directly (no workflow) on the stack's database, with the sandbox directory, enrichment and
// verifier, and a scripted signal-data provider (a fixed list of facts per test, paged by
// offset/limit; people per company domain). These tests pin what a check does, whatever the way
// it writes (they were written against the one-candidate-at-a-time check and kept for the
// page-batched one):
// - which signal_imports row each fact gets (IMPORTED, SKIPPED_DUPLICATE, SKIPPED_EXCLUDED,
//   SKIPPED_CAP), in provider order, and the CheckResult counts;
// - what an import writes: contact (created, or the matching workspace contact updated without
//   losing what the fact lacks) and account, one list entry, one contact_entry.resolved activity,
//   signals.imported_count; what a skip leaves alone;
// - the daily cap, the companies-per-run cap, pagination (no page read past the cap) and retries
//   (a fact is looked at once: a second run of the same check writes nothing; overlapping
//   attempts keep the cap; a retry enrolls what a cut-off attempt imported).
// Each test has its own signal, list and random domains, emails and LinkedIn URLs.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Client } from '@temporalio/client';
import { eraseContact } from '../../../domain/people/contacts.service.ts';
import { checkSignal, type CheckResult, type SignalCheckDeps } from '../../../domain/signals/checks.service.ts';
import { createProviders } from '../../../providers/index.ts';
import type { FactCompany, FactPerson, FactQuery, SignalDataProvider, SignalFact } from '../../../providers/signals/index.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { insertAccount, insertContact, insertContactExclusion, insertTemplate } from '../../helpers/sequence-fixtures.ts';
import { insertEvents } from '../../helpers/ingested-events.ts';
import { insertSignal, type ImportRow, type SignalSpec } from '../../helpers/signal-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A signal-data provider answering what the test scripted: `facts` newest first, `people` by company domain; it records its calls. */
class ScriptedSignals implements SignalDataProvider {
  facts: SignalFact[] = [];
  readonly people = new Map<string, FactPerson[]>();
  readonly searches: FactQuery[] = [];
  readonly peopleCalls: { domain: string; filters: Record<string, string[]>; limit: number }[] = [];

  /** The facts the next searches answer, dated one minute apart before `at` (newest first, in the order given). */
  script(at: Date, facts: SignalFact[]): void {
    this.facts = facts.map((f, i) => ({ ...f, occurred_at: new Date(at.getTime() - (i + 1) * MINUTE) }));
  }

  async search(query: FactQuery) {
    this.searches.push(query);
    const offset = query.offset ?? 0;
    return { items: this.facts.slice(offset, offset + query.limit), total: this.facts.length };
  }

  /** Everything scripted for the domain, even past `limit`: the check itself keeps at most max_contacts_per_company. */
  async peopleAt(domain: string, filters: Record<string, string[]>, limit: number): Promise<FactPerson[]> {
    this.peopleCalls.push({ domain, filters, limit });
    return this.people.get(domain) ?? [];
  }
}

/** Unique names for one test: domains, emails, LinkedIn URLs (already canonical) and fact keys. */
function names() {
  const tag = randomUUID().slice(0, 8);
  return {
    domain: (name: string) => `${name}-${tag}.test`,
    email: (name: string, domain = 'mail') => `${name}@${domain}-${tag}.test`,
    linkedin: (name: string) => `https://www.linkedin.com/in/${name}-${tag}`,
    key: (name: string) => `${tag}:${name}`,
  };
}

const company = (domain: string, name = `Company ${domain.split('-')[0]}`): FactCompany => ({ name, domain, industry: null, size_band: null, country_code: null });

const person = (p: Partial<FactPerson>): FactPerson => ({
  first_name: null, last_name: null, job_title: null, linkedin_url: null, email: null, company_domain: null, ...p,
});

/** A PEOPLE-scope fact about a person working at `domain` (occurred_at is set by ScriptedSignals.script). */
const personFact = (key: string, domain: string, p: Partial<FactPerson>): SignalFact => ({
  key, event_type: 'JOB_CHANGE', occurred_at: new Date(0), company: company(domain), person: person({ company_domain: domain, ...p }), metadata: { scripted: key },
});

/** A COMPANY-scope fact about `domain`. */
const companyFact = (key: string, domain: string): SignalFact => ({
  key, event_type: 'FUNDING_ROUND', occurred_at: new Date(0), company: company(domain), person: null, metadata: { round: 'Seed', scripted: key },
});

/** fact_key -> status. */
const statuses = (rows: ImportRow[]) => Object.fromEntries(rows.map((r) => [r.fact_key, r.status]));

describe('checkSignal (provider-backed signals, one check)', function () {
  this.timeout(120_000);
  let stack: Stack;
  let org: TestOrg;
  let base: Omit<SignalCheckDeps, 'signals' | 'scopeOf'>;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    stack = await getStack();
    org = await newOrg(stack);
    const providers = createProviders({ orm: stack.orm, config: stack.config });
    // Signals here have no sequence template unless a test gives one and its own Temporal stand-in.
    const temporal = new Proxy({}, { get: () => { throw new Error('signal-checks tests have no Temporal: a check tried to start a workflow'); } }) as Client;
    base = { directory: providers.directory, enrichment: providers.enrichment, verifier: providers.verifier, workflows: createWorkflowClients(temporal, 'signal-checks') };
  });

  /** A scripted provider and the check's dependencies around it, with every preset of the given scope. */
  function scripted(scope: 'PEOPLE' | 'COMPANY') {
    const provider = new ScriptedSignals();
    const deps: SignalCheckDeps = { ...base, signals: provider, scopeOf: async () => scope };
    return { provider, deps };
  }

  /** A Temporal stand-in that records the workflow ids a check starts; with failFirst, the first start fails (a worker dying mid-check). */
  function workflowStarts(options: { failFirst: boolean }) {
    const started: string[] = [];
    let fail = options.failFirst;
    const temporal = { workflow: { start: async (_type: string, start: { workflowId: string }) => {
      if (fail) {
        fail = false;
        throw new Error('worker died');
      }
      started.push(start.workflowId);
    } } } as unknown as Client;
    return { workflows: createWorkflowClients(temporal, 'signal-checks'), started };
  }

  /** An ACTIVE signal whose window ends at `at` and starts a day before (last_checked_at). */
  const newSignal = (at: Date, spec: SignalSpec = {}) => insertSignal(stack, org.organizationId, { lastCheckedAt: new Date(at.getTime() - DAY), ...spec });

  const check = (deps: SignalCheckDeps, signalId: string, at: Date): Promise<CheckResult> => checkSignal(stack.orm.em.fork(), deps, org.organizationId, signalId, at);

  // --- readers ---------------------------------------------------------------------------------

  /** The signal's feed rows in provider order (newest fact first; the people of one company fact by key), with their ids and times. */
  async function importsOf(signalId: string): Promise<(ImportRow & { id: string; created_at: Date })[]> {
    const { rows } = await sql<ImportRow & { id: string; created_at: Date }>`
      SELECT id, fact_key, status, kind, email, contact_id, account_id, occurred_at, metadata, created_at FROM signal_imports
       WHERE signal_id = ${signalId} ORDER BY occurred_at DESC, fact_key`.execute(db());
    return rows;
  }

  /** The rows of `before` as they are now (a row looked at once stays as written). */
  const sameRows = (after: ImportRow[], before: ImportRow[]) => after.filter((r) => before.some((b) => b.fact_key === r.fact_key));

  interface ContactRow { id: string; email: string | null; linkedin_url: string | null; first_name: string | null; last_name: string | null; job_title: string | null; phone: string | null; account_id: string | null }

  async function contactsWhere(where: { emails?: string[]; linkedins?: string[]; ids?: string[] }): Promise<ContactRow[]> {
    const { rows } = await sql<ContactRow>`
      SELECT id, email, linkedin_url, first_name, last_name, job_title, phone, account_id FROM contacts
       WHERE organization_id = ${org.organizationId}
         AND (email = ANY (${where.emails ?? []}::text[]) OR linkedin_url = ANY (${where.linkedins ?? []}::text[]) OR id = ANY (${where.ids ?? []}::uuid[]))
       ORDER BY created_at, id`.execute(db());
    return rows;
  }

  const contactById = async (id: string) => (await contactsWhere({ ids: [id] }))[0];

  async function accountIdOf(domain: string): Promise<string | null> {
    const { rows } = await sql<{ id: string }>`SELECT id FROM accounts WHERE organization_id = ${org.organizationId} AND domain = ${domain}`.execute(db());
    return rows[0]?.id ?? null;
  }

  interface EntryRow { id: string; contact_id: string | null; email: string | null; enrichment_status: string; resolved_at: Date | null }

  async function contactEntries(listId: string): Promise<EntryRow[]> {
    const { rows } = await sql<EntryRow>`
      SELECT id, contact_id, email, enrichment_status, resolved_at FROM contact_entries WHERE contact_list_id = ${listId} ORDER BY created_at, id`.execute(db());
    return rows;
  }

  async function accountEntries(listId: string): Promise<{ account_id: string | null; domain: string }[]> {
    const { rows } = await sql<{ account_id: string | null; domain: string }>`
      SELECT account_id, domain FROM account_entries WHERE account_list_id = ${listId} ORDER BY created_at, id`.execute(db());
    return rows;
  }

  /** contact_entry.resolved activities per entry id, for the given entries. */
  async function resolvedActivities(entryIds: string[]): Promise<Record<string, number>> {
    const { rows } = await sql<{ entry_id: string; n: string }>`
      SELECT payload->>'contact_entry_id' AS entry_id, count(*) AS n FROM activities
       WHERE organization_id = ${org.organizationId} AND type = 'contact_entry.resolved' AND payload->>'contact_entry_id' = ANY (${entryIds}::text[])
       GROUP BY 1`.execute(db());
    return Object.fromEntries(rows.map((r) => [r.entry_id, Number(r.n)]));
  }

  async function importedCount(signalId: string): Promise<number> {
    const { rows } = await sql<{ imported_count: number }>`SELECT imported_count FROM signals WHERE id = ${signalId}`.execute(db());
    return rows[0].imported_count;
  }

  /** Everything a check can write, counted in the organization (tests run one at a time). */
  async function footprint(signalId: string) {
    const { rows } = await sql<Record<string, string>>`
      SELECT (SELECT count(*) FROM signal_imports WHERE signal_id = ${signalId}) AS imports,
             (SELECT count(*) FROM contact_entries WHERE organization_id = ${org.organizationId}) AS contact_entries,
             (SELECT count(*) FROM account_entries WHERE organization_id = ${org.organizationId}) AS account_entries,
             (SELECT count(*) FROM contacts WHERE organization_id = ${org.organizationId}) AS contacts,
             (SELECT count(*) FROM accounts WHERE organization_id = ${org.organizationId}) AS accounts,
             (SELECT count(*) FROM activities WHERE organization_id = ${org.organizationId}) AS activities,
             (SELECT imported_count FROM signals WHERE id = ${signalId}) AS imported_count`.execute(db());
    return rows[0];
  }

  // --- writers ---------------------------------------------------------------------------------

  async function addContactEntry(listId: string, e: { contactId?: string; email?: string }): Promise<void> {
    await sql`
      INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, email, enrichment_status, resolved_at, created_at, updated_at)
      VALUES (gen_random_uuid(), ${org.organizationId}, ${listId}, ${e.contactId ?? null}, ${e.email ?? null}, 'DONE', now(), now(), now())`.execute(db());
  }

  async function addAccountEntry(listId: string, accountId: string, domain: string): Promise<void> {
    await sql`
      INSERT INTO account_entries (id, organization_id, account_list_id, account_id, name, domain, company, created_at, updated_at)
      VALUES (gen_random_uuid(), ${org.organizationId}, ${listId}, ${accountId}, ${domain}, ${domain}, NULL, now(), now())`.execute(db());
  }

  async function excludeLinkedin(linkedinUrl: string): Promise<void> {
    await sql`INSERT INTO contact_exclusions (id, organization_id, linkedin_url, reason, created_at, updated_at)
              VALUES (gen_random_uuid(), ${org.organizationId}, ${linkedinUrl}, 'CONTACT_REFUSED', now(), now())`.execute(db());
  }

  async function excludeEmailUntil(email: string, until: Date): Promise<void> {
    await sql`INSERT INTO contact_exclusions (id, organization_id, email, reason, until, created_at, updated_at)
              VALUES (gen_random_uuid(), ${org.organizationId}, ${email}, 'BAD_TIMING', ${until}, now(), now())`.execute(db());
  }

  async function excludeDomain(domain: string): Promise<void> {
    await sql`INSERT INTO account_exclusions (id, organization_id, domain, reason, created_at, updated_at)
              VALUES (gen_random_uuid(), ${org.organizationId}, ${domain}, 'COMPETITOR', now(), now())`.execute(db());
  }

  async function setContactFields(id: string, f: { lastName?: string; jobTitle?: string; phone?: string }): Promise<void> {
    await sql`UPDATE contacts SET last_name = ${f.lastName ?? null}, job_title = ${f.jobTitle ?? null}, phone = ${f.phone ?? null} WHERE id = ${id}`.execute(db());
  }

  // --- cases -----------------------------------------------------------------------------------

  it('when a PEOPLE signal reads new person facts, then each is IMPORTED with its contact, its company account, one resolved entry and one contact_entry.resolved activity', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    provider.script(at, [
      personFact(n.key('ada'), acme, { first_name: 'Ada', last_name: 'Lovelace', job_title: 'VP Sales', email: n.email('ada'), linkedin_url: n.linkedin('ada') }),
      personFact(n.key('grace'), acme, { first_name: 'Grace', last_name: 'Hopper', job_title: 'CTO', email: n.email('grace') }),
      personFact(n.key('alan'), acme, { first_name: 'Alan', last_name: 'Turing', job_title: 'Head of Data', linkedin_url: n.linkedin('alan') }),
    ]);
    const signal = await newSignal(at, { maxPerDay: 10 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 3, skipped: 0, read: 3 });
    assert.deepEqual(provider.searches.map((q) => [q.from.toISOString(), q.to.toISOString(), q.offset]), [[new Date(at.getTime() - DAY).toISOString(), at.toISOString(), 0]]);
    const rows = await importsOf(signal.id);
    assert.deepEqual(statuses(rows), { [n.key('ada')]: 'IMPORTED', [n.key('grace')]: 'IMPORTED', [n.key('alan')]: 'IMPORTED' });
    const accountId = await accountIdOf(acme);
    assert.ok(accountId, 'an account for the company domain');
    const contacts = await Promise.all(rows.map((r) => contactById(r.contact_id!)));
    assert.deepEqual(rows.map((r) => [r.kind, r.account_id, r.metadata.check_at]), rows.map(() => ['CONTACT', accountId, at.toISOString()]));
    assert.deepEqual(contacts.map(({ id: _id, ...c }) => c), [
      { email: n.email('ada'), linkedin_url: n.linkedin('ada'), first_name: 'Ada', last_name: 'Lovelace', job_title: 'VP Sales', phone: null, account_id: accountId },
      { email: n.email('grace'), linkedin_url: null, first_name: 'Grace', last_name: 'Hopper', job_title: 'CTO', phone: null, account_id: accountId },
      { email: null, linkedin_url: n.linkedin('alan'), first_name: 'Alan', last_name: 'Turing', job_title: 'Head of Data', phone: null, account_id: accountId },
    ]);
    const entries = await contactEntries(signal.contactListId!);
    assert.deepEqual(entries.map((e) => e.contact_id).sort(), rows.map((r) => r.contact_id).sort());
    assert.ok(entries.every((e) => e.enrichment_status === 'DONE' && e.resolved_at !== null), 'entries are resolved and DONE');
    assert.deepEqual(await resolvedActivities(entries.map((e) => e.id)), Object.fromEntries(entries.map((e) => [e.id, 1])));
    assert.equal(await importedCount(signal.id), 3);
  });

  it('when a fact\'s person is on the list already (an entry with the email, or an entry whose contact has the LinkedIn URL), then it is SKIPPED_DUPLICATE with no second entry', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const signal = await newSignal(at, { maxPerDay: 10 });
    const listId = signal.contactListId!;
    await addContactEntry(listId, { email: n.email('byemail') });
    const linked = await insertContact(stack, org.organizationId, { email: n.email('linked'), linkedinUrl: n.linkedin('linked') });
    await addContactEntry(listId, { contactId: linked });
    const acme = n.domain('acme');
    provider.script(at, [
      personFact(n.key('byemail'), acme, { first_name: 'By', email: n.email('byemail') }),
      personFact(n.key('bylinkedin'), acme, { first_name: 'Linked', email: n.email('other-address'), linkedin_url: n.linkedin('linked') }),
      personFact(n.key('new'), acme, { first_name: 'New', email: n.email('new') }),
    ]);

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 1, skipped: 2, read: 3 });
    assert.deepEqual(statuses(await importsOf(signal.id)), {
      [n.key('byemail')]: 'SKIPPED_DUPLICATE', [n.key('bylinkedin')]: 'SKIPPED_DUPLICATE', [n.key('new')]: 'IMPORTED',
    });
    const rows = await importsOf(signal.id);
    const byKey = (key: string) => rows.find((r) => r.fact_key === key)!;
    assert.equal(byKey(n.key('bylinkedin')).contact_id, linked, 'a duplicate names the contact on the list');
    assert.equal(byKey(n.key('byemail')).contact_id, null, 'an entry without a contact names none');
    const entries = await contactEntries(listId);
    assert.equal(entries.length, 3, 'the two entries there before, and the new person\'s');
    assert.deepEqual(await contactsWhere({ emails: [n.email('byemail'), n.email('other-address')] }), [], 'no contact for a skipped person');
    assert.equal(await importedCount(signal.id), 1);
  });

  it('when a fact\'s person is excluded (email, LinkedIn URL, company domain, email domain), then it is SKIPPED_EXCLUDED, and an exclusion whose until is past does not exclude', async () => {
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
      [n.key('byemail')]: 'SKIPPED_EXCLUDED', [n.key('bylinkedin')]: 'SKIPPED_EXCLUDED', [n.key('bycompany')]: 'SKIPPED_EXCLUDED',
      [n.key('bymaildomain')]: 'SKIPPED_EXCLUDED', [n.key('expired')]: 'IMPORTED',
    });
    const entries = await contactEntries(signal.contactListId!);
    const [expired] = await contactsWhere({ emails: [n.email('expired')] });
    assert.deepEqual(entries.map((e) => e.contact_id), [expired.id]);
    const excludedPeople = await contactsWhere({ emails: [n.email('byemail'), n.email('bycompany'), `bymaildomain@${excludedMail}`], linkedins: [n.linkedin('bylinkedin')] });
    assert.deepEqual(excludedPeople, [], 'no contact for an excluded person');
  });

  it('when max_per_day is 3 and 6 of the facts are eligible, then the first 3 eligible are IMPORTED and the rest SKIPPED_CAP, skips of other kinds keep their status, and a check an hour later imports nothing and leaves the facts looked at alone', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    const signal = await newSignal(at, { maxPerDay: 3 });
    await insertContactExclusion(stack, org.organizationId, n.email('excluded'));
    await addContactEntry(signal.contactListId!, { email: n.email('duplicate') });
    const fact = (name: string) => personFact(n.key(name), acme, { first_name: name, email: n.email(name) });
    const first = ['e0', 'excluded', 'duplicate', 'e1', 'e2', 'e3', 'e4', 'e5'].map(fact);
    provider.script(at, first);

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 3, skipped: 5, read: 8 });
    const expected = {
      [n.key('e0')]: 'IMPORTED', [n.key('excluded')]: 'SKIPPED_EXCLUDED', [n.key('duplicate')]: 'SKIPPED_DUPLICATE', [n.key('e1')]: 'IMPORTED',
      [n.key('e2')]: 'IMPORTED', [n.key('e3')]: 'SKIPPED_CAP', [n.key('e4')]: 'SKIPPED_CAP', [n.key('e5')]: 'SKIPPED_CAP',
    };
    const rows = await importsOf(signal.id);
    assert.deepEqual(statuses(rows), expected);
    assert.equal((await contactEntries(signal.contactListId!)).length, 1 + 3);
    assert.deepEqual(await contactsWhere({ emails: ['e3', 'e4', 'e5'].map((x) => n.email(x)) }), [], 'no contact for a capped fact');

    // An hour later: two new facts, and the provider answers the old ones again.
    const later = new Date(at.getTime() + HOUR);
    provider.script(later, [fact('n0'), fact('n1'), ...first]);
    const second = await check(deps, signal.id, later);

    assert.equal(second.imported, 0);
    const after = await importsOf(signal.id);
    assert.deepEqual(sameRows(after, rows), rows, 'the rows of facts already looked at are not re-written');
    assert.deepEqual(statuses(after), { ...expected, [n.key('n0')]: 'SKIPPED_CAP', [n.key('n1')]: 'SKIPPED_CAP' });
    assert.equal(await importedCount(signal.id), 3);
    assert.equal((await contactEntries(signal.contactListId!)).length, 1 + 3);
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
    assert.deepEqual(statuses(await importsOf(signal.id)), { [n.key('first')]: 'IMPORTED', [n.key('second')]: 'SKIPPED_DUPLICATE' });
    const contacts = await contactsWhere({ emails: [n.email('ada')] });
    assert.equal(contacts.length, 1);
    assert.deepEqual((await contactEntries(signal.contactListId!)).map((e) => e.contact_id), [contacts[0].id]);
    assert.deepEqual((await importsOf(signal.id)).map((r) => r.contact_id), [contacts[0].id, contacts[0].id], 'the repeat names the contact the first one made');
    assert.equal(await importedCount(signal.id), 1);
  });

  it('when a fact matches a workspace contact not on the list (by email, or by LinkedIn URL with no email), then it is IMPORTED on that contact: the fact\'s values overwrite, and what the fact lacks (email, phone, names, title) stays', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    const byEmail = await insertContact(stack, org.organizationId, { email: n.email('ada'), firstName: 'Old' });
    await setContactFields(byEmail, { lastName: 'Lovelace', jobTitle: 'Old title', phone: '+15550000001' });
    const byLinkedin = await insertContact(stack, org.organizationId, { email: n.email('bea'), linkedinUrl: n.linkedin('bea'), firstName: 'Bea' });
    await setContactFields(byLinkedin, { lastName: 'Arthur', jobTitle: 'Engineer', phone: '+15550000002' });
    provider.script(at, [
      personFact(n.key('ada'), acme, { first_name: 'Ada', last_name: null, job_title: 'CTO', email: n.email('ada'), linkedin_url: null }),
      personFact(n.key('bea'), acme, { first_name: 'Beatrice', last_name: null, job_title: null, email: null, linkedin_url: n.linkedin('bea') }),
    ]);
    const signal = await newSignal(at, { maxPerDay: 10 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 2, skipped: 0, read: 2 });
    const rows = await importsOf(signal.id);
    assert.deepEqual(rows.map((r) => [r.fact_key, r.status, r.contact_id]), [[n.key('ada'), 'IMPORTED', byEmail], [n.key('bea'), 'IMPORTED', byLinkedin]]);
    assert.equal((await contactsWhere({ emails: [n.email('ada'), n.email('bea')], linkedins: [n.linkedin('bea')] })).length, 2, 'no new contact');
    const accountId = await accountIdOf(acme);
    const fields = async (id: string) => {
      const { id: _id, ...c } = await contactById(id);
      return c;
    };
    assert.deepEqual({ byEmail: await fields(byEmail), byLinkedin: await fields(byLinkedin) }, {
      byEmail: { email: n.email('ada'), linkedin_url: null, first_name: 'Ada', last_name: 'Lovelace', job_title: 'CTO', phone: '+15550000001', account_id: accountId },
      byLinkedin: { email: n.email('bea'), linkedin_url: n.linkedin('bea'), first_name: 'Beatrice', last_name: 'Arthur', job_title: 'Engineer', phone: '+15550000002', account_id: accountId },
    });
    assert.deepEqual((await contactEntries(signal.contactListId!)).map((e) => e.contact_id).sort(), [byEmail, byLinkedin].sort());
  });

  it('when a fact\'s email belongs to one workspace contact and its LinkedIn URL to another, then it is SKIPPED_DUPLICATE with a reason, neither contact changes and no entry is made', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const a = await insertContact(stack, org.organizationId, { email: n.email('ada'), firstName: 'Ada' });
    const b = await insertContact(stack, org.organizationId, { linkedinUrl: n.linkedin('bea'), firstName: 'Bea' });
    const snapshot = async () => (await sql`SELECT * FROM contacts WHERE id = ANY (${[a, b]}::uuid[]) ORDER BY id`.execute(db())).rows;
    const before = await snapshot();
    provider.script(at, [personFact(n.key('both'), n.domain('acme'), { first_name: 'Both', job_title: 'CEO', email: n.email('ada'), linkedin_url: n.linkedin('bea') })]);
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
      personFact(n.key('erased-too'), n.domain('acme'), { first_name: 'Gone too', linkedin_url: n.linkedin('erased-too') }),
    ]);
    const signal = await newSignal(at, { maxPerDay: 10 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(await contactsWhere({ emails: [n.email('erased')], linkedins: [n.linkedin('erased-too')] }), [], 'no contact re-created');
    assert.deepEqual(await contactEntries(signal.contactListId!), []);
    assert.deepEqual(statuses(await importsOf(signal.id)), { [n.key('erased')]: 'SKIPPED_EXCLUDED', [n.key('erased-too')]: 'SKIPPED_EXCLUDED' });
    assert.deepEqual(result, { outcome: 'CHECKED', imported: 0, skipped: 2, read: 2 });
  });

  it('when the same check runs twice (a retried activity: same window, same at), then the second run writes nothing: no import row, entry, contact or activity, and imported_count is unchanged', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    await insertContactExclusion(stack, org.organizationId, n.email('excluded'));
    provider.script(at, ['p0', 'excluded', 'p1', 'p2', 'p3'].map((name) => personFact(n.key(name), acme, { first_name: name, email: n.email(name) })));
    const signal = await newSignal(at, { maxPerDay: 2 });
    assert.deepEqual(await check(deps, signal.id, at), { outcome: 'CHECKED', imported: 2, skipped: 3, read: 5 });
    const rows = await importsOf(signal.id);
    const before = await footprint(signal.id);
    const contactIds = rows.flatMap((r) => (r.contact_id ? [r.contact_id] : []));
    const contactsBefore = (await sql`SELECT * FROM contacts WHERE id = ANY (${contactIds}::uuid[]) ORDER BY id`.execute(db())).rows;

    await sql`UPDATE signals SET last_checked_at = ${new Date(at.getTime() - DAY)} WHERE id = ${signal.id}`.execute(db());
    const retry = await check(deps, signal.id, at);

    assert.deepEqual(retry, { outcome: 'CHECKED', imported: 0, skipped: 0, read: 5 });
    assert.deepEqual(await footprint(signal.id), before);
    assert.deepEqual((await sql`SELECT * FROM contacts WHERE id = ANY (${contactIds}::uuid[]) ORDER BY id`.execute(db())).rows, contactsBefore, 'the imported contacts are not written again');
    assert.deepEqual(await importsOf(signal.id), rows);
    assert.equal(await importedCount(signal.id), 2);
  });

  it('when two checks of one signal overlap (an activity retried while the first attempt still runs), then the day\'s cap holds across both and nothing is written twice', async () => {
    const n = names();
    const at = new Date();
    const later = new Date(at.getTime() + 60_000);
    const first = scripted('PEOPLE');
    const second = scripted('PEOPLE');
    const acme = n.domain('acme');
    const facts = (prefix: string) => Array.from({ length: 6 }, (_, i) => personFact(n.key(`${prefix}${i}`), acme, { first_name: `${prefix}${i}`, email: n.email(`${prefix}${i}`) }));
    // The two attempts see different facts (their windows end a minute apart), so only the day's count, read under the signal's lock, keeps them under the cap.
    first.provider.script(at, facts('a'));
    second.provider.script(later, facts('b'));
    const signal = await newSignal(at, { maxPerDay: 5 });

    const results = await Promise.all([check(first.deps, signal.id, at), check(second.deps, signal.id, later)]);

    assert.equal(results[0].imported + results[1].imported, 5, 'the day\'s 5, whichever attempt took them');
    const rows = await importsOf(signal.id);
    assert.equal(rows.length, 12);
    assert.equal(rows.filter((r) => r.status === 'IMPORTED').length, 5);
    assert.equal((await contactEntries(signal.contactListId!)).length, 5);
    assert.equal(await importedCount(signal.id), 5);
  });

  it('when a signal enriches and has a template, then an imported person gets the email and phone the enrichment finds (one credit) and is enrolled once; the skipped ones are not', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    // Ada, a directory person, known to the fact by her LinkedIn URL only; a second person the enrichment does not know.
    const ada = 'https://www.linkedin.com/in/ada-lovelace-test';
    const own = await newOrg(stack);
    provider.script(at, [
      personFact(n.key('ada'), 'acme.test', { first_name: 'Ada', last_name: 'Lovelace', linkedin_url: ada }),
      personFact(n.key('unknown'), n.domain('nowhere'), { first_name: 'Nobody', linkedin_url: n.linkedin('nobody') }),
      personFact(n.key('capped'), n.domain('nowhere'), { first_name: 'Capped', email: n.email('capped') }),
    ]);
    const template = await insertTemplate(stack, own.organizationId, [{ type: 'CALL', delay_days: 0, body: 'Call {{first_name}}' }]);
    const signal = await insertSignal(stack, own.organizationId, { lastCheckedAt: new Date(at.getTime() - DAY), maxPerDay: 2, enrich: true, sequenceTemplateId: template });
    const { workflows, started } = workflowStarts({ failFirst: false });
    const credits = async () => (await sql<{ c: number }>`SELECT enrichment_credits AS c FROM organizations WHERE id = ${own.organizationId}`.execute(db())).rows[0].c;
    const before = await credits();

    const result = await checkSignal(stack.orm.em.fork(), { ...deps, workflows }, own.organizationId, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 2, skipped: 1, read: 3 });
    const { rows: contacts } = await sql<{ id: string; linkedin_url: string; email: string | null; phone: string | null }>`
      SELECT id, linkedin_url, email, phone FROM contacts WHERE organization_id = ${own.organizationId} ORDER BY linkedin_url`.execute(db());
    const found = contacts.find((c) => c.linkedin_url === ada)!;
    assert.deepEqual([found.email, found.phone], ['ada@acme.test', '+14155550123'], 'the enrichment filled her email and phone');
    assert.equal(contacts.length, 2, 'no contact for the capped fact');
    assert.equal(before - await credits(), 1, 'one answer, one credit (no answer for the unknown person)');
    const { rows: sequences } = await sql<{ contact_id: string; status: string }>`
      SELECT contact_id, status FROM sequences WHERE organization_id = ${own.organizationId} AND sequence_template_id = ${template}`.execute(db());
    assert.deepEqual(sequences.map((q) => q.contact_id).sort(), contacts.map((c) => c.id).sort(), 'both imported people enrolled');
    assert.ok(sequences.every((q) => q.status === 'ACTIVE'));
    assert.equal(started.length, 2);
  });

  it('when an attempt dies after its page committed but before its enrollments, then the retried check enrolls every person it imported, once', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    provider.script(at, ['p0', 'p1', 'p2'].map((name) => personFact(n.key(name), acme, { first_name: name, email: n.email(name) })));
    const template = await insertTemplate(stack, org.organizationId, [{ type: 'CALL', delay_days: 0, body: 'Call {{first_name}}' }]);
    const signal = await newSignal(at, { maxPerDay: 10, sequenceTemplateId: template });
    // The sequence workflow starts the check asks for: the first one fails, as a dying worker's would.
    const { workflows, started } = workflowStarts({ failFirst: true });

    await assert.rejects(check({ ...deps, workflows }, signal.id, at), /worker died/);
    assert.equal((await importsOf(signal.id)).filter((r) => r.status === 'IMPORTED').length, 3, 'the page committed before the enrollments');

    const retry = await check({ ...deps, workflows }, signal.id, at);

    assert.deepEqual(retry, { outcome: 'CHECKED', imported: 0, skipped: 0, read: 3 }, 'no fact looked at twice');
    const { rows: sequences } = await sql<{ id: string; contact_id: string; status: string; enrollment_run_id: string }>`
      SELECT id, contact_id, status, enrollment_run_id FROM sequences WHERE sequence_template_id = ${template}`.execute(db());
    const entries = await contactEntries(signal.contactListId!);
    assert.equal(sequences.length, 3, 'one sequence per imported person');
    assert.deepEqual(sequences.map((q) => q.contact_id).sort(), entries.map((e) => e.contact_id).sort());
    assert.ok(sequences.every((q) => q.status === 'ACTIVE' && q.enrollment_run_id.startsWith(`signal/${signal.id}/`)));
    assert.deepEqual(new Set(started).size, 3, 'every sequence workflow started once after the failure');

    // A later retry of the same check changes nothing: enrollment is idempotent per entry.
    await check({ ...deps, workflows }, signal.id, at);
    assert.equal((await sql`SELECT 1 FROM sequences WHERE sequence_template_id = ${template}`.execute(db())).rows.length, 3);
  });

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
      companyFact(n.key('new0'), d('new0')), companyFact(n.key('existing'), d('existing')), companyFact(n.key('listed'), d('listed')),
      companyFact(n.key('excluded'), d('excluded')), companyFact(n.key('new0-again'), d('new0')), companyFact(n.key('new1'), d('new1')),
      companyFact(n.key('capped0'), d('capped0')), companyFact(n.key('capped1'), d('capped1')),
    ];
    provider.script(at, first);

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 3, skipped: 5, read: 8 });
    const expected = {
      [n.key('new0')]: 'IMPORTED', [n.key('existing')]: 'IMPORTED', [n.key('listed')]: 'SKIPPED_DUPLICATE', [n.key('excluded')]: 'SKIPPED_EXCLUDED',
      [n.key('new0-again')]: 'SKIPPED_DUPLICATE', [n.key('new1')]: 'IMPORTED', [n.key('capped0')]: 'SKIPPED_CAP', [n.key('capped1')]: 'SKIPPED_CAP',
    };
    const rows = await importsOf(signal.id);
    assert.deepEqual(statuses(rows), expected);
    assert.ok(rows.every((r) => r.kind === 'ACCOUNT'));
    const new0 = await accountIdOf(d('new0'));
    const new1 = await accountIdOf(d('new1'));
    assert.ok(new0 && new1, 'an account per new domain');
    assert.deepEqual(rows.filter((r) => r.status === 'IMPORTED').map((r) => r.account_id), [new0, existing, new1]);
    const accountOfRow = (key: string) => rows.find((r) => r.fact_key === n.key(key))!.account_id;
    assert.deepEqual([accountOfRow('listed'), accountOfRow('new0-again')], [listed, new0], 'a duplicate names the account on the list');
    assert.deepEqual((await accountEntries(listId)).map((e) => [e.domain, e.account_id]).sort(), [
      [d('listed'), listed], [d('new0'), new0], [d('existing'), existing], [d('new1'), new1],
    ].sort());
    for (const skipped of ['excluded', 'capped0', 'capped1']) assert.equal(await accountIdOf(d(skipped)), null, `no account for ${skipped}`);
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
      person({ first_name: 'B1', email: n.email('b1', 'beta'), company_domain: b }), person({ first_name: 'B1', email: n.email('b1', 'beta'), company_domain: b }),
      person({ first_name: 'B2', email: n.email('b2', 'beta'), company_domain: b }),
    ]);
    provider.people.set(c, [person({ first_name: 'C1', email: n.email('c1', 'gamma'), company_domain: c })]);
    provider.people.set(later, [person({ first_name: 'D1', email: n.email('d1', 'delta'), company_domain: later })]);
    const filters = { seniority_or: ['VP'] };
    const signal = await newSignal(at, { importTarget: 'PEOPLE', maxCompaniesPerRun: 2, maxContactsPerCompany: 2, importSearchFilters: filters, maxPerDay: 10 });
    const first = [companyFact(n.key('fa'), a), companyFact(n.key('fb'), b), companyFact(n.key('fa-again'), a), companyFact(n.key('fc'), c)];
    provider.script(at, first);

    const result = await check(deps, signal.id, at);

    assert.deepEqual(provider.peopleCalls, [{ domain: a, filters, limit: 2 }, { domain: b, filters, limit: 2 }]);
    assert.deepEqual(result, { outcome: 'CHECKED', imported: 4, skipped: 1, read: 4 });
    const rows = await importsOf(signal.id);
    const expected = {
      [`${n.key('fa')}|person:${n.email('a1', 'alpha')}`]: 'IMPORTED', [`${n.key('fa')}|person:${n.linkedin('a2')}`]: 'IMPORTED',
      [`${n.key('fb')}|person:${n.email('b1', 'beta')}`]: 'IMPORTED', [`${n.key('fb')}|person:${n.email('b2', 'beta')}`]: 'IMPORTED',
      [`${n.key('fc')}|person:*`]: 'SKIPPED_CAP',
    };
    // The repeated fact about alpha: no second lookup; whether it gets a row of its own is not pinned, but it imports no one.
    const repeated = rows.filter((r) => r.fact_key.startsWith(`${n.key('fa-again')}|`));
    assert.ok(repeated.every((r) => r.status !== 'IMPORTED'), 'the repeated fact imports no one');
    assert.deepEqual(statuses(rows.filter((r) => !repeated.includes(r))), expected);
    const imported = await contactsWhere({ emails: [n.email('a1', 'alpha'), n.email('b1', 'beta'), n.email('b2', 'beta')], linkedins: [n.linkedin('a2')] });
    assert.equal(imported.length, 4);
    assert.deepEqual(await contactsWhere({ emails: [n.email('a3', 'alpha'), n.email('c1', 'gamma')] }), [], 'no third person at alpha, no one at the capped company');
    assert.deepEqual((await contactEntries(signal.contactListId!)).map((e) => e.contact_id).sort(), imported.map((x) => x.id).sort());

    const oneHourLater = new Date(at.getTime() + HOUR);
    provider.script(oneHourLater, [companyFact(n.key('fd'), later), ...first]);
    const second = await check(deps, signal.id, oneHourLater);

    assert.equal(provider.peopleCalls.length, 2, 'no company looked up: the day\'s 2 are used');
    assert.equal(second.imported, 0);
    const after = await importsOf(signal.id);
    assert.deepEqual(sameRows(after, rows), rows, 'the rows of facts already looked at are not re-written');
    const notRepeated = (r: ImportRow) => !r.fact_key.startsWith(`${n.key('fa-again')}|`);
    assert.deepEqual(statuses(after.filter(notRepeated)), { ...statuses(rows.filter(notRepeated)), [`${n.key('fd')}|person:*`]: 'SKIPPED_CAP' },
      'one SKIPPED_CAP row for the new company fact, no row for facts already looked at');
    assert.ok(after.every((r) => r.status !== 'IMPORTED' || rows.some((x) => x.fact_key === r.fact_key)), 'nothing imported by the second check');
    assert.deepEqual(await contactsWhere({ emails: [n.email('d1', 'delta')] }), []);
  });

  it('when 250 eligible facts meet max_per_day 150, then 150 are IMPORTED, the rest of the first 2 pages SKIPPED_CAP, and the third page is never read', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    const keys = Array.from({ length: 250 }, (_, i) => n.key(`p${i}`));
    provider.script(at, keys.map((key, i) => personFact(key, acme, { first_name: `P${i}`, email: n.email(`p${i}`) })));
    const signal = await newSignal(at, { maxPerDay: 150 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(provider.searches.map((q) => [q.offset ?? 0, q.limit]), [[0, 100], [100, 100]]);
    assert.deepEqual(result, { outcome: 'CHECKED', imported: 150, skipped: 50, read: 200 });
    const byKey = statuses(await importsOf(signal.id));
    assert.deepEqual(byKey, Object.fromEntries(keys.slice(0, 200).map((key, i) => [key, i < 150 ? 'IMPORTED' : 'SKIPPED_CAP'])));
    assert.equal(await importedCount(signal.id), 150);
    assert.equal((await contactEntries(signal.contactListId!)).length, 150);
  });
  // --- custom-event polls ------------------------------------------------------------------------

  describe('custom-event polls', () => {
    /** Resolved events of a new event name about these contacts, received a second apart. */
    async function resolvedEvents(eventName: string, contacts: { id: string; email: string }[]): Promise<string[]> {
      const t = Date.now() - DAY;
      const ids = await insertEvents(stack, org.organizationId, contacts.map((c, i) => ({ eventName, subject: { email: c.email }, receivedAt: new Date(t + i * 1000) })));
      for (const [i, id] of ids.entries()) {
        await sql`UPDATE ingested_events SET resolution_status = 'RESOLVED', resolved_at = now(), contact_id = ${contacts[i].id} WHERE id = ${id}`.execute(db());
      }
      return ids;
    }

    it('when a person of the events is on the list already (added another way), then the poll writes SKIPPED_DUPLICATE naming the contact and no second entry, and moves its watermark past every event', async () => {
      const n = names();
      const eventName = `custom.${n.key('dup')}`;
      const people = await Promise.all(['on-list', 'new'].map(async (x) => ({ id: await insertContact(stack, org.organizationId, { email: n.email(x) }), email: n.email(x) })));
      const ids = await resolvedEvents(eventName, people);
      const signal = await insertSignal(stack, org.organizationId, { eventName, eventSubject: 'PEOPLE' });
      await addContactEntry(signal.contactListId!, { contactId: people[0].id, email: people[0].email });

      const result = await check(scripted('PEOPLE').deps, signal.id, new Date());

      assert.deepEqual(result, { outcome: 'CHECKED', imported: 1, skipped: 1, read: 2 });
      const rows = await importsOf(signal.id);
      assert.deepEqual(rows.map((r) => [r.fact_key, r.status, r.contact_id]).sort(), [
        [`email:${people[0].email}`, 'SKIPPED_DUPLICATE', people[0].id], [`email:${people[1].email}`, 'IMPORTED', people[1].id],
      ].sort());
      assert.deepEqual((await contactEntries(signal.contactListId!)).map((e) => e.contact_id).sort(), people.map((p) => p.id).sort());
      const { rows: [row] } = await sql<{ watermark: { id: string } }>`SELECT watermark FROM signals WHERE id = ${signal.id}`.execute(db());
      assert.equal(row.watermark.id, ids[1]);
    });

    it('when a poll dies after its commit but before its enrollments, then the retried poll (same at) enrolls every person it imported, once', async () => {
      const n = names();
      const eventName = `custom.${n.key('resume')}`;
      const people = await Promise.all(['a', 'b', 'c'].map(async (x) => ({ id: await insertContact(stack, org.organizationId, { email: n.email(x) }), email: n.email(x) })));
      await resolvedEvents(eventName, people);
      const template = await insertTemplate(stack, org.organizationId, [{ type: 'CALL', delay_days: 0, body: 'Call' }]);
      const signal = await insertSignal(stack, org.organizationId, { eventName, eventSubject: 'PEOPLE', sequenceTemplateId: template });
      const { workflows, started } = workflowStarts({ failFirst: true });
      const deps = { ...scripted('PEOPLE').deps, workflows };
      const at = new Date();

      await assert.rejects(check(deps, signal.id, at), /worker died/);
      assert.equal((await importsOf(signal.id)).length, 3, 'the poll committed its rows and watermark before the enrollments');
      const retry = await check(deps, signal.id, at);

      assert.deepEqual(retry, { outcome: 'CHECKED', imported: 0, skipped: 0, read: 0 }, 'the watermark had moved past the events');
      const { rows: sequences } = await sql<{ contact_id: string }>`SELECT contact_id FROM sequences WHERE sequence_template_id = ${template}`.execute(db());
      assert.deepEqual(sequences.map((q) => q.contact_id).sort(), people.map((p) => p.id).sort(), 'each imported person enrolled once');
      assert.equal(new Set(started).size, 3);
    });
  });
});
