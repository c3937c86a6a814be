// Signals on the organization's own events (custom-event rules).
import assert from 'node:assert/strict';
import { newOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { signalsApiFixture } from './fixtures.ts';

describe('signals API', function () {
  this.timeout(120_000);
  const fx = signalsApiFixture();
  const { create, detail, count, uniqueEvent, assert422 } = fx;
  let stack: Stack;
  before(() => ({ stack } = fx));

  describe('custom-event signals', () => {
    it('when a PEOPLE custom-event signal is created, then a contact list, max_per_day 500 and the event name in its filters', async () => {
      const name = uniqueEvent();
      const res = await create({
        signal_type: 'CUSTOM_EVENT',
        event_subject: 'PEOPLE',
        search_filters: { first_party_event_name: [name] },
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.max_per_day, 500);
      assert.ok(res.body.contact_list_id);
      const d = (await detail(res.body.id)).body;
      assert.equal(d.event_subject, 'PEOPLE');
      assert.equal(d.import_target, 'PEOPLE');
      assert.deepEqual(d.search_filters, { first_party_event_name: [name] });
    });

    it('when a COMPANIES custom-event signal is created, then an account list', async () => {
      const res = await create({
        signal_type: 'CUSTOM_EVENT',
        event_subject: 'COMPANIES',
        search_filters: { first_party_event_name: [uniqueEvent()] },
      });
      assert.equal(res.status, 201, res.text);
      assert.ok(res.body.account_list_id);
      assert.equal(res.body.contact_list_id, null);
      assert.equal((await detail(res.body.id)).body.import_target, 'COMPANIES');
    });

    it('when a custom-event signal takes caps, two names, a WEEKLY cadence or an import_target other than its subject, then 422 naming the field', async () => {
      const base = {
        signal_type: 'CUSTOM_EVENT',
        event_subject: 'PEOPLE',
        search_filters: { first_party_event_name: [uniqueEvent()] },
      };
      assert422(await create({ ...base, max_per_run: 10 }), 'max_per_run');
      assert422(
        await create({ ...base, max_companies_per_run: 10, max_contacts_per_company: 1 }),
        'max_companies_per_run',
        'max_contacts_per_company',
      );
      assert422(
        await create({ ...base, search_filters: { first_party_event_name: ['a', 'b'] } }),
        'search_filters.first_party_event_name',
      );
      assert422(await create({ ...base, search_filters: {} }), 'search_filters.first_party_event_name');
      assert422(await create({ ...base, import_target: 'COMPANIES' }), 'import_target');
      assert422(await create({ ...base, cadence: 'WEEKLY' }), 'cadence');
    });

    it('when a second signal of the organization watches the same event name, then 409 CommitIssue and nothing is written; another organization may', async () => {
      const name = uniqueEvent();
      const first = await create({
        signal_type: 'CUSTOM_EVENT',
        event_subject: 'PEOPLE',
        search_filters: { first_party_event_name: [name] },
      });
      assert.equal(first.status, 201);
      const [signals, lists] = [await count('signals'), await count('account_lists')];
      const again = await create({
        signal_type: 'CUSTOM_EVENT',
        event_subject: 'COMPANIES',
        search_filters: { first_party_event_name: [name] },
      });
      assert.equal(again.status, 409, again.text);
      assert.equal(again.body.type, 'CommitIssue');
      assert.equal(again.body.data.event_name, name);
      assert.equal(await count('signals'), signals);
      assert.equal(await count('account_lists'), lists);
      const other = await newOrg(stack);
      const elsewhere = await create(
        { signal_type: 'CUSTOM_EVENT', event_subject: 'PEOPLE', search_filters: { first_party_event_name: [name] } },
        other.apiKey,
      );
      assert.equal(elsewhere.status, 201, elsewhere.text);
    });

    it('when two creates for one event name race, then one 201 and one 409', async () => {
      const body = {
        signal_type: 'CUSTOM_EVENT',
        event_subject: 'PEOPLE',
        search_filters: { first_party_event_name: [uniqueEvent()] },
      };
      const results = await Promise.all([create(body), create(body), create(body)]);
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409]);
    });
  });
});
