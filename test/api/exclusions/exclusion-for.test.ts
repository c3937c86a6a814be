// exclusionFor: which exclusion, if any, applies to a contact, with until semantics.
import assert from 'node:assert/strict';
import { createProviders } from '../../../providers/index.ts';
import { DomainError } from '../../../domain/shared/errors.ts';
import { contactExclusionFor, exclusionFor } from '../../../domain/exclusions/exclusions.service.ts';
import { type client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { exclusionsFixture, future, past } from './fixtures.ts';

describe('exclusions', () => {
  const fx = exclusionsFixture();
  const { postContact, postAccount } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let other: TestOrg;
  before(() => ({ stack, api, other } = fx));

  describe('exclusionFor', () => {
    let subject: TestOrg;
    const em = () => stack.orm.em.fork();
    const check = (person: Parameters<typeof exclusionFor>[2], at?: Date) =>
      exclusionFor(em(), subject.organizationId, person, at);

    before(async () => {
      subject = await newOrg(stack, 'Exclusion Subject');
    });

    it('when nothing matches, then not excluded', async () => {
      assert.deepEqual(
        await check({ email: 'free@free.test', linkedinUrl: 'linkedin.com/in/free', accountDomain: 'free.test' }),
        { excluded: false },
      );
      assert.deepEqual(await check({}), { excluded: false });
    });

    it('when a permanent contact exclusion matches the email or LinkedIn URL in any form, then excluded on that field', async () => {
      const byEmail = await postContact({ email: 'held@for.test', reason: 'UNSUBSCRIBED' }, subject.apiKey);
      assert.deepEqual(await check({ email: 'HELD@for.test ' }), {
        excluded: true,
        kind: 'CONTACT',
        exclusion_id: byEmail.body.id,
        reason: 'UNSUBSCRIBED',
        until: null,
        matched_on: 'email',
      });
      const byUrl = await postContact(
        { linkedin_url: 'linkedin.com/in/held-for', reason: 'WRONG_PERSON' },
        subject.apiKey,
      );
      const verdict = await check({ email: 'other@for.test', linkedinUrl: 'https://www.linkedin.com/in/Held-For/' });
      assert.equal(verdict.excluded && verdict.exclusion_id, byUrl.body.id);
      assert.equal(verdict.excluded && verdict.matched_on, 'linkedin_url');
      // Another organization's exclusion does not apply.
      assert.deepEqual(await exclusionFor(em(), other.organizationId, { email: 'held@for.test' }), { excluded: false });
    });

    it('when until is set, then in force before it and lifted from it on; a PATCH to null brings it back for good', async () => {
      const until = future();
      const created = await postContact({ email: 'timed@for.test', reason: 'OUT_OF_OFFICE', until }, subject.apiKey);
      const inForce = await check({ email: 'timed@for.test' });
      assert.equal(inForce.excluded && inForce.until, until);
      assert.equal((await check({ email: 'timed@for.test' }, new Date(Date.parse(until) - 1))).excluded, true);
      assert.deepEqual(await check({ email: 'timed@for.test' }, new Date(until)), { excluded: false });
      await api.patch(`/v1/contact-exclusions/${created.body.id}`, { key: subject.apiKey, body: { until: past() } });
      assert.deepEqual(await check({ email: 'timed@for.test' }), { excluded: false });
      await api.patch(`/v1/contact-exclusions/${created.body.id}`, { key: subject.apiKey, body: { until: null } });
      const back = await check({ email: 'timed@for.test' }, new Date(Date.now() + 10 * 365 * 86_400_000));
      assert.equal(back.excluded && back.until, null);
    });

    it('when an account exclusion has the domain of the email, then excluded on email_domain', async () => {
      const created = await postAccount({ domain: 'mail-blocked.test', reason: 'COMPETITOR' }, subject.apiKey);
      assert.deepEqual(await check({ email: 'anyone@Mail-Blocked.test' }), {
        excluded: true,
        kind: 'ACCOUNT',
        exclusion_id: created.body.id,
        reason: 'COMPETITOR',
        until: null,
        matched_on: 'email_domain',
      });
      assert.deepEqual(await check({ email: 'anyone@sub.mail-blocked.test' }), { excluded: false });
    });

    it('when an account exclusion has the domain of the linked account, then the contact is excluded on account_domain', async () => {
      const created = await postAccount(
        { domain: 'linked-blocked.test', reason: 'EXCLUDE_FROM_SEARCH' },
        subject.apiKey,
      );
      const contact = await api.post('/v1/contacts', {
        key: subject.apiKey,
        body: { email: 'worker@personal-mail.test', company_domain: 'linked-blocked.test' },
      });
      const verdict = await contactExclusionFor(em(), subject.organizationId, contact.body.id);
      assert.equal(verdict.excluded && verdict.kind, 'ACCOUNT');
      assert.equal(verdict.excluded && verdict.exclusion_id, created.body.id);
      assert.equal(verdict.excluded && verdict.matched_on, 'account_domain');
      assert.deepEqual(
        await check({ email: 'worker@personal-mail.test' }),
        { excluded: false },
        'the email alone does not match',
      );
    });

    it('when the account exclusion was made with an alias, then contacts linked through either domain are excluded', async () => {
      const created = await postAccount({ domain: 'acme-corp.test', reason: 'OTHER' }, subject.apiKey);
      const contact = await api.post('/v1/contacts', {
        key: subject.apiKey,
        body: { linkedin_url: 'linkedin.com/in/acme-alias-person', company_domain: 'acme-corp.test' },
      });
      const verdict = await contactExclusionFor(em(), subject.organizationId, contact.body.id);
      assert.equal(verdict.excluded && verdict.exclusion_id, created.body.id);
      assert.equal(verdict.excluded && verdict.matched_on, 'account_domain');
      assert.equal((await check({ email: 'x@acme.test' })).excluded, true);
      // An alias email domain resolves when a directory is given; as written it is not the stored domain.
      const directory = createProviders({ orm: stack.orm }).directory;
      const viaDirectory = await exclusionFor(
        em(),
        subject.organizationId,
        { email: 'x@acme-corp.test' },
        new Date(),
        directory,
      );
      assert.equal(viaDirectory.excluded && viaDirectory.matched_on, 'email_domain');
      assert.deepEqual(await check({ email: 'x@acme-corp.test' }), { excluded: false });
    });

    it('when a contact and an account exclusion both apply, then the contact exclusion answers', async () => {
      const contactLevel = await postContact({ email: 'both@both-blocked.test', reason: 'MEETING' }, subject.apiKey);
      await postAccount({ domain: 'both-blocked.test', reason: 'OTHER' }, subject.apiKey);
      const verdict = await check({ email: 'both@both-blocked.test', accountDomain: 'both-blocked.test' });
      assert.equal(verdict.excluded && verdict.exclusion_id, contactLevel.body.id);
      assert.equal(verdict.excluded && verdict.kind, 'CONTACT');
    });

    it("when contactExclusionFor is asked about another organization's contact, then a not-found error", async () => {
      const contact = await api.post('/v1/contacts', { key: other.apiKey, body: { email: 'theirs@for.test' } });
      await assert.rejects(
        contactExclusionFor(em(), subject.organizationId, contact.body.id),
        (error: unknown) => error instanceof DomainError && error.status === 404,
      );
      assert.deepEqual(await contactExclusionFor(em(), other.organizationId, contact.body.id), { excluded: false });
    });
  });
});
