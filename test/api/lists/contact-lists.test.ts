// Contact lists: the batch result shape, default template rules, filters and tenant isolation.
import assert from 'node:assert/strict';
import { type client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { insertSequence } from '../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { listsFixture } from './fixtures.ts';

describe('lists and entries', () => {
  const fx = listsFixture();
  const { addEntries, entry, sourced, untilSourced, newTemplate, newList, newContact } = fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let counter = 0;
  before(() => ({ stack, api, org, other } = fx));

  describe('contact lists', () => {
    it('when a batch mixes good and bad lists, then 201 with CREATED items and FAILED ones naming what was wrong, the others written', async () => {
      const active = await newTemplate();
      const paused = await newTemplate({ status: 'INACTIVE' });
      const stepless = (
        await api.post('/v1/sequence-templates', { key: org.apiKey, body: { name: `Stepless ${++counter}` } })
      ).body.id;
      const foreign = await newTemplate({}, other.apiKey);
      const response = await api.post('/v1/contact-lists', {
        key: org.apiKey,
        body: {
          items: [
            { name: 'With template', default_sequence_template_id: active },
            { name: 'Paused template', default_sequence_template_id: paused },
            { name: 'Stepless template', default_sequence_template_id: stepless },
            { name: 'Foreign template', default_sequence_template_id: foreign },
            { name: '   ' },
            { name: 'Unknown field', colour: 'red' },
            { name: 'Plain' },
          ],
        },
      });
      assert.equal(response.status, 201, response.text);
      const items = response.body.items;
      assert.deepEqual(
        items.map((i: { status: string }) => i.status),
        ['CREATED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'CREATED'],
      );
      assert.deepEqual(
        items.map((i: { index: number }) => i.index),
        [0, 1, 2, 3, 4, 5, 6],
      );
      assert.deepEqual(response.body.summary, { total: 7, succeeded: 2, failed: 5 });
      assert.deepEqual(items[0].resource.default_sequence_template_id, active);
      assert.deepEqual(Object.keys(items[0].resource).sort(), [
        'created_at',
        'default_sequence_template_id',
        'entries_count',
        'id',
        'name',
        'updated_at',
      ]);
      assert.equal(items[0].error, null);
      assert.equal(items[1].resource, null);
      assert.equal(items[1].error.type, 'ValidationIssue');
      assert.match(items[1].error.message, /default_sequence_template_id.*ACTIVE/);
      assert.equal(items[2].error.type, 'ValidationIssue');
      assert.equal(items[3].error.type, 'NotFoundIssue');
      assert.equal(items[4].error.type, 'ValidationIssue');
      assert.match(items[4].error.message, /name/);
      assert.equal(items[5].error.type, 'ValidationIssue');
      assert.match(items[5].error.message, /colour/);
      assert.equal(items[6].resource.default_sequence_template_id, null);
      const listed = await api.get('/v1/contact-lists?name=Plain', { key: org.apiKey });
      assert.equal(listed.body.total_count, 1);
    });

    it('when more than 100 items are sent, then 422 naming items; none, then 400', async () => {
      const many = await api.post('/v1/contact-lists', {
        key: org.apiKey,
        body: { items: Array.from({ length: 101 }, (_, i) => ({ name: `n${i}` })) },
      });
      assert.equal(many.status, 422, many.text);
      assert.equal(many.body.type, 'ValidationIssue');
      assert.equal(many.body.data.errors[0].path, 'items');
      const none = await api.post('/v1/contact-lists', { key: org.apiKey, body: { items: [] } });
      assert.equal(none.status, 400);
      const missing = await api.post('/v1/contact-lists', { key: org.apiKey, body: {} });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.data.errors[0].path, 'items');
    });

    it('when lists are read, then id, name, template, entries_count and timestamps; filters and sorts apply; another organization gets 404', async () => {
      const a = await newList({ name: 'Read Alpha' });
      const b = await newList({ name: 'Read Beta' });
      const one = await api.get(`/v1/contact-lists/${a}`, { key: org.apiKey });
      assert.equal(one.status, 200);
      assert.deepEqual(
        [one.body.name, one.body.entries_count, one.body.default_sequence_template_id],
        ['Read Alpha', 0, null],
      );
      const byName = await api.get('/v1/contact-lists?name=Read%20Beta', { key: org.apiKey });
      assert.deepEqual(
        byName.body.items.map((l: { id: string }) => l.id),
        [b],
      );
      const created = one.body.created_at;
      const after = await api.get(`/v1/contact-lists?created_at_after=${encodeURIComponent(created)}&size=100`, {
        key: org.apiKey,
      });
      assert.ok(!after.body.items.some((l: { id: string }) => l.id === a), 'strictly after');
      assert.ok(after.body.items.some((l: { id: string }) => l.id === b));
      const before = await api.get(`/v1/contact-lists?created_at_before=${encodeURIComponent(created)}&size=100`, {
        key: org.apiKey,
      });
      assert.ok(!before.body.items.some((l: { id: string }) => l.id === a));
      const sorted = await api.get('/v1/contact-lists?sort_by=name&sort_order=desc&size=100', { key: org.apiKey });
      const names = sorted.body.items.map((l: { name: string }) => l.name);
      assert.deepEqual(names, [...names].sort().reverse());
      assert.equal((await api.get('/v1/contact-lists?sort_by=colour', { key: org.apiKey })).status, 400);
      assert.equal((await api.get(`/v1/contact-lists/${a}`, { key: other.apiKey })).status, 404);
      assert.ok(
        !(await api.get('/v1/contact-lists?size=100', { key: other.apiKey })).body.items.some(
          (l: { id: string }) => l.id === a,
        ),
      );
      assert.equal(
        (await api.patch(`/v1/contact-lists/${a}`, { key: other.apiKey, body: { name: 'Stolen' } })).status,
        404,
      );
      assert.equal((await api.delete(`/v1/contact-lists/${a}`, { key: other.apiKey })).status, 404);
      assert.equal((await api.get(`/v1/contact-lists/${a}`, { key: org.apiKey })).body.name, 'Read Alpha');
    });

    it("when PATCH sets an inactive or stepless template, then 422 ValidationIssue and the list (name included) unchanged; another organization's template is 404", async () => {
      const list = await newList({ name: 'Patch Me' });
      const paused = await newTemplate({ status: 'INACTIVE' });
      const stepless = (
        await api.post('/v1/sequence-templates', { key: org.apiKey, body: { name: `Stepless ${++counter}` } })
      ).body.id;
      for (const template of [paused, stepless]) {
        const response = await api.patch(`/v1/contact-lists/${list}`, {
          key: org.apiKey,
          body: { name: 'Renamed', default_sequence_template_id: template },
        });
        assert.equal(response.status, 422, response.text);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.equal(response.body.data.errors[0].path, 'default_sequence_template_id');
      }
      const foreign = await api.patch(`/v1/contact-lists/${list}`, {
        key: org.apiKey,
        body: { name: 'Renamed', default_sequence_template_id: await newTemplate({}, other.apiKey) },
      });
      assert.equal(foreign.status, 404);
      const unchanged = await api.get(`/v1/contact-lists/${list}`, { key: org.apiKey });
      assert.deepEqual([unchanged.body.name, unchanged.body.default_sequence_template_id], ['Patch Me', null]);
      assert.equal((await api.patch(`/v1/contact-lists/${list}`, { key: org.apiKey, body: {} })).status, 400);
      assert.equal(
        (
          await api.patch(`/v1/contact-lists/${list}`, {
            key: org.apiKey,
            body: { default_sequence_template_id: 'nope' },
          })
        ).status,
        400,
      );
    });

    it('when PATCH sets an ACTIVE template, then every resolved entry is enrolled with source_contact_entry_id; sending it again enrolls nobody twice; null clears it', async () => {
      const list = await newList();
      const a = await newContact();
      const b = await newContact();
      const added = await addEntries([
        { contact_list_id: list, email: a.email },
        { contact_list_id: list, email: b.email },
      ]);
      assert.deepEqual(
        added.body.items.map((i: { status: string }) => i.status),
        ['CREATED', 'CREATED'],
      );
      const [ea, eb] = added.body.items.map((i: { resource: { id: string } }) => i.resource.id);
      const template = await newTemplate();
      const patched = await api.patch(`/v1/contact-lists/${list}`, {
        key: org.apiKey,
        body: { name: 'Renamed list', default_sequence_template_id: template },
      });
      assert.equal(patched.status, 200, patched.text);
      assert.deepEqual(
        [patched.body.name, patched.body.default_sequence_template_id, patched.body.entries_count],
        ['Renamed list', template, 2],
      );
      await untilSourced(ea);
      await untilSourced(eb);
      const [sa] = await sourced(ea);
      assert.deepEqual([sa.status, sa.sequence_template_id], ['ACTIVE', template]);
      assert.equal((await entry(ea)).sequence.id, sa.id);

      const again = await api.patch(`/v1/contact-lists/${list}`, {
        key: org.apiKey,
        body: { default_sequence_template_id: template },
      });
      assert.equal(again.status, 200);
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal((await sourced(ea)).length, 1);
      assert.equal((await sourced(eb)).length, 1);

      const cleared = await api.patch(`/v1/contact-lists/${list}`, {
        key: org.apiKey,
        body: { default_sequence_template_id: null },
      });
      assert.deepEqual(
        [cleared.status, cleared.body.default_sequence_template_id, cleared.body.name],
        [200, null, 'Renamed list'],
      );
      assert.equal((await api.get(`/v1/contact-lists/${list}`, { key: org.apiKey })).status, 200, 'the list stays');
    });

    it('when a list is deleted, then 200 with the list, its entries go, the sequences they sourced stop (REMOVED_FROM_SOURCE_LIST) and other sequences stay', async () => {
      const template = await newTemplate();
      const list = await newList({ default_sequence_template_id: template });
      const contact = await newContact();
      const otherTemplate = await newTemplate();
      const unrelated = await insertSequence(stack, org.organizationId, {
        contactId: contact.id,
        templateId: otherTemplate,
      });
      const added = await addEntries([{ contact_list_id: list, email: contact.email }]);
      const entryId = added.body.items[0].resource.id;
      await untilSourced(entryId);
      const deleted = await api.delete(`/v1/contact-lists/${list}`, { key: org.apiKey });
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual(
        [deleted.body.id, deleted.body.entries_count, deleted.body.default_sequence_template_id],
        [list, 1, template],
      );
      const [run] = await sourced(entryId);
      assert.deepEqual([run.status, run.stopped_reason], ['STOPPED_EARLY', 'REMOVED_FROM_SOURCE_LIST']);
      const untouched = await api.get(`/v1/sequences/${unrelated}`, { key: org.apiKey });
      assert.equal(untouched.body.status, 'ACTIVE');
      assert.equal((await api.get(`/v1/contact-lists/${list}`, { key: org.apiKey })).status, 404);
      assert.equal((await api.get(`/v1/contact-entries/${entryId}`, { key: org.apiKey })).status, 404);
      assert.equal((await api.get(`/v1/contacts/${contact.id}`, { key: org.apiKey })).status, 200, 'the contact stays');
    });
  });
});
