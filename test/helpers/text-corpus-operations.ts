// The operations the text corpus (test/api/text-corpus.test.ts) sends its values to: for each
// operation of the document with free-text fields, how to build a valid base request (fresh
// resources where a request consumes one), where the stored value reads back, and what the field
// flows into; plus the organization and base resources they share, made once before the suite.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  accountEntryItemSchema,
  accountListItemSchema,
  contactEntryItemSchema,
  contactListItemSchema,
} from '../../api/schemas/lists.schemas.ts';
import { createSequenceClient } from '../../workflows/sequence.client.ts';
import { SandboxCrm } from '../../providers/crm/sandbox.ts';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { newOrg, type TestOrg } from './fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from './sequence-fixtures.ts';
import { getStack, type Stack } from './stack.ts';
import { getAt, send, stringFields, type Answer, type Json, type StringField } from './text-corpus.ts';

export type Body = { [key: string]: Json };

export interface Prepared {
  path: string;
  body: Body;
  /** The stored resource, read back (GET, or the database where no GET exists); absent: the operation stores nothing. */
  read?: (answer: Answer) => Promise<unknown>;
}

export interface OperationSpec {
  /** A valid base request, made for the fields about to be varied (fresh resources where a request consumes one). */
  prepare: (fields: string[]) => Promise<Prepared>;
  /** Where the read-back shows a field when not at its request path. */
  readPath?: (field: string) => string;
  /** Fields the document cannot show: batch items (checked one by one by the code) and free-form objects. */
  extraFields?: StringField[];
  /** The key put where the document has a map (`search_filters.<key>`), by the map's name; default `k`. */
  mapKeys?: Record<string, string>;
  /** UTF-16 cuts (`.slice(0, n)`, titles built around the value) a field flows into. */
  cuts?: Record<string, number[]>;
  /**
   * Declared open strings that the code checks against a closed set (preset names, time zones): a
   * well-formed value outside the set may be refused naming the field, or with the status given here
   * where the document says so for an unknown value.
   */
  closed?: Record<string, number>;
  /** Fields that cannot share a request with the others (another base resource). */
  apart?: (field: string) => string;
  /** A batch: a bad item is a FAILED result whose message names the item's field. */
  batch?: boolean;
}

/**
 * Operations with free-text fields left out of the corpus, each with its reason. None today: bodies
 * of only ids, dates, enums and identifiers (owner, assignee, pause, stop, unenroll, enroll, snooze,
 * complete, click, get-and-enrich) have no free-text field and are not required.
 */
export const SKIPPED: Record<string, string> = {};

export const ITEM = 'items[0].';
export const itemFields = (schema: unknown) => stringFields(schema).map((f) => ({ ...f, path: `${ITEM}${f.path}` }));
export const uid = () => randomUUID().slice(0, 8);
export const email = () => `corpus-${uid()}@example.com`;
export const domain = () => `corpus-${uid()}.example`;
export const idOf = (answer: Answer, path = 'id') => String(getAt(answer.body, path));

