// Signals API on the real stack (issue 8 items 4-5, custom-event rules 1-2): every 404/409/422
// rule of create, patch and duplicate, every status transition of SPEC 'Signal status', the list
// and detail forms, deep links, destination lists, and a 503 that leaves nothing half-written.
// Changes after creation reach the signal workflow as Updates, so the transition, patch and
// archived-duplicate cases need workflows/signal.workflow.ts on the stack's worker.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Client, Connection, ServiceError } from '@temporalio/client';
import { pino } from 'pino';
import { createApp } from '../../../api/app.ts';
import { KeyStore } from '../../../api/key-store.ts';
import * as admin from '../../../domain/admin/admin.service.ts';
import { createProviders } from '../../../providers/index.ts';
import { freePort } from '../../../scripts/local-stack.ts';
import { signalStateQuery, signalWorkflowId } from '../../../workflows/signal.definitions.ts';
import { client, type ApiResponse } from '../../helpers/http.ts';
import { newKey, apiSuite, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { insertTemplate } from '../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';

const HIRING = { signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['Head of Sales'] } };
const NEW_JOB = { signal_type: 'NEW_JOB', search_filters: { seniority_or: ['VP'] } };

describe('signals API', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => ({ stack, api, org } = await apiSuite()));

  const create = (body: Record<string, unknown>, key = org.apiKey) => api.post('/v1/signals', { key, body: { name: `Signal ${randomUUID().slice(0, 8)}`, ...body } });
  const paths = (res: ApiResponse) => ((res.body.data?.errors ?? []) as { path: string }[]).map((e) => e.path).sort();
  const detail = (id: string, key = org.apiKey) => api.get(`/v1/signals/${id}`, { key });
  /** The detail without what the signal's own checks move (it checks at once after a create, concurrently with the test). */
  const settings = (body: Record<string, unknown>) => {
    const { imported_count: _imported, last_checked_at: _checked, updated_at: _updated, ...rest } = body;
    return rest;
  };
  const settingsOf = async (id: string) => settings((await detail(id)).body);
  const action = (id: string, name: string, key = org.apiKey) => api.post(`/v1/signals/${id}/${name}`, { key });
  const db = () => stack.orm.em.fork().getKysely();
  const count = async (table: 'signals' | 'contact_lists' | 'account_lists', organizationId = org.organizationId) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE organization_id = ${organizationId}`.execute(db())).rows[0].n);
  const uniqueEvent = () => `signup-${randomUUID().slice(0, 8)}`;

  function assert422(res: ApiResponse, ...expected: string[]) {
    assert.equal(res.status, 422, res.text);
    assert.equal(res.body.type, 'ValidationIssue');
    for (const path of expected) assert.ok(paths(res).includes(path), `${path} named in ${JSON.stringify(paths(res))}`);
  }

  // ------------------------------------------------------------------------------------------
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
      const templateId = await insertTemplate(stack, org.organizationId, [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' }]);
      const res = await create({ ...HIRING, import_target: 'PEOPLE', sequence_template_id: templateId, import_search_filters: { seniority_or: ['VP'] }, cadence: 'WEEKLY' });
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
      assert422(await create({ signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['CTO'], funding_round_or: ['Seed'] } }), 'search_filters.funding_round_or');
      assert422(await create({ signal_type: 'HIRING_SIGNALS', search_filters: {} }), 'search_filters.job_title_or');
      assert422(await create({ signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: [] } }), 'search_filters.job_title_or');
      assert422(await create({ signal_type: 'HIRING_SIGNALS' }), 'search_filters.job_title_or');
      assert422(await create({ ...HIRING, import_target: 'PEOPLE', import_search_filters: { industry_or: ['Software'] } }), 'import_search_filters.industry_or');
    });

    it('when a name or filter value holds text PostgreSQL cannot store, or a LinkedIn signal watches too many sources, then 422 naming it (never 500)', async () => {
      const [signals, lists] = [await count('signals'), await count('account_lists')];
      assert422(await create({ ...HIRING, name: 'Hiring \u0000' }), 'name');
      assert422(await create({ signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['CTO\u0000'] } }), 'search_filters.job_title_or[0]');
      assert422(await create({ signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['CTO \ud800'] } }), 'search_filters.job_title_or[0]');
      const preview = await api.post('/v1/signals/preview', { key: org.apiKey, body: { signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['\u0000'] } } });
      assert.equal(preview.status, 422, preview.text);
      const domains = Array.from({ length: 11 }, (_, i) => `rival${i}.test`);
      assert422(await create({ signal_type: 'LINKEDIN_COMPETITOR_POST_ENGAGEMENT', search_filters: { competitor_domain_or: domains } }), 'search_filters.competitor_domain_or');
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
      assert422(await create({ signal_type: 'CUSTOM_EVENT', search_filters: { first_party_event_name: [uniqueEvent()] } }), 'event_subject');
    });

    it('when a template is of another workspace, then 404; for a COMPANIES destination, then 422', async () => {
      const other = await newOrg(stack);
      const foreign = await insertTemplate(stack, other.organizationId, [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' }]);
      const res = await create({ ...HIRING, import_target: 'PEOPLE', sequence_template_id: foreign });
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.type, 'NotFoundIssue');
      const own = await insertTemplate(stack, org.organizationId, [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' }]);
      assert422(await create({ ...HIRING, sequence_template_id: own }), 'sequence_template_id');
    });

    it('when caps contradict each other, then 422 naming the field', async () => {
      assert422(await create({ ...HIRING, import_target: 'PEOPLE', max_per_run: 10, max_companies_per_run: 5 }), 'max_per_run');
      assert422(await create({ ...HIRING, max_companies_per_run: 5 }), 'max_companies_per_run'); // importing companies
      assert422(await create({ ...NEW_JOB, max_companies_per_run: 5 }), 'max_companies_per_run'); // a people preset
      assert422(await create({ ...HIRING, import_target: 'PEOPLE', max_contacts_per_company: 2 }), 'max_contacts_per_company');
      assert422(await create({ ...HIRING, max_per_run: 0 }), 'max_per_run');
      assert422(await create({ ...HIRING, import_target: 'PEOPLE', max_companies_per_run: 0, max_contacts_per_company: 0 }), 'max_companies_per_run', 'max_contacts_per_company');
    });

    it('when caps are given, then max_per_day resolves from them (20 companies × 2 people = 40; companies alone × 3; max_per_run itself)', async () => {
      const both = await create({ ...HIRING, import_target: 'PEOPLE', max_companies_per_run: 20, max_contacts_per_company: 2 });
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
      assert422(await create({ ...HIRING, import_target: 'PEOPLE', max_companies_per_run: 10, max_contacts_per_company: 3 }, small.apiKey), 'max_companies_per_run');
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

  // ------------------------------------------------------------------------------------------
  describe('custom-event signals', () => {
    it('when a PEOPLE custom-event signal is created, then a contact list, max_per_day 500 and the event name in its filters', async () => {
      const name = uniqueEvent();
      const res = await create({ signal_type: 'CUSTOM_EVENT', event_subject: 'PEOPLE', search_filters: { first_party_event_name: [name] } });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.max_per_day, 500);
      assert.ok(res.body.contact_list_id);
      const d = (await detail(res.body.id)).body;
      assert.equal(d.event_subject, 'PEOPLE');
      assert.equal(d.import_target, 'PEOPLE');
      assert.deepEqual(d.search_filters, { first_party_event_name: [name] });
    });

    it('when a COMPANIES custom-event signal is created, then an account list', async () => {
      const res = await create({ signal_type: 'CUSTOM_EVENT', event_subject: 'COMPANIES', search_filters: { first_party_event_name: [uniqueEvent()] } });
      assert.equal(res.status, 201, res.text);
      assert.ok(res.body.account_list_id);
      assert.equal(res.body.contact_list_id, null);
      assert.equal((await detail(res.body.id)).body.import_target, 'COMPANIES');
    });

    it('when a custom-event signal takes caps, two names, a WEEKLY cadence or an import_target other than its subject, then 422 naming the field', async () => {
      const base = { signal_type: 'CUSTOM_EVENT', event_subject: 'PEOPLE', search_filters: { first_party_event_name: [uniqueEvent()] } };
      assert422(await create({ ...base, max_per_run: 10 }), 'max_per_run');
      assert422(await create({ ...base, max_companies_per_run: 10, max_contacts_per_company: 1 }), 'max_companies_per_run', 'max_contacts_per_company');
      assert422(await create({ ...base, search_filters: { first_party_event_name: ['a', 'b'] } }), 'search_filters.first_party_event_name');
      assert422(await create({ ...base, search_filters: {} }), 'search_filters.first_party_event_name');
      assert422(await create({ ...base, import_target: 'COMPANIES' }), 'import_target');
      assert422(await create({ ...base, cadence: 'WEEKLY' }), 'cadence');
    });

    it('when a second signal of the organization watches the same event name, then 409 CommitIssue and nothing is written; another organization may', async () => {
      const name = uniqueEvent();
      const first = await create({ signal_type: 'CUSTOM_EVENT', event_subject: 'PEOPLE', search_filters: { first_party_event_name: [name] } });
      assert.equal(first.status, 201);
      const [signals, lists] = [await count('signals'), await count('account_lists')];
      const again = await create({ signal_type: 'CUSTOM_EVENT', event_subject: 'COMPANIES', search_filters: { first_party_event_name: [name] } });
      assert.equal(again.status, 409, again.text);
      assert.equal(again.body.type, 'CommitIssue');
      assert.equal(again.body.data.event_name, name);
      assert.equal(await count('signals'), signals);
      assert.equal(await count('account_lists'), lists);
      const other = await newOrg(stack);
      const elsewhere = await create({ signal_type: 'CUSTOM_EVENT', event_subject: 'PEOPLE', search_filters: { first_party_event_name: [name] } }, other.apiKey);
      assert.equal(elsewhere.status, 201, elsewhere.text);
    });

    it('when two creates for one event name race, then one 201 and one 409', async () => {
      const body = { signal_type: 'CUSTOM_EVENT', event_subject: 'PEOPLE', search_filters: { first_party_event_name: [uniqueEvent()] } };
      const results = await Promise.all([create(body), create(body), create(body)]);
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409]);
    });
  });

  // ------------------------------------------------------------------------------------------
  describe('list and detail', () => {
    it('when signals are listed, then most recent first (sort_order=asc: oldest first), archived hidden unless include_archived, in the envelope', async () => {
      const own = await newOrg(stack);
      const a = (await create({ ...NEW_JOB, name: 'A' }, own.apiKey)).body;
      const b = (await create({ ...NEW_JOB, name: 'B' }, own.apiKey)).body;
      const c = (await create({ ...NEW_JOB, name: 'C' }, own.apiKey)).body;
      let page = await api.get('/v1/signals?size=2', { key: own.apiKey });
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(page.body.items.map((s: { id: string }) => s.id), [c.id, b.id]);
      assert.equal(page.body.total_count, 3);
      assert.equal(page.body.total_pages, 2);
      assert.equal(page.body.has_more, true);
      assert.equal(page.body.items[0].search_filters, undefined, 'the list carries records, not details');
      const archived = await action(b.id, 'archive', own.apiKey); // needs the signal workflow
      assert.equal(archived.status, 200, archived.text);
      page = await api.get('/v1/signals', { key: own.apiKey });
      assert.deepEqual(page.body.items.map((s: { id: string }) => s.id), [c.id, a.id]);
      page = await api.get('/v1/signals?include_archived=true', { key: own.apiKey });
      assert.deepEqual(page.body.items.map((s: { id: string }) => s.id), [c.id, b.id, a.id]);
      // sort_order, which generic paginators send to every list, turns the created_at order.
      page = await api.get('/v1/signals?include_archived=true&sort_order=asc', { key: own.apiKey });
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(page.body.items.map((s: { id: string }) => s.id), [a.id, b.id, c.id]);
      page = await api.get('/v1/signals?sort_order=desc&size=1&page=2', { key: own.apiKey });
      assert.equal(page.status, 200, page.text);
      assert.deepEqual(page.body.items.map((s: { id: string }) => s.id), [a.id]);
      assert.equal((await api.get('/v1/signals?sort_by=created_at', { key: own.apiKey })).status, 400, 'the key is fixed: no sort_by');
    });

    it('when another organization reads, patches or acts on a signal, then 404 and nothing changes', async () => {
      const s = (await create({ ...NEW_JOB })).body;
      const intruder = await newOrg(stack);
      assert.equal((await detail(s.id, intruder.apiKey)).status, 404);
      assert.equal((await api.patch(`/v1/signals/${s.id}`, { key: intruder.apiKey, body: { name: 'x' } })).status, 404);
      for (const name of ['pause', 'resume', 'archive', 'unarchive', 'duplicate']) assert.equal((await action(s.id, name, intruder.apiKey)).status, 404, name);
      assert.equal((await api.get('/v1/signals', { key: intruder.apiKey })).body.total_count, 0);
      assert.equal((await detail(s.id)).body.name, s.name);
    });

    it('when an id is not a uuid, then 400 naming signal_id', async () => {
      const res = await api.get('/v1/signals/not-a-uuid', { key: org.apiKey });
      assert.equal(res.status, 400);
      assert.deepEqual(paths(res), ['signal_id']);
    });

    it('when /v1/signals/presets and /v1/signals/imports are read, then their own routes answer (not the {signal_id} route)', async () => {
      const presets = await api.get('/v1/signals/presets', { key: org.apiKey });
      assert.equal(presets.status, 200, presets.text);
      assert.ok(Array.isArray(presets.body));
      const imports = await api.get('/v1/signals/imports', { key: org.apiKey });
      assert.equal(imports.status, 200, imports.text);
      assert.ok(Array.isArray(imports.body.items));
    });

    it('when a key has only signals:read, then it reads but cannot create', async () => {
      const key = await newKey(stack, org.organizationId, ['signals:read']);
      assert.equal((await api.get('/v1/signals', { key: key.api_key })).status, 200);
      assert.equal((await create({ ...NEW_JOB }, key.api_key)).status, 403);
    });
  });

  // ------------------------------------------------------------------------------------------
  // Every case below sends an Update to the signal workflow (workflows/signal.workflow.ts).
  describe('lifecycle (needs the signal workflow)', () => {
    it('when a signal goes through pause, resume, archive and unarchive, then each transition of SPEC and 200 unchanged for the no-op ones', async () => {
      const s = (await create({ ...NEW_JOB })).body;
      let res = await action(s.id, 'pause');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'PAUSED');
      res = await action(s.id, 'pause');
      assert.equal(res.status, 200, 'pausing a PAUSED signal answers it unchanged');
      assert.equal(res.body.status, 'PAUSED');
      res = await action(s.id, 'resume');
      assert.equal(res.body.status, 'ACTIVE');
      res = await action(s.id, 'resume');
      assert.equal(res.status, 200, 'resuming an ACTIVE signal answers it unchanged');
      assert.equal(res.body.status, 'ACTIVE');
      res = await action(s.id, 'unarchive');
      assert.equal(res.status, 409, 'unarchive of a signal that is not archived');
      assert.equal(res.body.type, 'CommitIssue');
      res = await action(s.id, 'archive');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'ARCHIVED');
      assert.ok(res.body.archived_at);
      for (const name of ['archive', 'resume', 'pause']) {
        const refused = await action(s.id, name);
        assert.equal(refused.status, 409, `${name} of an archived signal`);
        assert.equal(refused.body.data.status, 'ARCHIVED');
      }
      assert.equal((await detail(s.id)).body.status, 'ARCHIVED');
      res = await action(s.id, 'unarchive');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, 'PAUSED');
      assert.equal(res.body.archived_at, null);
      assert.equal(res.body.contact_list_id, s.contact_list_id, 'the destination list is kept');
      res = await action(s.id, 'archive');
      assert.equal(res.body.status, 'ARCHIVED', 'a PAUSED signal can be archived');
      const state = await stack.temporal.workflow.getHandle(signalWorkflowId(s.id)).query('state') as { status: string };
      assert.equal(state.status, 'ARCHIVED');
    });

    it('when a signal is patched, then editable fields change, filters are replaced wholesale, null clears, max_per_day follows and a rename renames the list', async () => {
      const templateId = await insertTemplate(stack, org.organizationId, [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' }]);
      const s = (await create({ ...HIRING, search_filters: { job_title_or: ['CTO'], industry_or: ['Software'] }, import_target: 'PEOPLE',
        max_companies_per_run: 20, max_contacts_per_company: 2, sequence_template_id: templateId })).body;
      const res = await api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body: {
        name: ' Renamed ', search_filters: { job_title_or: ['VP Sales'] }, import_search_filters: { seniority_or: ['VP'] }, enrich_phones: false, cadence: 'WEEKLY',
        max_companies_per_run: null, max_contacts_per_company: null, max_per_run: 12, sequence_template_id: null,
      } });
      assert.equal(res.status, 200, res.text);
      const d = res.body;
      assert.equal(d.name, 'Renamed');
      assert.deepEqual(d.search_filters, { job_title_or: ['VP Sales'] }, 'replaced wholesale');
      assert.deepEqual(d.import_search_filters, { seniority_or: ['VP'] });
      assert.equal(d.enrich_phones, false);
      assert.equal(d.cadence, 'WEEKLY');
      assert.equal(d.max_companies_per_run, null);
      assert.equal(d.max_per_run, 12);
      assert.equal(d.max_per_day, 12);
      assert.equal(d.sequence_template_id, null);
      assert.equal(d.import_target, 'PEOPLE', 'the detail form');
      assert.equal((await api.get(`/v1/contact-lists/${s.contact_list_id}`, { key: org.apiKey })).body.name, 'Renamed');
      assert.deepEqual(await settingsOf(s.id), settings(d));
    });

    it('when a patch breaks a rule, then 422 naming the field and the signal is unchanged', async () => {
      const s = (await create({ ...HIRING, import_target: 'PEOPLE', max_companies_per_run: 5 })).body;
      const before = await settingsOf(s.id);
      const patch = (body: Record<string, unknown>) => api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body });
      assert422(await patch({ signal_type: 'NEW_JOB' }), 'signal_type');
      assert422(await patch({ import_target: 'COMPANIES' }), 'import_target');
      assert422(await patch({ event_subject: 'PEOPLE' }), 'event_subject');
      assert422(await patch({ name: 'x', search_filters: { bogus: ['1'] } }), 'search_filters.bogus');
      assert422(await patch({ search_filters: {} }), 'search_filters.job_title_or');
      assert422(await patch({ name: 'x', max_per_run: 10 }), 'max_per_run'); // max_companies_per_run is still set
      assert422(await patch({ max_companies_per_run: null, max_contacts_per_company: 2 }), 'max_contacts_per_company');
      assert422(await patch({ name: '  ' }), 'name');
      const foreign = await insertTemplate(stack, (await newOrg(stack)).organizationId, [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' }]);
      assert.equal((await patch({ name: 'x', sequence_template_id: foreign })).status, 404);
      assert.equal((await patch({})).status, 400);
      assert.deepEqual(await settingsOf(s.id), before);
      assert.equal((await api.get(`/v1/contact-lists/${s.contact_list_id}`, { key: org.apiKey })).body.name, s.name);
    });

    it('when an archived signal is patched, then only a rename is accepted; any other field is 422 until unarchived', async () => {
      const s = (await create({ ...NEW_JOB })).body;
      assert.equal((await action(s.id, 'archive')).status, 200);
      const refused = await api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body: { name: 'Still archived', enrich_email: false } });
      assert422(refused, 'enrich_email');
      assert.equal((await detail(s.id)).body.name, s.name);
      const renamed = await api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body: { name: 'Still archived' } });
      assert.equal(renamed.status, 200, renamed.text);
      assert.equal(renamed.body.status, 'ARCHIVED');
      assert.equal((await api.get(`/v1/contact-lists/${s.contact_list_id}`, { key: org.apiKey })).body.name, 'Still archived');
      assert.equal((await action(s.id, 'unarchive')).status, 200);
      const edited = await api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body: { enrich_email: false } });
      assert.equal(edited.status, 200, edited.text);
      assert.equal(edited.body.enrich_email, false);
    });

    it('when a custom-event signal is patched, then its name may change but not its event name', async () => {
      const name = uniqueEvent();
      const s = (await create({ signal_type: 'CUSTOM_EVENT', event_subject: 'PEOPLE', search_filters: { first_party_event_name: [name] } })).body;
      assert422(await api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body: { search_filters: { first_party_event_name: [`${name}-other`] } } }), 'search_filters.first_party_event_name');
      assert422(await api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body: { max_per_run: 5 } }), 'max_per_run');
      const same = await api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body: { name: 'Signups', search_filters: { first_party_event_name: [name] } } });
      assert.equal(same.status, 200, same.text);
      assert.equal(same.body.name, 'Signups');
      assert.equal(same.body.max_per_day, 500);
    });
  });

  // ------------------------------------------------------------------------------------------
  describe('duplicate', () => {
    it('when a signal is duplicated, then a new ACTIVE signal "<name> (Copy)" with the same configuration on a new list; the source is untouched', async () => {
      const templateId = await insertTemplate(stack, org.organizationId, [{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' }]);
      const source = (await create({ ...HIRING, name: 'Original', import_target: 'PEOPLE', max_companies_per_run: 20, max_contacts_per_company: 2,
        sequence_template_id: templateId, enrich_phones: false, cadence: 'WEEKLY', import_search_filters: { seniority_or: ['VP'] } })).body;
      const before = await settingsOf(source.id);
      const res = await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey });
      assert.equal(res.status, 201, res.text);
      const copy = (await detail(res.body.id)).body;
      assert.notEqual(copy.id, source.id);
      assert.equal(copy.name, 'Original (Copy)');
      assert.equal(copy.status, 'ACTIVE');
      assert.notEqual(copy.contact_list_id, source.contact_list_id);
      assert.equal((await api.get(`/v1/contact-lists/${copy.contact_list_id}`, { key: org.apiKey })).body.name, 'Original (Copy)');
      for (const field of ['signal_type', 'search_filters', 'import_search_filters', 'import_target', 'sequence_template_id', 'max_companies_per_run',
        'max_contacts_per_company', 'max_per_day', 'enrich_email', 'enrich_phones', 'cadence']) {
        assert.deepEqual(copy[field], before[field], field);
      }
      assert.equal(res.body.imported_count, 0, 'a copy starts with no imports');
      assert.deepEqual(await settingsOf(source.id), before);
      const named = await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey, body: { name: ' Second ' } });
      assert.equal(named.body.name, 'Second');
    });

    it('when a name of 253 characters full of emoji is duplicated, then the copy\'s name is cut to fit " (Copy)" without splitting an emoji', async () => {
      const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // 5 code points, one grapheme
      const name = `ab${family.repeat(50)}\u{1F600}`; // 253 code points (507 UTF-16 units): characters count as code points
      const source = await create({ ...HIRING, name });
      assert.equal(source.status, 201, source.text);
      const res = await api.post(`/v1/signals/${source.body.id}/duplicate`, { key: org.apiKey });
      assert.equal(res.status, 201, res.text);
      // 248 code points leave room for " (Copy)": 2 + 49 whole families (247), not a family cut after its ZWJ.
      assert.equal(res.body.name, `ab${family.repeat(49)} (Copy)`);
    });

    it('when a duplicate overrides signal_type or import_target, then the copy is validated as a create', async () => {
      const source = (await create({ ...HIRING })).body;
      const people = await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey, body: { import_target: 'PEOPLE', max_per_run: 5 } });
      assert.equal(people.status, 201, people.text);
      assert.ok(people.body.contact_list_id);
      assert.equal(people.body.max_per_day, 5);
      // The source's job_title_or is no filter of FUNDING_EVENTS: the copy needs its own filters.
      assert422(await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey, body: { signal_type: 'FUNDING_EVENTS' } }), 'search_filters.job_title_or');
      const other = await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey, body: { signal_type: 'NEW_JOB', search_filters: { seniority_or: ['VP'] } } });
      assert.equal(other.status, 201, other.text);
      const d = (await detail(other.body.id)).body;
      assert.equal(d.signal_type, 'NEW_JOB');
      assert.equal(d.import_target, 'PEOPLE', 'the new preset\'s default');
      assert.equal((await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey, body: { signal_type: 'CRM_LIST_ENTRY' } })).status, 404);
      assert422(await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey, body: { max_companies_per_run: 3 } }), 'max_companies_per_run');
    });

    it('when a custom-event signal is duplicated as is, then 409; with another event name, then 201', async () => {
      const name = uniqueEvent();
      const source = (await create({ signal_type: 'CUSTOM_EVENT', event_subject: 'COMPANIES', search_filters: { first_party_event_name: [name] } })).body;
      const same = await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey });
      assert.equal(same.status, 409, same.text);
      assert.equal(same.body.type, 'CommitIssue');
      const other = await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey, body: { search_filters: { first_party_event_name: [`${name}-2`] } } });
      assert.equal(other.status, 201, other.text);
      assert.equal((await detail(other.body.id)).body.event_subject, 'COMPANIES');
    });

    it('when an archived signal is duplicated, then the copy is ACTIVE and the source stays ARCHIVED (needs the signal workflow)', async () => {
      const source = (await create({ ...NEW_JOB, name: 'Old' })).body;
      assert.equal((await action(source.id, 'archive')).status, 200);
      const copy = await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey, body: {} });
      assert.equal(copy.status, 201, copy.text);
      assert.equal(copy.body.status, 'ACTIVE');
      assert.equal(copy.body.name, 'Old (Copy)');
      assert.equal((await detail(source.id)).body.status, 'ARCHIVED');
    });

    it('when an archived custom-event signal holds the event name, then a new signal for it is 409', async () => {
      const name = uniqueEvent();
      const source = (await create({ signal_type: 'CUSTOM_EVENT', event_subject: 'PEOPLE', search_filters: { first_party_event_name: [name] } })).body;
      assert.equal((await action(source.id, 'archive')).status, 200);
      const again = await create({ signal_type: 'CUSTOM_EVENT', event_subject: 'PEOPLE', search_filters: { first_party_event_name: [name] } });
      assert.equal(again.status, 409, again.text);
    });
  });

  // ------------------------------------------------------------------------------------------
  describe('when Temporal is unreachable', () => {
    it('then create and pause answer 503 UnavailableIssue and nothing is written or changed', async () => {
      const own = await newOrg(stack);
      const existing = (await create({ ...NEW_JOB }, own.apiKey)).body;
      // No retry interceptor: each call fails at once instead of retrying for seconds.
      const connection = Connection.lazy({ address: `127.0.0.1:${await freePort()}`, connectTimeout: 500, interceptors: [] });
      const logger = pino({ level: 'silent' });
      const keys = new KeyStore(stack.orm, { ttlMs: 1000, flushMs: 60_000, logger });
      const { app } = createApp({ config: stack.config, orm: stack.orm, temporal: new Client({ connection }), logger, keys, providers: createProviders({ orm: stack.orm }) });
      const server = createServer(app.callback());
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const broken = client(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
        const [signals, lists] = [await count('signals', own.organizationId), await count('contact_lists', own.organizationId)];
        const created = await broken.post('/v1/signals', { key: own.apiKey, body: { ...NEW_JOB, name: 'Unreachable' } });
        assert.equal(created.status, 503, created.text);
        assert.equal(created.body.type, 'UnavailableIssue');
        assert.equal(await count('signals', own.organizationId), signals);
        assert.equal(await count('contact_lists', own.organizationId), lists);
        const paused = await broken.post(`/v1/signals/${existing.id}/pause`, { key: own.apiKey });
        assert.equal(paused.status, 503, paused.text);
        assert.equal((await detail(existing.id, own.apiKey)).body.status, 'ACTIVE');
        const patched = await broken.patch(`/v1/signals/${existing.id}`, { key: own.apiKey, body: { name: 'Unreachable rename' } });
        assert.equal(patched.status, 503, patched.text);
        assert.equal((await detail(existing.id, own.apiKey)).body.name, existing.name);
        assert.equal((await api.get(`/v1/contact-lists/${existing.contact_list_id}`, { key: own.apiKey })).body.name, existing.name);
      } finally {
        await new Promise((r) => server.close(r));
        await keys.close();
        connection.close().catch(() => {});
      }
    });
  });

  describe('when an Update is applied but its answer is lost', () => {
    it('then the API answers 503, undoes the row and has the workflow re-read it, so the workflow does not keep the undone state (needs the signal workflow)', async () => {
      const own = await newOrg(stack);
      const signal = (await create({ ...NEW_JOB }, own.apiKey)).body;
      const real = stack.temporal;
      // A client whose first Update reaches the workflow and is applied, but whose answer is lost (as on a timeout after the workflow took it).
      let lose = true;
      const handleOf = (id: string) => {
        const handle = real.workflow.getHandle(id);
        return Object.assign(Object.create(handle) as typeof handle, {
          executeUpdate: async (...args: Parameters<typeof handle.executeUpdate>) => {
            const answer = await handle.executeUpdate(...args);
            if (lose) {
              lose = false;
              throw new ServiceError('the answer was lost');
            }
            return answer;
          },
        });
      };
      const lossy = new Proxy(real, {
        get: (target, prop) => (prop === 'workflow'
          ? new Proxy(target.workflow, { get: (w, p) => (p === 'getHandle' ? handleOf : Reflect.get(w, p)) })
          : Reflect.get(target, prop)),
      });
      const logger = pino({ level: 'silent' });
      const keys = new KeyStore(stack.orm, { ttlMs: 1000, flushMs: 60_000, logger });
      const { app } = createApp({ config: stack.config, orm: stack.orm, temporal: lossy, logger, keys, providers: createProviders({ orm: stack.orm }) });
      const server = createServer(app.callback());
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const lossyApi = client(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
        const paused = await lossyApi.post(`/v1/signals/${signal.id}/pause`, { key: own.apiKey });
        assert.equal(paused.status, 503, paused.text);
        assert.equal(lose, false, 'the pause reached the workflow');
        assert.equal((await detail(signal.id, own.apiKey)).body.status, 'ACTIVE', 'the refused pause was undone');
        const state = await real.workflow.getHandle(signalWorkflowId(signal.id)).query(signalStateQuery);
        assert.equal(state.status, 'ACTIVE', 'the workflow re-read the restored row');
        assert.ok(state.nextCheckAt, 'and keeps checking');
      } finally {
        await new Promise((r) => server.close(r));
        await keys.close();
      }
    });
  });
});
