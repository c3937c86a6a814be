// CRM write to contacts on the real stack (PATCH /v1/contacts/{contact_id}/crm): linking to seeded
// sandbox records by email or LinkedIn URL, creating records with the account's domain, tenant
// 404s and a repeated property; and the sandbox CRM's per-organization copies. Accounts:
// accounts.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CrmLink } from '../../../db/entities/index.ts';
import type { SandboxCrm } from '../../../providers/crm/sandbox.ts';
import type { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { crmFixture, fields } from './fixtures.ts';

const NEW_CONTACT = /^crm-contact-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('CRM write: contacts and the sandbox CRM', () => {
  const fx = crmFixture('CRM Contacts Org');
  const { createAccount, createContact } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let crm: SandboxCrm;
  let org: TestOrg;
  before(() => ({ stack, api, crm, org } = fx));

  describe('PATCH /v1/contacts/{contact_id}/crm', () => {
    it('when an unlinked contact has the email ada@acme.test, then it links the seeded crm-contact-ada', async () => {
      const contactId = await createContact(org, { email: 'ada@acme.test' });
      const response = await api.patch(`/v1/contacts/${contactId}/crm`, {
        key: org.apiKey,
        body: fields(['lead_status', 'open']),
      });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body, {
        object_type: 'contact',
        crm_type: 'sandbox',
        crm_properties: ['lead_status'],
        crm_property: 'lead_status',
        external_id: 'crm-contact-ada',
      });
      const record = await crm.findRecord(org.organizationId, 'contact', 'crm-contact-ada');
      assert.equal(record?.properties.lead_status, 'open');
      assert.equal(record?.properties.linkedin_url, 'https://www.linkedin.com/in/ada-lovelace-test');
    });

    it('when an unlinked contact has only the LinkedIn URL of grace, then it links crm-contact-grace', async () => {
      const contactId = await createContact(org, { linkedinUrl: 'https://www.linkedin.com/in/grace-hopper-test' });
      const response = await api.patch(`/v1/contacts/${contactId}/crm`, {
        key: org.apiKey,
        body: fields(['lead_status', 'new']),
      });
      assert.equal(response.body.external_id, 'crm-contact-grace');
    });

    it('when the contact is unknown to the CRM, then a crm-contact-<uuid> record is created with its identity and account domain', async () => {
      const accountId = await createAccount(org, 'initech.example');
      const email = `${randomUUID().slice(0, 8)}@initech.example`;
      const contactId = await createContact(org, { email, firstName: 'Peter', lastName: 'Gibbons', accountId });
      const response = await api.patch(`/v1/contacts/${contactId}/crm`, {
        key: org.apiKey,
        body: fields(['lead_status', 'new']),
      });
      assert.equal(response.status, 200);
      assert.match(response.body.external_id, NEW_CONTACT);
      const record = await crm.findRecord(org.organizationId, 'contact', response.body.external_id);
      assert.deepEqual(record?.properties, {
        email,
        first_name: 'Peter',
        last_name: 'Gibbons',
        company_domain: 'initech.example',
        lead_status: 'new',
      });
      const found = await crm.findByIdentity(org.organizationId, 'contact', { email: email.toUpperCase() });
      assert.equal(found?.externalId, response.body.external_id);
    });

    it('when the contact belongs to another organization, then 404 NotFoundIssue', async () => {
      const other = await newOrg(stack, 'CRM Contacts Other');
      const foreign = await createContact(other, { email: 'grace@globex.test' });
      const response = await api.patch(`/v1/contacts/${foreign}/crm`, {
        key: org.apiKey,
        body: fields(['lead_status', 'x']),
      });
      assert.equal(response.status, 404);
      assert.equal(response.body.type, 'NotFoundIssue');
    });

    it('when the body matches the schema but names a property twice, then 422 ValidationIssue naming the repeat, and nothing is linked or written', async () => {
      const contactId = await createContact(org, { email: 'grace@globex.test' });
      const response = await api.patch(`/v1/contacts/${contactId}/crm`, {
        key: org.apiKey,
        body: fields(['lead_status', 'open'], ['lead_status', 'won']),
      });
      assert.equal(response.status, 422, response.text);
      assert.equal(response.body.type, 'ValidationIssue');
      assert.deepEqual(
        response.body.data.errors.map((e: { path: string }) => e.path),
        ['fields[1].property'],
      );
      assert.equal(await stack.orm.em.fork().count(CrmLink, { localId: contactId }), 0);
      assert.notEqual(
        (await crm.findRecord(org.organizationId, 'contact', 'crm-contact-grace'))?.properties.lead_status,
        'won',
      );
    });

    it('when an account id is sent to the contact route, then 404', async () => {
      const accountId = await createAccount(org, `${randomUUID().slice(0, 8)}.example`);
      const response = await api.patch(`/v1/contacts/${accountId}/crm`, { key: org.apiKey, body: fields(['x', 'y']) });
      assert.equal(response.status, 404);
    });
  });

  describe('SandboxCrm', () => {
    it('when an organization copied a seeded record and changed its email, then a lookup by the old email no longer finds it for that organization only', async () => {
      const a = await newOrg(stack, 'Sandbox A');
      const b = await newOrg(stack, 'Sandbox B');
      await crm.updateRecord(a.organizationId, 'contact', 'crm-contact-grace', { email: 'grace@navy.test' });
      assert.equal(await crm.findByIdentity(a.organizationId, 'contact', { email: 'grace@globex.test' }), null);
      assert.equal(
        (await crm.findByIdentity(a.organizationId, 'contact', { email: 'grace@navy.test' }))?.externalId,
        'crm-contact-grace',
      );
      assert.equal(
        (await crm.findByIdentity(b.organizationId, 'contact', { email: 'grace@globex.test' }))?.externalId,
        'crm-contact-grace',
      );
      assert.equal(
        (await crm.findByIdentity(b.organizationId, 'company', { domain: 'GLOBEX.test' }))?.externalId,
        'crm-company-globex',
      );
    });

    it('when a record does not exist, then updateRecord answers null', async () => {
      const a = await newOrg(stack, 'Sandbox C');
      assert.equal(await crm.updateRecord(a.organizationId, 'company', 'crm-company-missing', { x: 'y' }), null);
      assert.equal(await crm.findRecord(a.organizationId, 'company', 'crm-company-missing'), null);
    });
  });
});
