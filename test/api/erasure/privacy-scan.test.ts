// Proof of erasure (issue 36, line 2): one person stored through every path that can store them
// (test/helpers/person-seeding.ts), the privacy scan finds them in the service's tables; after
// POST /v1/contacts/{id}/erase the scan (domain and `admin privacy-scan`) finds nothing but the
// outside systems' own copies, and the suppression hash keeps them out.
import assert from 'node:assert/strict';
import { privacyScan, type ScanReport } from '../../../domain/erasure/privacy-scan.ts';
import { adminCli } from '../../helpers/admin-cli.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { seedPerson, type SeededPerson } from '../../helpers/person-seeding.ts';
import { eventually } from '../../helpers/poll.ts';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver.ts';

describe('privacy scan: proof of erasure', function () {
  this.timeout(180_000);
  const s = apiSuiteFixture({ org: 'Erasure Proof' });
  let receiver: Receiver;
  let person: SeededPerson;
  const scan = () =>
    privacyScan(s.stack.orm.em.fork(), s.stack.config.webhookSecretKey, {
      organizationId: s.org.organizationId,
      email: person.email,
      name: person.name,
      linkedinUrl: person.linkedinUrl,
      phone: person.phone,
    });
  const tablesOf = (report: ScanReport) => new Set(report.hits.map((h) => h.table));

  before(async () => {
    receiver = await startReceiver(200);
    person = await seedPerson(s.stack, s.api, s.org, receiver);
  });

  after(async () => {
    await receiver.close();
  });

  it('when the person was stored through every path, then the scan finds them in each of those tables', async () => {
    const report = await scan();
    assert.ok(report.columns_scanned > 100, `${report.columns_scanned} columns`);
    const tables = tablesOf(report);
    for (const table of [
      'contacts',
      'contact_entries',
      'contact_exclusions',
      'ingested_events',
      'signal_imports',
      'activities',
      'messages',
      'mailbox_inbox_messages',
      'outbound_effects',
      'idempotency_keys',
      'crm_records',
    ])
      assert.ok(tables.has(table), `${table} not found among ${[...tables].join(', ')}`);
    assert.ok(
      report.hits.some((h) => h.table === 'contacts' && h.identifier === 'phone'),
      'the phone is searched',
    );
    assert.equal(report.suppressed, false);
  });

  it('when the person is erased, then no column of the service holds their email, name, LinkedIn URL or phone; only the suppression hash stays', async () => {
    const answer = await s.api.post(`/v1/contacts/${person.contactId}/erase`, { key: s.org.apiKey });
    assert.equal(answer.status, 202, answer.text);
    const done = await eventually(async () => {
      const job = (await s.api.get(`/v1/erasure-jobs/${answer.body.id}`, { key: s.org.apiKey })).body;
      return job.status === 'SUCCEEDED' || job.status === 'FAILED' ? job : null;
    }, 60_000);
    assert.equal(done?.status, 'SUCCEEDED', JSON.stringify(done));

    const report = await scan();
    assert.deepEqual(
      report.hits.filter((h) => h.outside_system === null),
      [],
      "the service's tables hold nothing of the person",
    );
    assert.equal(report.service_hits, 0);
    assert.equal(tablesOf(report).has('crm_records'), false, "the CRM's record was deleted through the CRM");
    assert.equal(report.suppressed, true);

    // The webhook receiver was told, with nothing of the person but the contact's id.
    const erased = await receiver.waitFor((body) => body.type === 'contact.erased', 30_000);
    for (const value of [person.email, person.linkedinUrl, person.phone, 'Quillfeather'])
      assert.equal(erased.body.includes(value), false, `contact.erased carries ${value}`);

    // The operator's command says the same.
    const cli = adminCli(s.stack).json(
      'privacy-scan',
      '--org',
      s.org.organizationId,
      '--email',
      person.email,
      '--name',
      person.name,
      '--linkedin',
      person.linkedinUrl,
      '--phone',
      person.phone,
    );
    assert.equal(cli.service_hits, 0);
    assert.equal(cli.suppressed, true);
  });
});
