// Messages API on the real stack: the list (filters, newest first, sort_by) and one message, scoped
// to the organization (404 across organizations).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { client } from '../../helpers/http.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from '../../helpers/sequence-fixtures.ts';

describe('messages API', function () {
  this.timeout(60_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let contactId: string;
  let sequenceId: string;
  const ids: Record<'old' | 'mid' | 'new' | 'inbound' | 'other', string> = {
    old: randomUUID(),
    mid: randomUUID(),
    new: randomUUID(),
    inbound: randomUUID(),
    other: randomUUID(),
  };

  async function insertMessage(
    id: string,
    m: {
      contactId: string;
      sequenceId: string | null;
      channel: string;
      direction: string;
      sentAt: string;
      createdAt: string;
      step: number | null;
    },
  ) {
    await sql`INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, sent_at, created_at)
              VALUES (${id}, ${org.organizationId}, ${m.contactId}, ${m.sequenceId}, ${m.channel}, ${m.direction}, 'MESSAGE', ${m.channel === 'EMAIL' ? 'Hi' : null},
                      ${`body ${id}`}, ${m.step}, ${new Date(m.sentAt)}, ${new Date(m.createdAt)})`.execute(
      stack.orm.em.fork().getKysely(),
    );
  }

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack);
    contactId = await insertContact(stack, org.organizationId, { email: `m-${randomUUID().slice(0, 8)}@example.com` });
    const otherContact = await insertContact(stack, org.organizationId, {
      email: `m-${randomUUID().slice(0, 8)}@example.com`,
    });
    const templateId = await insertTemplate(stack, org.organizationId, [
      { type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' },
    ]);
    sequenceId = await insertSequence(stack, org.organizationId, { contactId, templateId });
    await insertMessage(ids.old, {
      contactId,
      sequenceId,
      channel: 'EMAIL',
      direction: 'OUTBOUND',
      sentAt: '2026-01-01T00:00:00Z',
      createdAt: '2026-01-03T00:00:00Z',
      step: 1,
    });
    await insertMessage(ids.mid, {
      contactId,
      sequenceId,
      channel: 'LINKEDIN',
      direction: 'OUTBOUND',
      sentAt: '2026-01-02T00:00:00Z',
      createdAt: '2026-01-01T00:00:00Z',
      step: 2,
    });
    await insertMessage(ids.new, {
      contactId,
      sequenceId,
      channel: 'EMAIL',
      direction: 'OUTBOUND',
      sentAt: '2026-01-04T00:00:00Z',
      createdAt: '2026-01-02T00:00:00Z',
      step: 3,
    });
    await insertMessage(ids.inbound, {
      contactId,
      sequenceId,
      channel: 'EMAIL',
      direction: 'INBOUND',
      sentAt: '2026-01-05T00:00:00Z',
      createdAt: '2026-01-05T00:00:00Z',
      step: null,
    });
    await insertMessage(ids.other, {
      contactId: otherContact,
      sequenceId: null,
      channel: 'MANUAL',
      direction: 'OUTBOUND',
      sentAt: '2026-01-03T00:00:00Z',
      createdAt: '2026-01-04T00:00:00Z',
      step: null,
    });
  });

  it('when listed without filters, then the envelope holds every message of the organization, newest sent_at first', async () => {
    const response = await api.get('/v1/messages', { key: org.apiKey });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(
      response.body.items.map((m: { id: string }) => m.id),
      [ids.inbound, ids.new, ids.other, ids.mid, ids.old],
    );
    assert.deepEqual([response.body.total_count, response.body.total_pages, response.body.has_more], [5, 1, false]);
  });

  it('when filtered by contact, sequence, channel and direction, then only matching messages come back', async () => {
    const get = async (query: string) =>
      (await api.get(`/v1/messages?${query}`, { key: org.apiKey })).body.items.map((m: { id: string }) => m.id);
    assert.deepEqual(await get(`sequence_id=${sequenceId}&channel=EMAIL&direction=OUTBOUND`), [ids.new, ids.old]);
    assert.deepEqual(await get(`contact_id=${contactId}&direction=INBOUND`), [ids.inbound]);
    assert.deepEqual(await get('channel=LINKEDIN'), [ids.mid]);
    assert.deepEqual(await get('channel=MANUAL'), [ids.other]);
    assert.equal((await api.get('/v1/messages?channel=FAX', { key: org.apiKey })).status, 400);
  });

  it('when sorted by created_at ascending and paged, then that order and the page window apply', async () => {
    const response = await api.get('/v1/messages?sort_by=created_at&sort_order=asc&size=2&page=1', { key: org.apiKey });
    assert.deepEqual(
      response.body.items.map((m: { id: string }) => m.id),
      [ids.mid, ids.new],
    );
    assert.deepEqual([response.body.total_count, response.body.total_pages, response.body.has_more], [5, 3, true]);
  });

  it('when one message is read, then its record has every field; another organization gets 404', async () => {
    const response = await api.get(`/v1/messages/${ids.old}`, { key: org.apiKey });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, {
      id: ids.old,
      contact_id: contactId,
      sequence_id: sequenceId,
      channel: 'EMAIL',
      direction: 'OUTBOUND',
      kind: 'MESSAGE',
      subject: 'Hi',
      body: `body ${ids.old}`,
      step_number: 1,
      sent_at: '2026-01-01T00:00:00.000Z',
      created_at: '2026-01-03T00:00:00.000Z',
      in_reply_to_id: null,
      reply_category: null,
      open_count: 0,
      opened_at: null,
      click_count: 0,
      clicked_at: null,
      bounced_at: null,
      accepted_at: null,
      variant: null,
    });
    const intruder = await newOrg(stack);
    const foreign = await api.get(`/v1/messages/${ids.old}`, { key: intruder.apiKey });
    assert.deepEqual([foreign.status, foreign.body.type], [404, 'NotFoundIssue']);
    assert.equal((await api.get('/v1/messages', { key: intruder.apiKey })).body.total_count, 0);
  });
});
