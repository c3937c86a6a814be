// Duplicating a signal, archived ones included.
import assert from 'node:assert/strict';
import { type client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { insertTemplate } from '../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { HIRING, NEW_JOB, signalsApiFixture } from './fixtures.ts';

describe('signals API', function () {
  this.timeout(120_000);
  const fx = signalsApiFixture();
  const { create, detail, settingsOf, action, uniqueEvent, assert422 } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  before(() => ({ stack, api, org } = fx));

  describe('duplicate', () => {
    it('when a signal is duplicated, then a new ACTIVE signal "<name> (Copy)" with the same configuration on a new list; the source is untouched', async () => {
      const templateId = await insertTemplate(stack, org.organizationId, [
        { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hello' },
      ]);
      const source = (
        await create({
          ...HIRING,
          name: 'Original',
          import_target: 'PEOPLE',
          max_companies_per_run: 20,
          max_contacts_per_company: 2,
          sequence_template_id: templateId,
          enrich_phones: false,
          cadence: 'WEEKLY',
          import_search_filters: { seniority_or: ['VP'] },
        })
      ).body;
      const before = await settingsOf(source.id);
      const res = await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey });
      assert.equal(res.status, 201, res.text);
      const copy = (await detail(res.body.id)).body;
      assert.notEqual(copy.id, source.id);
      assert.equal(copy.name, 'Original (Copy)');
      assert.equal(copy.status, 'ACTIVE');
      assert.notEqual(copy.contact_list_id, source.contact_list_id);
      assert.equal(
        (await api.get(`/v1/contact-lists/${copy.contact_list_id}`, { key: org.apiKey })).body.name,
        'Original (Copy)',
      );
      for (const field of [
        'signal_type',
        'search_filters',
        'import_search_filters',
        'import_target',
        'sequence_template_id',
        'max_companies_per_run',
        'max_contacts_per_company',
        'max_per_day',
        'enrich_email',
        'enrich_phones',
        'cadence',
      ]) {
        assert.deepEqual(copy[field], before[field], field);
      }
      assert.equal(res.body.imported_count, 0, 'a copy starts with no imports');
      assert.deepEqual(await settingsOf(source.id), before);
      const named = await api.post(`/v1/signals/${source.id}/duplicate`, {
        key: org.apiKey,
        body: { name: ' Second ' },
      });
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
      const people = await api.post(`/v1/signals/${source.id}/duplicate`, {
        key: org.apiKey,
        body: { import_target: 'PEOPLE', max_per_run: 5 },
      });
      assert.equal(people.status, 201, people.text);
      assert.ok(people.body.contact_list_id);
      assert.equal(people.body.max_per_day, 5);
      // The source's job_title_or is no filter of FUNDING_EVENTS: the copy needs its own filters.
      assert422(
        await api.post(`/v1/signals/${source.id}/duplicate`, {
          key: org.apiKey,
          body: { signal_type: 'FUNDING_EVENTS' },
        }),
        'search_filters.job_title_or',
      );
      const other = await api.post(`/v1/signals/${source.id}/duplicate`, {
        key: org.apiKey,
        body: { signal_type: 'NEW_JOB', search_filters: { seniority_or: ['VP'] } },
      });
      assert.equal(other.status, 201, other.text);
      const d = (await detail(other.body.id)).body;
      assert.equal(d.signal_type, 'NEW_JOB');
      assert.equal(d.import_target, 'PEOPLE', "the new preset's default");
      assert.equal(
        (
          await api.post(`/v1/signals/${source.id}/duplicate`, {
            key: org.apiKey,
            body: { signal_type: 'CRM_LIST_ENTRY' },
          })
        ).status,
        404,
      );
      assert422(
        await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey, body: { max_companies_per_run: 3 } }),
        'max_companies_per_run',
      );
    });

    it('when a custom-event signal is duplicated as is, then 409; with another event name, then 201', async () => {
      const name = uniqueEvent();
      const source = (
        await create({
          signal_type: 'CUSTOM_EVENT',
          event_subject: 'COMPANIES',
          search_filters: { first_party_event_name: [name] },
        })
      ).body;
      const same = await api.post(`/v1/signals/${source.id}/duplicate`, { key: org.apiKey });
      assert.equal(same.status, 409, same.text);
      assert.equal(same.body.type, 'CommitIssue');
      const other = await api.post(`/v1/signals/${source.id}/duplicate`, {
        key: org.apiKey,
        body: { search_filters: { first_party_event_name: [`${name}-2`] } },
      });
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
      const source = (
        await create({
          signal_type: 'CUSTOM_EVENT',
          event_subject: 'PEOPLE',
          search_filters: { first_party_event_name: [name] },
        })
      ).body;
      assert.equal((await action(source.id, 'archive')).status, 200);
      const again = await create({
        signal_type: 'CUSTOM_EVENT',
        event_subject: 'PEOPLE',
        search_filters: { first_party_event_name: [name] },
      });
      assert.equal(again.status, 409, again.text);
    });
  });
});
