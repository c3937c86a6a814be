// Every status transition of a signal, applied through the signal workflow.
import assert from 'node:assert/strict';
import { signalWorkflowId } from '../../../workflows/signal.definitions.ts';
import { type client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { insertTemplate } from '../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { HIRING, NEW_JOB, signalsApiFixture } from './fixtures.ts';

describe('signals API', function () {
  this.timeout(120_000);
  const fx = signalsApiFixture();
  const { create, detail, settings, settingsOf, action, uniqueEvent, assert422 } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  // Every case below sends an Update to the signal workflow (workflows/signal.workflow.ts).
  describe('lifecycle (needs the signal workflow)', () => {
    it('when a signal goes through pause, resume, archive and unarchive, then each documented transition and 200 unchanged for the no-op ones', async () => {
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
      const state = (await stack.temporal.workflow.getHandle(signalWorkflowId(s.id)).query('state')) as {
        status: string;
      };
      assert.equal(state.status, 'ARCHIVED');
    });

    it('when a signal is patched, then editable fields change, filters are replaced wholesale, null clears, max_per_day follows and a rename renames the list', async () => {
      const templateId = await insertTemplate(stack, org.organizationId, [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' },
      ]);
      const s = (
        await create({
          ...HIRING,
          search_filters: { job_title_or: ['CTO'], industry_or: ['Software'] },
          import_target: 'PEOPLE',
          max_companies_per_run: 20,
          max_contacts_per_company: 2,
          sequence_template_id: templateId,
        })
      ).body;
      const res = await api.patch(`/v1/signals/${s.id}`, {
        key: org.apiKey,
        body: {
          name: ' Renamed ',
          search_filters: { job_title_or: ['VP Sales'] },
          import_search_filters: { seniority_or: ['VP'] },
          enrich_phones: false,
          cadence: 'WEEKLY',
          max_companies_per_run: null,
          max_contacts_per_company: null,
          max_per_run: 12,
          sequence_template_id: null,
        },
      });
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
      const foreign = await insertTemplate(stack, (await newOrg(stack)).organizationId, [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' },
      ]);
      assert.equal((await patch({ name: 'x', sequence_template_id: foreign })).status, 404);
      assert.equal((await patch({})).status, 400);
      assert.deepEqual(await settingsOf(s.id), before);
      assert.equal((await api.get(`/v1/contact-lists/${s.contact_list_id}`, { key: org.apiKey })).body.name, s.name);
    });

    it('when an archived signal is patched, then only a rename is accepted; any other field is 422 until unarchived', async () => {
      const s = (await create({ ...NEW_JOB })).body;
      assert.equal((await action(s.id, 'archive')).status, 200);
      const refused = await api.patch(`/v1/signals/${s.id}`, {
        key: org.apiKey,
        body: { name: 'Still archived', enrich_email: false },
      });
      assert422(refused, 'enrich_email');
      assert.equal((await detail(s.id)).body.name, s.name);
      const renamed = await api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body: { name: 'Still archived' } });
      assert.equal(renamed.status, 200, renamed.text);
      assert.equal(renamed.body.status, 'ARCHIVED');
      assert.equal(
        (await api.get(`/v1/contact-lists/${s.contact_list_id}`, { key: org.apiKey })).body.name,
        'Still archived',
      );
      assert.equal((await action(s.id, 'unarchive')).status, 200);
      const edited = await api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body: { enrich_email: false } });
      assert.equal(edited.status, 200, edited.text);
      assert.equal(edited.body.enrich_email, false);
    });

    it('when a custom-event signal is patched, then its name may change but not its event name', async () => {
      const name = uniqueEvent();
      const s = (
        await create({
          signal_type: 'CUSTOM_EVENT',
          event_subject: 'PEOPLE',
          search_filters: { first_party_event_name: [name] },
        })
      ).body;
      assert422(
        await api.patch(`/v1/signals/${s.id}`, {
          key: org.apiKey,
          body: { search_filters: { first_party_event_name: [`${name}-other`] } },
        }),
        'search_filters.first_party_event_name',
      );
      assert422(await api.patch(`/v1/signals/${s.id}`, { key: org.apiKey, body: { max_per_run: 5 } }), 'max_per_run');
      const same = await api.patch(`/v1/signals/${s.id}`, {
        key: org.apiKey,
        body: { name: 'Signups', search_filters: { first_party_event_name: [name] } },
      });
      assert.equal(same.status, 200, same.text);
      assert.equal(same.body.name, 'Signups');
      assert.equal(same.body.max_per_day, 500);
    });
  });
});
