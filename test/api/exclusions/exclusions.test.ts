// Contact and account exclusions on the real stack: every endpoint, filter and sort, duplicates,
// until semantics, tenant isolation, the contact_exclusion.created activity and exclusionFor.
import assert from 'node:assert/strict';
import { createProviders } from '../../../providers/index.ts';
import { DomainError } from '../../../domain/shared/errors.ts';
import { contactExclusionFor, createContactExclusion, exclusionFor } from '../../../domain/exclusions/exclusions.service.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

const CONTACT_FIELDS = ['id', 'email', 'linkedin_url', 'reason', 'message', 'until', 'created_at', 'updated_at'];
const ACCOUNT_FIELDS = ['id', 'domain', 'reason', 'message', 'until', 'created_at', 'updated_at'];
const past = () => new Date(Date.now() - 60_000).toISOString();
const future = () => new Date(Date.now() + 86_400_000).toISOString();
const paths = (body: { data: { errors: { path: string }[] } }) => body.data.errors.map((e) => e.path).sort();

describe('exclusions', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  const postContact = (body: unknown, key = org.apiKey) => api.post('/v1/contact-exclusions', { key, body });
  const postAccount = (body: unknown, key = org.apiKey) => api.post('/v1/account-exclusions', { key, body });

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Exclusions Org');
    other = await newOrg(stack, 'Exclusions Other');
  });

  describe('POST /v1/contact-exclusions', () => {
    it('when an email and a LinkedIn URL are sent, then 201 with exactly the record fields, both normalised, permanent', async () => {
      const response = await postContact({ email: '  Block.Me@Blocked.test ', linkedin_url: 'linkedin.com/in/Block-Me/', reason: 'CONTACT_REFUSED', message: 'asked by phone' });
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
      const longest = await postContact({ email: 'long-note@malformed.test', reason: 'OTHER', message: 'x'.repeat(2000) });
      assert.equal(longest.status, 201);
    });

    it('when the same email or LinkedIn URL is excluded again in another form, then 409 CommitIssue with the existing id', async () => {
      const first = await postContact({ email: 'dup@dups.test', linkedin_url: 'https://www.linkedin.com/in/dup-person', reason: 'BOUNCED' });
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
      const responses = await Promise.all(Array.from({ length: 6 }, () => postContact({ email: 'race@race.test', reason: 'OTHER' })));
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
      assert.deepEqual(await exclusionFor(stack.orm.em.fork(), org.organizationId, { email: 'past@until.test' }), { excluded: false });
    });
  });

  describe('contact_exclusion.created', () => {
    async function activityOf(exclusionId: string) {
      const rows = await stack.orm.em.fork().getConnection().execute<{ type: string; contact_id: string | null; payload: Record<string, unknown> }[]>(
        `SELECT type, contact_id, payload FROM activities WHERE organization_id = ? AND payload->>'exclusion_id' = ?`,
        [org.organizationId, exclusionId],
      );
      assert.equal(rows.length, 1, 'one activity per exclusion');
      return rows[0];
    }

    it('when the email belongs to a workspace contact, then the activity carries the fields and the contact summary', async () => {
      const contact = await api.post('/v1/contacts', { key: org.apiKey, body: { email: 'known@event.test', first_name: 'Known', last_name: 'Person', job_title: 'CFO', company_domain: 'event.test', company_name: 'Event Co' } });
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
        id: contact.body.id, first_name: 'Known', last_name: 'Person', email: 'known@event.test', linkedin_url: null,
        job_title: 'CFO', company_name: 'Event Co', company_domain: 'event.test',
      });
      assert.ok(!('sequence_id' in p) && !('sequence_template_id' in p), 'resource events have the slim base');
    });

    it('when only the LinkedIn URL belongs to a contact, then that contact is embedded', async () => {
      const contact = await api.post('/v1/contacts', { key: org.apiKey, body: { linkedin_url: 'linkedin.com/in/event-linkedin', first_name: 'Lin' } });
      const exclusion = await postContact({ linkedin_url: 'https://www.linkedin.com/in/Event-Linkedin/', reason: 'WRONG_PERSON' });
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
      const rows = await stack.orm.em.fork().getConnection().execute<{ n: string }[]>(
        `SELECT count(*) AS n FROM activities WHERE organization_id = ? AND payload->>'email' = 'once@event.test'`, [org.organizationId]);
      assert.equal(Number(rows[0].n), 1);
    });
  });

  describe('createContactExclusion (service callers)', () => {
    const activities = async (email: string) => Number((await stack.orm.em.fork().getConnection().execute<{ n: string }[]>(
      `SELECT count(*) AS n FROM activities WHERE organization_id = ? AND payload->>'email' = ?`, [org.organizationId, email]))[0].n);

    it('when the person is already excluded and the source is SERVICE, then the existing exclusion comes back and no event', async () => {
      const first = await createContactExclusion(stack.orm.em.fork(), org.organizationId, { email: 'svc@service.test', reason: 'UNSUBSCRIBED' }, { source: 'SERVICE' });
      assert.equal(first.created, true);
      const again = await createContactExclusion(stack.orm.em.fork(), org.organizationId, { email: 'SVC@service.test', reason: 'OTHER' }, { source: 'SERVICE' });
      assert.deepEqual(again, { record: first.record, created: false });
      assert.equal(await activities('svc@service.test'), 1);
    });

    it('when the caller\'s transaction rolls back, then neither the exclusion nor its event remains', async () => {
      await assert.rejects(stack.orm.em.fork().transactional(async (tx) => {
        await createContactExclusion(tx, org.organizationId, { email: 'rolled@service.test', reason: 'OTHER' }, { source: 'SERVICE' });
        throw new Error('caller failed');
      }), /caller failed/);
      assert.deepEqual(await exclusionFor(stack.orm.em.fork(), org.organizationId, { email: 'rolled@service.test' }), { excluded: false });
      assert.equal(await activities('rolled@service.test'), 0);
    });
  });

  describe('GET, PATCH, DELETE /v1/contact-exclusions/{exclusion_id}', () => {
    it('when read, then the same record; an unknown id is 404', async () => {
      const created = await postContact({ email: 'read@crud.test', reason: 'OTHER' });
      const read = await api.get(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey });
      assert.equal(read.status, 200);
      assert.deepEqual(read.body, created.body);
      const missing = await api.get('/v1/contact-exclusions/00000000-0000-4000-8000-000000000000', { key: org.apiKey });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.type, 'NotFoundIssue');
      assert.equal((await api.get('/v1/contact-exclusions/not-a-uuid', { key: org.apiKey })).status, 400);
    });

    it('when patched, then only the fields sent change; until null makes it permanent; omitted until stays', async () => {
      const until = future();
      const created = await postContact({ email: 'patch@crud.test', reason: 'OUT_OF_OFFICE', message: 'back soon', until });
      assert.equal(created.body.until, until);
      await sleep(5);
      const reasonOnly = await api.patch(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey, body: { reason: 'MEETING' } });
      assert.equal(reasonOnly.status, 200);
      assert.equal(reasonOnly.body.reason, 'MEETING');
      assert.equal(reasonOnly.body.message, 'back soon');
      assert.equal(reasonOnly.body.until, until);
      assert.equal(reasonOnly.body.email, 'patch@crud.test');
      assert.equal(reasonOnly.body.created_at, created.body.created_at);
      assert.ok(Date.parse(reasonOnly.body.updated_at) > Date.parse(created.body.updated_at));

      const cleared = await api.patch(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey, body: { message: null } });
      assert.equal(cleared.body.message, null);
      assert.equal(cleared.body.until, until);

      const permanent = await api.patch(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey, body: { until: null } });
      assert.equal(permanent.body.until, null);
      assert.equal(permanent.body.reason, 'MEETING');

      const later = future();
      const temporary = await api.patch(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey, body: { until: later, message: 'again' } });
      assert.equal(temporary.body.until, later);
      assert.equal(temporary.body.message, 'again');
      assert.deepEqual((await api.get(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey })).body, temporary.body);
    });

    it('when a patch is empty or malformed, then 400 naming the field', async () => {
      const created = await postContact({ email: 'badpatch@crud.test', reason: 'OTHER' });
      const empty = await api.patch(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey, body: {} });
      assert.equal(empty.status, 400);
      for (const [body, field] of [[{ until: 'soon' }, 'until'], [{ reason: 'NOPE' }, 'reason'], [{ email: 'x@y.test' }, 'email'], [{ message: 'x'.repeat(2001) }, 'message']] as const) {
        const response = await api.patch(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey, body });
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.deepEqual(paths(response.body), [field]);
      }
    });

    it('when deleted, then 204, later reads are 404 and the person can be excluded again', async () => {
      const created = await postContact({ email: 'delete@crud.test', reason: 'OTHER' });
      const deleted = await api.delete(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey });
      assert.equal(deleted.status, 204);
      assert.equal(deleted.text, '');
      assert.equal((await api.get(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey })).status, 404);
      assert.equal((await api.delete(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey })).status, 404);
      assert.equal((await postContact({ email: 'delete@crud.test', reason: 'OTHER' })).status, 201);
    });

    it('when another organization uses the id, then 404 on get, patch and delete, and nothing changes', async () => {
      const created = await postContact({ email: 'private@tenant.test', reason: 'COMPETITOR', message: 'secret-note' });
      const path = `/v1/contact-exclusions/${created.body.id}`;
      for (const response of [
        await api.get(path, { key: other.apiKey }),
        await api.patch(path, { key: other.apiKey, body: { reason: 'OTHER', until: null } }),
        await api.delete(path, { key: other.apiKey }),
      ]) {
        assert.equal(response.status, 404);
        assert.ok(!response.text.includes('secret-note') && !response.text.includes('private@tenant.test'));
      }
      const list = await api.get('/v1/contact-exclusions?email=private@tenant.test', { key: other.apiKey });
      assert.equal(list.body.total_count, 0);
      assert.deepEqual((await api.get(path, { key: org.apiKey })).body, created.body);
    });
  });

  describe('GET /v1/contact-exclusions', () => {
    let lister: TestOrg;
    const created: Record<string, { id: string; created_at: string }> = {};
    const list = async (query: string) => {
      const response = await api.get(`/v1/contact-exclusions${query}`, { key: lister.apiKey });
      assert.equal(response.status, 200, response.text);
      return response.body;
    };
    const emails = (body: { items: { email: string | null }[] }) => body.items.map((i) => i.email);

    before(async () => {
      lister = await newOrg(stack, 'Exclusions Lister');
      for (const [email, reason, linkedin] of [['carol@list.test', 'BOUNCED', null], ['alice@list.test', 'OTHER', 'linkedin.com/in/alice-list'], ['bob@list.test', 'BOUNCED', null]] as const) {
        const response = await postContact({ email, reason, linkedin_url: linkedin }, lister.apiKey);
        created[email] = response.body;
        await sleep(5);
      }
    });

    it('when no sort is given, then created_at ascending in the pagination envelope', async () => {
      const body = await list('?size=2');
      assert.deepEqual(emails(body), ['carol@list.test', 'alice@list.test']);
      assert.equal(body.total_count, 3);
      assert.equal(body.total_pages, 2);
      assert.equal(body.has_more, true);
      const second = await list('?size=2&page=2');
      assert.deepEqual(emails(second), ['bob@list.test']);
      assert.equal(second.has_more, false);
      const beyond = await list('?size=2&page=5');
      assert.deepEqual(beyond.items, []);
      assert.equal(beyond.total_count, 3);
    });

    it('when sorted by email, reason or updated_at in either order, then in that order', async () => {
      assert.deepEqual(emails(await list('?sort_by=email')), ['alice@list.test', 'bob@list.test', 'carol@list.test']);
      assert.deepEqual(emails(await list('?sort_by=email&sort_order=desc')), ['carol@list.test', 'bob@list.test', 'alice@list.test']);
      assert.deepEqual((await list('?sort_by=reason')).items.map((i: { reason: string }) => i.reason), ['BOUNCED', 'BOUNCED', 'OTHER']);
      assert.deepEqual(emails(await list('?sort_by=updated_at&sort_order=desc')), ['bob@list.test', 'alice@list.test', 'carol@list.test']);
      assert.deepEqual(emails(await list('?sort_by=created_at&sort_order=desc')), ['bob@list.test', 'alice@list.test', 'carol@list.test']);
      assert.equal((await api.get('/v1/contact-exclusions?sort_by=domain', { key: lister.apiKey })).status, 400);
    });

    it('when filtered by email, linkedin_url or reason, then exact matches after normalisation', async () => {
      assert.deepEqual(emails(await list('?email=%20ALICE@List.Test')), ['alice@list.test']);
      assert.deepEqual(emails(await list(`?linkedin_url=${encodeURIComponent('https://WWW.linkedin.com/in/Alice-List/')}`)), ['alice@list.test']);
      assert.deepEqual(emails(await list('?email=alice@list.test.example')), []);
      assert.deepEqual(emails(await list('?reason=BOUNCED')), ['carol@list.test', 'bob@list.test']);
      const bad = await api.get('/v1/contact-exclusions?email=nope', { key: lister.apiKey });
      assert.equal(bad.status, 400);
      assert.deepEqual(paths(bad.body), ['email']);
      assert.deepEqual(paths((await api.get('/v1/contact-exclusions?reason=NOPE', { key: lister.apiKey })).body), ['reason']);
    });

    it('when filtered by created_at bounds, then both are strict', async () => {
      const first = created['carol@list.test'].created_at;
      const last = created['bob@list.test'].created_at;
      assert.deepEqual(emails(await list(`?created_at_after=${encodeURIComponent(first)}`)), ['alice@list.test', 'bob@list.test']);
      assert.deepEqual(emails(await list(`?created_at_before=${encodeURIComponent(last)}`)), ['carol@list.test', 'alice@list.test']);
      assert.deepEqual(emails(await list(`?created_at_after=${encodeURIComponent(first)}&created_at_before=${encodeURIComponent(last)}`)), ['alice@list.test']);
      assert.deepEqual(paths((await api.get('/v1/contact-exclusions?created_at_after=yesterday', { key: lister.apiKey })).body), ['created_at_after']);
    });
  });

  describe('account exclusions', () => {
    it('when a domain is excluded in any form, then 201 with exactly the record fields and the normalised domain', async () => {
      const response = await postAccount({ domain: 'HTTPS://WWW.Blocked-Co.test/about?x=1', reason: 'COMPETITOR', message: 'rival', until: future() });
      assert.equal(response.status, 201);
      assert.deepEqual(Object.keys(response.body).sort(), [...ACCOUNT_FIELDS].sort());
      assert.equal(response.body.domain, 'blocked-co.test');
      assert.equal(response.body.reason, 'COMPETITOR');
      assert.equal(response.body.message, 'rival');
    });

    it('when an alias domain is excluded, then the primary domain is stored and the primary or another alias form is a 409', async () => {
      const created = await postAccount({ domain: 'acme-corp.test', reason: 'EXCLUDE_FROM_CRM' });
      assert.equal(created.status, 201);
      assert.equal(created.body.domain, 'acme.test');
      for (const domain of ['acme.test', 'www.ACME.test.', 'http://acme-corp.test/', 'acme.test:443']) {
        const response = await postAccount({ domain, reason: 'OTHER' });
        assert.equal(response.status, 409, domain);
        assert.equal(response.body.type, 'CommitIssue');
        assert.equal(response.body.data.existing_exclusion_id, created.body.id);
      }
    });

    it('when the domain is missing or malformed, then 400 naming it', async () => {
      for (const body of [{ reason: 'OTHER' }, { domain: 'not a domain', reason: 'OTHER' }, { domain: 'localhost', reason: 'OTHER' }, { domain: '', reason: 'OTHER' }]) {
        const response = await postAccount(body);
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.deepEqual(paths(response.body), ['domain']);
      }
      assert.deepEqual(paths((await postAccount({ domain: 'ok.test', reason: 'OTHER', until: 'never' })).body), ['until']);
    });

    it('when read, patched and deleted, then the same rules as contact exclusions', async () => {
      const created = await postAccount({ domain: 'crud-co.test', reason: 'BAD_TIMING', message: 'q3', until: future() });
      const path = `/v1/account-exclusions/${created.body.id}`;
      assert.deepEqual((await api.get(path, { key: org.apiKey })).body, created.body);
      const patched = await api.patch(path, { key: org.apiKey, body: { until: null } });
      assert.equal(patched.status, 200);
      assert.equal(patched.body.until, null);
      assert.equal(patched.body.message, 'q3');
      assert.equal(patched.body.reason, 'BAD_TIMING');
      assert.equal(patched.body.domain, 'crud-co.test');
      const reason = await api.patch(path, { key: org.apiKey, body: { reason: 'OTHER' } });
      assert.equal(reason.body.until, null);
      assert.equal(reason.body.reason, 'OTHER');
      assert.equal((await api.patch(path, { key: org.apiKey, body: { domain: 'x.test' } })).status, 400);
      for (const response of [await api.get(path, { key: other.apiKey }), await api.patch(path, { key: other.apiKey, body: { reason: 'OTHER' } }), await api.delete(path, { key: other.apiKey })]) {
        assert.equal(response.status, 404);
      }
      assert.equal((await api.delete(path, { key: org.apiKey })).status, 204);
      assert.equal((await api.get(path, { key: org.apiKey })).status, 404);
      assert.equal((await postAccount({ domain: 'crud-co.test', reason: 'OTHER' })).status, 201);
    });

    it('when listed, then domain (normalised, alias) and reason filters, created bounds and sorts apply', async () => {
      const lister = await newOrg(stack, 'Account Exclusions Lister');
      const made: { domain: string; created_at: string }[] = [];
      for (const [domain, reason] of [['zeta.test', 'OTHER'], ['acme-corp.test', 'COMPETITOR'], ['beta.test', 'OTHER']] as const) {
        made.push((await postAccount({ domain, reason }, lister.apiKey)).body);
        await sleep(5);
      }
      const list = async (query: string) => {
        const response = await api.get(`/v1/account-exclusions${query}`, { key: lister.apiKey });
        assert.equal(response.status, 200, response.text);
        return response.body.items.map((i: { domain: string }) => i.domain);
      };
      assert.deepEqual(await list(''), ['zeta.test', 'acme.test', 'beta.test']);
      assert.deepEqual(await list('?sort_by=domain'), ['acme.test', 'beta.test', 'zeta.test']);
      assert.deepEqual(await list('?sort_by=domain&sort_order=desc'), ['zeta.test', 'beta.test', 'acme.test']);
      assert.equal((await list('?sort_by=reason'))[0], 'acme.test');
      assert.equal((await list('?sort_by=reason&sort_order=desc'))[2], 'acme.test');
      assert.deepEqual(await list('?sort_by=updated_at&sort_order=desc'), ['beta.test', 'acme.test', 'zeta.test']);
      assert.deepEqual(await list('?domain=WWW.Zeta.test'), ['zeta.test']);
      assert.deepEqual(await list('?domain=acme-corp.test'), ['acme.test']);
      assert.deepEqual(await list('?reason=OTHER'), ['zeta.test', 'beta.test']);
      assert.deepEqual(await list(`?created_at_after=${encodeURIComponent(made[0].created_at)}`), ['acme.test', 'beta.test']);
      assert.deepEqual(await list(`?created_at_before=${encodeURIComponent(made[2].created_at)}`), ['zeta.test', 'acme.test']);
      const bad = await api.get('/v1/account-exclusions?domain=not%20a%20domain', { key: lister.apiKey });
      assert.equal(bad.status, 400);
      assert.deepEqual(paths(bad.body), ['domain']);
      assert.equal((await api.get('/v1/account-exclusions?sort_by=email', { key: lister.apiKey })).status, 400);
    });
  });

  describe('exclusionFor', () => {
    let subject: TestOrg;
    const em = () => stack.orm.em.fork();
    const check = (person: Parameters<typeof exclusionFor>[2], at?: Date) => exclusionFor(em(), subject.organizationId, person, at);

    before(async () => {
      subject = await newOrg(stack, 'Exclusion Subject');
    });

    it('when nothing matches, then not excluded', async () => {
      assert.deepEqual(await check({ email: 'free@free.test', linkedinUrl: 'linkedin.com/in/free', accountDomain: 'free.test' }), { excluded: false });
      assert.deepEqual(await check({}), { excluded: false });
    });

    it('when a permanent contact exclusion matches the email or LinkedIn URL in any form, then excluded on that field', async () => {
      const byEmail = await postContact({ email: 'held@for.test', reason: 'UNSUBSCRIBED' }, subject.apiKey);
      assert.deepEqual(await check({ email: 'HELD@for.test ' }), {
        excluded: true, kind: 'CONTACT', exclusion_id: byEmail.body.id, reason: 'UNSUBSCRIBED', until: null, matched_on: 'email',
      });
      const byUrl = await postContact({ linkedin_url: 'linkedin.com/in/held-for', reason: 'WRONG_PERSON' }, subject.apiKey);
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
        excluded: true, kind: 'ACCOUNT', exclusion_id: created.body.id, reason: 'COMPETITOR', until: null, matched_on: 'email_domain',
      });
      assert.deepEqual(await check({ email: 'anyone@sub.mail-blocked.test' }), { excluded: false });
    });

    it('when an account exclusion has the domain of the linked account, then the contact is excluded on account_domain', async () => {
      const created = await postAccount({ domain: 'linked-blocked.test', reason: 'EXCLUDE_FROM_SEARCH' }, subject.apiKey);
      const contact = await api.post('/v1/contacts', { key: subject.apiKey, body: { email: 'worker@personal-mail.test', company_domain: 'linked-blocked.test' } });
      const verdict = await contactExclusionFor(em(), subject.organizationId, contact.body.id);
      assert.equal(verdict.excluded && verdict.kind, 'ACCOUNT');
      assert.equal(verdict.excluded && verdict.exclusion_id, created.body.id);
      assert.equal(verdict.excluded && verdict.matched_on, 'account_domain');
      assert.deepEqual(await check({ email: 'worker@personal-mail.test' }), { excluded: false }, 'the email alone does not match');
    });

    it('when the account exclusion was made with an alias, then contacts linked through either domain are excluded', async () => {
      const created = await postAccount({ domain: 'acme-corp.test', reason: 'OTHER' }, subject.apiKey);
      const contact = await api.post('/v1/contacts', { key: subject.apiKey, body: { linkedin_url: 'linkedin.com/in/acme-alias-person', company_domain: 'acme-corp.test' } });
      const verdict = await contactExclusionFor(em(), subject.organizationId, contact.body.id);
      assert.equal(verdict.excluded && verdict.exclusion_id, created.body.id);
      assert.equal(verdict.excluded && verdict.matched_on, 'account_domain');
      assert.equal((await check({ email: 'x@acme.test' })).excluded, true);
      // An alias email domain resolves when a directory is given; as written it is not the stored domain.
      const directory = createProviders({ orm: stack.orm }).directory;
      const viaDirectory = await exclusionFor(em(), subject.organizationId, { email: 'x@acme-corp.test' }, new Date(), directory);
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

    it('when contactExclusionFor is asked about another organization\'s contact, then a not-found error', async () => {
      const contact = await api.post('/v1/contacts', { key: other.apiKey, body: { email: 'theirs@for.test' } });
      await assert.rejects(contactExclusionFor(em(), subject.organizationId, contact.body.id), (error: unknown) => error instanceof DomainError && error.status === 404);
      assert.deepEqual(await contactExclusionFor(em(), other.organizationId, contact.body.id), { excluded: false });
    });
  });
});
