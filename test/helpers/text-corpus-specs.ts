// How the text corpus (test/api/text-corpus.test.ts) calls each operation with free-text fields: a
// valid base request (fresh resources where a request consumes one), where the stored value reads
// back, and what the field flows into (cuts, closed sets, batch items). The fixture that makes the
// organization and base resources they build on is in text-corpus-operations.ts.
import { randomUUID } from 'node:crypto';
import { sql, type QueryExecutorProvider } from 'kysely';
import {
  accountEntryItemSchema,
  accountListItemSchema,
  contactEntryItemSchema,
  contactListItemSchema,
} from '../../api/schemas/lists.schemas.ts';
import type { TestOrg } from './fixtures.ts';
import { getAt, stringFields, type Answer, type Json } from './text-corpus.ts';
import type { OperationSpec, Prepared } from './text-corpus-operations.ts';

export const ITEM = 'items[0].';
export const itemFields = (schema: unknown) => stringFields(schema).map((f) => ({ ...f, path: `${ITEM}${f.path}` }));
export const uid = () => randomUUID().slice(0, 8);
export const email = () => `corpus-${uid()}@example.com`;
export const domain = () => `corpus-${uid()}.example`;
export const idOf = (answer: Answer, path = 'id') => String(getAt(answer.body, path));
export const stripItem = (field: string) => field.replace(ITEM, '');

/** What the specs build on: the fixture's organization, base resources and calls (text-corpus-operations.ts). */
export interface SpecCorpus {
  /** The suite's organization (made in the fixture's `before`). */
  readonly org: TestOrg;
  /** Ids of the resources made once before the suite, by name. */
  base: Record<string, string>;
  db: () => QueryExecutorProvider;
  read: (path: string) => Promise<unknown>;
  steps: () => Json[];
  crmRead: (type: 'company' | 'contact') => (answer: Answer) => Promise<unknown>;
  taskOf: (type: 'EMAIL_REPLY' | 'CALL') => Promise<string>;
  runningSequence: () => Promise<string>;
}

/** The spec of each operation the corpus covers, by `METHOD /path` as the document names it. */
export function operationSpecs(corpus: SpecCorpus): Record<string, OperationSpec> {
  const { base, db, read, steps, crmRead, taskOf, runningSequence } = corpus;
  return {
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
          }>`SELECT id FROM ingested_events WHERE organization_id = ${corpus.org.organizationId} AND idempotency_key = ${idOf(a, 'idempotency_key')}`.execute(
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
}
