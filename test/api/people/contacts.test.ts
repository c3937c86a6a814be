// Contacts over HTTP on the real stack: upsert rules, reads, filters, sorting, owner, erasure,
// bad input and tenant isolation (docs/api/people.md).
import assert from 'node:assert/strict';
import * as admin from '../../../domain/admin/admin.service.ts';
import { emitEvent } from '../../../domain/activity/emit.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('contacts', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  const post = (body: unknown, key = org.apiKey) => api.post('/v1/contacts', { key, body });

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Contacts Org');
    other = await newOrg(stack, 'Contacts Other');
  });

  describe('POST /v1/contacts', () => {
    it('when a new person is sent, then 201 with the full record and a linked account', async () => {
      const response = await post({
        email: 'Jane.Doe@Initech.test',
        first_name: 'Jane',
        last_name: 'Doe',
        job_title: 'CTO',
        company_domain: 'https://www.initech.test/',
        company_name: 'Initech',
      });
      assert.equal(response.status, 201);
      const c = response.body;
      assert.equal(c.email, 'jane.doe@initech.test');
      assert.equal(c.company_domain, 'initech.test');
      assert.equal(c.company_name, 'Initech');
      assert.ok(c.account_id);
      for (const field of [
        'id',
        'account_id',
        'first_name',
        'last_name',
        'email',
        'linkedin_url',
        'job_title',
        'company_name',
        'company_domain',
        'phone',
        'owner_user_id',
        'owner',
        'email_status',
        'first_seen_at',
        'last_seen_at',
        'created_at',
        'updated_at',
      ]) {
        assert.ok(field in c, `missing ${field}`);
      }
      assert.equal(c.email_status, 'UNVERIFIED');
      const account = await api.get(`/v1/accounts/${c.account_id}`, { key: org.apiKey });
      assert.equal(account.body.name, 'Initech');
      assert.equal(account.body.domain, 'initech.test');
    });

    it('when the same person is re-sent (any case), then 201 with the same id; sent fields overwrite, omitted stay', async () => {
      const first = await post({ email: 'sam@hooli.test', first_name: 'Sam', job_title: 'Engineer' });
      const second = await post({ email: 'SAM@hooli.test', job_title: 'Staff Engineer' });
      assert.equal(second.status, 201);
      assert.equal(second.body.id, first.body.id);
      assert.equal(second.body.first_name, 'Sam');
      assert.equal(second.body.job_title, 'Staff Engineer');
      assert.ok(Date.parse(second.body.last_seen_at) >= Date.parse(first.body.last_seen_at));
      assert.equal(second.body.first_seen_at, first.body.first_seen_at);
      const cleared = await post({ email: 'sam@hooli.test', job_title: null });
      assert.equal(cleared.body.job_title, null);
    });

    it('when only a LinkedIn URL matches, then that contact is updated and gains the email', async () => {
      const first = await post({ linkedin_url: 'linkedin.com/in/Only-Linkedin-Person/', first_name: 'Lin' });
      assert.equal(first.body.linkedin_url, 'https://www.linkedin.com/in/only-linkedin-person');
      const second = await post({
        linkedin_url: 'https://www.linkedin.com/in/only-linkedin-person?trk=x',
        email: 'lin@pied.test',
      });
      assert.equal(second.body.id, first.body.id);
      assert.equal(second.body.email, 'lin@pied.test');
    });

    it('when company_domain is an alias from the directory, then the account of the primary domain is linked', async () => {
      const response = await post({ email: 'someone@acme-corp.test', company_domain: 'acme-corp.test' });
      assert.equal(response.body.company_domain, 'acme.test');
      assert.equal(response.body.company_name, 'Acme Corp');
    });

    it('when company_name comes alone, then no account is linked', async () => {
      const response = await post({ email: 'alone@nowhere.test', company_name: 'Nowhere Inc' });
      assert.equal(response.body.account_id, null);
      assert.equal(response.body.company_name, 'Nowhere Inc');
      assert.equal(response.body.company_domain, null);
    });

    it('when neither email nor linkedin_url is sent, then 400 naming both', async () => {
      const response = await post({ first_name: 'Nobody' });
      assert.equal(response.status, 400);
      assert.equal(response.body.type, 'ValidationIssue');
      assert.deepEqual(response.body.data.errors.map((e: { path: string }) => e.path).sort(), [
        'email',
        'linkedin_url',
      ]);
    });

    for (const [body, field] of [
      [{ email: 'not-an-email' }, 'email'],
      [{ linkedin_url: 'https://example.com/in/x' }, 'linkedin_url'],
      [{ email: 'a@b.test', company_domain: 'not a domain' }, 'company_domain'],
      [{ email: 'a@b.test', favourite_color: 'blue' }, 'favourite_color'],
      [{ email: 'a@b.test', first_name: 42 }, 'first_name'],
      [{ email: 'a@b.test', first_name: 'x'.repeat(256) }, 'first_name'],
    ] as const) {
      it(`when ${JSON.stringify(body).slice(0, 60)} is sent, then 400 naming ${field} and nothing is written`, async () => {
        const before = await api.get('/v1/contacts?size=1', { key: org.apiKey });
        const response = await post(body);
        assert.equal(response.status, 400);
        assert.ok(
          response.body.data.errors.some((e: { path: string }) => e.path === field),
          JSON.stringify(response.body),
        );
        const after = await api.get('/v1/contacts?size=1', { key: org.apiKey });
        assert.equal(after.body.total_count, before.body.total_count);
      });
    }

    it('when email and LinkedIn URL belong to two different contacts, then 409 CommitIssue naming both', async () => {
      const a = await post({ email: 'two-a@split.test' });
      const b = await post({ linkedin_url: 'https://www.linkedin.com/in/two-b' });
      const response = await post({ email: 'two-a@split.test', linkedin_url: 'https://www.linkedin.com/in/two-b' });
      assert.equal(response.status, 409);
      assert.equal(response.body.type, 'CommitIssue');
      assert.deepEqual(response.body.data, { email_contact_id: a.body.id, linkedin_url_contact_id: b.body.id });
      // Nothing was written: each contact keeps only its own identifier.
      const [afterA, afterB] = [
        await api.get(`/v1/contacts/${a.body.id}`, { key: org.apiKey }),
        await api.get(`/v1/contacts/${b.body.id}`, { key: org.apiKey }),
      ];
      assert.deepEqual(
        [afterA.body.linkedin_url, afterB.body.email, afterA.body.updated_at, afterB.body.updated_at],
        [null, null, a.body.updated_at, b.body.updated_at],
      );
      // The OpenAPI document says so.
      const documented = (await api.get('/v1/openapi.json')).body.paths['/v1/contacts'].post.responses['409'];
      assert.match(documented.description, /two different existing contacts/);
      for (const field of ['email_contact_id', 'linkedin_url_contact_id', 'Idempotency-Key'])
        assert.ok(documented.description.includes(field), `409 documents ${field}`);
      assert.equal(documented.content['application/json'].schema.$ref, '#/components/schemas/Error');
    });

    it('when the same new person is upserted concurrently, then one contact results', async () => {
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => post({ email: 'race@concurrent.test', company_domain: 'concurrent.test' })),
      );
      assert.ok(
        responses.every((r) => r.status === 201),
        JSON.stringify(responses.map((r) => r.body)),
      );
      assert.equal(new Set(responses.map((r) => r.body.id)).size, 1);
      assert.equal(new Set(responses.map((r) => r.body.account_id)).size, 1);
    });
  });

  describe('GET /v1/contacts', () => {
    let ids: Record<string, string>;

    before(async () => {
      const made = [
        await post({
          email: 'filter-one@filters.test',
          linkedin_url: 'https://www.linkedin.com/in/filter-one',
          company_domain: 'filters.test',
          last_name: 'Alpha',
        }),
        await post({ email: 'filter-two@filters.test', company_domain: 'filters.test', last_name: 'Bravo' }),
        await post({ email: 'filter-three@elsewhere.test', company_domain: 'elsewhere.test', last_name: 'Charlie' }),
      ];
      ids = { one: made[0].body.id, two: made[1].body.id, three: made[2].body.id };
      await post({ email: 'filter-one@filters.test' }, other.apiKey);
    });

    const list = async (query: string) => (await api.get(`/v1/contacts?size=100&${query}`, { key: org.apiKey })).body;

    it('when filtering by email, then the match is case-insensitive and exact', async () => {
      const found = await list('email=FILTER-ONE@filters.test');
      assert.deepEqual(
        found.items.map((c: { id: string }) => c.id),
        [ids.one],
      );
      assert.equal((await list('email=filter@filters.test')).total_count, 0);
    });

    it('when filtering by a LinkedIn URL variant, then the canonical contact matches', async () => {
      for (const variant of ['http://linkedin.com/in/filter-one/', 'https://WWW.linkedin.com/in/FILTER-ONE?x=1']) {
        const found = await list(`linkedin_url=${encodeURIComponent(variant)}`);
        assert.deepEqual(
          found.items.map((c: { id: string }) => c.id),
          [ids.one],
          variant,
        );
      }
    });

    it('when filtering by company_domain or contact_id, then only those contacts come back', async () => {
      const byDomain = await list('company_domain=WWW.filters.test');
      assert.deepEqual(byDomain.items.map((c: { id: string }) => c.id).sort(), [ids.one, ids.two].sort());
      assert.deepEqual(
        (await list(`contact_id=${ids.three}`)).items.map((c: { id: string }) => c.id),
        [ids.three],
      );
    });

    it('when filtering by first_seen_after and last_seen_after, then the bound is strict', async () => {
      const two = await api.get(`/v1/contacts/${ids.two}`, { key: org.apiKey });
      const after = await list(
        `first_seen_after=${encodeURIComponent(two.body.first_seen_at)}&company_domain=filters.test`,
      );
      assert.ok(!after.items.some((c: { id: string }) => c.id === ids.two));
      const lastSeen = await list(
        `last_seen_after=${encodeURIComponent(new Date(Date.parse(two.body.last_seen_at) - 1).toISOString())}&company_domain=filters.test`,
      );
      assert.ok(lastSeen.items.some((c: { id: string }) => c.id === ids.two));
    });

    it('when sorting by last_name desc, then the order follows', async () => {
      const sorted = await list('company_domain=filters.test&sort_by=last_name&sort_order=desc');
      assert.deepEqual(
        sorted.items.map((c: { last_name: string }) => c.last_name),
        ['Bravo', 'Alpha'],
      );
    });

    it('when a filter is malformed, then 400 naming it', async () => {
      for (const [query, field] of [
        ['email=nope', 'email'],
        ['first_seen_after=yesterday', 'first_seen_after'],
        ['contact_id=12', 'contact_id'],
        ['sort_by=phone', 'sort_by'],
      ]) {
        const response = await api.get(`/v1/contacts?${query}`, { key: org.apiKey });
        assert.equal(response.status, 400, query);
        assert.ok(
          response.body.data.errors.some((e: { path: string }) => e.path === field),
          query,
        );
      }
    });

    it('when another organization lists, then it sees only its own contacts', async () => {
      const theirs = await api.get('/v1/contacts?size=100', { key: other.apiKey });
      assert.equal(theirs.body.total_count, 1);
      assert.notEqual(theirs.body.items[0].id, ids.one);
    });
  });

  describe('GET, owner, DELETE /v1/contacts/{contact_id}', () => {
    it('when another organization asks for a contact, then 404 and no data', async () => {
      const mine = await post({ email: 'private@isolation.test', first_name: 'Secret' });
      for (const [method, path] of [
        ['GET', ''],
        ['GET', '/variables'],
        ['DELETE', ''],
      ] as const) {
        const response = await api.call(method, `/v1/contacts/${mine.body.id}${path}`, { key: other.apiKey });
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.ok(!response.text.includes('Secret'));
      }
      const owner = await api.patch(`/v1/contacts/${mine.body.id}/owner`, {
        key: other.apiKey,
        body: { owner_user_id: other.userId },
      });
      assert.equal(owner.status, 404);
    });

    it('when the owner is set to a user of the organization, then the embed shows them; a stranger is 422', async () => {
      const contact = await post({ email: 'owned@owners.test' });
      const user = await admin.createUser(stack.orm.em.fork(), {
        organizationId: org.organizationId,
        email: `rep-${Date.now()}@example.com`,
        name: 'Rep',
      });
      const set = await api.patch(`/v1/contacts/${contact.body.id}/owner`, {
        key: org.apiKey,
        body: { owner_user_id: user.id },
      });
      assert.equal(set.status, 200);
      assert.deepEqual(set.body.owner, { id: user.id, email: user.email, name: 'Rep' });
      assert.equal(set.body.owner_user_id, user.id);
      const stranger = await api.patch(`/v1/contacts/${contact.body.id}/owner`, {
        key: org.apiKey,
        body: { owner_user_id: other.userId },
      });
      assert.equal(stranger.status, 422);
      assert.equal(stranger.body.data.errors[0].path, 'owner_user_id');
      const cleared = await api.patch(`/v1/contacts/${contact.body.id}/owner`, {
        key: org.apiKey,
        body: { owner_user_id: null },
      });
      assert.equal(cleared.body.owner, null);
    });

    it('when a contact is erased, then it is gone and the person cannot be added again', async () => {
      const contact = await post({
        email: 'erase-me@privacy.test',
        linkedin_url: 'https://www.linkedin.com/in/erase-me',
      });
      await api.patch(`/v1/contacts/${contact.body.id}/variables`, {
        key: org.apiKey,
        body: { contact_variables: { note: 'x' } },
      });
      await stack.orm.em.fork().transactional((tx) =>
        emitEvent(tx, {
          type: 'contact_exclusion.created',
          organizationId: org.organizationId,
          contact: {
            id: contact.body.id,
            first_name: null,
            last_name: null,
            email: 'erase-me@privacy.test',
            linkedin_url: null,
            job_title: null,
            company_name: null,
            company_domain: null,
          },
          fields: {
            exclusion_id: contact.body.id,
            email: 'erase-me@privacy.test',
            linkedin_url: null,
            reason: 'OTHER',
          },
        }),
      );
      const erased = await api.delete(`/v1/contacts/${contact.body.id}`, { key: org.apiKey });
      assert.equal(erased.status, 204);
      assert.equal((await api.get(`/v1/contacts/${contact.body.id}`, { key: org.apiKey })).status, 404);
      for (const body of [{ email: 'ERASE-ME@privacy.test' }, { linkedin_url: 'linkedin.com/in/erase-me/' }]) {
        const again = await post(body);
        assert.equal(again.status, 422);
        assert.equal(again.body.type, 'BusinessIssue');
        assert.equal(again.body.data.reason, 'ERASED');
      }
      const rows = await stack.orm.em
        .fork()
        .getConnection()
        .execute("SELECT count(*)::int AS n FROM contacts WHERE email = 'erase-me@privacy.test'");
      assert.equal(rows[0].n, 0);
      const activities = await stack.orm.em
        .fork()
        .getConnection()
        .execute('SELECT count(*)::int AS n FROM activities WHERE contact_id = ?', [contact.body.id]);
      assert.equal(activities[0].n, 0, 'activity rows embedding the person are gone');
      assert.equal(
        (await post({ email: 'erase-me@privacy.test' }, other.apiKey)).status,
        201,
        'suppression is per organization',
      );
    });
  });
});
