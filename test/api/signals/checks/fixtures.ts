// Shared setup of the signal-check suites (test/api/signals/checks/*.test.ts): checkSignal
// (domain/signals/checks.service.ts) called directly (no workflow) on the stack's database, with the
// sandbox directory and enrichment, and a scripted signal-data provider (a fixed list of
// facts per test, paged by offset/limit; people per company domain), plus readers and writers of
// the rows a check touches. Each test has its own signal, list and random domains, emails and
// LinkedIn URLs.
//
// The suites pin what a check does, whatever the way it writes (written against the
// one-candidate-at-a-time check and kept for the page-batched one).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Client } from '@temporalio/client';
import { checkSignal, type CheckResult, type SignalCheckDeps } from '../../../../domain/signals/checks.service.ts';
import { createProviders } from '../../../../providers/index.ts';
import type {
  FactCompany,
  FactPerson,
  FactQuery,
  SignalDataProvider,
  SignalFact,
} from '../../../../providers/signals/index.ts';
import { newOrg, type TestOrg } from '../../../helpers/fixtures.ts';
import { insertSignal, type ImportRow, type SignalSpec } from '../../../helpers/signal-fixtures.ts';
import { getStack, type Stack } from '../../../helpers/stack.ts';
import { createWorkflowClients } from '../../../../workflows/clients.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A signal-data provider answering what the test scripted: `facts` newest first, `people` by company domain; it records its calls. */
export class ScriptedSignals implements SignalDataProvider {
  facts: SignalFact[] = [];
  readonly people = new Map<string, FactPerson[]>();
  readonly searches: FactQuery[] = [];
  readonly peopleCalls: { domain: string; filters: Record<string, string[]>; limit: number }[] = [];

  /** The facts the next searches answer, dated one minute apart before `at` (newest first, in the order given). */
  script(at: Date, facts: SignalFact[]): void {
    this.facts = facts.map((f, i) => ({ ...f, occurred_at: new Date(at.getTime() - (i + 1) * MINUTE) }));
  }

  async search(query: FactQuery) {
    this.searches.push(query);
    const offset = query.offset ?? 0;
    return { items: this.facts.slice(offset, offset + query.limit), total: this.facts.length };
  }

  /** Everything scripted for the domain, even past `limit`: the check itself keeps at most max_contacts_per_company. */
  async peopleAt(domain: string, filters: Record<string, string[]>, limit: number): Promise<FactPerson[]> {
    this.peopleCalls.push({ domain, filters, limit });
    return this.people.get(domain) ?? [];
  }
}

/** Unique names for one test: domains, emails, LinkedIn URLs (already canonical) and fact keys. */
export function names() {
  const tag = randomUUID().slice(0, 8);
  return {
    domain: (name: string) => `${name}-${tag}.test`,
    email: (name: string, domain = 'mail') => `${name}@${domain}-${tag}.test`,
    linkedin: (name: string) => `https://www.linkedin.com/in/${name}-${tag}`,
    key: (name: string) => `${tag}:${name}`,
  };
}

export const company = (domain: string, name = `Company ${domain.split('-')[0]}`): FactCompany => ({
  name,
  domain,
  industry: null,
  size_band: null,
  country_code: null,
});

export const person = (p: Partial<FactPerson>): FactPerson => ({
  first_name: null,
  last_name: null,
  job_title: null,
  linkedin_url: null,
  email: null,
  company_domain: null,
  ...p,
});

/** A PEOPLE-scope fact about a person working at `domain` (occurred_at is set by ScriptedSignals.script). */
export const personFact = (key: string, domain: string, p: Partial<FactPerson>): SignalFact => ({
  key,
  event_type: 'JOB_CHANGE',
  occurred_at: new Date(0),
  company: company(domain),
  person: person({ company_domain: domain, ...p }),
  metadata: { scripted: key },
});

/** A COMPANY-scope fact about `domain`. */
export const companyFact = (key: string, domain: string): SignalFact => ({
  key,
  event_type: 'FUNDING_ROUND',
  occurred_at: new Date(0),
  company: company(domain),
  person: null,
  metadata: { round: 'Seed', scripted: key },
});

/** fact_key -> status. */
export const statuses = (rows: ImportRow[]) => Object.fromEntries(rows.map((r) => [r.fact_key, r.status]));

export interface ContactRow {
  id: string;
  email: string | null;
  linkedin_url: string | null;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  phone: string | null;
  account_id: string | null;
}

export interface EntryRow {
  id: string;
  contact_id: string | null;
  email: string | null;
  enrichment_status: string;
  resolved_at: Date | null;
}

