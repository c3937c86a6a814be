// POST /v1/contacts/unenroll on the real stack: running runs end FAILED/UNENROLLED through their
// workflow, FOUND rows directly; the person excluded for at least three months in every case
// (created, extended, or a longer one kept); NOT_FOUND items.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../../workflows/sequence.definitions.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';
import { apiSuite, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { contactExclusionFor } from '../../../domain/exclusions/exclusions.service.ts';
import {
  eventsOf,
  insertContact,
  insertSequence,
  insertTemplate,
  messagesOf,
  sequenceRow,
  until,
} from '../../helpers/sequence-fixtures.ts';

describe('unenroll API', function () {
  this.timeout(60_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  const db = () => stack.orm.em.fork().getKysely();
  const steps = [
    { type: 'EMAIL' as const, delay_days: 0, subject: 'Hi', body: 'Hi' },
    { type: 'EMAIL' as const, delay_days: 3, subject: 'Again', body: 'Again' },
  ];

  before(async () => ({ stack, api, org } = await apiSuite()));

  async function startWorkflow(sequenceId: string): Promise<void> {
    const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
    await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: stack.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
  }

  /** An ACTIVE run whose workflow sent step 1 and waits days for step 2. */
  async function runningSequence(contactId: string, templateId: string): Promise<string> {
    const id = await insertSequence(stack, org.organizationId, { contactId, templateId, senderUserId: org.userId });
    await startWorkflow(id);
    await until(async () => (await messagesOf(stack, id)).length === 1);
    return id;
  }

  async function exclusionsOf(email: string) {
    const { rows } = await sql<{ id: string; reason: string; until: Date | null }>`
      SELECT id, reason, until FROM contact_exclusions WHERE organization_id = ${org.organizationId} AND email = ${email}`.execute(
      db(),
    );
    return rows;
  }

  it('when a contact with a running and a FOUND run is unenrolled, then both end FAILED/UNENROLLED and a 3-month exclusion exists; unknown ids are NOT_FOUND', async () => {
    const email = `u-${randomUUID().slice(0, 8)}@example.com`;
    const contactId = await insertContact(stack, org.organizationId, { email, firstName: 'Ada' });
    const running = await runningSequence(
      contactId,
      await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId }),
    );
    const found = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId: await insertTemplate(stack, org.organizationId, steps),
    });
    await sql`UPDATE sequences SET status = 'FOUND' WHERE id = ${found}`.execute(db());
    const other = await newOrg(stack);
    const foreignContact = await insertContact(stack, other.organizationId, {
      email: `f-${randomUUID().slice(0, 8)}@example.com`,
    });
    const unknown = randomUUID();

    const response = await api.post('/v1/contacts/unenroll', {
      key: org.apiKey,
      body: { contact_ids: [contactId, unknown, foreignContact] },
    });
    assert.equal(response.status, 200, response.text);
    const [item, ...missing] = response.body.items;
    assert.deepEqual(
      [item.contact_id, item.status, [...item.stopped_sequence_ids].sort()],
      [contactId, 'UNENROLLED', [running, found].sort()],
    );
    assert.deepEqual(missing, [
      { contact_id: unknown, status: 'NOT_FOUND', stopped_sequence_ids: [], exclusion_id: null },
      { contact_id: foreignContact, status: 'NOT_FOUND', stopped_sequence_ids: [], exclusion_id: null },
    ]);
    for (const id of [running, found]) {
      const row = await sequenceRow(stack, id);
      assert.deepEqual([row.status, row.stopped_reason, !!row.ended_at], ['FAILED', 'UNENROLLED', true], id);
      const stopped = (await eventsOf(stack, id)).filter((e) => e.type === 'sequence.stopped');
      assert.equal(stopped.length, 1, id);
      assert.deepEqual([stopped[0].payload.status, stopped[0].payload.stopped_reason], ['FAILED', 'UNENROLLED']);
    }
    await stack.temporal.workflow.getHandle(sequenceWorkflowId(running)).result();
    const exclusions = await exclusionsOf(email);
    assert.equal(exclusions.length, 1);
    assert.deepEqual([exclusions[0].id, exclusions[0].reason], [item.exclusion_id, 'CONTACT_REFUSED']);
    const days = (new Date(exclusions[0].until!).getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 88 && days < 93, `until in about three months, got ${days} days`);

    const again = await api.post('/v1/contacts/unenroll', { key: org.apiKey, body: { contact_ids: [contactId] } });
    assert.deepEqual(again.body.items, [
      { contact_id: contactId, status: 'UNENROLLED', stopped_sequence_ids: [], exclusion_id: item.exclusion_id },
    ]);
    assert.equal((await exclusionsOf(email)).length, 1, 'the existing exclusion is kept, not duplicated');
  });

  it('when narrowed to a template, then only its run stops now, and a run of another template ends EXCLUDED at its next step', async () => {
    const email = `n-${randomUUID().slice(0, 8)}@example.com`;
    const contactId = await insertContact(stack, org.organizationId, { email });
    const templateA = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
    const templateB = await insertTemplate(stack, org.organizationId, steps, { senderUserId: org.userId });
    const a = await runningSequence(contactId, templateA);
    const b = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId: templateB,
      senderUserId: org.userId,
    });

    const response = await api.post('/v1/contacts/unenroll', {
      key: org.apiKey,
      body: { contact_ids: [contactId], sequence_template_id: templateA },
    });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.items[0].stopped_sequence_ids, [a]);
    assert.equal((await sequenceRow(stack, a)).status, 'FAILED');
    assert.equal((await sequenceRow(stack, b)).status, 'ACTIVE', 'another template is not stopped now');
    assert.equal((await exclusionsOf(email))[0].reason, 'CONTACT_REFUSED');

    await startWorkflow(b); // its next (first) step meets the exclusion at send time
    await stack.temporal.workflow.getHandle(sequenceWorkflowId(b)).result();
    const row = await sequenceRow(stack, b);
    assert.deepEqual([row.status, row.stopped_reason], ['STOPPED_EARLY', 'EXCLUDED']);
    assert.equal((await messagesOf(stack, b)).length, 0, 'nothing was sent');
  });

  describe('the three months are a guarantee', () => {
    const DAY = 86_400_000;
    /** The contact's exclusion as it stands, and the contact_exclusion.created events of it. */
    async function exclusionState(exclusionId: string) {
      const { rows } = await sql<{
        id: string;
        reason: string;
        message: string | null;
        until: Date | null;
        updated_at: Date;
      }>`
        SELECT id, reason, message, until, updated_at FROM contact_exclusions WHERE id = ${exclusionId}`.execute(db());
      const events = await sql<{ id: string }>`
        SELECT id FROM activities WHERE organization_id = ${org.organizationId} AND type = 'contact_exclusion.created' AND payload ->> 'exclusion_id' = ${exclusionId}`.execute(
        db(),
      );
      return { row: rows[0], created: events.rows.length };
    }
    const threeMonthsAhead = () => {
      const at = new Date();
      at.setUTCMonth(at.getUTCMonth() + 3);
      return at.getTime();
    };

    // [case, the existing exclusion's until (null: permanent; undefined: none), whether unenroll moves it to three months ahead]
    const cases: [string, (() => string | null) | undefined, boolean][] = [
      ['none', undefined, true],
      ['lapsed yesterday', () => new Date(Date.now() - DAY).toISOString(), true],
      ['ending next week', () => new Date(Date.now() + 7 * DAY).toISOString(), true],
      ['ending in a year', () => new Date(Date.now() + 365 * DAY).toISOString(), false],
      ['permanent', () => null, false],
    ];
    for (const [name, existingUntil, extended] of cases) {
      it(`when the person's existing exclusion is ${name}, then after unenroll the contact is excluded until at least three months from now${extended ? '' : ' and the exclusion is not shortened'}`, async () => {
        const email = `g-${randomUUID().slice(0, 8)}@example.com`;
        const linkedinUrl = `https://www.linkedin.com/in/g-${randomUUID().slice(0, 8)}`;
        const contactId = await insertContact(stack, org.organizationId, { email, linkedinUrl });
        let existing: { id: string; until: string | null; updated_at: string } | null = null;
        if (existingUntil) {
          // On the LinkedIn URL only: the person is matched on either identifier.
          const made = await api.post('/v1/contact-exclusions', {
            key: org.apiKey,
            body: {
              linkedin_url: linkedinUrl,
              reason: 'BAD_TIMING',
              message: 'asked us to wait',
              until: existingUntil(),
            },
          });
          assert.equal(made.status, 201, made.text);
          existing = made.body;
        }
        const before = Date.now();
        const response = await api.post('/v1/contacts/unenroll', {
          key: org.apiKey,
          body: { contact_ids: [contactId] },
        });
        assert.equal(response.status, 200, response.text);
        const exclusionId = response.body.items[0].exclusion_id as string;
        const { row, created } = await exclusionState(exclusionId);

        if (existing) {
          assert.equal(exclusionId, existing.id, 'the existing exclusion is answered, not a second one made');
          assert.deepEqual(
            [row.reason, row.message],
            ['BAD_TIMING', 'asked us to wait'],
            'its reason and message stay',
          );
          assert.equal(created, 1, 'no second contact_exclusion.created (an extension is an update)');
        } else {
          assert.equal(row.reason, 'CONTACT_REFUSED');
          assert.equal(created, 1, 'contact_exclusion.created for the new one');
        }
        const { rows: all } =
          await sql`SELECT 1 FROM contact_exclusions WHERE organization_id = ${org.organizationId} AND (email = ${email} OR linkedin_url = ${linkedinUrl})`.execute(
            db(),
          );
        assert.equal(all.length, 1);

        if (extended) {
          const untilMs = new Date(row.until!).getTime();
          assert.ok(
            untilMs >= threeMonthsAhead() - 60_000 && untilMs <= threeMonthsAhead(),
            `until ${row.until} is three months ahead`,
          );
          if (existing)
            assert.ok(new Date(row.updated_at).getTime() >= before - 1_000, 'updated_at records the extension');
        } else {
          assert.equal(
            row.until === null ? null : new Date(row.until).toISOString(),
            existing!.until,
            'a longer or permanent exclusion is kept as it is',
          );
          assert.equal(new Date(row.updated_at).toISOString(), existing!.updated_at, 'and not touched');
        }
        // The contact is excluded three months from now (and a day before that).
        for (const at of [threeMonthsAhead() - 60_000, Date.now() + 89 * DAY]) {
          const verdict = await contactExclusionFor(stack.orm.em.fork(), org.organizationId, contactId, new Date(at));
          assert.equal(verdict.excluded, true, `excluded at ${new Date(at).toISOString()}`);
        }
      });
    }

    it('when an exclusion ending next week is on the email and a permanent one on the LinkedIn URL, then the permanent one answers and nothing changes', async () => {
      const email = `h-${randomUUID().slice(0, 8)}@example.com`;
      const linkedinUrl = `https://www.linkedin.com/in/h-${randomUUID().slice(0, 8)}`;
      const contactId = await insertContact(stack, org.organizationId, { email, linkedinUrl });
      const short = await api.post('/v1/contact-exclusions', {
        key: org.apiKey,
        body: { email, reason: 'OUT_OF_OFFICE', until: new Date(Date.now() + 7 * DAY).toISOString() },
      });
      const permanent = await api.post('/v1/contact-exclusions', {
        key: org.apiKey,
        body: { linkedin_url: linkedinUrl, reason: 'UNSUBSCRIBED' },
      });
      const response = await api.post('/v1/contacts/unenroll', { key: org.apiKey, body: { contact_ids: [contactId] } });
      assert.equal(response.body.items[0].exclusion_id, permanent.body.id);
      assert.equal(new Date((await exclusionState(short.body.id)).row.until!).toISOString(), short.body.until);
    });
  });

  it('when the body is invalid or the template belongs to another organization, then 400 or 404 and nothing changes', async () => {
    const contactId = await insertContact(stack, org.organizationId, {
      email: `v-${randomUUID().slice(0, 8)}@example.com`,
    });
    const post = (body: unknown) => api.post('/v1/contacts/unenroll', { key: org.apiKey, body });
    assert.equal((await post({ contact_ids: [] })).status, 400);
    assert.equal((await post({ contact_ids: [contactId, contactId] })).status, 400);
    assert.equal((await post({ contact_ids: Array.from({ length: 101 }, () => randomUUID()) })).status, 400);
    assert.equal((await post({ contact_ids: ['not-a-uuid'] })).status, 400);
    const other = await newOrg(stack);
    const foreignTemplate = await insertTemplate(stack, other.organizationId, steps);
    const refused = await post({ contact_ids: [contactId], sequence_template_id: foreignTemplate });
    assert.deepEqual([refused.status, refused.body.type], [404, 'NotFoundIssue']);
    const { rows } =
      await sql`SELECT 1 FROM contact_exclusions WHERE organization_id = ${org.organizationId} AND email LIKE 'v-%'`.execute(
        db(),
      );
    assert.equal(rows.length, 0);
  });
});
