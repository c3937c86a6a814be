// The entries written with the change they record (docs/api/audit-log.md, 'When an entry is
// written'): POST /v1/events stores its event and its entry in one statement, POST /v1/contacts in
// the upsert's transaction, POST /v1/sequences in the enrollment's statement (or its transaction, for
// a run awaiting lead review). Both are stored or neither: an entry that cannot be written refuses
// the change with it, so no committed change is left without its entry.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { typedKysely } from '../../../db/kysely.ts';
import { apiSuite, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { insertContact, insertTemplate } from '../../helpers/sequence-fixtures.ts';
import type { client } from '../../helpers/http.ts';
import type { Stack } from '../../helpers/stack.ts';

describe('audit entries written with their change', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => ({ stack, api, org } = await apiSuite()));

  const db = () => typedKysely(stack.orm.em.fork());
  const entriesOf = async (organizationId: string) =>
    (
      await sql<{
        action: string;
        status: number;
        outcome: string;
        resource_id: string | null;
        fields: string[];
      }>`SELECT action, status, outcome, resource_id, fields FROM audit_log
          WHERE organization_id = ${organizationId} ORDER BY occurred_at, id`.execute(db())
    ).rows;
  const count = async (table: 'ingested_events' | 'contacts' | 'sequences', organizationId: string) =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE organization_id = ${organizationId}`.execute(db())
      ).rows[0].n,
    );
  /** A contact whose address needs no verification and an ACTIVE template (awaiting lead review, or not) of `of`. */
  const enrollable = async (of: TestOrg, leadReview: boolean) => {
    const contactId = await insertContact(stack, of.organizationId, { email: `s-${randomUUID()}@example.com` });
    await db().updateTable('contacts').set({ email_status: 'DELIVERABLE' }).where('id', '=', contactId).execute();
    const templateId = await insertTemplate(stack, of.organizationId, [
      { type: 'EMAIL', delay_days: 3, subject: 'Hi', body: 'Hi' },
    ]);
    await db()
      .updateTable('sequence_templates')
      .set({ requires_lead_review: leadReview })
      .where('id', '=', templateId)
      .execute();
    return { contact_id: contactId, sequence_template_id: templateId };
  };
  /**
   * Makes every audit entry of `organizationId` fail to be written (a trigger standing for any
   * failure of the entry's INSERT); answers the function that lets them through again.
   */
  const refuseEntries = async (organizationId: string) => {
    const fn = `refuse_audit_${randomUUID().replaceAll('-', '_')}`;
    await sql
      .raw(
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit entry refused'; END $$;
         CREATE TRIGGER ${fn} BEFORE INSERT ON audit_log FOR EACH ROW
           WHEN (NEW.organization_id = '${organizationId}') EXECUTE FUNCTION ${fn}();`,
      )
      .execute(db());
    return async () => {
      await sql.raw(`DROP TRIGGER ${fn} ON audit_log; DROP FUNCTION ${fn}();`).execute(db());
    };
  };
  const event = (externalId: string) => ({
    event_name: 'demo_requested',
    occurred_at: new Date().toISOString(),
    external_event_id: externalId,
    subject: { email: `p-${externalId}@example.com` },
  });

  it('when an event is ingested and replayed and a contact is created and updated, then each request has exactly one entry, with its status and the contact id', async () => {
    const first = await api.post('/v1/events', { key: org.apiKey, body: event('e-1') });
    assert.equal(first.status, 202);
    assert.equal((await api.post('/v1/events', { key: org.apiKey, body: event('e-1') })).status, 202);
    const email = `c-${randomUUID()}@example.com`;
    const created = await api.post('/v1/contacts', { key: org.apiKey, body: { email, first_name: 'Ada' } });
    assert.equal(created.status, 201);
    assert.equal(
      (await api.post('/v1/contacts', { key: org.apiKey, body: { email, last_name: 'Lovelace' } })).status,
      201,
    );
    assert.deepEqual(
      (await entriesOf(org.organizationId)).map((e) => [e.action, e.status, e.outcome, e.resource_id, e.fields]),
      [
        ['/v1/events', 202, 'SUCCEEDED', null, ['event_name', 'occurred_at', 'external_event_id', 'subject']],
        ['/v1/events', 202, 'SUCCEEDED', null, ['event_name', 'occurred_at', 'external_event_id', 'subject']],
        ['/v1/contacts', 201, 'SUCCEEDED', created.body.id, ['email', 'first_name']],
        ['/v1/contacts', 201, 'SUCCEEDED', created.body.id, ['email', 'last_name']],
      ],
    );
    assert.equal(await count('ingested_events', org.organizationId), 1, 'the replay stored no second event');
  });

  it('when the entry cannot be written, then the event and the contact are not stored either, and the answer is an error', async () => {
    const refused = await newOrg(stack);
    const allow = await refuseEntries(refused.organizationId);
    try {
      const ingest = await api.post('/v1/events', { key: refused.apiKey, body: event('e-2') });
      assert.equal(ingest.status, 500, ingest.text);
      const upsert = await api.post('/v1/contacts', {
        key: refused.apiKey,
        body: { email: `r-${randomUUID()}@example.com` },
      });
      assert.equal(upsert.status, 500, upsert.text);
      assert.equal(await count('ingested_events', refused.organizationId), 0, 'no event without its entry');
      assert.equal(await count('contacts', refused.organizationId), 0, 'no contact without its entry');
    } finally {
      await allow();
    }
    const accepted = await api.post('/v1/events', { key: refused.apiKey, body: event('e-2') });
    assert.equal(accepted.status, 202, 'the same event is accepted once its entry can be written');
    assert.equal(await count('ingested_events', refused.organizationId), 1);
  });

  it('when contacts are enrolled (ACTIVE, and awaiting lead review), then each run and its entry commit together, and neither when the entry cannot be written', async () => {
    const enrolledOrg = await newOrg(stack);
    const ids: string[] = [];
    for (const leadReview of [false, true]) {
      const enrolled = await api.post('/v1/sequences', {
        key: enrolledOrg.apiKey,
        body: await enrollable(enrolledOrg, leadReview),
      });
      assert.equal(enrolled.status, 201, enrolled.text);
      assert.equal(enrolled.body.status, leadReview ? 'FOUND' : 'ACTIVE');
      ids.push(enrolled.body.id);
    }
    assert.deepEqual(
      (await entriesOf(enrolledOrg.organizationId)).map((e) => [e.action, e.status, e.resource_id, e.fields]),
      ids.map((id) => ['/v1/sequences', 201, id, ['contact_id', 'sequence_template_id']]),
    );

    const refused = await newOrg(stack);
    const bodies = [await enrollable(refused, false), await enrollable(refused, true)];
    const allow = await refuseEntries(refused.organizationId);
    try {
      for (const body of bodies) {
        const enrolled = await api.post('/v1/sequences', { key: refused.apiKey, body });
        assert.equal(enrolled.status, 500, enrolled.text);
      }
      assert.equal(await count('sequences', refused.organizationId), 0, 'no run without its entry');
    } finally {
      await allow();
    }
  });
});
