// Accounts and variables over HTTP on the real stack (docs/api/people.md: accounts and the variable rules).
import assert from 'node:assert/strict';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('accounts', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Accounts Org');
    other = await newOrg(stack, 'Accounts Other');
  });

  it('when an account is upserted twice with domain variants, then 201 both times with one id and the first name', async () => {
    const first = await api.post('/v1/accounts', {
      key: org.apiKey,
      body: { domain: 'HTTPS://www.Umbrella.test/about', name: 'Umbrella' },
    });
    assert.equal(first.status, 201);
    assert.equal(first.body.domain, 'umbrella.test');
    const second = await api.post('/v1/accounts', {
      key: org.apiKey,
      body: { domain: 'umbrella.test.', name: 'Other Name' },
    });
    assert.equal(second.status, 201);
    assert.equal(second.body.id, first.body.id);
    assert.equal(second.body.name, 'Umbrella');
    for (const field of ['id', 'first_seen_at', 'last_seen_at', 'name', 'domain', 'owner_user_id', 'owner'])
      assert.ok(field in second.body, field);
  });

  it('when an alias domain is upserted, then the primary domain and directory name are used', async () => {
    const response = await api.post('/v1/accounts', { key: org.apiKey, body: { domain: 'acme-corp.test' } });
    assert.equal(response.body.domain, 'acme.test');
    assert.equal(response.body.name, 'Acme Corp');
  });

  it('when listing with domain and name filters, then matches are case-insensitive (exact, substring)', async () => {
    await api.post('/v1/accounts', {
      key: org.apiKey,
      body: { domain: 'stark-industries.test', name: 'Stark Industries' },
    });
    const byDomain = await api.get('/v1/accounts?domain=STARK-industries.test', { key: org.apiKey });
    assert.deepEqual(
      byDomain.body.items.map((a: { name: string }) => a.name),
      ['Stark Industries'],
    );
    const byName = await api.get('/v1/accounts?name=INDUSTR', { key: org.apiKey });
    assert.deepEqual(
      byName.body.items.map((a: { name: string }) => a.name),
      ['Stark Industries'],
    );
    const literal = await api.get('/v1/accounts?name=%25', { key: org.apiKey });
    assert.equal(literal.body.total_count, 0, 'a % is matched literally');
    const sorted = await api.get('/v1/accounts?sort_by=name&sort_order=desc&size=100', { key: org.apiKey });
    const names = sorted.body.items.map((a: { name: string }) => a.name);
    assert.deepEqual(names, [...names].sort().reverse());
  });

  it('when the domain is missing or malformed, then 400 naming domain', async () => {
    for (const body of [{}, { domain: 'nope' }, { domain: 12 }]) {
      const response = await api.post('/v1/accounts', { key: org.apiKey, body });
      assert.equal(response.status, 400);
      assert.equal(response.body.data.errors[0].path, 'domain');
    }
  });

  it('when another organization reads, reassigns or edits variables of an account, then 404', async () => {
    const mine = await api.post('/v1/accounts', { key: org.apiKey, body: { domain: 'isolated-account.test' } });
    assert.equal((await api.get(`/v1/accounts/${mine.body.id}`, { key: other.apiKey })).status, 404);
    assert.equal(
      (
        await api.patch(`/v1/accounts/${mine.body.id}/owner`, {
          key: other.apiKey,
          body: { owner_user_id: other.userId },
        })
      ).status,
      404,
    );
    assert.equal((await api.get(`/v1/accounts/${mine.body.id}/variables`, { key: other.apiKey })).status, 404);
    assert.equal(
      (
        await api.patch(`/v1/accounts/${mine.body.id}/variables`, {
          key: other.apiKey,
          body: { variables: { a: '1' } },
        })
      ).status,
      404,
    );
    const theirs = await api.post('/v1/accounts', { key: other.apiKey, body: { domain: 'isolated-account.test' } });
    assert.notEqual(theirs.body.id, mine.body.id);
  });

  it('when the owner is reassigned, then the embed follows', async () => {
    const account = await api.post('/v1/accounts', { key: org.apiKey, body: { domain: 'owned-account.test' } });
    const response = await api.patch(`/v1/accounts/${account.body.id}/owner`, {
      key: org.apiKey,
      body: { owner_user_id: org.userId },
    });
    assert.equal(response.status, 200);
    assert.equal(response.body.owner.id, org.userId);
  });
});

