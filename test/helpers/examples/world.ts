// The records the OpenAPI examples are sent against (test/api/openapi-examples.test.ts): an
// organization of its own (Northwind) with an admin key, and one real record for each placeholder
// of api/examples/ids.ts a request example names, made through the API as a client would make
// them. `ids` maps each placeholder (an id, a signed token) to its record, and the snooze time to
// tomorrow; the factories make fresh records for the operations that need their own (states.ts).
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import * as admin from '../../../domain/admin/admin.service.ts';
import { signId } from '../../../domain/engagement/signed-token.ts';
import { EXAMPLE_IDS, EXAMPLE_LINK, EXAMPLE_SNOOZE_UNTIL, EXAMPLE_TOKENS } from '../../../api/examples/ids.ts';
import { ADA } from '../../../api/examples/people.examples.ts';
import { client, type ApiResponse } from '../http.ts';
import { eventually } from '../poll.ts';
import type { Stack } from '../stack.ts';
import { startReceiver, type Receiver } from '../webhook-receiver.ts';

export type StepType = 'EMAIL' | 'CALL' | 'LINKEDIN_INVITATION';

export interface World {
  stack: Stack;
  organizationId: string;
  apiKey: string;
  receiver: Receiver;
  /** Placeholder of the examples → the record made for it. */
  ids: Map<string, string>;
  call(method: string, path: string, body?: unknown): Promise<ApiResponse>;
  /** A new contact of the organization (with a LinkedIn URL too). */
  contact(): Promise<string>;
  /** A new contact enrolled in a template that opens with a `step` (then an email 30 days away), once that step has run. */
  running(
    step: StepType,
  ): Promise<{ contactId: string; sequenceId: string; messageId: string | null; taskId: string | null }>;
  /** A new standalone to-do, PENDING. */
  todo(): Promise<string>;
  /** `body` POSTed to `path`, answered 2xx: the answer's body. */
  created(path: string, body: unknown): Promise<Record<string, unknown>>;
}

const TEAM = { orgName: 'Northwind', ownerEmail: 'grace@example.org', ownerName: 'Grace Hopper' };