export function signalCheckFixture() {
  let stack: Stack;
  let org: TestOrg;
  let base: Omit<SignalCheckDeps, 'signals' | 'scopeOf'>;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    stack = await getStack();
    org = await newOrg(stack);
    const providers = createProviders({ orm: stack.orm, config: stack.config });
    // Signals here have no sequence template unless a test gives one and its own Temporal stand-in.
    const temporal = new Proxy(
      {},
      {
        get: () => {
          throw new Error('signal-checks tests have no Temporal: a check tried to start a workflow');
        },
      },
    ) as Client;
    base = {
      directory: providers.directory,
      enrichment: providers.enrichment,
      workflows: createWorkflowClients(temporal, 'signal-checks'),
      slowVerifyMs: stack.config.slowVerifyMs,
    };
  });

  /** A scripted provider and the check's dependencies around it, with every preset of the given scope. */
  function scripted(scope: 'PEOPLE' | 'COMPANY') {
    const provider = new ScriptedSignals();
    const deps: SignalCheckDeps = { ...base, signals: provider, scopeOf: async () => scope };
    return { provider, deps };
  }

  /** A Temporal stand-in that records the workflow ids a check starts. */
  function workflowStarts() {
    const started: string[] = [];
    const temporal = {
      workflow: {
        start: async (_type: string, start: { workflowId: string }) => {
          started.push(start.workflowId);
        },
      },
    } as unknown as Client;
    return { workflows: createWorkflowClients(temporal, 'signal-checks'), started };
  }

  /** A heartbeat that throws once, at its `call`-th call: a worker dying there. */
  function diesOnce(call: number): () => void {
    let calls = 0;
    return () => {
      if (++calls === call) throw new Error('worker died');
    };
  }

  /** An ACTIVE signal whose window ends at `at` and starts a day before (last_checked_at). */
  const newSignal = (at: Date, spec: SignalSpec = {}) =>
    insertSignal(stack, org.organizationId, { lastCheckedAt: new Date(at.getTime() - DAY), ...spec });

  const check = (deps: SignalCheckDeps, signalId: string, at: Date): Promise<CheckResult> =>
    checkSignal(stack.orm.em.fork(), deps, org.organizationId, signalId, at);

  // --- readers ---------------------------------------------------------------------------------

  /** The signal's feed rows in provider order (newest fact first; the people of one company fact by key), with their ids and times. */
  async function importsOf(signalId: string): Promise<(ImportRow & { id: string; created_at: Date })[]> {
    const { rows } = await sql<ImportRow & { id: string; created_at: Date }>`
      SELECT id, fact_key, status, kind, email, contact_id, account_id, occurred_at, metadata, created_at FROM signal_imports
       WHERE signal_id = ${signalId} ORDER BY occurred_at DESC, fact_key`.execute(db());
    return rows;
  }

  /** The rows of `before` as they are now (a row looked at once stays as written). */
  const sameRows = (after: ImportRow[], before: ImportRow[]) =>
    after.filter((r) => before.some((b) => b.fact_key === r.fact_key));

  async function contactsWhere(where: {
    emails?: string[];
    linkedins?: string[];
    ids?: string[];
  }): Promise<ContactRow[]> {
    const { rows } = await sql<ContactRow>`
      SELECT id, email, linkedin_url, first_name, last_name, job_title, phone, account_id FROM contacts
       WHERE organization_id = ${org.organizationId}
         AND (email = ANY (${where.emails ?? []}::text[]) OR linkedin_url = ANY (${where.linkedins ?? []}::text[]) OR id = ANY (${where.ids ?? []}::uuid[]))
       ORDER BY created_at, id`.execute(db());
    return rows;
  }

  const contactById = async (id: string) => (await contactsWhere({ ids: [id] }))[0];

  async function accountIdOf(domain: string): Promise<string | null> {
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM accounts WHERE organization_id = ${org.organizationId} AND domain = ${domain}`.execute(db());
    return rows[0]?.id ?? null;
  }

  async function contactEntries(listId: string): Promise<EntryRow[]> {
    const { rows } = await sql<EntryRow>`
      SELECT id, contact_id, email, enrichment_status, resolved_at FROM contact_entries WHERE contact_list_id = ${listId} ORDER BY created_at, id`.execute(
      db(),
    );
    return rows;
  }

  async function accountEntries(listId: string): Promise<{ account_id: string | null; domain: string }[]> {
    const { rows } = await sql<{ account_id: string | null; domain: string }>`
      SELECT account_id, domain FROM account_entries WHERE account_list_id = ${listId} ORDER BY created_at, id`.execute(
      db(),
    );
    return rows;
  }

  /** contact_entry.resolved activities per entry id, for the given entries. */
  async function resolvedActivities(entryIds: string[]): Promise<Record<string, number>> {
    const { rows } = await sql<{ entry_id: string; n: string }>`
      SELECT payload->>'contact_entry_id' AS entry_id, count(*) AS n FROM activities
       WHERE organization_id = ${org.organizationId} AND type = 'contact_entry.resolved' AND payload->>'contact_entry_id' = ANY (${entryIds}::text[])
       GROUP BY 1`.execute(db());
    return Object.fromEntries(rows.map((r) => [r.entry_id, Number(r.n)]));
  }

  async function importedCount(signalId: string): Promise<number> {
    const { rows } = await sql<{
      imported_count: number;
    }>`SELECT imported_count FROM signals WHERE id = ${signalId}`.execute(db());
    return rows[0].imported_count;
  }

  /** Everything a check can write, counted in the organization (tests run one at a time). */
  async function footprint(signalId: string) {
    const { rows } = await sql<Record<string, string>>`
      SELECT (SELECT count(*) FROM signal_imports WHERE signal_id = ${signalId}) AS imports,
             (SELECT count(*) FROM contact_entries WHERE organization_id = ${org.organizationId}) AS contact_entries,
             (SELECT count(*) FROM account_entries WHERE organization_id = ${org.organizationId}) AS account_entries,
             (SELECT count(*) FROM contacts WHERE organization_id = ${org.organizationId}) AS contacts,
             (SELECT count(*) FROM accounts WHERE organization_id = ${org.organizationId}) AS accounts,
             (SELECT count(*) FROM activities WHERE organization_id = ${org.organizationId}) AS activities,
             (SELECT imported_count FROM signals WHERE id = ${signalId}) AS imported_count`.execute(db());
    return rows[0];
  }

  // --- writers ---------------------------------------------------------------------------------

  async function addContactEntry(listId: string, e: { contactId?: string; email?: string }): Promise<void> {
    await sql`
      INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, email, enrichment_status, resolved_at, created_at, updated_at)
      VALUES (gen_random_uuid(), ${org.organizationId}, ${listId}, ${e.contactId ?? null}, ${e.email ?? null}, 'DONE', now(), now(), now())`.execute(
      db(),
    );
  }

  async function addAccountEntry(listId: string, accountId: string, domain: string): Promise<void> {
    await sql`
      INSERT INTO account_entries (id, organization_id, account_list_id, account_id, name, domain, company, created_at, updated_at)
      VALUES (gen_random_uuid(), ${org.organizationId}, ${listId}, ${accountId}, ${domain}, ${domain}, NULL, now(), now())`.execute(
      db(),
    );
  }

  async function excludeLinkedin(linkedinUrl: string): Promise<void> {
    await sql`INSERT INTO contact_exclusions (id, organization_id, linkedin_url, reason, created_at, updated_at)
              VALUES (gen_random_uuid(), ${org.organizationId}, ${linkedinUrl}, 'CONTACT_REFUSED', now(), now())`.execute(
      db(),
    );
  }

  async function excludeEmailUntil(email: string, until: Date): Promise<void> {
    await sql`INSERT INTO contact_exclusions (id, organization_id, email, reason, until, created_at, updated_at)
              VALUES (gen_random_uuid(), ${org.organizationId}, ${email}, 'BAD_TIMING', ${until}, now(), now())`.execute(
      db(),
    );
  }

  async function excludeDomain(domain: string): Promise<void> {
    await sql`INSERT INTO account_exclusions (id, organization_id, domain, reason, created_at, updated_at)
              VALUES (gen_random_uuid(), ${org.organizationId}, ${domain}, 'COMPETITOR', now(), now())`.execute(db());
  }

  async function setContactFields(
    id: string,
    f: { lastName?: string; jobTitle?: string; phone?: string },
  ): Promise<void> {
    await sql`UPDATE contacts SET last_name = ${f.lastName ?? null}, job_title = ${f.jobTitle ?? null}, phone = ${f.phone ?? null} WHERE id = ${id}`.execute(
      db(),
    );
  }

  return {
    get stack() {
      return stack;
    },
    get org() {
      return org;
    },
    get base() {
      return base;
    },
    db,
    newSignal,
    check,
    sameRows,
    contactById,
    scripted,
    workflowStarts,
    diesOnce,
    importsOf,
    contactsWhere,
    accountIdOf,
    contactEntries,
    accountEntries,
    resolvedActivities,
    importedCount,
    footprint,
    addContactEntry,
    addAccountEntry,
    excludeLinkedin,
    excludeEmailUntil,
    excludeDomain,
    setContactFields,
  };
}
