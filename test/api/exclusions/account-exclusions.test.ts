// Account exclusions: every endpoint, duplicates and tenant isolation.
import assert from 'node:assert/strict';
import { type client } from '../../helpers/http.ts';
import { newOrg, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { ACCOUNT_FIELDS, exclusionsFixture, future, paths } from './fixtures.ts';

describe('exclusions', () => {
  const fx = exclusionsFixture();
  const { postAccount } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  before(() => ({ stack, api, org, other } = fx));

  describe('account exclusions', () => {
    it('when a domain is excluded in any form, then 201 with exactly the record fields and the normalised domain', async () => {
      const response = await postAccount({
        domain: 'HTTPS://WWW.Blocked-Co.test/about?x=1',
        reason: 'COMPETITOR',
        message: 'rival',
        until: future(),
      });
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
      for (const body of [
        { reason: 'OTHER' },
        { domain: 'not a domain', reason: 'OTHER' },
        { domain: 'localhost', reason: 'OTHER' },
        { domain: '', reason: 'OTHER' },
      ]) {
        const response = await postAccount(body);
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.deepEqual(paths(response.body), ['domain']);
      }
      assert.deepEqual(paths((await postAccount({ domain: 'ok.test', reason: 'OTHER', until: 'never' })).body), [
        'until',
      ]);
    });

    it('when read, patched and deleted, then the same rules as contact exclusions', async () => {
      const created = await postAccount({
        domain: 'crud-co.test',
        reason: 'BAD_TIMING',
        message: 'q3',
        until: future(),
      });
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
      for (const response of [
        await api.get(path, { key: other.apiKey }),
        await api.patch(path, { key: other.apiKey, body: { reason: 'OTHER' } }),
        await api.delete(path, { key: other.apiKey }),
      ]) {
        assert.equal(response.status, 404);
      }
      assert.equal((await api.delete(path, { key: org.apiKey })).status, 204);
      assert.equal((await api.get(path, { key: org.apiKey })).status, 404);
      assert.equal((await postAccount({ domain: 'crud-co.test', reason: 'OTHER' })).status, 201);
    });

    it('when listed, then domain (normalised, alias) and reason filters, created bounds and sorts apply', async () => {
      const lister = await newOrg(stack, 'Account Exclusions Lister');
      const made: { domain: string; created_at: string }[] = [];
      for (const [domain, reason] of [
        ['zeta.test', 'OTHER'],
        ['acme-corp.test', 'COMPETITOR'],
        ['beta.test', 'OTHER'],
      ] as const) {
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
      assert.deepEqual(await list(`?created_at_after=${encodeURIComponent(made[0].created_at)}`), [
        'acme.test',
        'beta.test',
      ]);
      assert.deepEqual(await list(`?created_at_before=${encodeURIComponent(made[2].created_at)}`), [
        'zeta.test',
        'acme.test',
      ]);
      const bad = await api.get('/v1/account-exclusions?domain=not%20a%20domain', { key: lister.apiKey });
      assert.equal(bad.status, 400);
      assert.deepEqual(paths(bad.body), ['domain']);
      assert.equal((await api.get('/v1/account-exclusions?sort_by=email', { key: lister.apiKey })).status, 400);
    });
  });
});
