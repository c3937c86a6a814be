// Subject resolution of ingested events (the rules of docs/api/events.md, 'Event resolution') on the
// real stack: the drain's batch (domain/events/resolution.service.ts, the workflow's activity) run
// against the real database, sandbox directory and sandbox CRM, scoped to each test's organization.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { resolveEventBatch } from '../../../domain/events/resolution.service.ts';
import { suppressionHash } from '../../../domain/people/suppression-hash.ts';
import { createProviders } from '../../../providers/index.ts';
import { FIXTURES } from '../../../providers/directory/generate.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { eventRow, eventRows, insertEvent, insertEvents, resolvedEventsOf } from '../../helpers/ingested-events.ts';
import { insertAccount, insertContact } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('event resolution (subject matching rules)', function () {
  this.timeout(120_000);
  let stack: Stack;
  let org: TestOrg;
  let providers: ReturnType<typeof createProviders>;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    stack = await getStack();
    providers = createProviders({ orm: stack.orm, config: stack.config });
  });
  beforeEach(async () => {
    org = await newOrg(stack);
  });

  const drain = (organizationId = org.organizationId, limit = 500) =>
    resolveEventBatch(stack.orm.em.fork(), providers, { limit, organizationIds: [organizationId] });
  const contactsOf = async (organizationId: string) =>
    (
      await sql<{
        id: string;
        email: string | null;
        linkedin_url: string | null;
        first_name: string | null;
        account_id: string | null;
      }>`
    SELECT id, email, linkedin_url, first_name, account_id FROM contacts WHERE organization_id = ${organizationId} ORDER BY created_at`.execute(
        db(),
      )
    ).rows;
  const accountDomain = async (id: string | null) =>
    id
      ? (await sql<{ domain: string }>`SELECT domain FROM accounts WHERE id = ${id}`.execute(db())).rows[0]?.domain
      : null;
  /** A generated directory person (not a fixture), by offset. */
  const directoryPerson = async (offset: number) =>
    (
      await sql<{ email: string; linkedin_url: string; first_name: string; domain: string }>`
    SELECT p.email, p.linkedin_url, p.first_name, c.domain FROM directory_people p JOIN directory_companies c ON c.id = p.company_id
     WHERE p.email IS NOT NULL AND p.linkedin_url IS NOT NULL ORDER BY p.id OFFSET ${offset} LIMIT 1`.execute(db())
    ).rows[0];

  it('when the email is a workspace contact, then the event resolves to it and its employer, with one event.resolved in the same commit', async () => {
    const accountId = await insertAccount(stack, org.organizationId, 'Known Co', 'known-co.test');
    const contactId = await insertContact(stack, org.organizationId, {
      email: 'known@known-co.test',
      firstName: 'Known',
      accountId,
    });
    const id = await insertEvent(stack, org.organizationId, {
      eventName: 'demo.requested',
      subject: { email: ' Known@Known-Co.test ' },
      externalEventId: 'ext-1',
    });
    const result = await drain();
    assert.deepEqual([result.claimed, result.resolved, result.unresolved, result.contactsCreated], [1, 1, 0, 0]);
    const row = await eventRow(stack, id);
    assert.deepEqual([row.resolution_status, row.contact_id, row.account_id], ['RESOLVED', contactId, accountId]);
    assert.ok(row.resolved_at);
    const [emitted, ...more] = await resolvedEventsOf(stack, id);
    assert.equal(more.length, 0);
    assert.deepEqual(
      [
        emitted.type,
        emitted.organization_id,
        emitted.contact_id,
        emitted.event_id,
        emitted.event_name,
        emitted.resolution_status,
        emitted.account_id,
        emitted.external_event_id,
      ],
      ['event.resolved', org.organizationId, contactId, id, 'demo.requested', 'RESOLVED', accountId, 'ext-1'],
    );
    assert.equal((emitted.contact as { email: string }).email, 'known@known-co.test');
    assert.equal('sequence_id' in emitted, false, 'a resource event has no sequence fields');
  });

  it('when the email is a directory person not in the workspace, then the contact and its account are created in this organization only', async () => {
    const other = await newOrg(stack);
    const theirs = await insertContact(stack, other.organizationId, { email: FIXTURES.ada.email });
    const id = await insertEvent(stack, org.organizationId, { subject: { email: FIXTURES.ada.email! } });
    const result = await drain();
    assert.deepEqual([result.resolved, result.contactsCreated, result.accountsCreated], [1, 1, 1]);
    const row = await eventRow(stack, id);
    const [created] = await contactsOf(org.organizationId);
    assert.notEqual(row.contact_id, theirs, "never another organization's contact");
    assert.deepEqual(
      [row.contact_id, created.email, created.linkedin_url, created.first_name],
      [created.id, FIXTURES.ada.email, FIXTURES.ada.linkedinUrl, 'Ada'],
    );
    assert.equal(await accountDomain(row.account_id), 'acme.test');
    assert.equal(created.account_id, row.account_id);
    assert.equal((await contactsOf(other.organizationId)).length, 1, 'the other organization is untouched');
  });

  it('when the email matches nothing but the LinkedIn URL is a workspace contact, then the LinkedIn URL decides', async () => {
    const contactId = await insertContact(stack, org.organizationId, {
      linkedinUrl: 'https://www.linkedin.com/in/only-linkedin-test',
    });
    const id = await insertEvent(stack, org.organizationId, {
      subject: { email: 'nobody@nowhere-at-all.test', linkedin_url: 'linkedin.com/in/Only-LinkedIn-Test/' },
    });
    await drain();
    const row = await eventRow(stack, id);
    assert.deepEqual([row.resolution_status, row.contact_id, row.account_id], ['RESOLVED', contactId, null]);
  });

  it('when the email and the LinkedIn URL name two contacts, then the email wins (rule 1 order)', async () => {
    const byEmail = await insertContact(stack, org.organizationId, { email: 'first@order.test' });
    await insertContact(stack, org.organizationId, { linkedinUrl: 'https://www.linkedin.com/in/second-order-test' });
    const id = await insertEvent(stack, org.organizationId, {
      subject: { email: 'first@order.test', linkedin_url: 'https://www.linkedin.com/in/second-order-test' },
    });
    await drain();
    assert.equal((await eventRow(stack, id)).contact_id, byEmail);
  });

  it('when only the LinkedIn URL of a directory person is sent, then the person is created from the directory', async () => {
    const person = await directoryPerson(7);
    const id = await insertEvent(stack, org.organizationId, { subject: { linkedin_url: person.linkedin_url } });
    await drain();
    const row = await eventRow(stack, id);
    const [created] = await contactsOf(org.organizationId);
    assert.deepEqual(
      [row.resolution_status, created.email, created.first_name],
      ['RESOLVED', person.email, person.first_name],
    );
    assert.equal(await accountDomain(row.account_id), person.domain);
  });

  it('when only external_contact_id is sent, then the CRM record names the person, and the link made resolves the next event without the CRM', async () => {
    const first = await insertEvent(stack, org.organizationId, {
      subject: { external_contact_id: 'crm-contact-grace' },
    });
    await drain();
    const row = await eventRow(stack, first);
    const [created] = await contactsOf(org.organizationId);
    assert.deepEqual(
      [row.resolution_status, row.contact_id, created.email],
      ['RESOLVED', created.id, FIXTURES.grace.email],
    );
    assert.equal(await accountDomain(row.account_id), 'globex.test');
    const link = await sql<{
      local_id: string;
    }>`SELECT local_id FROM crm_links WHERE organization_id = ${org.organizationId} AND object_type = 'contact' AND external_id = 'crm-contact-grace'`.execute(
      db(),
    );
    assert.equal(link.rows[0]?.local_id, created.id);
    // Her email changes in the workspace: the link still finds her.
    await sql`UPDATE contacts SET email = 'grace.new@globex.test' WHERE id = ${created.id}`.execute(db());
    const second = await insertEvent(stack, org.organizationId, {
      subject: { external_contact_id: 'crm-contact-grace' },
    });
    await drain();
    assert.equal((await eventRow(stack, second)).contact_id, created.id);
    assert.equal((await contactsOf(org.organizationId)).length, 1);
  });

  it('when an unknown external_contact_id is sent, then the event is UNRESOLVED', async () => {
    const id = await insertEvent(stack, org.organizationId, { subject: { external_contact_id: 'crm-contact-nobody' } });
    await drain();
    assert.equal((await eventRow(stack, id)).resolution_status, 'UNRESOLVED');
  });

  it('when only company_domain is sent (an alias), then the account of the primary domain is created and the event resolves without a contact', async () => {
    const id = await insertEvent(stack, org.organizationId, {
      subject: { company_domain: 'https://www.Acme-Corp.test/pricing' },
    });
    const result = await drain();
    const row = await eventRow(stack, id);
    assert.deepEqual([row.resolution_status, row.contact_id, result.accountsCreated], ['RESOLVED', null, 1]);
    assert.equal(await accountDomain(row.account_id), 'acme.test');
    const [emitted] = await resolvedEventsOf(stack, id);
    assert.deepEqual([emitted.contact_id, emitted.account_id, 'contact' in emitted], [null, row.account_id, false]);
  });

  it('when company_domain is known only to the workspace, then it matches; unknown everywhere, then external_company_id is tried next', async () => {
    const accountId = await insertAccount(stack, org.organizationId, 'Own', 'own-only.test');
    const [own, viaCrm] = await insertEvents(stack, org.organizationId, [
      { subject: { company_domain: 'own-only.test' } },
      { subject: { company_domain: 'unknown-anywhere.test', external_company_id: 'crm-company-globex' } },
    ]);
    await drain();
    assert.equal((await eventRow(stack, own)).account_id, accountId);
    const row = await eventRow(stack, viaCrm);
    assert.equal(await accountDomain(row.account_id), 'globex.test');
    const { rows } =
      await sql`SELECT 1 FROM accounts WHERE organization_id = ${org.organizationId} AND domain = 'unknown-anywhere.test'`.execute(
        db(),
      );
    assert.equal(rows.length, 0, 'an unknown domain creates nothing');
  });

  it("when the contact is resolved but no company identifier is sent, then the account is the contact's employer; a company identifier wins over it", async () => {
    const employer = await insertAccount(stack, org.organizationId, 'Employer', 'employer.test');
    await insertContact(stack, org.organizationId, { email: 'worker@employer.test', accountId: employer });
    const [plain, withCompany] = await insertEvents(stack, org.organizationId, [
      { subject: { email: 'worker@employer.test' } },
      { subject: { email: 'worker@employer.test', external_company_id: 'crm-company-acme' } },
    ]);
    await drain();
    assert.equal((await eventRow(stack, plain)).account_id, employer);
    assert.equal(await accountDomain((await eventRow(stack, withCompany)).account_id), 'acme.test');
  });

  it('when nothing matches, then UNRESOLVED is final: the person added later does not re-resolve it', async () => {
    const id = await insertEvent(stack, org.organizationId, {
      subject: { email: 'ghost@nowhere-at-all.test', company_domain: 'nowhere-at-all.test' },
    });
    await drain();
    const before = await eventRow(stack, id);
    assert.deepEqual([before.resolution_status, before.contact_id, before.account_id], ['UNRESOLVED', null, null]);
    assert.equal((await resolvedEventsOf(stack, id))[0].resolution_status, 'UNRESOLVED');
    await insertContact(stack, org.organizationId, { email: 'ghost@nowhere-at-all.test' });
    assert.equal((await drain()).claimed, 0);
    const after = await eventRow(stack, id);
    assert.deepEqual(
      [after.resolution_status, after.contact_id, String(after.resolved_at)],
      ['UNRESOLVED', null, String(before.resolved_at)],
    );
    assert.equal((await resolvedEventsOf(stack, id)).length, 1);
  });

  it('when the person was erased at a privacy request, then resolution does not create them again', async () => {
    await sql`INSERT INTO suppressions (organization_id, kind, value_hash, created_at) VALUES (${org.organizationId}, 'EMAIL', ${suppressionHash(org.organizationId, FIXTURES.grace.email!)}, now())`.execute(
      db(),
    );
    const id = await insertEvent(stack, org.organizationId, { subject: { email: FIXTURES.grace.email! } });
    await drain();
    assert.equal((await eventRow(stack, id)).resolution_status, 'UNRESOLVED');
    assert.equal((await contactsOf(org.organizationId)).length, 0);
  });

  it('when the same new person is in many events of a batch, then one contact is created for all of them', async () => {
    const person = await directoryPerson(11);
    const ids = await insertEvents(stack, org.organizationId, [
      { subject: { email: person.email } },
      { subject: { linkedin_url: person.linkedin_url } },
      { subject: { email: person.email.toUpperCase() } },
    ]);
    const result = await drain();
    assert.equal(result.contactsCreated, 1);
    const rows = await eventRows(stack, ids);
    assert.equal(new Set(rows.map((r) => r.contact_id)).size, 1);
    assert.ok(rows[0].contact_id);
  });

  it('when two drains run at once, then each event is claimed by one of them and resolved once (FOR UPDATE SKIP LOCKED)', async () => {
    const people = await Promise.all([0, 1, 2, 3, 4].map((i) => directoryPerson(100 + i)));
    const specs = Array.from({ length: 60 }, (_, i) => ({
      subject:
        i % 3 === 0 ? { email: people[i % 5].email } : { email: `unknown-${i}-${randomUUID()}@nowhere-at-all.test` },
    }));
    const ids = await insertEvents(stack, org.organizationId, specs);
    const results = await Promise.all([
      drain(org.organizationId, 10),
      drain(org.organizationId, 10),
      drain(org.organizationId, 10),
      drain(org.organizationId, 10),
    ]);
    let claimed = results.reduce((n, r) => n + r.claimed, 0);
    while (claimed < ids.length) {
      const more = await drain(org.organizationId, 25);
      assert.ok(more.claimed > 0, 'events left behind');
      claimed += more.claimed;
    }
    assert.equal(claimed, ids.length);
    const rows = await eventRows(stack, ids);
    assert.ok(rows.every((r) => r.resolution_status !== 'PENDING'));
    const { rows: emitted } = await sql<{ event_id: string; n: string }>`
      SELECT payload ->> 'event_id' AS event_id, count(*) AS n FROM activities WHERE organization_id = ${org.organizationId} AND type = 'event.resolved' GROUP BY 1`.execute(
      db(),
    );
    assert.equal(emitted.length, ids.length);
    assert.ok(
      emitted.every((e) => Number(e.n) === 1),
      'one event.resolved per event',
    );
    assert.equal((await contactsOf(org.organizationId)).length, 5, 'each person created once');
  });

  it('when the batch is smaller than the queue, then the oldest received events go first', async () => {
    const t = Date.now();
    const [newer, older] = await insertEvents(stack, org.organizationId, [
      { subject: { email: 'x@nowhere-at-all.test' }, receivedAt: new Date(t) },
      { subject: { email: 'y@nowhere-at-all.test' }, receivedAt: new Date(t - 60_000) },
    ]);
    assert.equal((await drain(org.organizationId, 1)).claimed, 1);
    assert.deepEqual(
      (await eventRows(stack, [older, newer])).map((r) => r.resolution_status),
      ['UNRESOLVED', 'PENDING'],
    );
  });
});
