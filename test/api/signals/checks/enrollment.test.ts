// A check of a signal with a sequence template: imported people are enriched and enrolled once,
// and a retry enrolls what a cut-off attempt imported.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { checkSignal } from '../../../../domain/signals/checks.service.ts';
import { newOrg, type TestOrg } from '../../../helpers/fixtures.ts';
import { insertTemplate } from '../../../helpers/sequence-fixtures.ts';
import { insertSignal } from '../../../helpers/signal-fixtures.ts';
import type { Stack } from '../../../helpers/stack.ts';
import { DAY, names, personFact, signalCheckFixture } from './fixtures.ts';

describe('checkSignal (provider-backed signals, one check)', function () {
  this.timeout(120_000);
  const fx = signalCheckFixture();
  const { db, newSignal, check, scripted, workflowStarts, diesOnce, importsOf, contactEntries } = fx;
  let stack: Stack;
  let org: TestOrg;
  before(() => ({ stack, org } = fx));

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
    const template = await insertTemplate(stack, own.organizationId, [
      { type: 'CALL', delay_days: 0, body: 'Call {{first_name}}' },
    ]);
    const signal = await insertSignal(stack, own.organizationId, {
      lastCheckedAt: new Date(at.getTime() - DAY),
      maxPerDay: 2,
      enrich: true,
      sequenceTemplateId: template,
    });
    const { workflows, started } = workflowStarts();
    const credits = async () =>
      (
        await sql<{
          c: number;
        }>`SELECT enrichment_credits AS c FROM organizations WHERE id = ${own.organizationId}`.execute(db())
      ).rows[0].c;
    const before = await credits();

    const result = await checkSignal(stack.orm.em.fork(), { ...deps, workflows }, own.organizationId, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 2, skipped: 1, read: 3 });
    const { rows: contacts } = await sql<{
      id: string;
      linkedin_url: string;
      email: string | null;
      phone: string | null;
    }>`
      SELECT id, linkedin_url, email, phone FROM contacts WHERE organization_id = ${own.organizationId} ORDER BY linkedin_url`.execute(
      db(),
    );
    const found = contacts.find((c) => c.linkedin_url === ada)!;
    assert.deepEqual(
      [found.email, found.phone],
      ['ada@acme.test', '+14155550123'],
      'the enrichment filled her email and phone',
    );
    assert.equal(contacts.length, 2, 'no contact for the capped fact');
    assert.equal(before - (await credits()), 1, 'one answer, one credit (no answer for the unknown person)');
    const { rows: sequences } = await sql<{ contact_id: string; status: string }>`
      SELECT contact_id, status FROM sequences WHERE organization_id = ${own.organizationId} AND sequence_template_id = ${template}`.execute(
      db(),
    );
    assert.deepEqual(
      sequences.map((q) => q.contact_id).sort(),
      contacts.map((c) => c.id).sort(),
      'both imported people enrolled',
    );
    assert.ok(sequences.every((q) => q.status === 'ACTIVE'));
    assert.equal(started.length, 2);
  });

  it('when an attempt dies after its page committed but before its enrollments, then the retried check enrolls every person it imported, once', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    provider.script(
      at,
      ['p0', 'p1', 'p2'].map((name) => personFact(n.key(name), acme, { first_name: name, email: n.email(name) })),
    );
    const template = await insertTemplate(stack, org.organizationId, [
      { type: 'CALL', delay_days: 0, body: 'Call {{first_name}}' },
    ]);
    const signal = await newSignal(at, { maxPerDay: 10, sequenceTemplateId: template });
    const { workflows, started } = workflowStarts();

    // The worker dies at the first enrollment, after the page's commit (heartbeats: the page's, its write's, then one per enrollment).
    await assert.rejects(check({ ...deps, workflows, heartbeat: diesOnce(3) }, signal.id, at), /worker died/);
    assert.equal(
      (await importsOf(signal.id)).filter((r) => r.status === 'IMPORTED').length,
      3,
      'the page committed before the enrollments',
    );

    const retry = await check({ ...deps, workflows }, signal.id, at);

    assert.deepEqual(retry, { outcome: 'CHECKED', imported: 0, skipped: 0, read: 3 }, 'no fact looked at twice');
    const { rows: sequences } = await sql<{
      id: string;
      contact_id: string;
      status: string;
      enrollment_run_id: string;
    }>`
      SELECT id, contact_id, status, enrollment_run_id FROM sequences WHERE sequence_template_id = ${template}`.execute(
      db(),
    );
    const entries = await contactEntries(signal.contactListId!);
    assert.equal(sequences.length, 3, 'one sequence per imported person');
    assert.deepEqual(sequences.map((q) => q.contact_id).sort(), entries.map((e) => e.contact_id).sort());
    assert.ok(sequences.every((q) => q.status === 'ACTIVE' && q.enrollment_run_id.startsWith(`signal/${signal.id}/`)));
    assert.deepEqual(new Set(started).size, 3, 'every sequence workflow started after the failure');
    assert.equal(started.length, 3, 'once each');

    // A later retry of the same check changes nothing: enrollment is idempotent per entry.
    await check({ ...deps, workflows }, signal.id, at);
    assert.equal(
      (await sql`SELECT 1 FROM sequences WHERE sequence_template_id = ${template}`.execute(db())).rows.length,
      3,
    );
  });
});
