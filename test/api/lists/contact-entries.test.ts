// Contact entries: resolution (a known contact at once, an unknown person through the lead import
// with the directory profile), auto-enrollment with source_contact_entry_id, and deletion stopping
// the sourced sequence only.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { FIXTURES } from '../../../providers/directory/generate.ts';
import { type client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { insertContactExclusion } from '../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { listsFixture } from './fixtures.ts';

describe('lists and entries', () => {
  const fx = listsFixture();
  const { db, addEntries, entry, untilEntry, sourced, untilSourced, resolvedEvents, newTemplate, newList, newContact } =
    fx;
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  let counter = 0;
  before(() => ({ stack, api, org, other } = fx));

  describe('contact entries', () => {
    it("when the contact is known, then the entry resolves at once with its contact_id, contact_entry.resolved is emitted and the list's template enrolls it", async () => {
      const template = await newTemplate();
      const list = await newList({ default_sequence_template_id: template });
      const contact = await newContact({ company_domain: 'lists-example.com' });
      const response = await addEntries([
        {
          contact_list_id: list,
          email: contact.email.toUpperCase(),
          external_contact_id: 'crm-42',
          first_name: 'Ignored',
        },
      ]);
      assert.equal(response.status, 200, response.text);
      const item = response.body.items[0];
      assert.deepEqual([item.index, item.status, item.error], [0, 'CREATED', null]);
      assert.deepEqual(
        [
          item.resource.contact_id,
          item.resource.enrichment_status,
          item.resource.email,
          item.resource.external_contact_id,
        ],
        [contact.id, 'DONE', contact.email, 'crm-42'],
      );
      assert.ok(item.resource.resolved_at);
      const events = await resolvedEvents(item.resource.id);
      assert.equal(events.length, 1);
      const payload = events[0].payload;
      assert.deepEqual(
        [
          payload.type,
          payload.organization_id,
          payload.contact_id,
          payload.contact_entry_id,
          payload.contact_list_id,
          payload.external_contact_id,
        ],
        ['contact_entry.resolved', org.organizationId, contact.id, item.resource.id, list, 'crm-42'],
      );
      assert.equal((payload.contact as { email: string }).email, contact.email);
      assert.ok(!('sequence_id' in payload), 'a resource event');
      await untilSourced(item.resource.id);
      const [run] = await sourced(item.resource.id);
      assert.deepEqual([run.status, run.sequence_template_id], ['ACTIVE', template]);
      const sequence = await api.get(`/v1/sequences/${run.id}`, { key: org.apiKey });
      assert.equal(sequence.body.source_contact_entry_id, item.resource.id);
      assert.equal(
        (await api.get(`/v1/contacts/${contact.id}`, { key: org.apiKey })).body.first_name,
        'Kim',
        'a known contact is used as it is',
      );
    });

    it('when the person is unknown, then a contact is created from the fields sent (PENDING) and the lead import completes the profile from the directory, then DONE with contact_entry.resolved', async () => {
      const list = await newList();
      const response = await addEntries([
        { contact_list_id: list, email: 'ADA@acme.test', job_title: 'Chief Analyst', external_contact_id: 'crm-ada' },
      ]);
      assert.equal(response.status, 200, response.text);
      const item = response.body.items[0];
      assert.equal(item.status, 'CREATED');
      assert.ok(item.resource.contact_id, 'contact_id set during the request');
      assert.equal(item.resource.enrichment_status, 'PENDING');
      await untilEntry(item.resource.id, 'DONE');
      const contact = (await api.get(`/v1/contacts/${item.resource.contact_id}`, { key: org.apiKey })).body;
      assert.deepEqual(
        [
          contact.email,
          contact.first_name,
          contact.last_name,
          contact.linkedin_url,
          contact.phone,
          contact.company_domain,
          contact.company_name,
        ],
        ['ada@acme.test', 'Ada', 'Lovelace', FIXTURES.ada.linkedinUrl, FIXTURES.ada.phone, 'acme.test', 'Acme Corp'],
      );
      assert.equal(contact.job_title, 'Chief Analyst', 'a value sent wins over the directory');
      const events = await resolvedEvents(item.resource.id);
      assert.equal(events.length, 1);
      assert.equal(events[0].payload.external_contact_id, 'crm-ada');
      assert.equal(
        (events[0].payload.contact as { last_name: string }).last_name,
        'Lovelace',
        'the event carries the completed profile',
      );
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
      assert.deepEqual(
        (await sourced(ids[0])).map((s) => s.status),
        ['ACTIVE'],
      );
      assert.deepEqual(
        (await sourced(ids[1])).map((s) => [s.status, s.stopped_reason]),
        [['REFUSED', 'EXCLUDED']],
      );
      assert.deepEqual(
        (await sourced(ids[2])).map((s) => [s.status, s.stopped_reason]),
        [['REFUSED', 'EMAIL_UNDELIVERABLE']],
      );
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
      assert.deepEqual(
        response.body.items.map((i: { status: string }) => i.status),
        ['CREATED', 'UPDATED', 'CREATED'],
      );
      const [a, b, c] = response.body.items.map((i: { resource: { id: string; contact_id: string } }) => i.resource);
      assert.equal(a.id, b.id);
      assert.notEqual(c.id, a.id);
      assert.equal(a.contact_id, c.contact_id);
      assert.deepEqual(
        [b.first_name, b.last_name, b.external_contact_id],
        ['First', 'Last', 'x-1'],
        'fields sent overwrite, omitted ones stay',
      );
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
      assert.deepEqual(
        items.map((i: { status: string }) => i.status),
        ['FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'CREATED'],
      );
      assert.deepEqual(
        items.map((i: { error: { type: string } | null }) => i.error?.type ?? null),
        [
          'ValidationIssue',
          'ValidationIssue',
          'NotFoundIssue',
          'ValidationIssue',
          'ValidationIssue',
          'ValidationIssue',
          'ValidationIssue',
          'ValidationIssue',
          'ValidationIssue',
          null,
        ],
      );
      assert.match(items[0].error.message, /email/);
      assert.match(items[1].error.message, /email or linkedin_url/);
      assert.match(items[3].error.message, /colour/);
      assert.match(items[4].error.message, /contact_list_id/);
      assert.match(items[5].error.message, /linkedin_url/);
      assert.match(items[6].error.message, /company_domain/);
      assert.deepEqual(response.body.summary, { total: 10, succeeded: 1, failed: 9 });
      assert.equal(items[9].resource.linkedin_url, `https://www.linkedin.com/in/good-${counter}`);
      assert.equal((await api.get(`/v1/contact-lists/${foreignList}`, { key: other.apiKey })).body.entries_count, 0);
      const many = await addEntries(
        Array.from({ length: 101 }, (_, i) => ({ contact_list_id: list, email: `m${i}@lists-new.com` })),
      );
      assert.equal(many.status, 422);
      assert.equal(
        (await api.get(`/v1/contact-lists/${list}`, { key: org.apiKey })).body.entries_count,
        1,
        'nothing of the refused batch written',
      );
    });

    it('when entries are listed, then contact_list_id is required and email, company_domain (alias), external_contact_id and enrichment_status filter', async () => {
      const list = await newList();
      const known = await newContact({ company_domain: 'acme-corp.test' });
      const response = await addEntries([
        { contact_list_id: list, email: known.email, external_contact_id: 'ext-1' },
        { contact_list_id: list, email: `other${++counter}@lists-new.com`, company_domain: 'globex.test' },
      ]);
      const [k, o] = response.body.items.map((i: { resource: { id: string } }) => i.resource.id);
      const ids = async (query: string) =>
        (await api.get(`/v1/contact-entries?contact_list_id=${list}${query}`, { key: org.apiKey })).body.items.map(
          (e: { id: string }) => e.id,
        );
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
      assert.equal(
        (await api.get(`/v1/contact-entries?contact_list_id=${list}&enrichment_status=SOON`, { key: org.apiKey }))
          .status,
        400,
      );
      assert.equal((await api.get(`/v1/contact-entries?contact_list_id=${list}`, { key: other.apiKey })).status, 404);
    });

    it("when an entry is deleted, then 200 with it, the sequence it sourced stops (REMOVED_FROM_SOURCE_LIST) and the contact's other sequences stay", async () => {
      const template = await newTemplate();
      const list = await newList({ default_sequence_template_id: template });
      const keep = await newList({ default_sequence_template_id: await newTemplate() });
      const contact = await newContact();
      const response = await addEntries([
        { contact_list_id: list, email: contact.email },
        { contact_list_id: keep, email: contact.email },
      ]);
      const [gone, kept] = response.body.items.map((i: { resource: { id: string } }) => i.resource.id);
      await untilSourced(gone);
      await untilSourced(kept);
      const deleted = await api.delete(`/v1/contact-entries/${gone}`, { key: org.apiKey });
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual([deleted.body.id, deleted.body.contact_id], [gone, contact.id]);
      assert.deepEqual(
        (await sourced(gone)).map((s) => [s.status, s.stopped_reason]),
        [['STOPPED_EARLY', 'REMOVED_FROM_SOURCE_LIST']],
      );
      assert.deepEqual(
        (await sourced(kept)).map((s) => s.status),
        ['ACTIVE'],
      );
      const stopped = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM activities WHERE type = 'sequence.stopped' AND sequence_id = ${(await sourced(gone))[0].id}`.execute(
        db(),
      );
      assert.equal(Number(stopped.rows[0].n), 1);
      assert.equal((await api.delete(`/v1/contact-entries/${gone}`, { key: org.apiKey })).status, 404);
      assert.equal((await api.delete(`/v1/contact-entries/${kept}`, { key: other.apiKey })).status, 404);
    });
  });
});