export async function buildWorld(stack: Stack): Promise<World> {
  const org = await admin.bootstrap(stack.orm.em.fork(), { ...TEAM, enrichmentCredits: 100 });
  const colleague = await admin.createUser(stack.orm.em.fork(), {
    organizationId: org.organization_id,
    email: 'alan@example.org',
    name: 'Alan Turing',
  });
  const api = client(stack.url);
  const call = (method: string, path: string, body?: unknown) => api.call(method, path, { key: org.api_key, body });
  const created = async (path: string, body: unknown) => {
    const answer = await call('POST', path, body);
    assert.ok(answer.status >= 200 && answer.status < 300, `POST ${path}: ${answer.status} ${answer.text}`);
    return answer.body as Record<string, unknown>;
  };
  const templates = new Map<StepType, string>();
  const templateOf = async (step: StepType) => {
    if (!templates.has(step)) {
      const opening =
        step === 'EMAIL'
          ? {
              type: 'EMAIL',
              delay_days: 0,
              subject: 'Month-end reporting',
              body: `Hi {{ first_name }}, the case study: ${EXAMPLE_LINK}`,
            }
          : { type: step, delay_days: 0, body: 'Hi {{ first_name }}.' };
      const steps = [
        opening,
        { type: 'EMAIL', delay_days: 30, subject: 'Following up', body: 'Hi {{ first_name }}, following up.' },
      ];
      templates.set(
        step,
        String((await created('/v1/sequence-templates', { name: `${step} first`, status: 'ACTIVE', steps })).id),
      );
    }
    return templates.get(step)!;
  };
  const contact = async () => {
    const slug = randomUUID().slice(0, 8);
    const body = {
      email: `lead-${slug}@example.com`,
      linkedin_url: `https://www.linkedin.com/in/lead-${slug}`,
      first_name: 'Mary',
      last_name: 'Somerville',
    };
    return String((await created('/v1/contacts', body)).id);
  };
  /** The first item of a list answer, polled until there is one. */
  const first = async (path: string, what: string) => {
    const id = await eventually(async () => ((await call('GET', path)).body.items as { id: string }[])[0]?.id);
    assert.ok(id, `no ${what} came: GET ${path}`);
    return id;
  };
  const running = async (step: StepType) => {
    const contactId = await contact();
    const enrolled = await call('POST', '/v1/sequences', {
      contact_id: contactId,
      sequence_template_id: await templateOf(step),
    });
    assert.equal(enrolled.status, 201, enrolled.text);
    const sequenceId = String(enrolled.body.id);
    return step === 'CALL'
      ? {
          contactId,
          sequenceId,
          messageId: null,
          taskId: await first(`/v1/tasks?sequence_id=${sequenceId}&types=CALL`, 'CALL task'),
        }
      : {
          contactId,
          sequenceId,
          messageId: await first(`/v1/messages?sequence_id=${sequenceId}`, 'message'),
          taskId: null,
        };
  };
  const todo = async () =>
    String((await created('/v1/tasks', { title: 'Prepare the call', due_date: '2030-01-15' })).id);

  // Ada Lovelace and her account; the sequence that emailed her, its CALL task; a to-do.
  const ada = await created('/v1/contacts', ADA);
  const sequence = await call('POST', '/v1/sequences', {
    contact_id: ada.id,
    sequence_template_id: await templateOf('EMAIL'),
  });
  assert.equal(sequence.status, 201, sequence.text);
  const messageId = await first(`/v1/messages?sequence_id=${sequence.body.id}`, 'message');
  const callTask = await running('CALL');
  const ids: [string, string][] = [
    [EXAMPLE_IDS.user, org.user_id],
    [EXAMPLE_IDS.colleague, colleague.id],
    [EXAMPLE_IDS.contact, String(ada.id)],
    [EXAMPLE_IDS.account, String(ada.account_id)],
    [EXAMPLE_IDS.sequenceTemplate, await templateOf('EMAIL')],
    [EXAMPLE_IDS.sequence, String(sequence.body.id)],
    [EXAMPLE_IDS.message, messageId],
    [EXAMPLE_IDS.task, await todo()],
    [EXAMPLE_IDS.callTask, callTask.taskId!],
  ];
  const secret = stack.config.webhookSecretKey;
  ids.push(
    [EXAMPLE_TOKENS.unsubscribe, signId(secret, 'unsubscribe', String(sequence.body.id))],
    [EXAMPLE_TOKENS.open, signId(secret, 'open', messageId)],
    [EXAMPLE_TOKENS.click, signId(secret, 'click', messageId, EXAMPLE_LINK)],
    [EXAMPLE_SNOOZE_UNTIL, new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString()],
  );

  // Lists and their entries.
  const contactList = String(
    ((await created('/v1/contact-lists', { items: [{ name: 'Leads' }] })).items as { resource: { id: string } }[])[0]
      .resource.id,
  );
  const contactEntry = await created('/v1/contact-entries', {
    items: [{ contact_list_id: contactList, email: 'ada@example.com' }],
  });
  const accountList = String(
    ((await created('/v1/account-lists', { items: [{ name: 'Targets' }] })).items as { resource: { id: string } }[])[0]
      .resource.id,
  );
  const accountEntry = await created('/v1/account-entries', {
    items: [{ account_list_id: accountList, name: 'Analytical Engines', domain: 'example.com' }],
  });
  const entryId = (batch: Record<string, unknown>) =>
    String((batch.items as { resource: { id: string } }[])[0].resource.id);
  ids.push(
    [EXAMPLE_IDS.contactList, contactList],
    [EXAMPLE_IDS.contactEntry, entryId(contactEntry)],
    [EXAMPLE_IDS.accountList, accountList],
    [EXAMPLE_IDS.accountEntry, entryId(accountEntry)],
  );

  // A subscription on a local receiver, delivered the contact exclusion made next.
  const receiver = await startReceiver();
  const webhook = await created('/v1/webhooks', {
    name: 'Receiver',
    url: receiver.url,
    event_types: ['contact_exclusion.created'],
  });
  const contactExclusion = await created('/v1/contact-exclusions', { email: 'babbage@example.net', reason: 'OTHER' });
  const accountExclusion = await created('/v1/account-exclusions', { domain: 'rival.example', reason: 'COMPETITOR' });
  const deliveryId = await eventually(async () => {
    const delivery = (await call('GET', `/v1/webhooks/${webhook.id}/deliveries`)).body.items[0];
    return delivery?.status === 'DELIVERED' ? String(delivery.id) : null;
  });
  assert.ok(deliveryId, 'the exclusion was not delivered');
  ids.push(
    [EXAMPLE_IDS.webhook, String(webhook.id)],
    [EXAMPLE_IDS.webhookDelivery, deliveryId],
    [EXAMPLE_IDS.contactExclusion, String(contactExclusion.id)],
    [EXAMPLE_IDS.accountExclusion, String(accountExclusion.id)],
  );

  // An event, a playbook, a signal, and an activity of the stream.
  await created('/v1/events', {
    event_name: 'demo_requested',
    occurred_at: new Date().toISOString(),
    subject: { email: 'ada@example.com' },
  });
  const event = (await call('GET', '/v1/events?event_name=demo_requested')).body.items[0];
  const playbook = await created('/v1/playbooks', {
    name: 'Demo request',
    event_name: 'demo_requested',
    action: { type: 'CREATE_TASK', title: 'Call back' },
  });
  const signal = await created('/v1/signals', {
    signal_type: 'HIRING_SIGNALS',
    name: 'Hiring CTOs',
    search_filters: { job_title_or: ['CTO'] },
    import_target: 'PEOPLE',
    max_companies_per_run: 5,
  });
  const activity = (await call('GET', `/v1/activities?contact_id=${String(ada.id)}`)).body.items[0];
  ids.push(
    [EXAMPLE_IDS.event, event.id],
    [EXAMPLE_IDS.playbook, String(playbook.id)],
    [EXAMPLE_IDS.signal, String(signal.id)],
    [EXAMPLE_IDS.activity, activity.id],
  );

  return {
    stack,
    organizationId: org.organization_id,
    apiKey: org.api_key,
    receiver,
    ids: new Map(ids),
    call,
    contact,
    running,
    todo,
    created,
  };
}
