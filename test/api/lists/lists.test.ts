// Contact lists, account lists and their entries on the real stack (issue 6 items 5-7): the batch
// result shape, default template rules 1-4, entry resolution (known contact at once, unknown
// person through the lead import with the directory profile), auto-enrollment with
// source_contact_entry_id, deletion stopping the sourced sequence only, filters, tenant isolation.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { WorkflowNotFoundError } from '@temporalio/client';
import { FIXTURES } from '../../../providers/directory/generate.ts';
import { sequenceWorkflowId } from '../../../workflows/enrollment.definitions.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { insertContactExclusion, insertSequence, until } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('lists and entries', () => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let counter = 0;
  const db = () => stack.orm.em.fork().getKysely();
  // A day before the first step: the sequences stay ACTIVE during these tests.
  const emailStep = { type: 'EMAIL', delay_days: 1, subject: 'Hi {{ first_name }}', body: 'Hello' };

  async function newTemplate(body: Record<string, unknown> = {}, key = org.apiKey): Promise<string> {
    const response = await api.post('/v1/sequence-templates', { key, body: { name: `Lists ${++counter}`, status: 'ACTIVE', steps: [emailStep], ...body } });
    assert.equal(response.status, 201, response.text);
    return response.body.id;
  }

  async function newList(body: Record<string, unknown> = {}, key = org.apiKey): Promise<string> {
    const response = await api.post('/v1/contact-lists', { key, body: { items: [{ name: `List ${++counter}`, ...body }] } });
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.items[0].status, 'CREATED', response.text);
    return response.body.items[0].resource.id;
  }

  async function newContact(fields: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
    const email = `known${++counter}@lists-example.com`;
    const response = await api.post('/v1/contacts', { key: org.apiKey, body: { email, first_name: 'Kim', ...fields } });
    assert.equal(response.status, 201, response.text);
    return { id: response.body.id, email };
  }

  const addEntries = (items: unknown[], key = org.apiKey) => api.post('/v1/contact-entries', { key, body: { items } });

  const entry = async (id: string) => (await api.get(`/v1/contact-entries/${id}`, { key: org.apiKey })).body;
  const untilEntry = (id: string, status: string) => until(async () => (await entry(id)).enrichment_status === status, 30_000);

  const sourced = async (entryId: string) =>
    (await sql<{ id: string; status: string; stopped_reason: string | null; sequence_template_id: string }>`
      SELECT id, status, stopped_reason, sequence_template_id FROM sequences WHERE source_contact_entry_id = ${entryId} ORDER BY created_at`.execute(db())).rows;
  const untilSourced = (entryId: string, n = 1) => until(async () => (await sourced(entryId)).length >= n, 30_000);

  const resolvedEvents = async (entryId: string) =>
    (await sql<{ payload: Record<string, unknown> }>`SELECT payload FROM activities WHERE type = 'contact_entry.resolved' AND payload->>'contact_entry_id' = ${entryId}`.execute(db())).rows;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Lists Org');
    other = await newOrg(stack, 'Lists Other');
  });

  after(async () => {
    const { rows } = await sql<{ id: string }>`SELECT id FROM sequences WHERE organization_id IN (${org.organizationId}, ${other.organizationId})`.execute(db());
    for (const { id } of rows) {
      const handle = stack.temporal.workflow.getHandle(sequenceWorkflowId(id));
      try {
        if ((await handle.describe()).status.name === 'RUNNING') await handle.terminate('lists test cleanup');
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    }
  });

  describe('contact lists', () => {
    it('when a batch mixes good and bad lists, then 201 with CREATED items and FAILED ones naming what was wrong, the others written', async () => {
      const active = await newTemplate();
      const paused = await newTemplate({ status: 'INACTIVE' });
      const stepless = (await api.post('/v1/sequence-templates', { key: org.apiKey, body: { name: `Stepless ${++counter}` } })).body.id;
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
      assert.deepEqual(items.map((i: { status: string }) => i.status), ['CREATED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'CREATED']);
      assert.deepEqual(items.map((i: { index: number }) => i.index), [0, 1, 2, 3, 4, 5, 6]);
      assert.deepEqual(response.body.summary, { total: 7, succeeded: 2, failed: 5 });
      assert.deepEqual(items[0].resource.default_sequence_template_id, active);
      assert.deepEqual(Object.keys(items[0].resource).sort(), ['created_at', 'default_sequence_template_id', 'entries_count', 'id', 'name', 'updated_at']);
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
      const many = await api.post('/v1/contact-lists', { key: org.apiKey, body: { items: Array.from({ length: 101 }, (_, i) => ({ name: `n${i}` })) } });
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
      assert.deepEqual([one.body.name, one.body.entries_count, one.body.default_sequence_template_id], ['Read Alpha', 0, null]);
      const byName = await api.get('/v1/contact-lists?name=Read%20Beta', { key: org.apiKey });
      assert.deepEqual(byName.body.items.map((l: { id: string }) => l.id), [b]);
      const created = one.body.created_at;
      const after = await api.get(`/v1/contact-lists?created_at_after=${encodeURIComponent(created)}&size=100`, { key: org.apiKey });
      assert.ok(!after.body.items.some((l: { id: string }) => l.id === a), 'strictly after');
      assert.ok(after.body.items.some((l: { id: string }) => l.id === b));
      const before = await api.get(`/v1/contact-lists?created_at_before=${encodeURIComponent(created)}&size=100`, { key: org.apiKey });
      assert.ok(!before.body.items.some((l: { id: string }) => l.id === a));
      const sorted = await api.get('/v1/contact-lists?sort_by=name&sort_order=desc&size=100', { key: org.apiKey });
      const names = sorted.body.items.map((l: { name: string }) => l.name);
      assert.deepEqual(names, [...names].sort().reverse());
      assert.equal((await api.get('/v1/contact-lists?sort_by=colour', { key: org.apiKey })).status, 400);
      assert.equal((await api.get(`/v1/contact-lists/${a}`, { key: other.apiKey })).status, 404);
      assert.ok(!(await api.get('/v1/contact-lists?size=100', { key: other.apiKey })).body.items.some((l: { id: string }) => l.id === a));
      assert.equal((await api.patch(`/v1/contact-lists/${a}`, { key: other.apiKey, body: { name: 'Stolen' } })).status, 404);
      assert.equal((await api.delete(`/v1/contact-lists/${a}`, { key: other.apiKey })).status, 404);
      assert.equal((await api.get(`/v1/contact-lists/${a}`, { key: org.apiKey })).body.name, 'Read Alpha');
    });

    it('when PATCH sets an inactive or stepless template, then 422 ValidationIssue and the list (name included) unchanged; another organization\'s template is 404', async () => {
      const list = await newList({ name: 'Patch Me' });
      const paused = await newTemplate({ status: 'INACTIVE' });
      const stepless = (await api.post('/v1/sequence-templates', { key: org.apiKey, body: { name: `Stepless ${++counter}` } })).body.id;
      for (const template of [paused, stepless]) {
        const response = await api.patch(`/v1/contact-lists/${list}`, { key: org.apiKey, body: { name: 'Renamed', default_sequence_template_id: template } });
        assert.equal(response.status, 422, response.text);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.equal(response.body.data.errors[0].path, 'default_sequence_template_id');
      }
      const foreign = await api.patch(`/v1/contact-lists/${list}`, { key: org.apiKey, body: { name: 'Renamed', default_sequence_template_id: await newTemplate({}, other.apiKey) } });
      assert.equal(foreign.status, 404);
      const unchanged = await api.get(`/v1/contact-lists/${list}`, { key: org.apiKey });
      assert.deepEqual([unchanged.body.name, unchanged.body.default_sequence_template_id], ['Patch Me', null]);
      assert.equal((await api.patch(`/v1/contact-lists/${list}`, { key: org.apiKey, body: {} })).status, 400);
      assert.equal((await api.patch(`/v1/contact-lists/${list}`, { key: org.apiKey, body: { default_sequence_template_id: 'nope' } })).status, 400);
    });

    it('when PATCH sets an ACTIVE template, then every resolved entry is enrolled with source_contact_entry_id; sending it again enrolls nobody twice; null clears it', async () => {
      const list = await newList();
      const a = await newContact();
      const b = await newContact();
      const added = await addEntries([{ contact_list_id: list, email: a.email }, { contact_list_id: list, email: b.email }]);
      assert.deepEqual(added.body.items.map((i: { status: string }) => i.status), ['CREATED', 'CREATED']);
      const [ea, eb] = added.body.items.map((i: { resource: { id: string } }) => i.resource.id);
      const template = await newTemplate();
      const patched = await api.patch(`/v1/contact-lists/${list}`, { key: org.apiKey, body: { name: 'Renamed list', default_sequence_template_id: template } });
      assert.equal(patched.status, 200, patched.text);
      assert.deepEqual([patched.body.name, patched.body.default_sequence_template_id, patched.body.entries_count], ['Renamed list', template, 2]);
      await untilSourced(ea);
      await untilSourced(eb);
      const [sa] = await sourced(ea);
      assert.deepEqual([sa.status, sa.sequence_template_id], ['ACTIVE', template]);
      assert.equal((await entry(ea)).sequence.id, sa.id);

      const again = await api.patch(`/v1/contact-lists/${list}`, { key: org.apiKey, body: { default_sequence_template_id: template } });
      assert.equal(again.status, 200);
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal((await sourced(ea)).length, 1);
      assert.equal((await sourced(eb)).length, 1);

      const cleared = await api.patch(`/v1/contact-lists/${list}`, { key: org.apiKey, body: { default_sequence_template_id: null } });
      assert.deepEqual([cleared.status, cleared.body.default_sequence_template_id, cleared.body.name], [200, null, 'Renamed list']);
      assert.equal((await api.get(`/v1/contact-lists/${list}`, { key: org.apiKey })).status, 200, 'the list stays');
    });

    it('when a list is deleted, then 200 with the list, its entries go, the sequences they sourced stop (REMOVED_FROM_SOURCE_LIST) and other sequences stay', async () => {
      const template = await newTemplate();
      const list = await newList({ default_sequence_template_id: template });
      const contact = await newContact();
      const otherTemplate = await newTemplate();
      const unrelated = await insertSequence(stack, org.organizationId, { contactId: contact.id, templateId: otherTemplate });
      const added = await addEntries([{ contact_list_id: list, email: contact.email }]);
      const entryId = added.body.items[0].resource.id;
      await untilSourced(entryId);
      const deleted = await api.delete(`/v1/contact-lists/${list}`, { key: org.apiKey });
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual([deleted.body.id, deleted.body.entries_count, deleted.body.default_sequence_template_id], [list, 1, template]);
      const [run] = await sourced(entryId);
      assert.deepEqual([run.status, run.stopped_reason], ['STOPPED_EARLY', 'REMOVED_FROM_SOURCE_LIST']);
      const untouched = await api.get(`/v1/sequences/${unrelated}`, { key: org.apiKey });
      assert.equal(untouched.body.status, 'ACTIVE');
      assert.equal((await api.get(`/v1/contact-lists/${list}`, { key: org.apiKey })).status, 404);
      assert.equal((await api.get(`/v1/contact-entries/${entryId}`, { key: org.apiKey })).status, 404);
      assert.equal((await api.get(`/v1/contacts/${contact.id}`, { key: org.apiKey })).status, 200, 'the contact stays');
    });
  });

  describe('contact entries', () => {
    it('when the contact is known, then the entry resolves at once with its contact_id, contact_entry.resolved is emitted and the list\'s template enrolls it', async () => {
      const template = await newTemplate();
      const list = await newList({ default_sequence_template_id: template });
      const contact = await newContact({ company_domain: 'lists-example.com' });
      const response = await addEntries([{ contact_list_id: list, email: contact.email.toUpperCase(), external_contact_id: 'crm-42', first_name: 'Ignored' }]);
      assert.equal(response.status, 200, response.text);
      const item = response.body.items[0];
      assert.deepEqual([item.index, item.status, item.error], [0, 'CREATED', null]);
      assert.deepEqual([item.resource.contact_id, item.resource.enrichment_status, item.resource.email, item.resource.external_contact_id],
        [contact.id, 'DONE', contact.email, 'crm-42']);
      assert.ok(item.resource.resolved_at);
      const events = await resolvedEvents(item.resource.id);
      assert.equal(events.length, 1);
      const payload = events[0].payload;
      assert.deepEqual([payload.type, payload.organization_id, payload.contact_id, payload.contact_entry_id, payload.contact_list_id, payload.external_contact_id],
        ['contact_entry.resolved', org.organizationId, contact.id, item.resource.id, list, 'crm-42']);
      assert.equal((payload.contact as { email: string }).email, contact.email);
      assert.ok(!('sequence_id' in payload), 'a resource event');
      await untilSourced(item.resource.id);
      const [run] = await sourced(item.resource.id);
      assert.deepEqual([run.status, run.sequence_template_id], ['ACTIVE', template]);
      const sequence = await api.get(`/v1/sequences/${run.id}`, { key: org.apiKey });
      assert.equal(sequence.body.source_contact_entry_id, item.resource.id);
      assert.equal((await api.get(`/v1/contacts/${contact.id}`, { key: org.apiKey })).body.first_name, 'Kim', 'a known contact is used as it is');
    });

    it('when the person is unknown, then a contact is created from the fields sent (PENDING) and the lead import completes the profile from the directory, then DONE with contact_entry.resolved', async () => {
      const list = await newList();
      const response = await addEntries([{ contact_list_id: list, email: 'ADA@acme.test', job_title: 'Chief Analyst', external_contact_id: 'crm-ada' }]);
      assert.equal(response.status, 200, response.text);
      const item = response.body.items[0];
      assert.equal(item.status, 'CREATED');
      assert.ok(item.resource.contact_id, 'contact_id set during the request');
      assert.equal(item.resource.enrichment_status, 'PENDING');
      await untilEntry(item.resource.id, 'DONE');
      const contact = (await api.get(`/v1/contacts/${item.resource.contact_id}`, { key: org.apiKey })).body;
      assert.deepEqual([contact.email, contact.first_name, contact.last_name, contact.linkedin_url, contact.phone, contact.company_domain, contact.company_name],
        ['ada@acme.test', 'Ada', 'Lovelace', FIXTURES.ada.linkedinUrl, FIXTURES.ada.phone, 'acme.test', 'Acme Corp']);
      assert.equal(contact.job_title, 'Chief Analyst', 'a value sent wins over the directory');
      const events = await resolvedEvents(item.resource.id);
      assert.equal(events.length, 1);
      assert.equal(events[0].payload.external_contact_id, 'crm-ada');
      assert.equal((events[0].payload.contact as { last_name: string }).last_name, 'Lovelace', 'the event carries the completed profile');
      assert.ok((await entry(item.resource.id)).resolved_at);
    });

    it('when unknown people join a list with a template, then after the import they are enrolled, and an excluded or undeliverable one is REFUSED with its reason', async () => {
      const template = await newTemplate();
      const list = await newList({ default_sequence_template_id: template });
      const excluded = `excluded${++counter}@lists-new.com`;
      await insertContactExclusion(stack, org.organizationId, excluded);
      const response = await addEntries([
        { contact_list_id: list, email: `fresh${++counter}@lists-new.com`, first_name: 'Fresh' },
        { contact_list_id: list, email: excluded },
        { contact_list_id: list, email: `nobody${++counter}@bounce.test` },
      ]);
      const ids = response.body.items.map((i: { resource: { id: string } }) => i.resource.id);
      for (const id of ids) await untilSourced(id);
      assert.deepEqual((await sourced(ids[0])).map((s) => s.status), ['ACTIVE']);
      assert.deepEqual((await sourced(ids[1])).map((s) => [s.status, s.stopped_reason]), [['REFUSED', 'EXCLUDED']]);
      assert.deepEqual((await sourced(ids[2])).map((s) => [s.status, s.stopped_reason]), [['REFUSED', 'EMAIL_UNDELIVERABLE']]);
      for (const id of ids) assert.equal((await entry(id)).enrichment_status, 'DONE');
      assert.deepEqual((await entry(ids[1])).sequence.stopped_reason, 'EXCLUDED');
    });

    it('when the same person comes twice in one batch, then one entry (CREATED then UPDATED); in another list, a new entry', async () => {
      const list = await newList();
      const second = await newList();
      const email = `twice${++counter}@lists-new.com`;
      const response = await addEntries([
        { contact_list_id: list, email, first_name: 'First' },
        { contact_list_id: list, email: email.toUpperCase(), last_name: 'Last', external_contact_id: 'x-1' },
        { contact_list_id: second, email },
      ]);
      assert.deepEqual(response.body.items.map((i: { status: string }) => i.status), ['CREATED', 'UPDATED', 'CREATED']);
      const [a, b, c] = response.body.items.map((i: { resource: { id: string; contact_id: string } }) => i.resource);
      assert.equal(a.id, b.id);
      assert.notEqual(c.id, a.id);
      assert.equal(a.contact_id, c.contact_id);
      assert.deepEqual([b.first_name, b.last_name, b.external_contact_id], ['First', 'Last', 'x-1'], 'fields sent overwrite, omitted ones stay');
      assert.equal((await api.get(`/v1/contact-lists/${list}`, { key: org.apiKey })).body.entries_count, 1);
      const resent = await addEntries([{ contact_list_id: list, email }]);
      assert.deepEqual([resent.body.items[0].status, resent.body.items[0].resource.id], ['UPDATED', a.id]);
    });

    it('when items are bad, then each fails on its own (ValidationIssue, NotFoundIssue for a list of another organization) and the others are written', async () => {
      const list = await newList();
      const foreignList = await newList({}, other.apiKey);
      const response = await addEntries([
        { contact_list_id: list, email: 'not an email' },
        { contact_list_id: list, first_name: 'No identifier' },
        { contact_list_id: foreignList, email: `foreign${++counter}@lists-new.com` },
        { contact_list_id: list, email: `ok${++counter}@lists-new.com`, colour: 'red' },
        { email: `nolist${counter}@lists-new.com` },
        { contact_list_id: list, linkedin_url: 'https://example.com/in/x' },
        { contact_list_id: list, email: `ok${++counter}@lists-new.com`, company_domain: 'not a domain' },
        { contact_list_id: list, email: 42 },
        'not an object',
        { contact_list_id: list, linkedin_url: `linkedin.com/in/good-${++counter}` },
      ]);
      assert.equal(response.status, 200, response.text);
      const items = response.body.items;
      assert.deepEqual(items.map((i: { status: string }) => i.status), ['FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'CREATED']);
      assert.deepEqual(items.map((i: { error: { type: string } | null }) => i.error?.type ?? null),
        ['ValidationIssue', 'ValidationIssue', 'NotFoundIssue', 'ValidationIssue', 'ValidationIssue', 'ValidationIssue', 'ValidationIssue', 'ValidationIssue', 'ValidationIssue', null]);
      assert.match(items[0].error.message, /email/);
      assert.match(items[1].error.message, /email or linkedin_url/);
      assert.match(items[3].error.message, /colour/);
      assert.match(items[4].error.message, /contact_list_id/);
      assert.match(items[5].error.message, /linkedin_url/);
      assert.match(items[6].error.message, /company_domain/);
      assert.deepEqual(response.body.summary, { total: 10, succeeded: 1, failed: 9 });
      assert.equal(items[9].resource.linkedin_url, `https://www.linkedin.com/in/good-${counter}`);
      assert.equal((await api.get(`/v1/contact-lists/${foreignList}`, { key: other.apiKey })).body.entries_count, 0);
      const many = await addEntries(Array.from({ length: 101 }, (_, i) => ({ contact_list_id: list, email: `m${i}@lists-new.com` })));
      assert.equal(many.status, 422);
      assert.equal((await api.get(`/v1/contact-lists/${list}`, { key: org.apiKey })).body.entries_count, 1, 'nothing of the refused batch written');
    });

    it('when entries are listed, then contact_list_id is required and email, company_domain (alias), external_contact_id and enrichment_status filter', async () => {
      const list = await newList();
      const known = await newContact({ company_domain: 'acme-corp.test' });
      const response = await addEntries([
        { contact_list_id: list, email: known.email, external_contact_id: 'ext-1' },
        { contact_list_id: list, email: `other${++counter}@lists-new.com`, company_domain: 'globex.test' },
      ]);
      const [k, o] = response.body.items.map((i: { resource: { id: string } }) => i.resource.id);
      const ids = async (query: string) => (await api.get(`/v1/contact-entries?contact_list_id=${list}${query}`, { key: org.apiKey })).body.items.map((e: { id: string }) => e.id);
      // Items of one batch are written concurrently: their order in the list is the order of their writes.
      assert.deepEqual((await ids('')).sort(), [k, o].sort());
      assert.deepEqual(await ids(`&email=${encodeURIComponent(known.email.toUpperCase())}`), [k]);
      assert.deepEqual(await ids('&company_domain=acme.test'), [k]);
      assert.deepEqual(await ids('&company_domain=globex.test'), [o]);
      assert.deepEqual(await ids('&external_contact_id=ext-1'), [k]);
      await untilEntry(o, 'DONE');
      const asc = await ids('&enrichment_status=DONE');
      assert.deepEqual(asc.slice().sort(), [k, o].sort());
      assert.deepEqual(await ids('&enrichment_status=DONE&sort_order=desc'), asc.reverse());
      assert.deepEqual(await ids('&enrichment_status=PENDING'), []);
      assert.deepEqual(await ids('&enrichment_status=FAILED'), []);
      const page = await api.get(`/v1/contact-entries?contact_list_id=${list}&size=1`, { key: org.apiKey });
      assert.deepEqual([page.body.total_count, page.body.total_pages, page.body.has_more], [2, 2, true]);
      const missing = await api.get('/v1/contact-entries', { key: org.apiKey });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.data.errors[0].path, 'contact_list_id');
      assert.equal((await api.get(`/v1/contact-entries?contact_list_id=${list}&enrichment_status=SOON`, { key: org.apiKey })).status, 400);
      assert.equal((await api.get(`/v1/contact-entries?contact_list_id=${list}`, { key: other.apiKey })).status, 404);
    });

    it('when an entry is deleted, then 200 with it, the sequence it sourced stops (REMOVED_FROM_SOURCE_LIST) and the contact\'s other sequences stay', async () => {
      const template = await newTemplate();
      const list = await newList({ default_sequence_template_id: template });
      const keep = await newList({ default_sequence_template_id: await newTemplate() });
      const contact = await newContact();
      const response = await addEntries([{ contact_list_id: list, email: contact.email }, { contact_list_id: keep, email: contact.email }]);
      const [gone, kept] = response.body.items.map((i: { resource: { id: string } }) => i.resource.id);
      await untilSourced(gone);
      await untilSourced(kept);
      const deleted = await api.delete(`/v1/contact-entries/${gone}`, { key: org.apiKey });
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual([deleted.body.id, deleted.body.contact_id], [gone, contact.id]);
      assert.deepEqual((await sourced(gone)).map((s) => [s.status, s.stopped_reason]), [['STOPPED_EARLY', 'REMOVED_FROM_SOURCE_LIST']]);
      assert.deepEqual((await sourced(kept)).map((s) => s.status), ['ACTIVE']);
      const stopped = await sql<{ n: string }>`SELECT count(*) AS n FROM activities WHERE type = 'sequence.stopped' AND sequence_id = ${(await sourced(gone))[0].id}`.execute(db());
      assert.equal(Number(stopped.rows[0].n), 1);
      assert.equal((await api.delete(`/v1/contact-entries/${gone}`, { key: org.apiKey })).status, 404);
      assert.equal((await api.delete(`/v1/contact-entries/${kept}`, { key: other.apiKey })).status, 404);
    });
  });

  describe('account lists and entries', () => {
    it('when account entries are added, then an alias resolves to the primary domain with the directory profile, a new domain creates its account, and account_id is always set', async () => {
      const created = await api.post('/v1/account-lists', { key: org.apiKey, body: { items: [{ name: 'Targets' }, { name: '' }] } });
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(created.body.items.map((i: { status: string }) => i.status), ['CREATED', 'FAILED']);
      const list = created.body.items[0].resource.id;
      const foreign = (await api.post('/v1/account-lists', { key: other.apiKey, body: { items: [{ name: 'Theirs' }] } })).body.items[0].resource.id;
      const response = await api.post('/v1/account-entries', {
        key: org.apiKey,
        body: {
          items: [
            { account_list_id: list, name: 'Acme (alias)', domain: 'https://www.ACME-CORP.test/about' },
            { account_list_id: list, name: 'Newco', domain: `newco-${++counter}.test` },
            { account_list_id: list, name: 'Acme again', domain: 'acme.test' },
            { account_list_id: list, name: 'Bad', domain: 'not a domain' },
            { account_list_id: foreign, name: 'Foreign', domain: 'globex.test' },
            { account_list_id: list, name: 'Missing domain' },
          ],
        },
      });
      assert.equal(response.status, 200, response.text);
      const items = response.body.items;
      assert.deepEqual(items.map((i: { status: string }) => i.status), ['CREATED', 'CREATED', 'UPDATED', 'FAILED', 'FAILED', 'FAILED']);
      assert.deepEqual(items.slice(3).map((i: { error: { type: string } }) => i.error.type), ['ValidationIssue', 'NotFoundIssue', 'ValidationIssue']);
      const [acme, newco, again] = items.map((i: { resource: unknown }) => i.resource);
      assert.equal(acme.domain, 'acme.test');
      assert.deepEqual([acme.company.name, acme.company.industry, acme.company.alias_domains], ['Acme Corp', 'Software', ['acme-corp.test']]);
      assert.ok(acme.account_id && newco.account_id);
      assert.equal(again.id, acme.id);
      assert.equal(again.name, 'Acme again');
      assert.equal(newco.company, null);
      const account = await api.get(`/v1/accounts/${newco.account_id}`, { key: org.apiKey });
      assert.deepEqual([account.body.name, account.body.domain], ['Newco', newco.domain]);
      assert.equal((await api.get(`/v1/accounts/${acme.account_id}`, { key: org.apiKey })).body.domain, 'acme.test');

      const ids = async (query: string) => (await api.get(`/v1/account-entries?account_list_id=${list}${query}`, { key: org.apiKey })).body.items.map((e: { id: string }) => e.id);
      assert.deepEqual((await ids('')).sort(), [acme.id, newco.id].sort());
      assert.deepEqual(await ids('&domain=acme-corp.test'), [acme.id]);
      assert.deepEqual(await ids('&name=NEWC'), [newco.id]);
      assert.deepEqual(await ids('&sort_by=name&sort_order=desc'), [newco.id, acme.id]);
      assert.equal((await api.get('/v1/account-entries', { key: org.apiKey })).status, 400);
      assert.equal((await api.get(`/v1/account-entries?account_list_id=${list}`, { key: other.apiKey })).status, 404);

      const listRead = await api.get(`/v1/account-lists/${list}`, { key: org.apiKey });
      assert.deepEqual([listRead.body.name, listRead.body.entries_count], ['Targets', 2]);
      const renamed = await api.patch(`/v1/account-lists/${list}`, { key: org.apiKey, body: { name: 'Renamed targets' } });
      assert.deepEqual([renamed.status, renamed.body.name], [200, 'Renamed targets']);
      assert.equal((await api.get('/v1/account-lists?name=Renamed%20targets', { key: org.apiKey })).body.total_count, 1);

      const removed = await api.delete(`/v1/account-entries/${newco.id}`, { key: org.apiKey });
      assert.deepEqual([removed.status, removed.body.id], [200, newco.id]);
      assert.equal((await api.get(`/v1/accounts/${newco.account_id}`, { key: org.apiKey })).status, 200, 'the account stays');
      assert.equal((await api.delete(`/v1/account-lists/${list}`, { key: other.apiKey })).status, 404);
      const dropped = await api.delete(`/v1/account-lists/${list}`, { key: org.apiKey });
      assert.deepEqual([dropped.status, dropped.body.id, dropped.body.entries_count], [200, list, 1]);
      assert.equal((await api.get(`/v1/account-entries/${acme.id}`, { key: org.apiKey })).status, 404);
    });
  });
});