describe('variables', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Variables Org');
  });

  async function contactAt(email: string, domain?: string) {
    return (
      await api.post('/v1/contacts', {
        key: org.apiKey,
        body: { email, ...(domain ? { company_domain: domain } : {}) },
      })
    ).body;
  }

  it('when contact and account variables are merged, then GET shows both scopes and the account scope is shared', async () => {
    const a = await contactAt('var-a@shared-vars.test', 'shared-vars.test');
    const b = await contactAt('var-b@shared-vars.test', 'shared-vars.test');
    const patched = await api.patch(`/v1/contacts/${a.id}/variables`, {
      key: org.apiKey,
      body: { contact_variables: { first_line: 'Hi', Pain_2: 'x' }, account_variables: { plan: 'Pro' } },
    });
    assert.equal(patched.status, 200);
    assert.deepEqual(patched.body, {
      contact_variables: { Pain_2: 'x', first_line: 'Hi' },
      account_variables: { plan: 'Pro' },
    });
    const seenByB = await api.get(`/v1/contacts/${b.id}/variables`, { key: org.apiKey });
    assert.deepEqual(seenByB.body, { contact_variables: {}, account_variables: { plan: 'Pro' } });
    const viaAccount = await api.get(`/v1/accounts/${a.account_id}/variables`, { key: org.apiKey });
    assert.deepEqual(viaAccount.body, { variables: { plan: 'Pro' } });
    const merged = await api.patch(`/v1/accounts/${a.account_id}/variables`, {
      key: org.apiKey,
      body: { variables: { seats: '40' } },
    });
    assert.deepEqual(merged.body.variables, { plan: 'Pro', seats: '40' });
  });

  it('when a value is set to null, then the key stays with null; DELETE removes it', async () => {
    const c = await contactAt('var-null@vars.test');
    await api.patch(`/v1/contacts/${c.id}/variables`, { key: org.apiKey, body: { contact_variables: { k: 'v' } } });
    const nulled = await api.patch(`/v1/contacts/${c.id}/variables`, {
      key: org.apiKey,
      body: { contact_variables: { k: null } },
    });
    assert.deepEqual(nulled.body.contact_variables, { k: null });
    const deleted = await api.delete(`/v1/contacts/${c.id}/variables/k?scope=contact`, { key: org.apiKey });
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body.contact_variables, {});
    assert.equal((await api.delete(`/v1/contacts/${c.id}/variables/k?scope=contact`, { key: org.apiKey })).status, 404);
    assert.equal(
      (await api.delete(`/v1/contacts/${c.id}/variables/k`, { key: org.apiKey })).status,
      400,
      'scope is required',
    );
  });

  it('when the 201st key is added, then 422 BusinessIssue naming the limit; null keeps slots, DELETE frees one', async () => {
    const c = await contactAt('var-limit@vars.test');
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, i % 2 ? null : 'v']));
    assert.equal(
      (await api.patch(`/v1/contacts/${c.id}/variables`, { key: org.apiKey, body: { contact_variables: many } }))
        .status,
      200,
    );
    const over = await api.patch(`/v1/contacts/${c.id}/variables`, {
      key: org.apiKey,
      body: { contact_variables: { extra: 'x' } },
    });
    assert.equal(over.status, 422);
    assert.equal(over.body.type, 'BusinessIssue');
    assert.equal(over.body.data.limit, 200);
    assert.match(over.body.message, /200/);
    assert.equal(
      (
        await api.patch(`/v1/contacts/${c.id}/variables`, {
          key: org.apiKey,
          body: { contact_variables: { k0: 'overwrite' } },
        })
      ).status,
      200,
      'existing keys can change',
    );
    await api.delete(`/v1/contacts/${c.id}/variables/k1?scope=contact`, { key: org.apiKey });
    assert.equal(
      (
        await api.patch(`/v1/contacts/${c.id}/variables`, {
          key: org.apiKey,
          body: { contact_variables: { extra: 'x' } },
        })
      ).status,
      200,
    );
  });

  it('when concurrent merges would pass the limit together, then the limit still holds', async () => {
    const c = await contactAt('var-race@vars.test');
    const batch = (n: number) => Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`r${n}_${i}`, 'v']));
    const results = await Promise.all(
      [1, 2].map((n) =>
        api.patch(`/v1/contacts/${c.id}/variables`, { key: org.apiKey, body: { contact_variables: batch(n) } }),
      ),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 422]);
    const stored = await api.get(`/v1/contacts/${c.id}/variables`, { key: org.apiKey });
    assert.equal(Object.keys(stored.body.contact_variables).length, 150);
  });

  it('when keys or values break the rules, then 400 naming the field', async () => {
    const c = await contactAt('var-bad@vars.test');
    for (const body of [
      { contact_variables: { '1bad': 'x' } },
      { contact_variables: { 'has-dash': 'x' } },
      { contact_variables: { ok: 'x'.repeat(10_001) } },
      { contact_variables: { ok: 5 } },
      { other: {} },
    ]) {
      const response = await api.patch(`/v1/contacts/${c.id}/variables`, { key: org.apiKey, body });
      assert.equal(response.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(response.body.data.errors[0].path, /^(contact_variables|other)/);
    }
  });

  it('when account variables are sent for a contact without account, then 422 naming account_variables', async () => {
    const c = await contactAt('var-noaccount@vars.test');
    const response = await api.patch(`/v1/contacts/${c.id}/variables`, {
      key: org.apiKey,
      body: { account_variables: { a: 'b' } },
    });
    assert.equal(response.status, 422);
    assert.match(response.body.message, /account_variables/);
  });
});
