// The contact_exclusion.created activity a new contact exclusion records.
import assert from 'node:assert/strict';
import { type client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { exclusionsFixture } from './fixtures.ts';

describe('exclusions', () => {
  const fx = exclusionsFixture();
  const { postContact } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('contact_exclusion.created', () => {
    async function activityOf(exclusionId: string) {
      const rows = await stack.orm.em
        .fork()
        .getConnection()
        .execute<{ type: string; contact_id: string | null; payload: Record<string, unknown> }[]>(
          `SELECT type, contact_id, payload FROM activities WHERE organization_id = ? AND payload->>'exclusion_id' = ?`,
          [org.organizationId, exclusionId],
        );
      assert.equal(rows.length, 1, 'one activity per exclusion');
      return rows[0];
    }

    it('when the email belongs to a workspace contact, then the activity carries the fields and the contact summary', async () => {
      const contact = await api.post('/v1/contacts', {
        key: org.apiKey,
        body: {
          email: 'known@event.test',
          first_name: 'Known',
          last_name: 'Person',
          job_title: 'CFO',
          company_domain: 'event.test',
          company_name: 'Event Co',
        },
      });
      const exclusion = await postContact({ email: 'KNOWN@event.test', reason: 'UNSUBSCRIBED' });
      const activity = await activityOf(exclusion.body.id);
      assert.equal(activity.type, 'contact_exclusion.created');
      assert.equal(activity.contact_id, contact.body.id);
      const p = activity.payload;
      assert.equal(p.type, 'contact_exclusion.created');
      assert.equal(p.organization_id, org.organizationId);
      assert.equal(p.contact_id, contact.body.id);
      assert.equal(p.exclusion_id, exclusion.body.id);
      assert.equal(p.email, 'known@event.test');
      assert.equal(p.linkedin_url, null);
      assert.equal(p.reason, 'UNSUBSCRIBED');
      assert.deepEqual(p.contact, {
        id: contact.body.id,
        first_name: 'Known',
        last_name: 'Person',
        email: 'known@event.test',
        linkedin_url: null,
        job_title: 'CFO',
        company_name: 'Event Co',
        company_domain: 'event.test',
      });
      assert.ok(!('sequence_id' in p) && !('sequence_template_id' in p), 'resource events have the slim base');
    });

    it('when only the LinkedIn URL belongs to a contact, then that contact is embedded', async () => {
      const contact = await api.post('/v1/contacts', {
        key: org.apiKey,
        body: { linkedin_url: 'linkedin.com/in/event-linkedin', first_name: 'Lin' },
      });
      const exclusion = await postContact({
        linkedin_url: 'https://www.linkedin.com/in/Event-Linkedin/',
        reason: 'WRONG_PERSON',
      });
      const activity = await activityOf(exclusion.body.id);
      assert.equal(activity.payload.contact_id, contact.body.id);
      assert.equal((activity.payload.contact as { id: string }).id, contact.body.id);
      assert.equal(activity.payload.linkedin_url, 'https://www.linkedin.com/in/event-linkedin');
    });

    it('when no workspace contact has the email, then the activity has contact_id null and no contact', async () => {
      const exclusion = await postContact({ email: 'stranger@event.test', reason: 'OTHER' });
      const activity = await activityOf(exclusion.body.id);
      assert.equal(activity.contact_id, null);
      assert.equal(activity.payload.contact_id, null);
      assert.ok(!('contact' in activity.payload));
    });

    it('when a create is refused as a duplicate, then no second activity is written', async () => {
      const exclusion = await postContact({ email: 'once@event.test', reason: 'OTHER' });
      assert.equal((await postContact({ email: 'ONCE@event.test', reason: 'OTHER' })).status, 409);
      await activityOf(exclusion.body.id);
      const rows = await stack.orm.em
        .fork()
        .getConnection()
        .execute<{ n: string }[]>(
          `SELECT count(*) AS n FROM activities WHERE organization_id = ? AND payload->>'email' = 'once@event.test'`,
          [org.organizationId],
        );
      assert.equal(Number(rows[0].n), 1);
    });
  });
});