export function textCorpusFixture() {
  let stack: Stack;
  let org: TestOrg;
  let doc: Record<string, unknown>;
  const started: string[] = [];
  const base: Record<string, string> = {};
  const db = () => stack.orm.em.fork().getKysely();

  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const answer = await send(stack.url, org.apiKey, method, path, body);
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`setup ${method} ${path}: ${answer.error ?? answer.status} ${answer.text.slice(0, 400)}`);
    return answer;
  }
  const read = async (path: string) => (await call('GET', path)).body;

  async function taskOf(type: 'EMAIL_REPLY' | 'CALL'): Promise<string> {
    const contactId = await insertContact(stack, org.organizationId, { email: email(), firstName: 'Exec' });
    const id = randomUUID();
    await sql`INSERT INTO tasks (id, organization_id, type, priority, status, contact_id, assignee_id, title, due_date, created_at, updated_at)
              VALUES (${id}, ${org.organizationId}, ${type}, 'TODAY', 'PENDING', ${contactId}, ${org.userId}, ${`${type} corpus`}, '2026-12-01', now(), now())`.execute(
      db(),
    );
    return id;
  }

  async function runningSequence(): Promise<string> {
    const contactId = await insertContact(stack, org.organizationId, { email: email(), firstName: 'Seq' });
    const sequenceId = await insertSequence(stack, org.organizationId, {
      contactId,
      templateId: base.slowTemplate,
      senderUserId: org.userId,
    });
    await createSequenceClient(stack.temporal, stack.taskQueue).start(org.organizationId, {
      sequenceId,
      contactId,
      sequenceTemplateId: base.slowTemplate,
    });
    started.push(sequenceWorkflowId(sequenceId));
    return sequenceId;
  }

  const steps = () => [{ type: 'EMAIL', delay_days: 1, subject: 'Hello', body: 'Hi there' }];
  const crmRead = (type: 'company' | 'contact') => async (answer: Answer) => {
    const record = await new SandboxCrm(stack.orm).findRecord(org.organizationId, type, idOf(answer, 'external_id'));
    return { fields: [{ value: record?.properties.corpus_note }] };
  };
  const stripItem = (field: string) => field.replace(ITEM, '');

  const SPECS: Record<string, OperationSpec> = {
    'POST /v1/contacts': {
      prepare: async () => ({
        path: '/v1/contacts',
        body: { email: email(), first_name: 'Base' },
        read: async (a) => read(`/v1/contacts/${idOf(a)}`),
      }),
      // Task titles "Reply to <name>" and "Review lead <name> for …" are cut at 200.
      cuts: { first_name: [191, 188] },
    },
    'PATCH /v1/contacts/{contact_id}/variables': {
      prepare: async () => ({
        path: `/v1/contacts/${base.contact}/variables`,
        body: {},
        read: async () => read(`/v1/contacts/${base.contact}/variables`),
      }),
      // Keys of their own: PATCH /v1/accounts/{id}/variables writes the same account's variables concurrently.
      mapKeys: { contact_variables: 'corpus_contact', account_variables: 'corpus_account' },
    },
    'POST /v1/accounts': {
      prepare: async () => ({
        path: '/v1/accounts',
        body: { domain: domain(), name: 'Base' },
        read: async (a) => read(`/v1/accounts/${idOf(a)}`),
      }),
    },
    'PATCH /v1/accounts/{account_id}/variables': {
      prepare: async () => ({
        path: `/v1/accounts/${base.account}/variables`,
        body: { variables: {} },
        read: async () => read(`/v1/accounts/${base.account}/variables`),
      }),
    },
    'PATCH /v1/accounts/{account_id}/crm': {
      prepare: async () => ({
        path: `/v1/accounts/${base.account}/crm`,
        body: { fields: [{ property: 'corpus_note', value: 'base' }] },
        read: crmRead('company'),
      }),
    },
    'PATCH /v1/contacts/{contact_id}/crm': {
      prepare: async () => ({
        path: `/v1/contacts/${base.contact}/crm`,
        body: { fields: [{ property: 'corpus_note', value: 'base' }] },
        read: crmRead('contact'),
      }),
    },
    'POST /v1/contacts/enrich': {
      prepare: async () => ({
        path: '/v1/contacts/enrich',
        body: { first_name: 'Ada', last_name: 'Lovelace', company_domain: 'acme.test' },
      }),
    },
    'POST /v1/contacts/qualify': {
      prepare: async () => ({
        path: '/v1/contacts/qualify',
        body: {
          contact: { first_name: 'Ada', job_title: 'CTO' },
          icp_context: {
            industries: [],
            company_sizes: [],
            countries: [],
            job_titles: [],
            seniorities: [],
            keywords: [],
          },
        },
      }),
    },
    'POST /v1/webhooks': {
      prepare: async () => ({
        path: '/v1/webhooks',
        body: { name: 'Base hook', url: 'http://127.0.0.1:9/corpus', event_types: ['task.created'], status: 'PAUSED' },
        read: async (a) => read(`/v1/webhooks/${idOf(a)}`),
      }),
    },
    'PATCH /v1/webhooks/{webhook_id}': {
      prepare: async () => ({
        path: `/v1/webhooks/${base.webhook}`,
        body: {},
        read: async () => read(`/v1/webhooks/${base.webhook}`),
      }),
    },
    'POST /v1/contact-exclusions': {
      prepare: async () => ({
        path: '/v1/contact-exclusions',
        body: { email: email(), reason: 'OTHER' },
        read: async (a) => read(`/v1/contact-exclusions/${idOf(a)}`),
      }),
    },
    'PATCH /v1/contact-exclusions/{exclusion_id}': {
      prepare: async () => ({
        path: `/v1/contact-exclusions/${base.contactExclusion}`,
        body: {},
        read: async () => read(`/v1/contact-exclusions/${base.contactExclusion}`),
      }),
    },
    'POST /v1/account-exclusions': {
      prepare: async () => ({
        path: '/v1/account-exclusions',
        body: { domain: domain(), reason: 'OTHER' },
        read: async (a) => read(`/v1/account-exclusions/${idOf(a)}`),
      }),
    },
    'PATCH /v1/account-exclusions/{exclusion_id}': {
      prepare: async () => ({
        path: `/v1/account-exclusions/${base.accountExclusion}`,
        body: {},
        read: async () => read(`/v1/account-exclusions/${base.accountExclusion}`),
      }),
    },
    'POST /v1/sequence-templates': {
      prepare: async () => ({
        path: '/v1/sequence-templates',
        body: { name: 'Base template', steps: steps() },
        read: async (a) => read(`/v1/sequence-templates/${idOf(a)}`),
      }),
      // A CALL body becomes the task title (cut at 200), a LINKEDIN_INVITATION body the note (300); errors are stored cut at 500.
      cuts: { 'steps[0].body': [200, 300, 500] },
    },
    'PATCH /v1/sequence-templates/{sequence_template_id}': {
      prepare: async () => ({
        path: `/v1/sequence-templates/${base.draftTemplate}`,
        body: { name: 'Draft', steps: steps() },
        read: async () => read(`/v1/sequence-templates/${base.draftTemplate}`),
      }),
      cuts: { 'steps[0].body': [200, 300, 500] },
    },
    'PATCH /v1/sequences/{sequence_id}': {
      // A run of its own per request: a value that wedged one run's workflow must not hide the next case.
      prepare: async () => {
        const id = await runningSequence();
        return { path: `/v1/sequences/${id}`, body: { variables: {} }, read: async () => read(`/v1/sequences/${id}`) };
      },
    },
    'POST /v1/contact-lists': {
      prepare: async () => ({
        path: '/v1/contact-lists',
        body: { items: [{ name: `Base ${uid()}` }] },
        read: async (a) => read(`/v1/contact-lists/${idOf(a, 'items[0].resource.id')}`),
      }),
      readPath: stripItem,
      extraFields: itemFields(contactListItemSchema),
      batch: true,
    },
    'PATCH /v1/contact-lists/{contact_list_id}': {
      prepare: async () => ({
        path: `/v1/contact-lists/${base.contactList}`,
        body: {},
        read: async () => read(`/v1/contact-lists/${base.contactList}`),
      }),
    },
    'POST /v1/contact-entries': {
      prepare: async () => ({
        path: '/v1/contact-entries',
        body: { items: [{ contact_list_id: base.contactList, email: email() }] },
        read: async (a) => read(`/v1/contact-entries/${idOf(a, 'items[0].resource.id')}`),
      }),
      readPath: stripItem,
      extraFields: itemFields(contactEntryItemSchema),
      batch: true,
    },
    'POST /v1/account-lists': {
      prepare: async () => ({
        path: '/v1/account-lists',
        body: { items: [{ name: `Base ${uid()}` }] },
        read: async (a) => read(`/v1/account-lists/${idOf(a, 'items[0].resource.id')}`),
      }),
      readPath: stripItem,
      extraFields: itemFields(accountListItemSchema),
      batch: true,
    },
    'PATCH /v1/account-lists/{account_list_id}': {
      prepare: async () => ({
        path: `/v1/account-lists/${base.accountList}`,
        body: {},
        read: async () => read(`/v1/account-lists/${base.accountList}`),
      }),
    },
    'POST /v1/account-entries': {
      prepare: async () => ({
        path: '/v1/account-entries',
        body: { items: [{ account_list_id: base.accountList, name: 'Base', domain: domain() }] },
        read: async (a) => read(`/v1/account-entries/${idOf(a, 'items[0].resource.id')}`),
      }),
      readPath: stripItem,
      extraFields: itemFields(accountEntryItemSchema),
      batch: true,
    },
    'POST /v1/tasks': {
      prepare: async () => ({
        path: '/v1/tasks',
        body: { title: 'Base task', due_date: '2026-12-01' },
        read: async (a) => read(`/v1/tasks/${idOf(a)}`),
      }),
    },
    'PATCH /v1/tasks/{task_id}': {
      prepare: async () => ({
        path: `/v1/tasks/${base.todo}`,
        body: {},
        read: async () => read(`/v1/tasks/${base.todo}`),
      }),
    },
    'POST /v1/tasks/{task_id}/execute': {
      // A task per request (execute completes it): an email reply for body and subject, a call for phone.
      prepare: async (fields): Promise<Prepared> => {
        if (fields.includes('payload.phone')) {
          const id = await taskOf('CALL');
          return {
            path: `/v1/tasks/${id}/execute`,
            body: { payload: { type: 'call' } },
            read: async () => read(`/v1/tasks/${id}`),
          };
        }
        const id = await taskOf('EMAIL_REPLY');
        return {
          path: `/v1/tasks/${id}/execute`,
          body: { payload: { type: 'email_reply', body: 'Thanks' } },
          read: async (a) => read(`/v1/messages/${idOf(a, 'message.id')}`),
        };
      },
      readPath: (field) => field.replace('payload.', ''),
      apart: (field) => (field === 'payload.phone' ? 'call' : 'reply'),
    },
    'POST /v1/playbooks': {
      prepare: async () => ({
        path: '/v1/playbooks',
        body: {
          name: 'Base playbook',
          event_name: `corpus.${uid()}`,
          action: { type: 'CREATE_TASK', title: 'Call' },
          status: 'PAUSED',
        },
        read: async (a) => read(`/v1/playbooks/${idOf(a)}`),
      }),
      // The approval task's title `Approve playbook "<name>"` is cut at 200.
      cuts: { name: [182] },
    },
    'PATCH /v1/playbooks/{playbook_id}': {
      prepare: async () => ({
        path: `/v1/playbooks/${base.playbook}`,
        body: { action: { type: 'CREATE_TASK', title: 'Call' } },
        read: async () => read(`/v1/playbooks/${base.playbook}`),
      }),
      cuts: { name: [182] },
    },
    'POST /v1/events': {
      prepare: async () => ({
        path: '/v1/events',
        body: {
          event_name: `corpus.${uid()}`,
          occurred_at: new Date().toISOString(),
          subject: { email: email() },
          external_event_id: uid(),
          payload: { note: 'base' },
        },
        read: async (a) => {
          const { rows } = await sql<{
            id: string;
          }>`SELECT id FROM ingested_events WHERE organization_id = ${org.organizationId} AND idempotency_key = ${idOf(a, 'idempotency_key')}`.execute(
            db(),
          );
          return read(`/v1/events/${rows[0]?.id}`);
        },
      }),
      extraFields: [{ path: 'payload.note' }],
    },
    'POST /v1/signals/preview': {
      prepare: async () => ({
        path: '/v1/signals/preview',
        body: { signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['Head of Sales'] } },
      }),
      extraFields: [{ path: 'search_filters.job_title_or[0]' }],
    },
    'POST /v1/signals': {
      prepare: async () => ({
        path: '/v1/signals',
        body: {
          signal_type: 'HIRING_SIGNALS',
          name: `Base ${uid()}`,
          search_filters: { job_title_or: ['Head of Sales'] },
          import_target: 'PEOPLE',
        },
        read: async (a) => read(`/v1/signals/${idOf(a)}`),
      }),
      mapKeys: { search_filters: 'job_title_or', import_search_filters: 'seniority_or' },
      closed: { signal_type: 404 },
    },
    'PATCH /v1/signals/{signal_id}': {
      prepare: async () => ({
        path: `/v1/signals/${base.signal}`,
        body: {},
        read: async () => read(`/v1/signals/${base.signal}`),
      }),
      mapKeys: { search_filters: 'job_title_or', import_search_filters: 'seniority_or' },
      closed: { signal_type: 422, import_target: 422, event_subject: 422 },
    },
    'POST /v1/signals/{signal_id}/duplicate': {
      prepare: async () => ({
        path: `/v1/signals/${base.signal}/duplicate`,
        body: {},
        read: async (a) => read(`/v1/signals/${idOf(a)}`),
      }),
      mapKeys: { search_filters: 'job_title_or', import_search_filters: 'seniority_or' },
      closed: { signal_type: 404 },
    },
    'POST /v1/test-helpers/messages/{message_id}/reply': {
      prepare: async () => ({
        path: `/v1/test-helpers/messages/${base.outbound}/reply`,
        body: { body: 'Thanks' },
        read: async (a) => read(`/v1/messages/${idOf(a, 'message.id')}`),
      }),
    },
    'POST /v1/test-helpers/contacts/{contact_id}/meeting': {
      prepare: async () => ({
        path: `/v1/test-helpers/contacts/${base.meetingContact}/meeting`,
        body: { title: 'Demo', start_time: '2026-12-01T10:00:00Z', end_time: '2026-12-01T10:30:00Z', timezone: 'UTC' },
        read: async (a) =>
          (await sql`SELECT title, timezone FROM meetings WHERE id = ${idOf(a, 'meeting.id')}`.execute(db())).rows[0],
      }),
      closed: { timezone: 422 },
    },
  };

  /** Each operation of the document with a JSON body, and its string fields. */
  function documentOperations(): Map<string, StringField[]> {
    const resolve = (ref: string) =>
      ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], doc);
    const out = new Map<string, StringField[]>();
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>>,
    )) {
      for (const [method, operation] of Object.entries(item)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (schema) out.set(`${method.toUpperCase()} ${path}`, stringFields(schema, resolve));
      }
    }
    return out;
  }

  before(async () => {
    stack = await getStack();
    org = await newOrg(stack, 'Text corpus');
    await sql`UPDATE organizations SET enrichment_credits = 1000000 WHERE id = ${org.organizationId}`.execute(db());
    doc = (await fetch(`${stack.url}/v1/openapi.json`).then((r) => r.json())) as Record<string, unknown>;
    base.account = idOf(await call('POST', '/v1/accounts', { domain: domain(), name: 'Corpus account' }));
    base.contact = await insertContact(stack, org.organizationId, {
      email: email(),
      firstName: 'Corpus',
      accountId: base.account,
    });
    base.meetingContact = await insertContact(stack, org.organizationId, { email: email(), firstName: 'Meeting' });
    base.draftTemplate = idOf(await call('POST', '/v1/sequence-templates', { name: 'Corpus draft', steps: steps() }));
    base.slowTemplate = await insertTemplate(
      stack,
      org.organizationId,
      [{ type: 'EMAIL', delay_days: 30, subject: 'Later', body: 'Later' }],
      { senderUserId: org.userId },
    );
    base.contactList = idOf(
      await call('POST', '/v1/contact-lists', { items: [{ name: `Corpus list ${uid()}` }] }),
      'items[0].resource.id',
    );
    base.accountList = idOf(
      await call('POST', '/v1/account-lists', { items: [{ name: `Corpus accounts ${uid()}` }] }),
      'items[0].resource.id',
    );
    base.todo = idOf(await call('POST', '/v1/tasks', { title: 'Corpus to-do', due_date: '2026-12-01' }));
    base.playbook = idOf(
      await call('POST', '/v1/playbooks', {
        name: 'Corpus playbook',
        event_name: `corpus.${uid()}`,
        action: { type: 'CREATE_TASK', title: 'Call' },
        status: 'PAUSED',
      }),
    );
    base.webhook = idOf(
      await call('POST', '/v1/webhooks', {
        name: 'Corpus hook',
        url: 'http://127.0.0.1:9/corpus',
        event_types: ['task.created'],
        status: 'PAUSED',
      }),
    );
    base.contactExclusion = idOf(await call('POST', '/v1/contact-exclusions', { email: email(), reason: 'OTHER' }));
    base.accountExclusion = idOf(await call('POST', '/v1/account-exclusions', { domain: domain(), reason: 'OTHER' }));
    base.signal = idOf(
      await call('POST', '/v1/signals', {
        signal_type: 'HIRING_SIGNALS',
        name: `Corpus signal ${uid()}`,
        search_filters: { job_title_or: ['Head of Sales'] },
        import_target: 'PEOPLE',
      }),
    );
    const replyContact = await insertContact(stack, org.organizationId, { email: email(), firstName: 'Replier' });
    base.outbound = randomUUID();
    await sql`INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, provider_message_id, sent_at, created_at)
              VALUES (${base.outbound}, ${org.organizationId}, ${replyContact}, NULL, 'EMAIL', 'OUTBOUND', 'MESSAGE', 'Hello', 'Hi', 1,
                      ${`<${base.outbound}@mail.example.com>`}, now(), now())`.execute(db());
  });

  after(async () => {
    // The runs' workflows wait 30 days; a wedged one would retry for ever: end them all.
    await Promise.all(
      started.map((id) =>
        stack.temporal.workflow
          .getHandle(id)
          .terminate('text corpus done')
          .catch(() => undefined),
      ),
    );
  });

  return {
    get stack() {
      return stack;
    },
    get org() {
      return org;
    },
    get doc() {
      return doc;
    },
    started,
    base,
    db,
    read,
    steps,
    crmRead,
    stripItem,
    SPECS,
    call,
    taskOf,
    runningSequence,
    documentOperations,
  };
}
