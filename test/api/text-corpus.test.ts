// The text corpus over /v1/openapi.json: every free-text string field of every JSON request body gets
// emoji across its limits, lone surrogates, NUL, marks, 10,000 characters and a non-UTF-8 byte.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { accountEntryItemSchema, accountListItemSchema, contactEntryItemSchema, contactListItemSchema } from '../../api/schemas/lists.schemas.ts';
import { createSequenceClient } from '../../workflows/sequence.client.ts';
import { SandboxCrm } from '../../providers/crm/sandbox.ts';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { newOrg, type TestOrg } from '../helpers/fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from '../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../helpers/stack.ts';
import {
  MAP_KEY, getAt, send, setAt, show, stringFields, variantsFor, type Answer, type Json, type StringField, type Variant,
} from '../helpers/text-corpus.ts';

type Body = { [key: string]: Json };

interface Prepared {
  path: string;
  body: Body;
  /** The stored resource, read back (GET, or the database where no GET exists); absent: the operation stores nothing. */
  read?: (answer: Answer) => Promise<unknown>;
}

interface OperationSpec {
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
const SKIPPED: Record<string, string> = {};

const ITEM = 'items[0].';
const itemFields = (schema: unknown) => stringFields(schema).map((f) => ({ ...f, path: `${ITEM}${f.path}` }));
const uid = () => randomUUID().slice(0, 8);
const email = () => `corpus-${uid()}@example.com`;
const domain = () => `corpus-${uid()}.example`;
const idOf = (answer: Answer, path = 'id') => String(getAt(answer.body, path));

describe('text corpus over the OpenAPI document', function () {
  this.timeout(600_000);
  let stack: Stack;
  let org: TestOrg;
  let doc: Record<string, unknown>;
  const started: string[] = [];
  const base: Record<string, string> = {};
  const db = () => stack.orm.em.fork().getKysely();

  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const answer = await send(stack.url, org.apiKey, method, path, body);
    if (answer.status < 200 || answer.status >= 300) throw new Error(`setup ${method} ${path}: ${answer.error ?? answer.status} ${answer.text.slice(0, 400)}`);
    return answer;
  }
  const read = async (path: string) => (await call('GET', path)).body;

  async function taskOf(type: 'EMAIL_REPLY' | 'CALL'): Promise<string> {
    const contactId = await insertContact(stack, org.organizationId, { email: email(), firstName: 'Exec' });
    const id = randomUUID();
    await sql`INSERT INTO tasks (id, organization_id, type, priority, status, contact_id, assignee_id, title, due_date, created_at, updated_at)
              VALUES (${id}, ${org.organizationId}, ${type}, 'TODAY', 'PENDING', ${contactId}, ${org.userId}, ${`${type} corpus`}, '2026-12-01', now(), now())`.execute(db());
    return id;
  }

  async function runningSequence(): Promise<string> {
    const contactId = await insertContact(stack, org.organizationId, { email: email(), firstName: 'Seq' });
    const sequenceId = await insertSequence(stack, org.organizationId, { contactId, templateId: base.slowTemplate, senderUserId: org.userId });
    await createSequenceClient(stack.temporal, stack.taskQueue).start(org.organizationId, { sequenceId, contactId, sequenceTemplateId: base.slowTemplate });
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
      prepare: async () => ({ path: '/v1/contacts', body: { email: email(), first_name: 'Base' }, read: async (a) => read(`/v1/contacts/${idOf(a)}`) }),
      // Task titles "Reply to <name>" and "Review lead <name> for …" are cut at 200.
      cuts: { first_name: [191, 188] },
    },
    'PATCH /v1/contacts/{contact_id}/variables': {
      prepare: async () => ({ path: `/v1/contacts/${base.contact}/variables`, body: {}, read: async () => read(`/v1/contacts/${base.contact}/variables`) }),
      // Keys of their own: PATCH /v1/accounts/{id}/variables writes the same account's variables concurrently.
      mapKeys: { contact_variables: 'corpus_contact', account_variables: 'corpus_account' },
    },
    'POST /v1/accounts': {
      prepare: async () => ({ path: '/v1/accounts', body: { domain: domain(), name: 'Base' }, read: async (a) => read(`/v1/accounts/${idOf(a)}`) }),
    },
    'PATCH /v1/accounts/{account_id}/variables': {
      prepare: async () => ({ path: `/v1/accounts/${base.account}/variables`, body: { variables: {} }, read: async () => read(`/v1/accounts/${base.account}/variables`) }),
    },
    'PATCH /v1/accounts/{account_id}/crm': {
      prepare: async () => ({ path: `/v1/accounts/${base.account}/crm`, body: { fields: [{ property: 'corpus_note', value: 'base' }] }, read: crmRead('company') }),
    },
    'PATCH /v1/contacts/{contact_id}/crm': {
      prepare: async () => ({ path: `/v1/contacts/${base.contact}/crm`, body: { fields: [{ property: 'corpus_note', value: 'base' }] }, read: crmRead('contact') }),
    },
    'POST /v1/contacts/enrich': {
      prepare: async () => ({ path: '/v1/contacts/enrich', body: { first_name: 'Ada', last_name: 'Lovelace', company_domain: 'acme.test' } }),
    },
    'POST /v1/contacts/qualify': {
      prepare: async () => ({
        path: '/v1/contacts/qualify',
        body: { contact: { first_name: 'Ada', job_title: 'CTO' }, icp_context: { industries: [], company_sizes: [], countries: [], job_titles: [], seniorities: [], keywords: [] } },
      }),
    },
    'POST /v1/webhooks': {
      prepare: async () => ({
        path: '/v1/webhooks', body: { name: 'Base hook', url: 'http://127.0.0.1:9/corpus', event_types: ['task.created'], status: 'PAUSED' },
        read: async (a) => read(`/v1/webhooks/${idOf(a)}`),
      }),
    },
    'PATCH /v1/webhooks/{webhook_id}': {
      prepare: async () => ({ path: `/v1/webhooks/${base.webhook}`, body: {}, read: async () => read(`/v1/webhooks/${base.webhook}`) }),
    },
    'POST /v1/contact-exclusions': {
      prepare: async () => ({ path: '/v1/contact-exclusions', body: { email: email(), reason: 'OTHER' }, read: async (a) => read(`/v1/contact-exclusions/${idOf(a)}`) }),
    },
    'PATCH /v1/contact-exclusions/{exclusion_id}': {
      prepare: async () => ({ path: `/v1/contact-exclusions/${base.contactExclusion}`, body: {}, read: async () => read(`/v1/contact-exclusions/${base.contactExclusion}`) }),
    },
    'POST /v1/account-exclusions': {
      prepare: async () => ({ path: '/v1/account-exclusions', body: { domain: domain(), reason: 'OTHER' }, read: async (a) => read(`/v1/account-exclusions/${idOf(a)}`) }),
    },
    'PATCH /v1/account-exclusions/{exclusion_id}': {
      prepare: async () => ({ path: `/v1/account-exclusions/${base.accountExclusion}`, body: {}, read: async () => read(`/v1/account-exclusions/${base.accountExclusion}`) }),
    },
    'POST /v1/sequence-templates': {
      prepare: async () => ({ path: '/v1/sequence-templates', body: { name: 'Base template', steps: steps() }, read: async (a) => read(`/v1/sequence-templates/${idOf(a)}`) }),
      // A CALL body becomes the task title (cut at 200), a LINKEDIN_INVITATION body the note (300); errors are stored cut at 500.
      cuts: { 'steps[0].body': [200, 300, 500] },
    },
    'PATCH /v1/sequence-templates/{sequence_template_id}': {
      prepare: async () => ({
        path: `/v1/sequence-templates/${base.draftTemplate}`, body: { name: 'Draft', steps: steps() },
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
      prepare: async () => ({ path: '/v1/contact-lists', body: { items: [{ name: `Base ${uid()}` }] }, read: async (a) => read(`/v1/contact-lists/${idOf(a, 'items[0].resource.id')}`) }),
      readPath: stripItem, extraFields: itemFields(contactListItemSchema), batch: true,
    },
    'PATCH /v1/contact-lists/{contact_list_id}': {
      prepare: async () => ({ path: `/v1/contact-lists/${base.contactList}`, body: {}, read: async () => read(`/v1/contact-lists/${base.contactList}`) }),
    },
    'POST /v1/contact-entries': {
      prepare: async () => ({
        path: '/v1/contact-entries', body: { items: [{ contact_list_id: base.contactList, email: email() }] },
        read: async (a) => read(`/v1/contact-entries/${idOf(a, 'items[0].resource.id')}`),
      }),
      readPath: stripItem, extraFields: itemFields(contactEntryItemSchema), batch: true,
    },
    'POST /v1/account-lists': {
      prepare: async () => ({ path: '/v1/account-lists', body: { items: [{ name: `Base ${uid()}` }] }, read: async (a) => read(`/v1/account-lists/${idOf(a, 'items[0].resource.id')}`) }),
      readPath: stripItem, extraFields: itemFields(accountListItemSchema), batch: true,
    },
    'PATCH /v1/account-lists/{account_list_id}': {
      prepare: async () => ({ path: `/v1/account-lists/${base.accountList}`, body: {}, read: async () => read(`/v1/account-lists/${base.accountList}`) }),
    },
    'POST /v1/account-entries': {
      prepare: async () => ({
        path: '/v1/account-entries', body: { items: [{ account_list_id: base.accountList, name: 'Base', domain: domain() }] },
        read: async (a) => read(`/v1/account-entries/${idOf(a, 'items[0].resource.id')}`),
      }),
      readPath: stripItem, extraFields: itemFields(accountEntryItemSchema), batch: true,
    },
    'POST /v1/tasks': {
      prepare: async () => ({ path: '/v1/tasks', body: { title: 'Base task', due_date: '2026-12-01' }, read: async (a) => read(`/v1/tasks/${idOf(a)}`) }),
    },
    'PATCH /v1/tasks/{task_id}': {
      prepare: async () => ({ path: `/v1/tasks/${base.todo}`, body: {}, read: async () => read(`/v1/tasks/${base.todo}`) }),
    },
    'POST /v1/tasks/{task_id}/execute': {
      // A task per request (execute completes it): an email reply for body and subject, a call for phone.
      prepare: async (fields): Promise<Prepared> => {
        if (fields.includes('payload.phone')) {
          const id = await taskOf('CALL');
          return { path: `/v1/tasks/${id}/execute`, body: { payload: { type: 'call' } }, read: async () => read(`/v1/tasks/${id}`) };
        }
        const id = await taskOf('EMAIL_REPLY');
        return { path: `/v1/tasks/${id}/execute`, body: { payload: { type: 'email_reply', body: 'Thanks' } }, read: async (a) => read(`/v1/messages/${idOf(a, 'message.id')}`) };
      },
      readPath: (field) => field.replace('payload.', ''),
      apart: (field) => (field === 'payload.phone' ? 'call' : 'reply'),
    },
    'POST /v1/playbooks': {
      prepare: async () => ({
        path: '/v1/playbooks', body: { name: 'Base playbook', event_name: `corpus.${uid()}`, action: { type: 'CREATE_TASK', title: 'Call' }, status: 'PAUSED' },
        read: async (a) => read(`/v1/playbooks/${idOf(a)}`),
      }),
      // The approval task's title `Approve playbook "<name>"` is cut at 200.
      cuts: { name: [182] },
    },
    'PATCH /v1/playbooks/{playbook_id}': {
      prepare: async () => ({ path: `/v1/playbooks/${base.playbook}`, body: { action: { type: 'CREATE_TASK', title: 'Call' } }, read: async () => read(`/v1/playbooks/${base.playbook}`) }),
      cuts: { name: [182] },
    },
    'POST /v1/events': {
      prepare: async () => ({
        path: '/v1/events',
        body: { event_name: `corpus.${uid()}`, occurred_at: new Date().toISOString(), subject: { email: email() }, external_event_id: uid(), payload: { note: 'base' } },
        read: async (a) => {
          const { rows } = await sql<{ id: string }>`SELECT id FROM ingested_events WHERE organization_id = ${org.organizationId} AND idempotency_key = ${idOf(a, 'idempotency_key')}`.execute(db());
          return read(`/v1/events/${rows[0]?.id}`);
        },
      }),
      extraFields: [{ path: 'payload.note' }],
    },
    'POST /v1/signals/preview': {
      prepare: async () => ({ path: '/v1/signals/preview', body: { signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['Head of Sales'] } } }),
      extraFields: [{ path: 'search_filters.job_title_or[0]' }],
    },
    'POST /v1/signals': {
      prepare: async () => ({
        path: '/v1/signals', body: { signal_type: 'HIRING_SIGNALS', name: `Base ${uid()}`, search_filters: { job_title_or: ['Head of Sales'] }, import_target: 'PEOPLE' },
        read: async (a) => read(`/v1/signals/${idOf(a)}`),
      }),
      mapKeys: { search_filters: 'job_title_or', import_search_filters: 'seniority_or' },
      closed: { signal_type: 404 },
    },
    'PATCH /v1/signals/{signal_id}': {
      prepare: async () => ({ path: `/v1/signals/${base.signal}`, body: {}, read: async () => read(`/v1/signals/${base.signal}`) }),
      mapKeys: { search_filters: 'job_title_or', import_search_filters: 'seniority_or' },
      closed: { signal_type: 422, import_target: 422, event_subject: 422 },
    },
    'POST /v1/signals/{signal_id}/duplicate': {
      prepare: async () => ({ path: `/v1/signals/${base.signal}/duplicate`, body: {}, read: async (a) => read(`/v1/signals/${idOf(a)}`) }),
      mapKeys: { search_filters: 'job_title_or', import_search_filters: 'seniority_or' },
      closed: { signal_type: 404 },
    },
    'POST /v1/test-helpers/messages/{message_id}/reply': {
      prepare: async () => ({ path: `/v1/test-helpers/messages/${base.outbound}/reply`, body: { body: 'Thanks' }, read: async (a) => read(`/v1/messages/${idOf(a, 'message.id')}`) }),
    },
    'POST /v1/test-helpers/contacts/{contact_id}/meeting': {
      prepare: async () => ({
        path: `/v1/test-helpers/contacts/${base.meetingContact}/meeting`,
        body: { title: 'Demo', start_time: '2026-12-01T10:00:00Z', end_time: '2026-12-01T10:30:00Z', timezone: 'UTC' },
        read: async (a) => (await sql`SELECT title, timezone FROM meetings WHERE id = ${idOf(a, 'meeting.id')}`.execute(db())).rows[0],
      }),
      closed: { timezone: 422 },
    },
  };

  /** Each operation of the document with a JSON body, and its string fields. */
  function documentOperations(): Map<string, StringField[]> {
    const resolve = (ref: string) => ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], doc);
    const out = new Map<string, StringField[]>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>>)) {
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
    base.contact = await insertContact(stack, org.organizationId, { email: email(), firstName: 'Corpus', accountId: base.account });
    base.meetingContact = await insertContact(stack, org.organizationId, { email: email(), firstName: 'Meeting' });
    base.draftTemplate = idOf(await call('POST', '/v1/sequence-templates', { name: 'Corpus draft', steps: steps() }));
    base.slowTemplate = await insertTemplate(stack, org.organizationId, [{ type: 'EMAIL', delay_days: 30, subject: 'Later', body: 'Later' }], { senderUserId: org.userId });
    base.contactList = idOf(await call('POST', '/v1/contact-lists', { items: [{ name: `Corpus list ${uid()}` }] }), 'items[0].resource.id');
    base.accountList = idOf(await call('POST', '/v1/account-lists', { items: [{ name: `Corpus accounts ${uid()}` }] }), 'items[0].resource.id');
    base.todo = idOf(await call('POST', '/v1/tasks', { title: 'Corpus to-do', due_date: '2026-12-01' }));
    base.playbook = idOf(await call('POST', '/v1/playbooks', { name: 'Corpus playbook', event_name: `corpus.${uid()}`, action: { type: 'CREATE_TASK', title: 'Call' }, status: 'PAUSED' }));
    base.webhook = idOf(await call('POST', '/v1/webhooks', { name: 'Corpus hook', url: 'http://127.0.0.1:9/corpus', event_types: ['task.created'], status: 'PAUSED' }));
    base.contactExclusion = idOf(await call('POST', '/v1/contact-exclusions', { email: email(), reason: 'OTHER' }));
    base.accountExclusion = idOf(await call('POST', '/v1/account-exclusions', { domain: domain(), reason: 'OTHER' }));
    base.signal = idOf(await call('POST', '/v1/signals', { signal_type: 'HIRING_SIGNALS', name: `Corpus signal ${uid()}`, search_filters: { job_title_or: ['Head of Sales'] }, import_target: 'PEOPLE' }));
    const replyContact = await insertContact(stack, org.organizationId, { email: email(), firstName: 'Replier' });
    base.outbound = randomUUID();
    await sql`INSERT INTO messages (id, organization_id, contact_id, sequence_id, channel, direction, kind, subject, body, step_number, provider_message_id, sent_at, created_at)
              VALUES (${base.outbound}, ${org.organizationId}, ${replyContact}, NULL, 'EMAIL', 'OUTBOUND', 'MESSAGE', 'Hello', 'Hi', 1,
                      ${`<${base.outbound}@mail.example.com>`}, now(), now())`.execute(db());
  });

  after(async () => {
    // The runs' workflows wait 30 days; a wedged one would retry for ever: end them all.
    await Promise.all(started.map((id) => stack.temporal.workflow.getHandle(id).terminate('text corpus done').catch(() => undefined)));
  });

  it('when the document is walked, then every operation whose JSON body has a free-text field is in the corpus or listed as skipped', () => {
    const operations = documentOperations();
    const missing = [...operations].map(([op, fields]) => [op, fields.filter((f) => f.free)] as const)
      .filter(([op, free]) => free.length > 0 && !SPECS[op] && !SKIPPED[op]).map(([op, free]) => `${op} (${free.map((f) => f.path).join(', ')})`);
    const stale = Object.keys({ ...SPECS, ...SKIPPED }).filter((op) => !operations.has(op));
    assert.equal(missing.length, 0, `operations with free-text fields neither in the corpus nor skipped:\n${missing.join('\n')}`);
    assert.equal(stale.length, 0, `corpus entries naming no operation of the document:\n${stale.join('\n')}`);
  });

  // Free-text fields get the whole corpus; the other string fields of the same bodies (ids, dates,
  // enums, identifiers) get the values that are not well-formed text.
  it('when every free-text field gets every variant, then no answer is 5xx and each value is stored exactly or refused naming the field', async () => {
    const operations = documentOperations();
    let counter = 0;
    const tag = () => `c${++counter}`;
    const failures: string[] = [];
    let requests = 0;
    let caseCount = 0;

    interface Case { field: string; readPath: string; variant: Variant; closed?: number }

    function namesField(answer: Answer, c: Case, batch: boolean): boolean {
      if (batch) {
        const item = getAt(answer.body, 'items[0]') as { status?: string; error?: { message?: string } } | undefined;
        if (item?.status === 'FAILED') return (item.error?.message ?? '').split('; ').some((part) => part.startsWith(`${stripItem(c.field)} `));
      }
      const data = getAt(answer.body, 'data') as { errors?: { path: string }[]; field?: string } | undefined;
      const paths = (data?.errors ?? []).map((e) => e.path);
      // A body that is not UTF-8 may be refused as a whole, before any field is parsed.
      return paths.includes(c.field) || data?.field === c.field || (c.variant.expect === 'badbytes' && paths.includes('(body)'));
    }

    /** One request carrying every case of `group`; a verdict per case (retry: worth sending alone to pinpoint). */
    async function attempt(op: string, spec: OperationSpec, group: Case[]): Promise<Map<Case, { ok: boolean; why?: string; retry?: boolean }>> {
      const [method] = op.split(' ');
      const verdicts = new Map<Case, { ok: boolean; why?: string; retry?: boolean }>();
      let prepared: Prepared;
      try {
        prepared = await spec.prepare(group.map((c) => c.field));
      } catch (error) {
        for (const c of group) verdicts.set(c, { ok: false, why: `base request could not be prepared: ${(error as Error).message}` });
        return verdicts;
      }
      const body = structuredClone(prepared.body);
      for (const c of group) setAt(body, c.field, c.variant.value);
      const answer = await send(stack.url, org.apiKey, method, prepared.path, body);
      requests++;
      const excerpt = `${answer.error ?? answer.status} ${show(answer.text, 300)}`;
      const item = spec.batch ? getAt(answer.body, 'items[0]') as { status?: string; error?: { type?: string } } | undefined : undefined;
      const failedItem = answer.status >= 200 && answer.status < 300 && item?.status === 'FAILED';
      if (failedItem && item?.error?.type === 'InternalIssue') {
        for (const c of group) verdicts.set(c, { ok: false, retry: true, why: `the item failed with an internal error: ${excerpt}` });
        return verdicts;
      }
      const business = answer.status === 422 || (failedItem && item?.error?.type === 'BusinessIssue');
      const refused = answer.status === 400 || answer.status === 422 || failedItem;
      for (const c of group) {
        // A closed set's documented refusal of a value it does not know (never for text that is not well-formed).
        const closedRefusal = c.closed !== undefined && answer.status === c.closed && c.variant.expect !== 'badbytes' && c.variant.value.isWellFormed();
        if (closedRefusal) verdicts.set(c, { ok: true });
      }
      if (refused) {
        for (const c of group) {
          if (verdicts.has(c)) continue;
          const named = namesField(answer, c, !!spec.batch);
          if (c.variant.expect === 'valid') {
            verdicts.set(c, named && (business || c.closed !== undefined) ? { ok: true } : { ok: false, retry: true, why: `refused a valid value: ${excerpt}` });
          } else {
            verdicts.set(c, named ? { ok: true } : { ok: false, retry: true, why: `refused without naming ${c.field}: ${excerpt}` });
          }
        }
        return verdicts;
      }
      if (verdicts.size === group.length) return verdicts;
      if (answer.status < 200 || answer.status >= 300) {
        for (const c of group) if (!verdicts.has(c)) verdicts.set(c, { ok: false, retry: true, why: excerpt });
        return verdicts;
      }
      let stored: unknown;
      let readError = '';
      if (prepared.read) {
        try { stored = await prepared.read(answer); } catch (error) { readError = (error as Error).message; }
        requests++;
      }
      for (const c of group) {
        const value = getAt(stored, c.readPath);
        const what = readError ? `the read-back failed: ${show(readError, 300)}` : `stored ${show(value)}`;
        if (c.variant.expect === 'invalid' || c.variant.expect === 'badbytes') {
          verdicts.set(c, { ok: false, why: `accepted (${answer.status}); ${prepared.read ? what : 'nothing to read back'}` });
        } else if (!prepared.read || (!readError && value === c.variant.value)) {
          verdicts.set(c, { ok: true });
        } else {
          verdicts.set(c, { ok: false, why: `${answer.status} but ${what} instead of ${show(c.variant.value)}` });
        }
      }
      return verdicts;
    }

    async function runOperation(op: string, spec: OperationSpec, fields: StringField[]): Promise<void> {
      const groups = new Map<string, Case[]>();
      const chunks = new Map<string, number>();
      for (const field of fields) {
        const path = field.path.replace(new RegExp(`([A-Za-z_]+)\\.${MAP_KEY}`, 'g'), (_m, parent: string) => `${parent}.${spec.mapKeys?.[parent] ?? 'k'}`);
        const closed = spec.closed?.[path];
        for (const variant of variantsFor({ ...field, path }, tag, spec.cuts?.[path] ?? [])) {
          caseCount++;
          const c: Case = { field: path, readPath: spec.readPath?.(path) ?? path, variant, closed };
          // Cases share a request when they expect the same outcome and need the same base.
          const key = [variant.kind, variant.expect, closed, spec.apart?.(path) ?? ''].join('|');
          let chunk = chunks.get(key) ?? 0;
          // Bodies stay well under the 64 KB limit: a long value starts another request.
          const size = (groups.get(`${key}|${chunk}`) ?? []).reduce((n, g) => n + g.variant.value.length, 0);
          // At most 15 fields a request: the service names a bounded number of fields per answer.
          const count = (groups.get(`${key}|${chunk}`) ?? []).length;
          if ((size > 0 && size + variant.value.length > 30_000) || count >= 15) chunks.set(key, ++chunk);
          groups.set(`${key}|${chunk}`, [...(groups.get(`${key}|${chunk}`) ?? []), c]);
        }
      }
      for (const group of groups.values()) {
        const verdicts = await attempt(op, spec, group);
        for (const [c, verdict] of verdicts) {
          let final = verdict;
          if (!verdict.ok && verdict.retry && group.length > 1) final = (await attempt(op, spec, [c])).get(c)!;
          if (!final.ok) failures.push(`${op} ${c.field} [${c.variant.kind}]: ${final.why}`);
        }
      }
    }

    const started0 = Date.now();
    const queue = Object.entries(SPECS).map(([op, spec]) => ({ op, spec, fields: [...(operations.get(op) ?? []), ...(spec.extraFields ?? [])] }));
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await runOperation(next.op, next.spec, next.fields);
    }));
    console.log(`      text corpus: ${caseCount} cases over ${Object.keys(SPECS).length} operations, ${requests} requests, ${failures.length} failing, ${((Date.now() - started0) / 1000).toFixed(1)} s`);
    failures.sort();
    assert.equal(failures.length, 0, `${failures.length} of ${caseCount} text cases failed:\n${failures.join('\n')}`);
  });
});
