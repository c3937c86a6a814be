// A check of a custom-event signal: a poll of the organization's resolved events instead of the
// signal-data provider; duplicates, the watermark, and enrollments after a cut-off poll.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { TestOrg } from '../../../helpers/fixtures.ts';
import { insertContact, insertTemplate } from '../../../helpers/sequence-fixtures.ts';
import { insertEvents } from '../../../helpers/ingested-events.ts';
import { insertSignal } from '../../../helpers/signal-fixtures.ts';
import type { Stack } from '../../../helpers/stack.ts';
import { DAY, names, signalCheckFixture } from './fixtures.ts';

describe('checkSignal (provider-backed signals, one check)', function () {
  this.timeout(120_000);
  const fx = signalCheckFixture();
  const { db, check, scripted, workflowStarts, diesOnce, importsOf, contactEntries, addContactEntry } = fx;
  let stack: Stack;
  let org: TestOrg;
  before(() => ({ stack, org } = fx));

  describe('custom-event polls', () => {
    /** Resolved events of a new event name about these contacts, received a second apart. */
    async function resolvedEvents(eventName: string, contacts: { id: string; email: string }[]): Promise<string[]> {
      const t = Date.now() - DAY;
      const ids = await insertEvents(
        stack,
        org.organizationId,
        contacts.map((c, i) => ({ eventName, subject: { email: c.email }, receivedAt: new Date(t + i * 1000) })),
      );
      for (const [i, id] of ids.entries()) {
        await sql`UPDATE ingested_events SET resolution_status = 'RESOLVED', resolved_at = now(), contact_id = ${contacts[i].id} WHERE id = ${id}`.execute(
          db(),
        );
      }
      return ids;
    }

    it('when a person of the events is on the list already (added another way), then the poll writes SKIPPED_DUPLICATE naming the contact and no second entry, and moves its watermark past every event', async () => {
      const n = names();
      const eventName = `custom.${n.key('dup')}`;
      const people = await Promise.all(
        ['on-list', 'new'].map(async (x) => ({
          id: await insertContact(stack, org.organizationId, { email: n.email(x) }),
          email: n.email(x),
        })),
      );
      const ids = await resolvedEvents(eventName, people);
      const signal = await insertSignal(stack, org.organizationId, { eventName, eventSubject: 'PEOPLE' });
      await addContactEntry(signal.contactListId!, { contactId: people[0].id, email: people[0].email });

      const result = await check(scripted('PEOPLE').deps, signal.id, new Date());

      assert.deepEqual(result, { outcome: 'CHECKED', imported: 1, skipped: 1, read: 2 });
      const rows = await importsOf(signal.id);
      assert.deepEqual(
        rows.map((r) => [r.fact_key, r.status, r.contact_id]).sort(),
        [
          [`email:${people[0].email}`, 'SKIPPED_DUPLICATE', people[0].id],
          [`email:${people[1].email}`, 'IMPORTED', people[1].id],
        ].sort(),
      );
      assert.deepEqual(
        (await contactEntries(signal.contactListId!)).map((e) => e.contact_id).sort(),
        people.map((p) => p.id).sort(),
      );
      const {
        rows: [row],
      } = await sql<{ watermark: { id: string } }>`SELECT watermark FROM signals WHERE id = ${signal.id}`.execute(db());
      assert.equal(row.watermark.id, ids[1]);
    });

    it('when a poll dies after its commit but before its enrollments, then the retried poll (same at) enrolls every person it imported, once', async () => {
      const n = names();
      const eventName = `custom.${n.key('resume')}`;
      const people = await Promise.all(
        ['a', 'b', 'c'].map(async (x) => ({
          id: await insertContact(stack, org.organizationId, { email: n.email(x) }),
          email: n.email(x),
        })),
      );
      await resolvedEvents(eventName, people);
      const template = await insertTemplate(stack, org.organizationId, [{ type: 'CALL', delay_days: 0, body: 'Call' }]);
      const signal = await insertSignal(stack, org.organizationId, {
        eventName,
        eventSubject: 'PEOPLE',
        sequenceTemplateId: template,
      });
      const { workflows, started } = workflowStarts();
      const deps = { ...scripted('PEOPLE').deps, workflows };
      const at = new Date();

      // The worker dies at the first enrollment, after the poll's commit (heartbeats: the poll's write's, then one per enrollment).
      await assert.rejects(check({ ...deps, heartbeat: diesOnce(2) }, signal.id, at), /worker died/);
      assert.equal(
        (await importsOf(signal.id)).length,
        3,
        'the poll committed its rows and watermark before the enrollments',
      );
      const retry = await check(deps, signal.id, at);

      assert.deepEqual(
        retry,
        { outcome: 'CHECKED', imported: 0, skipped: 0, read: 0 },
        'the watermark had moved past the events',
      );
      const { rows: sequences } = await sql<{
        contact_id: string;
      }>`SELECT contact_id FROM sequences WHERE sequence_template_id = ${template}`.execute(db());
      assert.deepEqual(
        sequences.map((q) => q.contact_id).sort(),
        people.map((p) => p.id).sort(),
        'each imported person enrolled once',
      );
      assert.deepEqual([new Set(started).size, started.length], [3, 3]);
    });
  });
});
