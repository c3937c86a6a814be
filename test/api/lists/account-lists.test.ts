// Account lists and their entries.
import assert from 'node:assert/strict';
import { type client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { listsFixture } from './fixtures.ts';

describe('lists and entries', () => {
  const fx = listsFixture();
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let counter = 0;
  before(() => ({ api, org, other } = fx));

  describe('account lists and entries', () => {
    it('when account entries are added, then an alias resolves to the primary domain with the directory profile, a new domain creates its account, and account_id is always set', async () => {
      const created = await api.post('/v1/account-lists', {
        key: org.apiKey,
        body: { items: [{ name: 'Targets' }, { name: '' }] },
      });
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(
        created.body.items.map((i: { status: string }) => i.status),
        ['CREATED', 'FAILED'],
      );
      const list = created.body.items[0].resource.id;
      const foreign = (
        await api.post('/v1/account-lists', { key: other.apiKey, body: { items: [{ name: 'Theirs' }] } })
      ).body.items[0].resource.id;
      const response = await api.post('/v1/account-entries', {
        key: org.apiKey,
        body: {
          items: [
            { account_list_id: list, name: 'Acme (alias)', domain: 'https://www.ACME-CORP.test/about' },
            { account_list_id: list, name: 'Newco', domain: `newco-${++counter}.test` },
            { account_list_id: list, name: 'Acme again', domain: 'acme.test' },
            { account_list_id: list, name: 'Bad', domain: 'not a domain' },
            { account_list_id: foreign, name: 'Foreign', domain: 'globex.test' },
            { account_list_id: list, name: 'Missing domain' },
          ],
        },
      });
      assert.equal(response.status, 200, response.text);
      const items = response.body.items;
      assert.deepEqual(
        items.map((i: { status: string }) => i.status),
        ['CREATED', 'CREATED', 'UPDATED', 'FAILED', 'FAILED', 'FAILED'],
      );
      assert.deepEqual(
        items.slice(3).map((i: { error: { type: string } }) => i.error.type),
        ['ValidationIssue', 'NotFoundIssue', 'ValidationIssue'],
      );
      const [acme, newco, again] = items.map((i: { resource: unknown }) => i.resource);
      assert.equal(acme.domain, 'acme.test');
      assert.deepEqual(
        [acme.company.name, acme.company.industry, acme.company.alias_domains],
        ['Acme Corp', 'Software', ['acme-corp.test']],
      );
      assert.ok(acme.account_id && newco.account_id);
      assert.equal(again.id, acme.id);
      assert.equal(again.name, 'Acme again');
      assert.equal(newco.company, null);
      const account = await api.get(`/v1/accounts/${newco.account_id}`, { key: org.apiKey });
      assert.deepEqual([account.body.name, account.body.domain], ['Newco', newco.domain]);
      assert.equal((await api.get(`/v1/accounts/${acme.account_id}`, { key: org.apiKey })).body.domain, 'acme.test');

      const ids = async (query: string) =>
        (await api.get(`/v1/account-entries?account_list_id=${list}${query}`, { key: org.apiKey })).body.items.map(
          (e: { id: string }) => e.id,
        );
      assert.deepEqual((await ids('')).sort(), [acme.id, newco.id].sort());
      assert.deepEqual(await ids('&domain=acme-corp.test'), [acme.id]);
      assert.deepEqual(await ids('&name=NEWC'), [newco.id]);
      assert.deepEqual(await ids('&sort_by=name&sort_order=desc'), [newco.id, acme.id]);
      assert.equal((await api.get('/v1/account-entries', { key: org.apiKey })).status, 400);
      assert.equal((await api.get(`/v1/account-entries?account_list_id=${list}`, { key: other.apiKey })).status, 404);

      const listRead = await api.get(`/v1/account-lists/${list}`, { key: org.apiKey });
      assert.deepEqual([listRead.body.name, listRead.body.entries_count], ['Targets', 2]);
      const renamed = await api.patch(`/v1/account-lists/${list}`, {
        key: org.apiKey,
        body: { name: 'Renamed targets' },
      });
      assert.deepEqual([renamed.status, renamed.body.name], [200, 'Renamed targets']);
      assert.equal(
        (await api.get('/v1/account-lists?name=Renamed%20targets', { key: org.apiKey })).body.total_count,
        1,
      );

      const removed = await api.delete(`/v1/account-entries/${newco.id}`, { key: org.apiKey });
      assert.deepEqual([removed.status, removed.body.id], [200, newco.id]);
      assert.equal(
        (await api.get(`/v1/accounts/${newco.account_id}`, { key: org.apiKey })).status,
        200,
        'the account stays',
      );
      assert.equal((await api.delete(`/v1/account-lists/${list}`, { key: other.apiKey })).status, 404);
      const dropped = await api.delete(`/v1/account-lists/${list}`, { key: org.apiKey });
      assert.deepEqual([dropped.status, dropped.body.id, dropped.body.entries_count], [200, list, 1]);
      assert.equal((await api.get(`/v1/account-entries/${acme.id}`, { key: org.apiKey })).status, 404);
    });
  });
});
