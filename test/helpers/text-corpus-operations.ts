// The fixture the text corpus (test/api/text-corpus.test.ts) runs with: the organization and base
// resources its operations share, made once before the suite, the document's operations with their
// string fields, and the shape of an operation's spec. The specs themselves (base request, read-back,
// where a field flows) are in text-corpus-specs.ts.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createSequenceClient } from '../../workflows/sequence.client.ts';
import { SandboxCrm } from '../../providers/crm/sandbox.ts';
import { sequenceWorkflowId } from '../../workflows/sequence.definitions.ts';
import { newOrg, type TestOrg } from './fixtures.ts';
import { insertContact, insertSequence, insertTemplate } from './sequence-fixtures.ts';
import { getStack, type Stack } from './stack.ts';
import { send, stringFields, type Answer, type Json, type StringField } from './text-corpus.ts';
import { domain, email, idOf, operationSpecs, stripItem, uid } from './text-corpus-specs.ts';

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

  // A step with a variant: the variant's subject and body get the corpus with a valid sibling each (a step that starts a thread needs both).
  const steps = () => [
    {
      type: 'EMAIL',
      delay_days: 1,
      subject: 'Hello',
      body: 'Hi there',
      variants: [{ subject: 'Hello again', body: 'Hi again' }],
    },
  ];
  const crmRead = (type: 'company' | 'contact') => async (answer: Answer) => {
    const record = await new SandboxCrm(stack.orm).findRecord(org.organizationId, type, idOf(answer, 'external_id'));
    return { fields: [{ value: record?.properties.corpus_note }] };
  };

  const SPECS = operationSpecs({
    get org() {
      return org;
    },
    base,
    db,
    read,
    steps,
    crmRead,
    taskOf,
    runningSequence,
  });

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
