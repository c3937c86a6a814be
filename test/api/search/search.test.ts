// GET /v1/search and GET /v1/fetch on the real stack: typed ids, substring and prefix matching,
// kinds dropped by scope, 404 for unreadable kinds, tenant isolation.
import assert from 'node:assert/strict';
import { client } from '../../helpers/http.ts';
import { newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('search and fetch', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let contactId: string;
  let accountId: string;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Search Org');
    other = await newOrg(stack, 'Search Other');
    const contact = await api.post('/v1/contacts', {
      key: org.apiKey,
      body: {
        email: 'marguerite.zorn@wayne-ent.test',
        first_name: 'Marguerite',
        last_name: 'Zorn',
        job_title: 'Head of Procurement',
        company_domain: 'wayne-ent.test',
        company_name: 'Wayne Enterprises',
      },
    });
    contactId = contact.body.id;
    accountId = contact.body.account_id;
    await api.post('/v1/contacts', {
      key: other.apiKey,
      body: { email: 'marguerite.other@else.test', first_name: 'Marguerite' },
    });
  });

  const search = (query: string, key = org.apiKey) => api.get(`/v1/search?${query}`, { key });

  it('when searching a name fragment, then a lead with a typed id, title and subtitle comes back', async () => {
    const response = await search('query=guerite');
    assert.equal(response.status, 200);
    const lead = response.body.items.find((i: { id: string }) => i.id === `lead:${contactId}`);
    assert.ok(lead, JSON.stringify(response.body));
    assert.equal(lead.type, 'lead');
    assert.equal(lead.title, 'Marguerite Zorn');
    assert.match(lead.subtitle, /Head of Procurement at Wayne Enterprises/);
    assert.ok(
      !response.body.items.some((i: { title: string }) => i.title.includes('other')),
      'other organization never appears',
    );
  });

  it('when searching a company, then the account matches too; types narrows', async () => {
    const both = await search('query=wayne');
    assert.ok(both.body.items.some((i: { id: string }) => i.id === `account:${accountId}`));
    assert.ok(both.body.items.some((i: { id: string }) => i.id === `lead:${contactId}`));
    const onlyAccounts = await search('query=wayne&types=account');
    assert.ok(onlyAccounts.body.items.every((i: { type: string }) => i.type === 'account'));
  });

  it('when the query has one or two characters, then it falls back to a prefix match', async () => {
    const prefix = await search('query=Zo');
    assert.ok(prefix.body.items.some((i: { id: string }) => i.id === `lead:${contactId}`));
    const middle = await search('query=or');
    assert.ok(
      !middle.body.items.some((i: { id: string }) => i.id === `lead:${contactId}`),
      'two characters match prefixes only',
    );
  });

  it('when wildcard characters are searched, then they match literally', async () => {
    assert.deepEqual((await search('query=%25%25%25')).body.items, []);
  });

  it('when the key reads contacts only, then accounts are dropped, not refused', async () => {
    const key = await newKey(stack, org.organizationId, ['contacts:read']);
    const response = await search('query=wayne', key.api_key);
    assert.equal(response.status, 200);
    assert.ok(response.body.items.length > 0);
    assert.ok(response.body.items.every((i: { type: string }) => i.type === 'lead'));
    const none = await newKey(stack, org.organizationId, ['signals:read']);
    assert.deepEqual((await search('query=wayne', none.api_key)).body.items, []);
  });

  it('when the query is missing, empty or types unknown, then 400 naming the field', async () => {
    for (const [query, field] of [
      ['', 'query'],
      ['query=', 'query'],
      ['query=x&types=planet', 'types[0]'],
    ]) {
      const response = await search(query);
      assert.equal(response.status, 400, query);
      assert.ok(
        response.body.data.errors.some((e: { path: string }) => e.path === field),
        JSON.stringify(response.body.data),
      );
    }
  });

  it('when fetching a lead, then text renders it and data is the full contact record', async () => {
    const response = await api.get(`/v1/fetch?id=lead:${contactId}`, { key: org.apiKey });
    assert.equal(response.status, 200);
    assert.equal(response.body.id, `lead:${contactId}`);
    assert.equal(response.body.type, 'lead');
    assert.match(response.body.text, /Email: marguerite\.zorn@wayne-ent\.test/);
    const direct = await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey });
    assert.deepEqual(response.body.data, direct.body);
    const account = await api.get(`/v1/fetch?id=account:${accountId}`, { key: org.apiKey });
    assert.equal(account.body.data.domain, 'wayne-ent.test');
  });

  it("when fetching a kind the key cannot read, another organization's id or a bad id, then 404 or 400", async () => {
    const contactsOnly = await newKey(stack, org.organizationId, ['contacts:read']);
    assert.equal((await api.get(`/v1/fetch?id=account:${accountId}`, { key: contactsOnly.api_key })).status, 404);
    assert.equal((await api.get(`/v1/fetch?id=lead:${contactId}`, { key: other.apiKey })).status, 404);
    for (const id of ['lead', `planet:${contactId}`, 'lead:123']) {
      const response = await api.get(`/v1/fetch?id=${id}`, { key: org.apiKey });
      assert.equal(response.status, 400, id);
      assert.equal(response.body.data.errors[0].path, 'id');
    }
  });
});
