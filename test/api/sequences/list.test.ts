// GET /v1/sequences on the real stack: sequences enrolled through the API, read back with the
// contact, template, status and creation-time filters and the sorts; another organization sees
// none of them. Enrollment itself: enrollment.test.ts and enrollment-refusals.test.ts.
import assert from 'node:assert/strict';
import type { client } from '../../helpers/http.ts';
import { sleep, type TestOrg } from '../../helpers/fixtures.ts';
import { enrollmentFixture } from './fixtures.ts';

describe('sequence list', () => {
  const fx = enrollmentFixture();
  const { newTemplate, newContact, enroll } = fx;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let emailTemplate: string;
  before(() => ({ api, org, other, emailTemplate } = fx));

  describe('GET /v1/sequences', () => {
    let contactId: string;
    let ids: string[];
    before(async () => {
      contactId = await newContact({}, 'DELIVERABLE');
      const second = await newTemplate();
      ids = [];
      for (const template of [emailTemplate, second]) {
        const response = await enroll(contactId, template);
        assert.equal(response.status, 201, response.text);
        ids.push(response.body.id);
        await sleep(20);
      }
    });

    const list = async (query: string, key = org.apiKey) => {
      const response = await api.get(`/v1/sequences?${query}`, { key });
      assert.equal(response.status, 200, response.text);
      return response.body;
    };

    it('when filtered by contact, template and status, then only matching sequences, in created_at order', async () => {
      const byContact = await list(`contact_id=${contactId}`);
      assert.deepEqual(
        byContact.items.map((s: { id: string }) => s.id),
        ids,
      );
      assert.deepEqual([byContact.total_count, byContact.total_pages, byContact.has_more], [2, 1, false]);
      assert.deepEqual(
        (await list(`contact_id=${contactId}&sequence_template_id=${emailTemplate}`)).items.map(
          (s: { id: string }) => s.id,
        ),
        [ids[0]],
      );
      assert.equal((await list(`contact_id=${contactId}&status=REFUSED`)).total_count, 0);
      assert.equal((await list(`contact_id=${contactId}&status=ACTIVE`)).total_count, 2);
      assert.deepEqual(
        (await list(`contact_id=${contactId}&sort_by=created_at&sort_order=desc`)).items.map(
          (s: { id: string }) => s.id,
        ),
        [...ids].reverse(),
      );
      assert.equal((await list(`contact_id=${contactId}&sort_by=updated_at&size=1`)).has_more, true);
    });

    it('when filtered by creation time, then the bounds are strict', async () => {
      const first = (await api.get(`/v1/sequences/${ids[0]}`, { key: org.apiKey })).body;
      assert.deepEqual(
        (await list(`contact_id=${contactId}&created_at_after=${encodeURIComponent(first.created_at)}`)).items.map(
          (s: { id: string }) => s.id,
        ),
        [ids[1]],
      );
      assert.equal(
        (await list(`contact_id=${contactId}&created_at_before=${encodeURIComponent(first.created_at)}`)).total_count,
        0,
      );
    });

    it('when another organization reads, then it sees none of them and 404 by id', async () => {
      assert.equal((await list(`contact_id=${contactId}`, other.apiKey)).total_count, 0);
      const response = await api.get(`/v1/sequences/${ids[0]}`, { key: other.apiKey });
      assert.equal(response.status, 404);
    });

    it('when a filter is malformed, then 400', async () => {
      assert.equal((await api.get('/v1/sequences?status=RUNNING', { key: org.apiKey })).status, 400);
      assert.equal((await api.get('/v1/sequences?sort_by=name', { key: org.apiKey })).status, 400);
    });
  });
});
