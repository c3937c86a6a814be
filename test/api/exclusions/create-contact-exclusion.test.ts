// Creating contact exclusions, over HTTP (validation, duplicates, until) and from services.
import assert from 'node:assert/strict';
import { createContactExclusion, exclusionFor } from '../../../domain/exclusions/exclusions.service.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { CONTACT_FIELDS, exclusionsFixture, past, paths } from './fixtures.ts';

describe('exclusions', () => {
  const fx = exclusionsFixture();
  const { postContact } = fx;
  let stack: Stack;
  let org: TestOrg;
  let other: TestOrg;
  before(() => ({ stack, org, other } = fx));

  describe('POST /v1/contact-exclusions', () => {
    it('when an email and a LinkedIn URL are sent, then 201 with exactly the record fields, both normalised, permanent', async () => {
      const response = await postContact({
        email: '  Block.Me@Blocked.test ',
        linkedin_url: 'linkedin.com/in/Block-Me/',
        reason: 'CONTACT_REFUSED',
        message: 'asked by phone',
      });
      assert.equal(response.status, 201);
      assert.deepEqual(Object.keys(response.body).sort(), [...CONTACT_FIELDS].sort());
      assert.equal(response.body.email, 'block.me@blocked.test');
      assert.equal(response.body.linkedin_url, 'https://www.linkedin.com/in/block-me');
      assert.equal(response.body.reason, 'CONTACT_REFUSED');
      assert.equal(response.body.message, 'asked by phone');
      assert.equal(response.body.until, null);
      assert.equal(response.body.created_at, response.body.updated_at);
    });

    it('when neither email nor linkedin_url is sent (or both are null), then 422 ValidationIssue naming both', async () => {
      for (const body of [{ reason: 'OTHER' }, { reason: 'OTHER', email: null, linkedin_url: null }]) {
        const response = await postContact(body);
        assert.equal(response.status, 422);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.deepEqual(paths(response.body), ['email', 'linkedin_url']);
      }
    });

    it('when a value is malformed, then 400 naming that field', async () => {
      const cases: [unknown, string][] = [
        [{ email: 'not-an-email', reason: 'OTHER' }, 'email'],
        [{ linkedin_url: 'https://example.test/in/x', reason: 'OTHER' }, 'linkedin_url'],
        [{ email: 'ok@malformed.test', reason: 'NOPE' }, 'reason'],
        [{ email: 'ok@malformed.test' }, 'reason'],
        [{ email: 'ok@malformed.test', reason: 'OTHER', until: 'tomorrow' }, 'until'],
        [{ email: 'ok@malformed.test', reason: 'OTHER', until: '2030-01-01T00:00:00' }, 'until'],
        [{ email: 'ok@malformed.test', reason: 'OTHER', message: 'x'.repeat(2001) }, 'message'],
        [{ email: 'ok@malformed.test', reason: 'OTHER', extra: 1 }, 'extra'],
      ];
      for (const [body, field] of cases) {
        const response = await postContact(body);
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.equal(response.body.type, 'ValidationIssue');
        assert.deepEqual(paths(response.body), [field], JSON.stringify(body));
      }
      const longest = await postContact({
        email: 'long-note@malformed.test',
        reason: 'OTHER',
        message: 'x'.repeat(2000),
      });
      assert.equal(longest.status, 201);
    });

    it('when the same email or LinkedIn URL is excluded again in another form, then 409 CommitIssue with the existing id', async () => {
      const first = await postContact({
        email: 'dup@dups.test',
        linkedin_url: 'https://www.linkedin.com/in/dup-person',
        reason: 'BOUNCED',
      });
      assert.equal(first.status, 201);
      const variants = [
        { email: 'DUP@Dups.Test' },
        { email: ' dup@dups.test ' },
        { linkedin_url: 'http://linkedin.com/in/Dup-Person/' },
        { linkedin_url: 'https://uk.linkedin.com/in/dup-person?trk=abc' },
        { email: 'someone-else@dups.test', linkedin_url: 'www.linkedin.com/in/DUP-PERSON' },
      ];
      for (const variant of variants) {
        const response = await postContact({ ...variant, reason: 'OTHER' });
        assert.equal(response.status, 409, JSON.stringify(variant));
        assert.equal(response.body.type, 'CommitIssue');
        assert.equal(response.body.data.existing_exclusion_id, first.body.id);
      }
      // Another organization may exclude the same person.
      assert.equal((await postContact({ email: 'dup@dups.test', reason: 'OTHER' }, other.apiKey)).status, 201);
    });

    it('when the same person is excluded by concurrent requests, then one 201 and the others 409 with its id', async () => {
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => postContact({ email: 'race@race.test', reason: 'OTHER' })),
      );
      const created = responses.filter((r) => r.status === 201);
      assert.equal(created.length, 1, responses.map((r) => r.status).join(','));
      for (const response of responses.filter((r) => r.status !== 201)) {
        assert.equal(response.status, 409);
        assert.equal(response.body.data.existing_exclusion_id, created[0].body.id);
      }
    });

    it('when until is in the past, then 201: the exclusion exists but is not in force', async () => {
      const response = await postContact({ email: 'past@until.test', reason: 'BAD_TIMING', until: past() });
      assert.equal(response.status, 201);
      assert.ok(Date.parse(response.body.until) < Date.now());
      assert.deepEqual(await exclusionFor(stack.orm.em.fork(), org.organizationId, { email: 'past@until.test' }), {
        excluded: false,
      });
    });
  });

  describe('createContactExclusion (service callers)', () => {
    const activities = async (email: string) =>
      Number(
        (
          await stack.orm.em
            .fork()
            .getConnection()
            .execute<{ n: string }[]>(
              `SELECT count(*) AS n FROM activities WHERE organization_id = ? AND payload->>'email' = ?`,
              [org.organizationId, email],
            )
        )[0].n,
      );

    it('when the person is already excluded and the source is SERVICE, then the existing exclusion comes back and no event', async () => {
      const first = await createContactExclusion(
        stack.orm.em.fork(),
        org.organizationId,
        { email: 'svc@service.test', reason: 'UNSUBSCRIBED' },
        { source: 'SERVICE' },
      );
      assert.equal(first.created, true);
      const again = await createContactExclusion(
        stack.orm.em.fork(),
        org.organizationId,
        { email: 'SVC@service.test', reason: 'OTHER' },
        { source: 'SERVICE' },
      );
      assert.deepEqual(again, { record: first.record, created: false });
      assert.equal(await activities('svc@service.test'), 1);
    });

    it("when the caller's transaction rolls back, then neither the exclusion nor its event remains", async () => {
      await assert.rejects(
        stack.orm.em.fork().transactional(async (tx) => {
          await createContactExclusion(
            tx,
            org.organizationId,
            { email: 'rolled@service.test', reason: 'OTHER' },
            { source: 'SERVICE' },
          );
          throw new Error('caller failed');
        }),
        /caller failed/,
      );
      assert.deepEqual(await exclusionFor(stack.orm.em.fork(), org.organizationId, { email: 'rolled@service.test' }), {
        excluded: false,
      });
      assert.equal(await activities('rolled@service.test'), 0);
    });
  });
});
