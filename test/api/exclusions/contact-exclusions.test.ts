// Reading, changing and deleting contact exclusions: one by id, and the list with its filters and
// sorts.
import assert from 'node:assert/strict';
import { type client } from '../../helpers/http.ts';
import { newOrg, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { exclusionsFixture, future, paths } from './fixtures.ts';

describe('exclusions', () => {
  const fx = exclusionsFixture();
  const { postContact } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  before(() => ({ stack, api, org, other } = fx));

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
      const created = await postContact({
        email: 'patch@crud.test',
        reason: 'OUT_OF_OFFICE',
        message: 'back soon',
        until,
      });
      assert.equal(created.body.until, until);
      await sleep(5);
      const reasonOnly = await api.patch(`/v1/contact-exclusions/${created.body.id}`, {
        key: org.apiKey,
        body: { reason: 'MEETING' },
      });
      assert.equal(reasonOnly.status, 200);
      assert.equal(reasonOnly.body.reason, 'MEETING');
      assert.equal(reasonOnly.body.message, 'back soon');
      assert.equal(reasonOnly.body.until, until);
      assert.equal(reasonOnly.body.email, 'patch@crud.test');
      assert.equal(reasonOnly.body.created_at, created.body.created_at);
      assert.ok(Date.parse(reasonOnly.body.updated_at) > Date.parse(created.body.updated_at));

      const cleared = await api.patch(`/v1/contact-exclusions/${created.body.id}`, {
        key: org.apiKey,
        body: { message: null },
      });
      assert.equal(cleared.body.message, null);
      assert.equal(cleared.body.until, until);

      const permanent = await api.patch(`/v1/contact-exclusions/${created.body.id}`, {
        key: org.apiKey,
        body: { until: null },
      });
      assert.equal(permanent.body.until, null);
      assert.equal(permanent.body.reason, 'MEETING');

      const later = future();
      const temporary = await api.patch(`/v1/contact-exclusions/${created.body.id}`, {
        key: org.apiKey,
        body: { until: later, message: 'again' },
      });
      assert.equal(temporary.body.until, later);
      assert.equal(temporary.body.message, 'again');
      assert.deepEqual(
        (await api.get(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey })).body,
        temporary.body,
      );
    });

    it('when a patch is empty or malformed, then 400 naming the field', async () => {
      const created = await postContact({ email: 'badpatch@crud.test', reason: 'OTHER' });
      const empty = await api.patch(`/v1/contact-exclusions/${created.body.id}`, { key: org.apiKey, body: {} });
      assert.equal(empty.status, 400);
      for (const [body, field] of [
        [{ until: 'soon' }, 'until'],
        [{ reason: 'NOPE' }, 'reason'],
        [{ email: 'x@y.test' }, 'email'],
        [{ message: 'x'.repeat(2001) }, 'message'],
      ] as const) {
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
      for (const [email, reason, linkedin] of [
        ['carol@list.test', 'BOUNCED', null],
        ['alice@list.test', 'OTHER', 'linkedin.com/in/alice-list'],
        ['bob@list.test', 'BOUNCED', null],
      ] as const) {
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
      assert.deepEqual(emails(await list('?sort_by=email&sort_order=desc')), [
        'carol@list.test',
        'bob@list.test',
        'alice@list.test',
      ]);
      assert.deepEqual(
        (await list('?sort_by=reason')).items.map((i: { reason: string }) => i.reason),
        ['BOUNCED', 'BOUNCED', 'OTHER'],
      );
      assert.deepEqual(emails(await list('?sort_by=updated_at&sort_order=desc')), [
        'bob@list.test',
        'alice@list.test',
        'carol@list.test',
      ]);
      assert.deepEqual(emails(await list('?sort_by=created_at&sort_order=desc')), [
        'bob@list.test',
        'alice@list.test',
        'carol@list.test',
      ]);
      assert.equal((await api.get('/v1/contact-exclusions?sort_by=domain', { key: lister.apiKey })).status, 400);
    });

    it('when filtered by email, linkedin_url or reason, then exact matches after normalisation', async () => {
      assert.deepEqual(emails(await list('?email=%20ALICE@List.Test')), ['alice@list.test']);
      assert.deepEqual(
        emails(await list(`?linkedin_url=${encodeURIComponent('https://WWW.linkedin.com/in/Alice-List/')}`)),
        ['alice@list.test'],
      );
      assert.deepEqual(emails(await list('?email=alice@list.test.example')), []);
      assert.deepEqual(emails(await list('?reason=BOUNCED')), ['carol@list.test', 'bob@list.test']);
      const bad = await api.get('/v1/contact-exclusions?email=nope', { key: lister.apiKey });
      assert.equal(bad.status, 400);
      assert.deepEqual(paths(bad.body), ['email']);
      assert.deepEqual(paths((await api.get('/v1/contact-exclusions?reason=NOPE', { key: lister.apiKey })).body), [
        'reason',
      ]);
    });

    it('when filtered by created_at bounds, then both are strict', async () => {
      const first = created['carol@list.test'].created_at;
      const last = created['bob@list.test'].created_at;
      assert.deepEqual(emails(await list(`?created_at_after=${encodeURIComponent(first)}`)), [
        'alice@list.test',
        'bob@list.test',
      ]);
      assert.deepEqual(emails(await list(`?created_at_before=${encodeURIComponent(last)}`)), [
        'carol@list.test',
        'alice@list.test',
      ]);
      assert.deepEqual(
        emails(
          await list(`?created_at_after=${encodeURIComponent(first)}&created_at_before=${encodeURIComponent(last)}`),
        ),
        ['alice@list.test'],
      );
      assert.deepEqual(
        paths((await api.get('/v1/contact-exclusions?created_at_after=yesterday', { key: lister.apiKey })).body),
        ['created_at_after'],
      );
    });
  });
});
