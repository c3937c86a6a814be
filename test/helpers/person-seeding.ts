// One person stored through every path that can store them (test/api/erasure/privacy-scan.test.ts):
// a custom-event signal's import of an ingested event, the API (with an Idempotency-Key, so its
// answer is stored), a list import, an exclusion delivered to a webhook subscription, a CRM write, and
// a reply read from the sender's inbox about an email of their run.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MailboxCredentials } from '../../domain/mailboxes/credentials.ts';
import { recordInboxMessage } from '../../domain/mailboxes/inbox-record.ts';
import { checkSignal, type SignalCheckDeps } from '../../domain/signals/checks.service.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';
import type { TestOrg } from './fixtures.ts';
import type { client } from './http.ts';
import { personReply } from './inbox-samples.ts';
import { insertSequence, insertTemplate } from './sequence-fixtures.ts';
import { insertSignal } from './signal-fixtures.ts';
import type { Stack } from './stack.ts';
import type { Receiver } from './webhook-receiver.ts';

export interface SeededPerson {
  contactId: string;
  email: string;
  name: string;
  linkedinUrl: string;
  phone: string;
}

type Api = ReturnType<typeof client>;

/** A person no other test writes (a unique email, LinkedIn URL and phone; a name no fixture uses). */
export function newPerson(): Omit<SeededPerson, 'contactId'> {
  const tag = randomUUID().split('-')[0];
  const digits = String(parseInt(tag, 16) % 10_000).padStart(4, '0');
  return {
    email: `zephyrine.quillfeather.${tag}@erasure-proof.test`,
    name: 'Zephyrine Quillfeather',
    linkedinUrl: `https://www.linkedin.com/in/zephyrine-quillfeather-${tag}`,
    phone: `+44 20 7946 ${digits}`,
  };
}

export async function seedPerson(stack: Stack, api: Api, org: TestOrg, receiver: Receiver): Promise<SeededPerson> {
  const person = newPerson();
  const [firstName, lastName] = person.name.split(' ');
  const key = org.apiKey;
  const db = () => stack.orm.em.fork().getKysely();

  // Event ingestion, and a custom-event signal that imports it.
  const eventName = `erasure-proof-${randomUUID()}`;
  const signal = await insertSignal(stack, org.organizationId, { eventName, eventSubject: 'PEOPLE' });
  const ingested = await api.post('/v1/events', {
    key,
    body: {
      event_name: eventName,
      occurred_at: new Date().toISOString(),
      subject: { email: person.email, linkedin_url: person.linkedinUrl },
      payload: { full_name: person.name, phone: person.phone },
    },
  });
  assert.equal(ingested.status, 202, ingested.text);
  await sql`UPDATE ingested_events SET resolution_status = 'UNRESOLVED', resolved_at = now() WHERE organization_id = ${org.organizationId} AND event_name = ${eventName}`.execute(
    db(),
  );
  const imported = await checkSignal(
    stack.orm.em.fork(),
    {} as SignalCheckDeps,
    org.organizationId,
    signal.id,
    new Date(),
  );
  assert.equal(imported.imported, 1);

  // The API, its answer kept for replays.
  const upserted = await api.post('/v1/contacts', {
    key,
    headers: { 'Idempotency-Key': randomUUID() },
    body: {
      email: person.email,
      linkedin_url: person.linkedinUrl,
      first_name: firstName,
      last_name: lastName,
      phone: person.phone,
    },
  });
  assert.equal(upserted.status, 201, upserted.text);
  const contactId = String(upserted.body.id);

  // A list import.
  const list = await api.post('/v1/contact-lists', { key, body: { items: [{ name: `Proof ${randomUUID()}` }] } });
  const listId = String(list.body.items[0].resource.id);
  const entries = await api.post('/v1/contact-entries', {
    key,
    body: { items: [{ contact_list_id: listId, email: person.email, linkedin_url: person.linkedinUrl }] },
  });
  assert.equal(entries.status, 200, entries.text);

  // An exclusion, delivered to a webhook subscription.
  const subscription = await api.post('/v1/webhooks', {
    key,
    body: { name: 'Proof', url: receiver.url, event_types: ['contact_exclusion.created', 'contact.erased'] },
  });
  assert.equal(subscription.status, 201, subscription.text);
  const excluded = await api.post('/v1/contact-exclusions', {
    key,
    body: { email: person.email, reason: 'OTHER', message: `${person.name} asked by phone (${person.phone})` },
  });
  assert.equal(excluded.status, 201, excluded.text);
  await receiver.waitFor(
    (body) => body.type === 'contact_exclusion.created' && body.exclusion_id === excluded.body.id,
    30_000,
  );

  // A CRM write (the record created in the CRM, its link and the ledger's CRM_CREATE).
  const crm = await api.patch(`/v1/contacts/${contactId}/crm`, {
    key,
    body: { fields: [{ property: 'notes', value: `Spoke with ${person.name}` }] },
  });
  assert.equal(crm.status, 200, crm.text);

  // A reply in the sender's inbox to an email of the person's run.
  const mailboxId = randomUUID();
  const mailbox = `sender-${randomUUID().split('-')[0]}@sender.test`;
  const sealer = new MailboxCredentials(stack.config.webhookSecretKey);
  await sql`INSERT INTO mailboxes (id, organization_id, user_id, email, smtp_url_encrypted, imap_url_encrypted, status, created_at, updated_at)
            VALUES (${mailboxId}, ${org.organizationId}, ${org.userId}, ${mailbox}, ${sealer.seal(mailboxId, 'smtp', 'smtp://unused@127.0.0.1:1')},
                    ${sealer.seal(mailboxId, 'imap', 'imap://unused@127.0.0.1:1')}, 'CONNECTED', now(), now())`.execute(
    db(),
  );
  const templateId = await insertTemplate(
    stack,
    org.organizationId,
    [{ type: 'EMAIL', delay_days: 0, subject: 'Hello', body: 'Hi' }],
    {
      senderUserId: org.userId,
    },
  );
  const sequenceId = await insertSequence(stack, org.organizationId, {
    contactId,
    templateId,
    senderUserId: org.userId,
  });
  const sentMessageId = `<seq-${sequenceId}-step-1@sender.test>`;
  await sql`INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, provider_message_id, sent_at, created_at)
            VALUES (${randomUUID()}, ${org.organizationId}, ${contactId}, ${sequenceId}, 'EMAIL', 'OUTBOUND', 'MESSAGE', 'Hello', ${`Hi ${firstName}`}, 1, ${sentMessageId}, now(), now())`.execute(
    db(),
  );
  const reply = personReply(
    { mailbox, prospect: person.email, sentMessageId, subject: 'Hello' },
    `Thanks. ${person.name}, ${person.phone}`,
  );
  const recorded = await recordInboxMessage(
    { em: stack.orm.em.fork(), workflows: createWorkflowClients(stack.temporal, stack.taskQueue) },
    { id: mailboxId, organizationId: org.organizationId, userId: org.userId },
    { uidValidity: '1', uid: 1, source: Buffer.from(reply), receivedAt: new Date() },
  );
  assert.equal(recorded.kind, 'REPLY');
  return { contactId, ...person };
}
