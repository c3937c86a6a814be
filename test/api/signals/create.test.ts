// Creating a signal: every 404/409/422 rule, destination lists and the stored settings.
import assert from 'node:assert/strict';
import * as admin from '../../../domain/admin/admin.service.ts';
import { signalWorkflowId } from '../../../workflows/signal.definitions.ts';
import { type client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { insertTemplate } from '../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { HIRING, NEW_JOB, signalsApiFixture } from './fixtures.ts';

describe('signals API', function () {
  this.timeout(120_000);
  const fx = signalsApiFixture();
  const { create, paths, detail, count, uniqueEvent, assert422 } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('create', () => {
    it('when a hiring signal is created, then 201 ACTIVE with an account list named after it, deep links, max_per_day 50 and its workflow started', async () => {
      const res = await create({ ...HIRING, name: '  Hiring heads of sales  ' });
      assert.equal(res.status, 201, res.text);
      const s = res.body;
      assert.equal(s.name, 'Hiring heads of sales');
      assert.equal(s.status, 'ACTIVE');
      assert.equal(s.cadence, 'DAILY');
      assert.equal(s.max_per_day, 50);
      assert.equal(s.max_per_run, null);
      assert.equal(s.enrich_email, true);
      assert.equal(s.enrich_phones, true);
      assert.equal(s.imported_count, 0);
      assert.equal(s.contact_list_id, null);
      assert.ok(s.account_list_id);
      assert.equal(s.archived_at, null);
      assert.equal(s.url, `${stack.config.dashboardBaseUrl}/signals/${s.id}`);
      assert.equal(s.list_url, `${stack.config.dashboardBaseUrl}/lists/accounts/${s.account_list_id}`);
      const list = await api.get(`/v1/account-lists/${s.account_list_id}`, { key: org.apiKey });
      assert.equal(list.body.name, 'Hiring heads of sales');
      const described = await stack.temporal.workflow.getHandle(signalWorkflowId(s.id)).describe();
      assert.equal(described.type, 'signalWorkflow');
      const d = (await detail(s.id)).body;
      assert.equal(d.import_target, 'COMPANIES');
      assert.equal(d.event_subject, null);
      assert.equal(d.sequence_template_id, null);
      assert.deepEqual(d.search_filters, { job_title_or: ['Head of Sales'] });
      assert.deepEqual(d.import_search_filters, {});
    });

    it('when a company preset chooses PEOPLE with a template, then a contact list without a default template is provisioned', async () => {
      const templateId = await insertTemplate(stack, org.organizationId, [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' },
      ]);
      const res = await create({
        ...HIRING,
        import_target: 'PEOPLE',
        sequence_template_id: templateId,
        import_search_filters: { seniority_or: ['VP'] },
        cadence: 'WEEKLY',
      });
      assert.equal(res.status, 201, res.text);
      assert.ok(res.body.contact_list_id);
      assert.equal(res.body.account_list_id, null);
      assert.equal(res.body.cadence, 'WEEKLY');
      assert.equal(res.body.list_url, `${stack.config.dashboardBaseUrl}/lists/contacts/${res.body.contact_list_id}`);
      const list = await api.get(`/v1/contact-lists/${res.body.contact_list_id}`, { key: org.apiKey });
      assert.equal(list.body.name, res.body.name);
      assert.equal(list.body.default_sequence_template_id, null);
      const d = (await detail(res.body.id)).body;
      assert.equal(d.sequence_template_id, templateId);
      assert.equal(d.import_target, 'PEOPLE');
      assert.deepEqual(d.import_search_filters, { seniority_or: ['VP'] });
    });

    it('when the signal_type is closed for creation or unknown, then 404 NotFoundIssue', async () => {
      for (const signal_type of ['CRM_LIST_ENTRY', 'LINKEDIN_OWN_BRAND_MENTION', 'NOT_A_PRESET', 'constructor']) {
        const res = await create({ signal_type, search_filters: {} });
        assert.equal(res.status, 404, `${signal_type}: ${res.text}`);
        assert.equal(res.body.type, 'NotFoundIssue');
      }
    });

    it('when the name is blank after trimming, then 422 naming name and nothing is written', async () => {
      const [signals, lists] = [await count('signals'), await count('account_lists')];
      assert422(await create({ ...HIRING, name: '   ' }), 'name');
      assert.equal(await count('signals'), signals);
      assert.equal(await count('account_lists'), lists);
    });

    it('when a filter key is unknown or a required one missing or empty, then 422 naming it', async () => {
      assert422(
        await create({
          signal_type: 'HIRING_SIGNALS',
          search_filters: { job_title_or: ['CTO'], funding_round_or: ['Seed'] },
        }),
        'search_filters.funding_round_or',
      );
      assert422(await create({ signal_type: 'HIRING_SIGNALS', search_filters: {} }), 'search_filters.job_title_or');
      assert422(
        await create({ signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: [] } }),
        'search_filters.job_title_or',
      );
      assert422(await create({ signal_type: 'HIRING_SIGNALS' }), 'search_filters.job_title_or');
      assert422(
        await create({ ...HIRING, import_target: 'PEOPLE', import_search_filters: { industry_or: ['Software'] } }),
        'import_search_filters.industry_or',
      );
    });

    it('when a name or filter value holds text PostgreSQL cannot store, or a LinkedIn signal watches too many sources, then 422 naming it (never 500)', async () => {
      const [signals, lists] = [await count('signals'), await count('account_lists')];
      assert422(await create({ ...HIRING, name: 'Hiring \u0000' }), 'name');
      assert422(
        await create({ signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['CTO\u0000'] } }),
        'search_filters.job_title_or[0]',
      );
      assert422(
        await create({ signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['CTO \ud800'] } }),
        'search_filters.job_title_or[0]',
      );
      const preview = await api.post('/v1/signals/preview', {
        key: org.apiKey,
        body: { signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['\u0000'] } },
      });
      assert.equal(preview.status, 422, preview.text);
      const domains = Array.from({ length: 11 }, (_, i) => `rival${i}.test`);
      assert422(
        await create({
          signal_type: 'LINKEDIN_COMPETITOR_POST_ENGAGEMENT',
          search_filters: { competitor_domain_or: domains },
        }),
        'search_filters.competitor_domain_or',
      );
      assert.equal(await count('signals'), signals);
      assert.equal(await count('account_lists'), lists);
    });

    it('when a filter value is not a list of strings, then 400 naming it', async () => {
      const res = await create({ signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: 'CTO' } });
      assert.equal(res.status, 400);
      assert.ok(paths(res).includes('search_filters.job_title_or'), res.text);
    });

    it('when a PEOPLE-scope preset asks for COMPANIES, then 422 naming import_target', async () => {
      assert422(await create({ ...NEW_JOB, import_target: 'COMPANIES' }), 'import_target');
      const people = await create({ ...NEW_JOB });
      assert.equal(people.status, 201, people.text);
      assert.ok(people.body.contact_list_id);
    });

    it('when event_subject is sent to a provider preset, or missing on CUSTOM_EVENT, then 422 naming event_subject', async () => {
      assert422(await create({ ...HIRING, event_subject: 'PEOPLE' }), 'event_subject');
      assert422(
        await create({ signal_type: 'CUSTOM_EVENT', search_filters: { first_party_event_name: [uniqueEvent()] } }),
        'event_subject',
      );
    });

    it('when a template is of another workspace, then 404; for a COMPANIES destination, then 422', async () => {
      const other = await newOrg(stack);
      const foreign = await insertTemplate(stack, other.organizationId, [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' },
      ]);
      const res = await create({ ...HIRING, import_target: 'PEOPLE', sequence_template_id: foreign });
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.type, 'NotFoundIssue');
      const own = await insertTemplate(stack, org.organizationId, [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' },
      ]);
      assert422(await create({ ...HIRING, sequence_template_id: own }), 'sequence_template_id');
    });

    it('when caps contradict each other, then 422 naming the field', async () => {
      assert422(
        await create({ ...HIRING, import_target: 'PEOPLE', max_per_run: 10, max_companies_per_run: 5 }),
        'max_per_run',
      );
      assert422(await create({ ...HIRING, max_companies_per_run: 5 }), 'max_companies_per_run'); // importing companies
      assert422(await create({ ...NEW_JOB, max_companies_per_run: 5 }), 'max_companies_per_run'); // a people preset
      assert422(
        await create({ ...HIRING, import_target: 'PEOPLE', max_contacts_per_company: 2 }),
        'max_contacts_per_company',
      );
      assert422(await create({ ...HIRING, max_per_run: 0 }), 'max_per_run');
      assert422(
        await create({ ...HIRING, import_target: 'PEOPLE', max_companies_per_run: 0, max_contacts_per_company: 0 }),
        'max_companies_per_run',
        'max_contacts_per_company',
      );
    });

    it('when caps are given, then max_per_day resolves from them (20 companies × 2 people = 40; companies alone × 3; max_per_run itself)', async () => {
      const both = await create({
        ...HIRING,
        import_target: 'PEOPLE',
        max_companies_per_run: 20,
        max_contacts_per_company: 2,
      });
      assert.equal(both.status, 201, both.text);
      assert.equal(both.body.max_per_day, 40);
      const companies = await create({ ...HIRING, import_target: 'PEOPLE', max_companies_per_run: 10 });
      assert.equal(companies.body.max_per_day, 30);
      assert.equal(companies.body.max_contacts_per_company, null);
      const perRun = await create({ ...NEW_JOB, max_per_run: 7 });
      assert.equal(perRun.body.max_per_day, 7);
    });

    it('when max_per_run exceeds the organization lead limit, then 422; the default max_per_day stays within a low limit', async () => {
      const small = await newOrg(stack);
      await admin.setLeadLimit(stack.orm.em.fork(), small.organizationId, 20);
      assert422(await create({ ...NEW_JOB, max_per_run: 21 }, small.apiKey), 'max_per_run');
      assert422(
        await create(
          { ...HIRING, import_target: 'PEOPLE', max_companies_per_run: 10, max_contacts_per_company: 3 },
          small.apiKey,
        ),
        'max_companies_per_run',
      );
      const atLimit = await create({ ...NEW_JOB, max_per_run: 20 }, small.apiKey);
      assert.equal(atLimit.status, 201, atLimit.text);
      assert.equal(atLimit.body.max_per_day, 20);
      const byDefault = await create({ ...NEW_JOB }, small.apiKey);
      assert.equal(byDefault.body.max_per_day, 20);
    });

    it('when the body has an unknown field, a bad cadence or a wrong type, then 400 naming it', async () => {
      let res = await create({ ...HIRING, colour: 'red' });
      assert.equal(res.status, 400);
      assert.ok(paths(res).includes('colour'));
      res = await create({ ...HIRING, cadence: 'HOURLY' });
      assert.equal(res.status, 400);
      assert.ok(paths(res).includes('cadence'));
      res = await create({ ...HIRING, max_per_run: 1e12 });
      assert.equal(res.status, 400);
      res = await api.post('/v1/signals', { key: org.apiKey, body: { signal_type: 'HIRING_SIGNALS' } });
      assert.equal(res.status, 400);
      assert.ok(paths(res).includes('name'));
    });
  });
});
