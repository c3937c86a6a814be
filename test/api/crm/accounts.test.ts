// CRM write to accounts on the real stack (PATCH /v1/accounts/{account_id}/crm): linking to seeded
// sandbox records by domain, creating records, racing first writes, copy-on-write isolation
// between organizations, tenant 404s, body validation and the scope. Contacts: contacts.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CrmLink } from '../../../db/entities/index.ts';
import type { SandboxCrm } from '../../../providers/crm/sandbox.ts';
import type { client } from '../../helpers/http.ts';
import { newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { crmFixture, fields } from './fixtures.ts';

const RESULT_KEYS = ['crm_properties', 'crm_property', 'crm_type', 'external_id', 'object_type'];
const NEW_COMPANY = /^crm-company-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('PATCH /v1/accounts/{account_id}/crm', () => {
  const fx = crmFixture('CRM Org');
  const { createAccount } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let crm: SandboxCrm;
  let org: TestOrg;
  before(() => ({ stack, api, crm, org } = fx));

  it('when an unlinked account of acme.test is written, then it links the seeded crm-company-acme and answers the documented result', async () => {
    const accountId = await createAccount(org, 'acme.test', 'Acme');
    const response = await api.patch(`/v1/accounts/${accountId}/crm`, {
      key: org.apiKey,
      body: fields(['lifecycle_stage', 'customer'], ['tier', 'gold']),
    });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), RESULT_KEYS);
    assert.deepEqual(response.body, {
      object_type: 'account',
      crm_type: 'sandbox',
      crm_properties: ['lifecycle_stage', 'tier'],
      crm_property: 'lifecycle_stage',
      external_id: 'crm-company-acme',
    });
    const record = await crm.findRecord(org.organizationId, 'company', 'crm-company-acme');
    assert.deepEqual(record?.properties, {
      domain: 'acme.test',
      name: 'Acme Corp',
      lifecycle_stage: 'customer',
      tier: 'gold',
    });
  });

  it('when a linked account is written again, then the same CRM record is updated and other properties are kept', async () => {
    const accountId = await createAccount(org, 'globex.test');
    const first = await api.patch(`/v1/accounts/${accountId}/crm`, {
      key: org.apiKey,
      body: fields(['tier', 'silver'], ['region', 'EMEA']),
    });
    assert.equal(first.body.external_id, 'crm-company-globex');
    const second = await api.patch(`/v1/accounts/${accountId}/crm`, {
      key: org.apiKey,
      body: fields(['tier', 'gold']),
    });
    assert.equal(second.status, 200);
    assert.equal(second.body.external_id, 'crm-company-globex');
    assert.deepEqual(second.body.crm_properties, ['tier']);
    const record = await crm.findRecord(org.organizationId, 'company', 'crm-company-globex');
    assert.deepEqual(record?.properties, { domain: 'globex.test', name: 'Globex', tier: 'gold', region: 'EMEA' });
  });

  it("when the account's domain is unknown to the CRM, then a crm-company-<uuid> record is created with its identity and reused after", async () => {
    const domain = `${randomUUID().slice(0, 8)}.example`;
    const accountId = await createAccount(org, domain, 'Newco');
    const first = await api.patch(`/v1/accounts/${accountId}/crm`, {
      key: org.apiKey,
      body: fields(['tier', 'bronze']),
    });
    assert.equal(first.status, 200);
    assert.match(first.body.external_id, NEW_COMPANY);
    const record = await crm.findRecord(org.organizationId, 'company', first.body.external_id);
    assert.deepEqual(record?.properties, { domain, name: 'Newco', tier: 'bronze' });
    const second = await api.patch(`/v1/accounts/${accountId}/crm`, {
      key: org.apiKey,
      body: fields(['tier', 'silver']),
    });
    assert.equal(second.body.external_id, first.body.external_id);
    assert.equal(
      (await crm.findRecord(org.organizationId, 'company', first.body.external_id))?.properties.tier,
      'silver',
    );
  });

  it('when two first writes of one account race, then both answer the same external id and one link exists', async () => {
    const accountId = await createAccount(org, `${randomUUID().slice(0, 8)}.example`);
    const [a, b] = await Promise.all([
      api.patch(`/v1/accounts/${accountId}/crm`, { key: org.apiKey, body: fields(['a', '1']) }),
      api.patch(`/v1/accounts/${accountId}/crm`, { key: org.apiKey, body: fields(['b', '2']) }),
    ]);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.equal(a.body.external_id, b.body.external_id);
    const record = await crm.findRecord(org.organizationId, 'company', a.body.external_id);
    assert.equal(record?.properties.a, '1');
    assert.equal(record?.properties.b, '2');
    assert.equal(await stack.orm.em.fork().count(CrmLink, { organization: org.organizationId, localId: accountId }), 1);
  });

  it('when one organization writes to a seeded record, then other organizations still see the seeded properties', async () => {
    const orgA = await newOrg(stack, 'CRM Org A');
    const orgB = await newOrg(stack, 'CRM Org B');
    const accountA = await createAccount(orgA, 'acme.test');
    const written = await api.patch(`/v1/accounts/${accountA}/crm`, {
      key: orgA.apiKey,
      body: fields(['name', 'Renamed by A'], ['secret', 'a-only']),
    });
    assert.equal(written.body.external_id, 'crm-company-acme');
    assert.deepEqual((await crm.findRecord(orgA.organizationId, 'company', 'crm-company-acme'))?.properties, {
      domain: 'acme.test',
      name: 'Renamed by A',
      secret: 'a-only',
    });
    assert.deepEqual((await crm.findRecord(orgB.organizationId, 'company', 'crm-company-acme'))?.properties, {
      domain: 'acme.test',
      name: 'Acme Corp',
    });

    const accountB = await createAccount(orgB, 'acme.test');
    const byB = await api.patch(`/v1/accounts/${accountB}/crm`, { key: orgB.apiKey, body: fields(['tier', 'b-tier']) });
    assert.equal(byB.body.external_id, 'crm-company-acme');
    assert.deepEqual((await crm.findRecord(orgB.organizationId, 'company', 'crm-company-acme'))?.properties, {
      domain: 'acme.test',
      name: 'Acme Corp',
      tier: 'b-tier',
    });
    assert.equal(
      (await crm.findRecord(orgA.organizationId, 'company', 'crm-company-acme'))?.properties.tier,
      undefined,
    );
  });

  it('when the account belongs to another organization, then 404 NotFoundIssue and nothing is linked', async () => {
    const other = await newOrg(stack, 'CRM Other');
    const foreign = await createAccount(other, 'acme.test');
    const response = await api.patch(`/v1/accounts/${foreign}/crm`, {
      key: org.apiKey,
      body: fields(['tier', 'stolen']),
    });
    assert.equal(response.status, 404);
    assert.equal(response.body.type, 'NotFoundIssue');
    assert.equal(await stack.orm.em.fork().count(CrmLink, { localId: foreign }), 0);
    assert.equal(
      (await crm.findRecord(other.organizationId, 'company', 'crm-company-acme'))?.properties.tier,
      undefined,
    );
  });

  it('when the account id is unknown, then 404 NotFoundIssue', async () => {
    const response = await api.patch(`/v1/accounts/${randomUUID()}/crm`, {
      key: org.apiKey,
      body: fields(['tier', 'x']),
    });
    assert.equal(response.status, 404);
    assert.equal(response.body.type, 'NotFoundIssue');
  });

  it('when the account id is not a uuid, then 400 ValidationIssue naming account_id', async () => {
    const response = await api.patch('/v1/accounts/not-a-uuid/crm', { key: org.apiKey, body: fields(['tier', 'x']) });
    assert.equal(response.status, 400);
    assert.equal(response.body.type, 'ValidationIssue');
    assert.ok(
      response.body.data.errors.some((e: { path: string }) => e.path === 'account_id'),
      response.text,
    );
  });

  const badBodies: [string, unknown, string][] = [
    ['no fields', {}, 'fields'],
    ['fields empty', { fields: [] }, 'fields'],
    ['fields not an array', { fields: { property: 'a', value: 'b' } }, 'fields'],
    ['101 fields', { fields: Array.from({ length: 101 }, (_, i) => ({ property: `p${i}`, value: 'v' })) }, 'fields'],
    ['a property starting with a digit', fields(['1tier', 'x']), 'fields[0].property'],
    ['a property with a dash', fields(['ok', 'x'], ['bad-name', 'y']), 'fields[1].property'],
    ['a property of 101 characters', fields([`a${'b'.repeat(100)}`, 'x']), 'fields[0].property'],
    ['a value of 10,001 characters', fields(['tier', 'x'.repeat(10_001)]), 'fields[0].value'],
    ['a numeric value', { fields: [{ property: 'tier', value: 3 }] }, 'fields[0].value'],
    ['a missing value', { fields: [{ property: 'tier' }] }, 'fields[0].value'],
    ['an unknown field in an item', { fields: [{ property: 'tier', value: 'x', type: 'text' }] }, 'fields[0].type'],
    ['an unknown top-level field', { ...fields(['tier', 'x']), mode: 'merge' }, 'mode'],
  ];
  for (const [what, body, path] of badBodies) {
    it(`when the body has ${what}, then 400 ValidationIssue naming ${path}`, async () => {
      const accountId = await createAccount(org, `${randomUUID().slice(0, 8)}.example`);
      const response = await api.patch(`/v1/accounts/${accountId}/crm`, { key: org.apiKey, body });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.type, 'ValidationIssue');
      assert.ok(
        response.body.data.errors.some((e: { path: string }) => e.path === path),
        response.text,
      );
      assert.equal(await stack.orm.em.fork().count(CrmLink, { localId: accountId }), 0);
    });
  }

  it('when the body matches the schema but names a property twice, then 422 ValidationIssue naming the repeat, and nothing is linked or written', async () => {
    const domain = `${randomUUID()}.example`;
    const accountId = await createAccount(org, domain);
    const response = await api.patch(`/v1/accounts/${accountId}/crm`, {
      key: org.apiKey,
      body: fields(['tier', 'x'], ['region', 'y'], ['tier', 'z']),
    });
    assert.equal(response.status, 422, response.text);
    assert.equal(response.body.type, 'ValidationIssue');
    assert.deepEqual(
      response.body.data.errors.map((e: { path: string }) => e.path),
      ['fields[2].property'],
    );
    assert.equal(await stack.orm.em.fork().count(CrmLink, { localId: accountId }), 0);
    assert.equal(await crm.findByIdentity(org.organizationId, 'company', { domain }), null, 'no CRM record created');
  });

  it('when values are at the limits (100 fields, 10,000 characters, empty string), then 200', async () => {
    const accountId = await createAccount(org, `${randomUUID().slice(0, 8)}.example`);
    const body = {
      fields: Array.from({ length: 100 }, (_, i) => ({
        property: `p_${i}`,
        value: i === 0 ? 'x'.repeat(10_000) : i === 1 ? '' : 'v',
      })),
    };
    const response = await api.patch(`/v1/accounts/${accountId}/crm`, { key: org.apiKey, body });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.crm_properties.length, 100);
    const record = await crm.findRecord(org.organizationId, 'company', response.body.external_id);
    assert.equal(record?.properties.p_0.length, 10_000);
    assert.equal(record?.properties.p_1, '');
  });

  it('when the key lacks crm:write, then 403 UnauthorizedIssue; with only crm:write, then 200', async () => {
    const accountId = await createAccount(org, `${randomUUID().slice(0, 8)}.example`);
    const without = await newKey(stack, org.organizationId, ['crm:read', 'accounts:write', 'contacts:write']);
    const refused = await api.patch(`/v1/accounts/${accountId}/crm`, {
      key: without.api_key,
      body: fields(['tier', 'x']),
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.type, 'UnauthorizedIssue');
    assert.equal(await stack.orm.em.fork().count(CrmLink, { localId: accountId }), 0);
    const only = await newKey(stack, org.organizationId, ['crm:write']);
    assert.equal(
      (await api.patch(`/v1/accounts/${accountId}/crm`, { key: only.api_key, body: fields(['tier', 'x']) })).status,
      200,
    );
  });
});
