// Enrollment on the real stack (POST /v1/sequences), the refusals: 422 for an undeliverable
// address, an excluded contact, a missing channel, with their REFUSED rows; 422 for a template
// that is not ACTIVE (no row); 404 across organizations; 400 for a malformed body; and the
// eligibility check's NO_IDENTIFIER, which the API cannot reach. The accepted paths:
// enrollment.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { checkEligibility } from '../../../domain/sequences/enrollment/eligibility.ts';
import type { client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { enrollmentFixture } from './fixtures.ts';

describe('enrollment: refusals', () => {
  const fx = enrollmentFixture();
  const { db, emailStep, linkedinStep, newTemplate, newContact, enroll, activityTypes } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let emailTemplate: string;
  let counter = 0;
  before(() => ({ stack, api, org, other, emailTemplate } = fx));

  describe('POST /v1/sequences', () => {
    it('when verification finds the address undeliverable (bounce.test), then 422 EMAIL_UNDELIVERABLE and a REFUSED row without event', async () => {
      const contactId = await newContact({ email: `nobody${++counter}@bounce.test` });
      const response = await enroll(contactId, emailTemplate);
      assert.equal(response.status, 422, response.text);
      assert.equal(response.body.type, 'BusinessIssue');
      assert.equal(response.body.data.reason, 'EMAIL_UNDELIVERABLE');
      const row = await api.get(`/v1/sequences/${response.body.data.sequence_id}`, { key: org.apiKey });
      assert.deepEqual(
        [row.body.status, row.body.stopped_reason, row.body.contact_id],
        ['REFUSED', 'EMAIL_UNDELIVERABLE', contactId],
      );
      assert.deepEqual(await activityTypes(row.body.id), []);
      assert.equal(
        (await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey })).body.email_status,
        'UNDELIVERABLE',
      );
      // A refusal is not running: a later attempt is checked again, not a duplicate.
      const again = await enroll(contactId, emailTemplate);
      assert.equal(again.status, 422, again.text);
      assert.notEqual(again.body.data.sequence_id, row.body.id);
    });

    it('when the contact is excluded, then 422 EXCLUDED with a REFUSED row', async () => {
      const email = `excluded${++counter}@enroll-example.com`;
      const contactId = await newContact({ email }, 'DELIVERABLE');
      const exclusion = await api.post('/v1/contact-exclusions', {
        key: org.apiKey,
        body: { email, reason: 'CONTACT_REFUSED' },
      });
      assert.equal(exclusion.status, 201, exclusion.text);
      const response = await enroll(contactId, emailTemplate);
      assert.equal(response.status, 422, response.text);
      assert.deepEqual([response.body.type, response.body.data.reason], ['BusinessIssue', 'EXCLUDED']);
      const row = await api.get(`/v1/sequences/${response.body.data.sequence_id}`, { key: org.apiKey });
      assert.deepEqual([row.body.status, row.body.stopped_reason], ['REFUSED', 'EXCLUDED']);
    });

    it('when a LinkedIn step needs a URL the contact lacks, then 422 NO_CHANNEL (STOP); with SKIP_STEP and an email step left, then 201', async () => {
      const contactId = await newContact({}, 'DELIVERABLE');
      const stops = await newTemplate({ steps: [emailStep, linkedinStep] });
      const refused = await enroll(contactId, stops);
      assert.equal(refused.status, 422, refused.text);
      assert.equal(refused.body.data.reason, 'NO_CHANNEL');
      const skips = await newTemplate({ steps: [emailStep, linkedinStep], on_missing_channel: 'SKIP_STEP' });
      assert.equal((await enroll(contactId, skips)).status, 201);
      const onlyLinkedin = await newTemplate({ steps: [linkedinStep], on_missing_channel: 'SKIP_STEP' });
      const none = await enroll(contactId, onlyLinkedin);
      assert.equal(none.status, 422, none.text);
      assert.equal(none.body.data.reason, 'NO_CHANNEL');
    });

    it('when the template is not ACTIVE, then 422 ValidationIssue naming sequence_template_id and no row', async () => {
      const contactId = await newContact({}, 'DELIVERABLE');
      const draft = await newTemplate({ status: 'PENDING_SETUP', steps: [] });
      const inactive = await newTemplate({ status: 'INACTIVE' });
      for (const templateId of [draft, inactive]) {
        const response = await enroll(contactId, templateId);
        assert.equal(response.status, 422, response.text);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.deepEqual(
          response.body.data.errors.map((e: { path: string }) => e.path),
          ['sequence_template_id'],
        );
      }
      const { rows } = await sql`SELECT id FROM sequences WHERE contact_id = ${contactId}`.execute(db());
      assert.equal(rows.length, 0);
    });

    it('when the contact or the template belongs to another organization, then 404', async () => {
      const contactId = await newContact({}, 'DELIVERABLE');
      const foreignContact = await newContact(
        { email: `foreign${++counter}@enroll-example.com` },
        'DELIVERABLE',
        other.apiKey,
      );
      const foreignTemplate = await newTemplate({}, other.apiKey);
      for (const [contact, template] of [
        [foreignContact, emailTemplate],
        [contactId, foreignTemplate],
        [randomUUID(), emailTemplate],
      ]) {
        const response = await enroll(contact, template);
        assert.equal(response.status, 404, response.text);
        assert.equal(response.body.type, 'NotFoundIssue');
      }
    });

    it('when the body lacks a field or an id is malformed, then 400', async () => {
      assert.equal(
        (await api.post('/v1/sequences', { key: org.apiKey, body: { contact_id: randomUUID() } })).status,
        400,
      );
      assert.equal(
        (
          await api.post('/v1/sequences', {
            key: org.apiKey,
            body: { contact_id: 'x', sequence_template_id: emailTemplate },
          })
        ).status,
        400,
      );
    });
  });

  describe('eligibility (activity level)', () => {
    it('when the contact has neither email nor LinkedIn URL, then NO_IDENTIFIER (the API cannot create such a contact)', async () => {
      const contactId = await newContact();
      await sql`UPDATE contacts SET email = NULL, linkedin_url = NULL WHERE id = ${contactId}`.execute(db());
      const result = await checkEligibility(stack.orm.em.fork(), { findCompanyByDomain: async () => null } as never, {
        organizationId: org.organizationId,
        contactId,
        sequenceTemplateId: emailTemplate,
        verificationDone: false,
      });
      assert.deepEqual(result, { refusal: 'NO_IDENTIFIER', needsVerification: false });
    });
  });
});
