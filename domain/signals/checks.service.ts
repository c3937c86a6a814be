// One check of a signal (issue 8 items 6 and 8), called by the signal workflow's checkSignal
// activity: provider-backed signals import new facts up to the daily cap; CUSTOM_EVENT signals poll
// the organization's ingested events (SPEC 'Custom event signals' rules 3-8). Every fact looked at
// becomes one signal_imports row (unique per signal and fact_key), written in the same transaction
// as the entry it made, so a retried check never imports anything twice. `at` is the workflow's
// time (the check's slot), so time-skipping tests and real runs read the same windows.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Logger } from 'pino';
import type { Directory } from '../../providers/directory/index.ts';
import type { EnrichmentProvider } from '../../providers/enrichment/index.ts';
import type { FactPerson, SignalDataProvider, SignalFact } from '../../providers/signals/index.ts';
import type { EmailVerifier } from '../../providers/verifier/index.ts';
import type { SignalType } from './presets.types.ts';
import { ensureAccounts } from '../people/accounts.service.ts';
import { contactSummariesOf } from '../lists/contact-entries.service.ts';
import { contactImportOf, importContacts, type ContactImport } from '../people/contacts.service.ts';
import { enrichPerson } from '../people/enrichment.service.ts';
import { DomainError, isDeadlock, isUniqueViolation } from '../shared/errors.ts';
import { emitEvents } from '../activity/emit.ts';
import { exclusionsFor } from '../exclusions/exclusions.service.ts';
import { distinctPresent, jsonStorable, normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../people/identifiers.ts';
import { enrollContact } from '../sequences/enrollment/enroll-contact.ts';
import { DEFAULT_CONTACTS_PER_COMPANY } from './signals.service.ts';
import { DAY_MS } from '../shared/time.ts';

/** SPEC Limits: events read per poll. */
export const EVENTS_PER_POLL = 500;
/** SPEC payload size rule: the copy is left out above 32 KB of serialized JSON. */
export const PAYLOAD_COPY_MAX_BYTES = 32 * 1024;
/** Facts read per provider page, and at most this many pages per check (a check stays bounded). */
const FACT_PAGE = 100;
const MAX_PAGES = 20;
/** The separator between a company fact's key and the person found at that company (a literal in seenKeys' SQL too: its index is on that expression). */
const PERSON_KEY = '|person:';

export interface SignalCheckDeps {
  directory: Directory;
  enrichment: EnrichmentProvider;
  verifier: EmailVerifier;
  /** The verifier's slowest answer (config.slowVerifyMs), for the enrollment policy's attempt timeout. */
  slowVerifyMs: number;
  signals: SignalDataProvider;
  /** COMPANY or PEOPLE scope of a preset (domain/signals/presets.ts presetOf). */
  scopeOf: (type: SignalType) => Promise<'COMPANY' | 'PEOPLE'>;
  workflows: WorkflowClients;
  /** Called as the check makes progress (each page, each candidate, each event): the activity's heartbeat. */
  heartbeat?: () => void;
  /** Where an enrollment's dead verifier is reported. */
  logger?: Pick<Logger, 'warn'>;
}

export interface SignalRow {
  id: string;
  organization_id: string;
  signal_type: SignalType;
  status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
  cadence: 'DAILY' | 'WEEKLY';
  search_filters: Record<string, string[]>;
  import_search_filters: Record<string, string[]>;
  import_target: 'PEOPLE' | 'COMPANIES';
  event_subject: string | null;
  event_name: string | null;
  sequence_template_id: string | null;
  enrich_email: boolean;
  enrich_phones: boolean;
  max_companies_per_run: number | null;
  max_contacts_per_company: number | null;
  max_per_day: number;
  contact_list_id: string | null;
  account_list_id: string | null;
  last_checked_at: Date | null;
  watermark: { received_at: string; id: string } | null;
  created_at: Date;
  updated_at: Date;
}

export async function loadSignal(em: EntityManager, organizationId: string, signalId: string): Promise<SignalRow | null> {
  const { rows } = await sql<SignalRow>`
    SELECT id, organization_id, signal_type, status, cadence, search_filters, import_search_filters, import_target, event_subject, event_name,
           sequence_template_id, enrich_email, enrich_phones, max_companies_per_run, max_contacts_per_company, max_per_day, contact_list_id,
           account_list_id, last_checked_at, watermark, created_at, updated_at
      FROM signals WHERE id = ${signalId} AND organization_id = ${organizationId}`.execute(em.getKysely());
  return rows[0] ?? null;
}

export interface CheckResult {
  outcome: 'CHECKED' | 'NOT_ACTIVE' | 'NOT_FOUND';
  /** Rows written by this check, by status. */
  imported: number;
  skipped: number;
  /** CUSTOM_EVENT: events read (at most 500); provider signals: facts read. */
  read: number;
}

/** A custom-event signal (it polls ingested events, not the provider). */
export const isCustom = (s: Pick<SignalRow, 'signal_type' | 'event_name'>) => s.signal_type === 'CUSTOM_EVENT' || s.event_name !== null;
export const cadenceMs = (cadence: 'DAILY' | 'WEEKLY', dayMs = DAY_MS) => (cadence === 'WEEKLY' ? 7 : 1) * dayMs;

/** One check at `at`; a signal that is no longer ACTIVE (or gone) is left alone. */
export async function checkSignal(em: EntityManager, deps: SignalCheckDeps, organizationId: string, signalId: string, at: Date, dayMs = DAY_MS): Promise<CheckResult> {
  const signal = await loadSignal(em, organizationId, signalId);
  if (!signal) return { outcome: 'NOT_FOUND', imported: 0, skipped: 0, read: 0 };
  if (signal.status !== 'ACTIVE') return { outcome: 'NOT_ACTIVE', imported: 0, skipped: 0, read: 0 };
  const result = isCustom(signal) ? await pollEvents(em, deps, signal, at) : await checkFacts(em, deps, signal, at, dayMs);
  await sql`UPDATE signals SET last_checked_at = ${at}, updated_at = ${new Date()} WHERE id = ${signal.id}`.execute(em.getKysely());
  return result;
}

// ---------------------------------------------------------------------------------------------
// Shared writes

interface PersonFields {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  job_title: string | null;
  linkedin_url: string | null;
  company_name: string | null;
  company_domain: string | null;
}

interface ImportRow extends Partial<PersonFields> {
  fact_key: string;
  kind: 'CONTACT' | 'ACCOUNT';
  status: 'IMPORTED' | 'SKIPPED_DUPLICATE' | 'SKIPPED_EXCLUDED' | 'SKIPPED_CAP';
  occurred_at: Date;
  account_name?: string | null;
  account_domain?: string | null;
  contact_id?: string | null;
  account_id?: string | null;
  metadata: Record<string, unknown>;
}

/**
 * Inserts feed rows, each once (the unique (signal_id, fact_key): a fact already looked at is
 * left as it is), and counts the IMPORTED ones into the signal's imported_count. Answers how
 * many rows were inserted. created_at follows the order given (a microsecond apart), so the rows
 * of a check or poll keep the order it looked at its facts in.
 */
async function insertImports(tx: EntityManager, signal: SignalRow, rows: ImportRow[]): Promise<number> {
  if (!rows.length) return 0;
  const now = new Date();
  const { rows: inserted } = await sql<{ status: ImportRow['status'] }>`
    INSERT INTO signal_imports (id, organization_id, signal_id, fact_key, kind, status, occurred_at, first_name, last_name, email, job_title, linkedin_url,
                                company_name, company_domain, account_name, account_domain, contact_id, account_id, metadata, created_at)
    VALUES ${sql.join(rows.map((row, i) => sql`(
      gen_random_uuid(), ${signal.organization_id}, ${signal.id}, ${row.fact_key}, ${row.kind}, ${row.status}, ${row.occurred_at},
      ${row.first_name ?? null}, ${row.last_name ?? null}, ${row.email ?? null}, ${row.job_title ?? null}, ${row.linkedin_url ?? null},
      ${row.company_name ?? null}, ${row.company_domain ?? null}, ${row.account_name ?? null}, ${row.account_domain ?? null},
      ${row.contact_id ?? null}, ${row.account_id ?? null}, ${JSON.stringify(row.metadata)}::jsonb, ${now}::timestamptz + ${i} * interval '1 microsecond')`))}
    ON CONFLICT (signal_id, fact_key) DO NOTHING RETURNING status`.execute(tx.getKysely());
  const imported = inserted.filter((r) => r.status === 'IMPORTED').length;
  if (imported) await sql`UPDATE signals SET imported_count = imported_count + ${imported} WHERE id = ${signal.id}`.execute(tx.getKysely());
  return inserted.length;
}

/** The signal's transaction-scoped advisory lock: two attempts of a check (or of a poll) never interleave. */
async function lockSignal(tx: EntityManager, signal: SignalRow): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${signal.id}, 0))`.execute(tx.getKysely());
}

/** Contact entries on the signal's list, resolved now; the ids of those made (a contact already on the list makes none). */
async function insertContactEntries(tx: EntityManager, signal: SignalRow, entries: { id: string; contactId: string | null; fields: PersonFields }[]): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const now = new Date();
  const { rows } = await sql<{ id: string }>`
    INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, email, linkedin_url, first_name, last_name, company_name, company_domain,
                                 job_title, enrichment_status, resolved_at, created_at, updated_at)
    VALUES ${sql.join(entries.map(({ id, contactId, fields: p }) => sql`(
      ${id}, ${signal.organization_id}, ${signal.contact_list_id}, ${contactId}, ${p.email}, ${p.linkedin_url}, ${p.first_name}, ${p.last_name},
      ${p.company_name}, ${p.company_domain}, ${p.job_title}, 'DONE', ${now}, ${now}, ${now})`))}
    ON CONFLICT (contact_list_id, contact_id) DO NOTHING RETURNING id`.execute(tx.getKysely());
  return new Set(rows.map((r) => r.id));
}

/** Account entries on the signal's list (linked, or an unresolved domain); the ids of those made (an account or unlinked domain already on the list makes none). */
async function insertAccountEntries(tx: EntityManager, signal: SignalRow, entries: { id: string; accountId: string | null; name: string; domain: string }[]): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const now = new Date();
  const { rows } = await sql<{ id: string }>`
    INSERT INTO account_entries (id, organization_id, account_list_id, account_id, name, domain, company, created_at, updated_at)
    VALUES ${sql.join(entries.map((e) => sql`(${e.id}, ${signal.organization_id}, ${signal.account_list_id}, ${e.accountId}, ${e.name}, ${e.domain}, NULL, ${now}, ${now})`))}
    ON CONFLICT DO NOTHING RETURNING id`.execute(tx.getKysely());
  return new Set(rows.map((r) => r.id));
}

/**
 * The feed rows of a page or poll, and one contact_entry.resolved per new contact entry. Under
 * the signal's lock no other writer records these facts: a row already there is a bug, and the
 * transaction rolls back.
 */
async function recordImports(tx: EntityManager, signal: SignalRow, rows: ImportRow[], entries: { entryId: string; contactId: string }[]): Promise<void> {
  if ((await insertImports(tx, signal, rows)) !== rows.length) throw new Error(`signal ${signal.id}: a fact was already recorded`);
  const contacts = await contactSummariesOf(tx, entries.map((e) => e.contactId));
  await emitEvents(tx, entries.map((e) => ({
    type: 'contact_entry.resolved', organizationId: signal.organization_id, contact: contacts.get(e.contactId) ?? null,
    fields: { contact_entry_id: e.entryId, contact_list_id: signal.contact_list_id, external_contact_id: null },
  })));
}

/** Enrolls an imported contact in the signal's template (eligibility includes exclusions: an excluded person is REFUSED). */
async function enroll(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, contactId: string, entryId: string): Promise<void> {
  if (!signal.sequence_template_id) return;
  await enrollContact(em, deps, {
    organizationId: signal.organization_id, contactId, sequenceTemplateId: signal.sequence_template_id,
    enrollmentRunId: `signal/${signal.id}/${entryId}`, sourceContactEntryId: entryId,
  });
}

/** Fills the contact's email and phone gaps from the enrichment provider, one credit per answer; no credits (or no answer): left as is. */
async function enrich(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, contactId: string, p: PersonFields): Promise<void> {
  if (!signal.enrich_email && !signal.enrich_phones) return;
  const { rows } = await sql<{ email: string | null; phone: string | null }>`SELECT email, phone FROM contacts WHERE id = ${contactId}`.execute(em.getKysely());
  const current = rows[0];
  if (!current) return;
  const wantEmail = signal.enrich_email && !current.email;
  const wantPhone = signal.enrich_phones && !current.phone;
  if (!wantEmail && !wantPhone) return;
  try {
    const answer = await enrichPerson(em.fork(), deps.enrichment, signal.organization_id, {
      email: p.email, linkedin_url: p.linkedin_url, first_name: p.first_name, last_name: p.last_name, company_domain: p.company_domain,
    });
    const data = answer.data;
    if (!data) return;
    // An email another contact of the workspace holds is not copied (the contacts' unique email).
    await sql`
      UPDATE contacts SET
        email = CASE WHEN ${wantEmail} AND email IS NULL AND ${data.email ?? null}::text IS NOT NULL AND NOT EXISTS (
                  SELECT 1 FROM contacts o WHERE o.organization_id = ${signal.organization_id} AND o.email = ${data.email ?? null}::text) THEN ${data.email ?? null}::text ELSE email END,
        phone = CASE WHEN ${wantPhone} AND phone IS NULL THEN ${data.phone ?? null}::text ELSE phone END,
        updated_at = ${new Date()}
      WHERE id = ${contactId}`.execute(em.getKysely());
  } catch {
    // No credits left (422) or an unusable description: the contact is imported without enrichment.
  }
}

// ---------------------------------------------------------------------------------------------
// Provider-backed signals

/** Attempts of a page's or poll's transaction that meets a concurrent writer (a unique violation or a deadlock). */
const WRITE_ATTEMPTS = 3;

interface Candidate {
  key: string;
  fact: SignalFact;
  person: FactPerson | null;
  fields: PersonFields;
  status?: ImportRow['status'];
  contactId?: string | null;
  accountId?: string | null;
  entryId?: string;
  /** Why an import was refused (an unusable identifier, two contacts, an erased person). */
  reason?: string;
  /** An earlier candidate of the page with the same email, LinkedIn URL or domain: this one shares its fate. */
  leader?: Candidate;
}

function personFields(person: FactPerson | null, fact: SignalFact): PersonFields {
  return {
    first_name: person?.first_name ?? null, last_name: person?.last_name ?? null,
    email: person?.email ? normalizeEmail(person.email) ?? person.email : null, job_title: person?.job_title ?? null,
    linkedin_url: person?.linkedin_url ? normalizeLinkedinUrl(person.linkedin_url) ?? person.linkedin_url : null,
    company_name: fact.company?.name ?? null,
    company_domain: (person?.company_domain ?? fact.company?.domain) ? normalizeDomain((person?.company_domain ?? fact.company?.domain)!) ?? null : null,
  };
}

const candidate = (key: string, fact: SignalFact, person: FactPerson | null): Candidate => ({ key, fact, person, fields: personFields(person, fact) });

const factMetadata = (fact: SignalFact, at: Date) => ({
  fact_key: fact.key, event_type: fact.event_type, check_at: at.toISOString(), ...(fact.company ? { company: fact.company } : {}), details: fact.metadata,
});

/**
 * A check time as stored in metadata.check_at (toISOString: fixed width, UTC), so text order is
 * time order and the comparison uses signal_imports_check_at_index.
 */
const checkAtText = (ms: number) => new Date(ms).toISOString();

/** IMPORTED rows of the signal in the 24 hours before `at` (the daily cap counts them). */
async function importedToday(em: EntityManager, signal: SignalRow, at: Date, dayMs: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM signal_imports
     WHERE signal_id = ${signal.id} AND status = 'IMPORTED' AND (metadata->>'check_at') > ${checkAtText(at.getTime() - dayMs)}`.execute(em.getKysely());
  return Number(rows[0].n);
}

/** Companies whose people were looked up in the 24 hours before `at` (max_companies_per_run counts them; a company skipped at the cap, `|person:*`, was not looked up). */
async function companiesLookedUpToday(em: EntityManager, signal: SignalRow, at: Date, dayMs: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(DISTINCT metadata->>'fact_key') AS n FROM signal_imports
     WHERE signal_id = ${signal.id} AND (metadata->>'check_at') > ${checkAtText(at.getTime() - dayMs)}
       AND fact_key LIKE '%|person:%' AND fact_key NOT LIKE '%|person:*'`.execute(em.getKysely());
  return Number(rows[0].n);
}

async function seenKeys(em: EntityManager, signal: SignalRow, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const { rows } = await sql<{ key: string }>`
    SELECT DISTINCT split_part(fact_key, '|person:', 1) AS key FROM signal_imports
     WHERE signal_id = ${signal.id} AND split_part(fact_key, '|person:', 1) = ANY (${keys}::text[])`.execute(em.getKysely());
  return new Set(rows.map((r) => r.key));
}


/** A record on the signal's list: a duplicate's feed row names it. */
interface Listed {
  contactId: string | null;
  accountId: string | null;
}

/** The emails and LinkedIn URLs of these people that the signal's contact list holds (on an entry or its contact), with the entry's contact. */
async function onContactList(em: EntityManager, signal: SignalRow, people: PersonFields[]): Promise<Map<string, Listed>> {
  const emails = distinctPresent(people.map((p) => p.email));
  const linkedinUrls = distinctPresent(people.map((p) => p.linkedin_url));
  if (!emails.length && !linkedinUrls.length) return new Map();
  const { rows } = await sql<{ email: string | null; linkedin_url: string | null; contact_email: string | null; contact_linkedin_url: string | null; contact_id: string | null; account_id: string | null }>`
    SELECT e.email, e.linkedin_url, c.email AS contact_email, c.linkedin_url AS contact_linkedin_url, e.contact_id, c.account_id
      FROM contact_entries e LEFT JOIN contacts c ON c.id = e.contact_id
     WHERE e.contact_list_id = ${signal.contact_list_id}
       AND (e.email = ANY (${emails}::text[]) OR e.linkedin_url = ANY (${linkedinUrls}::text[])
            OR c.email = ANY (${emails}::text[]) OR c.linkedin_url = ANY (${linkedinUrls}::text[]))`.execute(em.getKysely());
  return new Map(rows.flatMap((r) => distinctPresent([r.email, r.linkedin_url, r.contact_email, r.contact_linkedin_url])
    .map((id) => [id, { contactId: r.contact_id, accountId: r.account_id }] as const)));
}

/** The domains of these that the signal's account list holds, with the entry's account. */
async function onAccountList(em: EntityManager, signal: SignalRow, domains: string[]): Promise<Map<string, Listed>> {
  if (!domains.length) return new Map();
  const { rows } = await sql<{ domain: string; account_id: string | null }>`
    SELECT domain, account_id FROM account_entries WHERE account_list_id = ${signal.account_list_id} AND domain = ANY (${domains}::text[])`.execute(em.getKysely());
  return new Map(rows.map((r) => [r.domain, { contactId: null, accountId: r.account_id }]));
}

/** What a candidate is matched on: the list's dedup, and the page's own (a person twice, a company twice). */
const identities = (signal: SignalRow, c: Candidate): string[] =>
  signal.import_target === 'COMPANIES' ? distinctPresent([c.fields.company_domain]) : distinctPresent([c.fields.email, c.fields.linkedin_url]);

/**
 * Facts that occurred since the last check (the first check: the last cadence period before `at`),
 * newest first, page by page. COMPANY-scope facts imported as PEOPLE become the people at the
 * company (peopleAt with import_search_filters, at most max_contacts_per_company each, at most
 * max_companies_per_run companies a day). Imported entries stop at max_per_day a day; the rest of
 * the page read is SKIPPED_CAP, and facts not read are never looked at. Each page is written in
 * one transaction (writePage); its imported people are enriched and enrolled once it committed.
 */
async function checkFacts(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, at: Date, dayMs: number): Promise<CheckResult> {
  const from = signal.last_checked_at && new Date(signal.last_checked_at) < at ? new Date(signal.last_checked_at) : new Date(at.getTime() - cadenceMs(signal.cadence, dayMs));
  const companyScope = (await deps.scopeOf(signal.signal_type)) === 'COMPANY';
  const peopleAtCompanies = companyScope && signal.import_target === 'PEOPLE';
  const result: CheckResult = { outcome: 'CHECKED', imported: 0, skipped: 0, read: 0 };
  const lookedUp = new Set<string>();
  await resumeEnrollments(em, deps, signal, at);

  for (let page = 0; page < MAX_PAGES; page++) {
    deps.heartbeat?.();
    const { items } = await deps.signals.search({ signalType: signal.signal_type, filters: signal.search_filters, from, to: at, limit: FACT_PAGE, offset: page * FACT_PAGE });
    result.read += items.length;
    const written = await retryConcurrentWrites(() => em.fork().transactional((tx) => writePage(tx, deps, signal, peopleAtCompanies, items, at, dayMs, lookedUp)));
    for (const domain of written.lookedUp) lookedUp.add(domain);
    result.imported += written.imported;
    result.skipped += written.skipped;
    for (const c of written.entries) {
      deps.heartbeat?.();
      await enrich(em, deps, signal, c.contactId!, c.fields);
      await enroll(em, deps, signal, c.contactId!, c.entryId!);
    }
    // Done when the page was the last, the day's imports are used up, or (people at companies) the
    // day's companies are: further facts could only be written SKIPPED_CAP.
    if (items.length < FACT_PAGE || written.left <= 0 || (peopleAtCompanies && written.companiesLeft <= 0)) break;
  }
  return result;
}

/**
 * A retried check (same `at`) first enrolls what an earlier attempt imported: that attempt may
 * have died between a page's commit and its enrollments, and the facts it recorded are not looked
 * at again. enroll() is idempotent per entry (its run id), so people already enrolled are left as
 * they are. A first attempt finds no rows of its own check: one indexed read, and only for
 * signals with a sequence template. (Enrichment is not resumed: an answer costs a credit.)
 */
async function resumeEnrollments(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, at: Date): Promise<void> {
  if (!signal.sequence_template_id || !signal.contact_list_id) return;
  const { rows } = await sql<{ contact_id: string; entry_id: string }>`
    SELECT e.contact_id, e.id AS entry_id
      FROM signal_imports i JOIN contact_entries e ON e.contact_list_id = ${signal.contact_list_id} AND e.contact_id = i.contact_id
     WHERE i.signal_id = ${signal.id} AND i.status = 'IMPORTED' AND (i.metadata->>'check_at') = ${checkAtText(at.getTime())}
     ORDER BY i.occurred_at DESC, i.fact_key`.execute(em.getKysely());
  for (const r of rows) {
    deps.heartbeat?.();
    await enroll(em, deps, signal, r.contact_id, r.entry_id);
  }
}

async function retryConcurrentWrites<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(isUniqueViolation(error) || isDeadlock(error)) || attempt >= WRITE_ATTEMPTS) throw error;
    }
  }
}

interface PageWritten {
  imported: number;
  skipped: number;
  /** Imports left today, and companies left today (people at companies), after this page. */
  left: number;
  companiesLeft: number;
  /** Companies whose people this page looked up (a check looks a company up once). */
  lookedUp: string[];
  /** Candidates that made a contact entry, to enrich and enroll after the commit. */
  entries: Candidate[];
}

/**
 * One page of facts, in one transaction and a bounded number of statements whatever the page's
 * size: the signal's advisory lock (two attempts of a check never interleave, so the cap and the
 * dedup hold), the day's counts, the facts already looked at, then rounds of candidates: each
 * round is classified at once (on the list, excluded) and its eligible candidates imported in
 * order up to the day's cap (a candidate the import refuses leaves its place to the next one), and
 * every candidate's feed row lands in one insert with the entries' events.
 */
async function writePage(
  tx: EntityManager, deps: SignalCheckDeps, signal: SignalRow, peopleAtCompanies: boolean, items: SignalFact[], at: Date, dayMs: number, lookedUpBefore: Set<string>,
): Promise<PageWritten> {
  await lockSignal(tx, signal);
  let left = Math.max(0, signal.max_per_day - await importedToday(tx, signal, at, dayMs));
  let companiesLeft = !peopleAtCompanies || signal.max_companies_per_run === null
    ? Number.POSITIVE_INFINITY
    : Math.max(0, signal.max_companies_per_run - await companiesLookedUpToday(tx, signal, at, dayMs));
  const seen = await seenKeys(tx, signal, items.map((f) => f.key));
  const facts = items.filter((f, i) => !seen.has(f.key) && items.findIndex((g) => g.key === f.key) === i);
  const all: Candidate[] = [];
  const lookedUp: string[] = [];
  const runRound = async (round: Candidate[]) => {
    deps.heartbeat?.();
    await classify(tx, deps, signal, round);
    left -= await importInOrder(tx, deps, signal, round, left);
    all.push(...round);
  };

  if (!peopleAtCompanies) {
    // A company fact without a usable domain, or a person fact without email or LinkedIn URL, is not a candidate (no row).
    await runRound(facts.map((f) => candidate(f.key, f, f.person)).filter((c) => identities(signal, c).length > 0));
  } else {
    // People at companies: look companies up only while their people could still be imported.
    const perCompany = signal.max_contacts_per_company ?? DEFAULT_CONTACTS_PER_COMPANY;
    let next = 0;
    while (next < facts.length) {
      const round: Candidate[] = [];
      let people = 0;
      for (; next < facts.length && (left <= 0 || companiesLeft <= 0 || people < left); next++) {
        const fact = facts[next];
        const domain = fact.company?.domain ? normalizeDomain(fact.company.domain) : null;
        if (!domain || lookedUpBefore.has(domain) || lookedUp.includes(domain)) continue;
        if (left <= 0 || companiesLeft <= 0) {
          round.push(candidate(`${fact.key}${PERSON_KEY}*`, fact, null));
          continue;
        }
        lookedUp.push(domain);
        companiesLeft--;
        deps.heartbeat?.();
        const found: Candidate[] = [];
        for (const person of await deps.signals.peopleAt(domain, signal.import_search_filters, perCompany)) {
          const identity = person.email ?? person.linkedin_url;
          const key = `${fact.key}${PERSON_KEY}${identity}`;
          // At most perCompany people, each once (a person the provider answers twice is one row).
          if (identity && found.length < perCompany && !found.some((c) => c.key === key)) found.push(candidate(key, fact, person));
        }
        round.push(...found);
        people += found.length;
      }
      await runRound(round);
    }
  }

  await writeRows(tx, signal, all, at);
  const imported = all.filter((c) => c.status === 'IMPORTED').length;
  return { imported, skipped: all.length - imported, left, companiesLeft, lookedUp, entries: all.filter((c) => c.entryId) };
}

/** SKIPPED_DUPLICATE (on the list) and SKIPPED_EXCLUDED for the round's candidates, in one read each; the rest stay eligible. */
async function classify(tx: EntityManager, deps: SignalCheckDeps, signal: SignalRow, round: Candidate[]): Promise<void> {
  // A company fact whose people were not looked up (the day's company or import cap was reached).
  for (const c of round) if (signal.import_target === 'PEOPLE' && !c.person) c.status = 'SKIPPED_CAP';
  const open = round.filter((c) => !c.status);
  if (!open.length) return;
  const listed = signal.import_target === 'COMPANIES'
    ? await onAccountList(tx, signal, distinctPresent(open.map((c) => c.fields.company_domain)))
    : await onContactList(tx, signal, open.map((c) => c.fields));
  const fresh = open.filter((c) => {
    const entry = identities(signal, c).map((id) => listed.get(id)).find((l) => l);
    if (entry) Object.assign(c, { status: 'SKIPPED_DUPLICATE', ...entry });
    return !c.status;
  });
  const verdicts = await exclusionsFor(tx, signal.organization_id, fresh.map((c) => (signal.import_target === 'COMPANIES'
    ? { accountDomain: c.fields.company_domain }
    : { email: c.fields.email, linkedinUrl: c.fields.linkedin_url, accountDomain: c.fields.company_domain })), new Date(), signal.import_target === 'COMPANIES' ? undefined : deps.directory);
  fresh.forEach((c, i) => {
    if (verdicts[i].excluded) c.status = 'SKIPPED_EXCLUDED';
  });
}

/**
 * Imports the round's eligible candidates in order while the day's cap lasts (the rest:
 * SKIPPED_CAP). The first candidate of a person or company leads; later ones with the same
 * identifier follow it (SKIPPED_DUPLICATE when it was imported, else its status). A leader the
 * import refuses, or whose contact turns out to be on the list already, leaves its place to the
 * next leader. Answers how many were imported.
 */
async function importInOrder(tx: EntityManager, deps: SignalCheckDeps, signal: SignalRow, round: Candidate[], left: number): Promise<number> {
  const eligible = round.filter((c) => !c.status);
  const leaderOf = new Map<string, Candidate>();
  let queue: Candidate[] = [];
  for (const c of eligible) {
    const ids = identities(signal, c);
    c.leader = ids.map((id) => leaderOf.get(id)).find((l) => l);
    if (c.leader) continue;
    for (const id of ids) leaderOf.set(id, c);
    queue.push(c);
  }
  let imported = 0;
  while (queue.length && imported < left) {
    const take = queue.slice(0, left - imported);
    queue = queue.slice(take.length);
    if (signal.import_target === 'COMPANIES') await importAccounts(tx, signal, take);
    else await importPeople(tx, deps, signal, take);
    imported += take.filter((c) => c.status === 'IMPORTED').length;
  }
  for (const c of queue) c.status = 'SKIPPED_CAP';
  for (const c of eligible) {
    if (!c.leader) continue;
    const { status, reason, contactId, accountId } = c.leader;
    Object.assign(c, { status: status === 'IMPORTED' ? 'SKIPPED_DUPLICATE' : status, reason, contactId, accountId });
  }
  return imported;
}

/** Contacts (importContacts), then contact entries: IMPORTED when the entry is new, SKIPPED_DUPLICATE when the contact was on the list under another identifier. */
async function importPeople(tx: EntityManager, deps: SignalCheckDeps, signal: SignalRow, take: Candidate[]): Promise<void> {
  const refuse = (c: Candidate, error: DomainError) => {
    // An erased person is left out for good (SPEC: erased people are not imported again); an unusable or conflicting identifier is not imported.
    c.status = error.data?.reason === 'ERASED' ? 'SKIPPED_EXCLUDED' : 'SKIPPED_DUPLICATE';
    c.reason = error.message;
  };
  const companies = await deps.directory.findCompaniesByDomains(distinctPresent(take.map((c) => c.fields.company_domain)));
  const ready: { c: Candidate; input: ContactImport }[] = [];
  for (const c of take) {
    try {
      ready.push({ c, input: contactImportOf(c.fields, companies) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refuse(c, error);
    }
  }
  const outcomes = await importContacts(tx, signal.organization_id, ready.map((r) => r.input));
  const linked: Candidate[] = [];
  ready.forEach(({ c }, i) => {
    const outcome = outcomes[i];
    if ('error' in outcome) return refuse(c, outcome.error);
    c.contactId = outcome.contactId;
    c.accountId = outcome.accountId;
    linked.push(c);
  });
  const entries = linked.map((c) => ({ id: randomUUID(), contactId: c.contactId!, fields: c.fields }));
  // Two people of the round on one contact: the first one has the entry.
  const made = await insertContactEntries(tx, signal, entries);
  linked.forEach((c, i) => {
    c.entryId = made.has(entries[i].id) ? entries[i].id : undefined;
    c.status = c.entryId ? 'IMPORTED' : 'SKIPPED_DUPLICATE';
  });
}

/** The workspace accounts of the round's domains (created when new, as POST /v1/account-entries does), then their entries on the list. */
async function importAccounts(tx: EntityManager, signal: SignalRow, take: Candidate[]): Promise<void> {
  const named = new Map<string, string>();
  for (const c of take) if (!named.has(c.fields.company_domain!)) named.set(c.fields.company_domain!, c.fact.company?.name ?? c.fields.company_domain!);
  const accountOf = await ensureAccounts(tx, signal.organization_id, named);
  const entryOf = new Map([...named].map(([domain, name]) => [domain, { id: randomUUID(), accountId: accountOf.get(domain)!, name, domain }]));
  const made = await insertAccountEntries(tx, signal, [...entryOf.values()]);
  for (const c of take) {
    const entry = entryOf.get(c.fields.company_domain!)!;
    c.accountId = entry.accountId;
    c.status = made.has(entry.id) ? 'IMPORTED' : 'SKIPPED_DUPLICATE';
  }
}

/** Every candidate's feed row in one insert (and the signal's imported_count), and one contact_entry.resolved per new entry. */
async function writeRows(tx: EntityManager, signal: SignalRow, all: Candidate[], at: Date): Promise<void> {
  if (!all.length) return;
  const rows: ImportRow[] = all.map((c) => {
    const metadata = { ...factMetadata(c.fact, at), ...(c.reason ? { reason: c.reason } : {}) };
    const linked = { contact_id: c.contactId ?? null, account_id: c.accountId ?? null };
    const occurred_at = new Date(c.fact.occurred_at);
    return signal.import_target === 'COMPANIES'
      ? { fact_key: c.key, kind: 'ACCOUNT', status: c.status!, occurred_at, account_name: c.fact.company?.name ?? c.fields.company_domain, account_domain: c.fields.company_domain, ...linked, metadata }
      : { fact_key: c.key, kind: 'CONTACT', status: c.status!, occurred_at, ...c.fields, ...linked, metadata };
  });
  await recordImports(tx, signal, rows, all.filter((c) => c.entryId).map((c) => ({ entryId: c.entryId!, contactId: c.contactId! })));
}

// ---------------------------------------------------------------------------------------------
// Custom event signals

interface EventRow {
  id: string;
  occurred_at: Date;
  received_at: Date;
  subject: Record<string, string>;
  payload_json: string | null;
  resolution_status: 'PENDING' | 'RESOLVED' | 'UNRESOLVED';
  contact_id: string | null;
  account_id: string | null;
  contact_email: string | null;
  account_domain: string | null;
  account_name: string | null;
}

/**
 * The payload copy for the metadata, or undefined above 32 KB of serialized JSON (the event still
 * counts). The feed answers the event's exact source text in its place (imports.service.ts); a
 * payload jsonb cannot hold (a `\u0000` or an unpaired surrogate escape, which ingestion keeps as
 * text) is stored as null here, and the feed still answers its text.
 */
export function payloadCopy(payloadJson: string | null): unknown {
  if (payloadJson === null) return null;
  if (Buffer.byteLength(payloadJson, 'utf8') > PAYLOAD_COPY_MAX_BYTES) return undefined;
  try {
    const parsed: unknown = JSON.parse(payloadJson);
    return jsonStorable(parsed) ? parsed : null;
  } catch {
    return undefined;
  }
}

const NO_PERSON: PersonFields = { first_name: null, last_name: null, email: null, job_title: null, linkedin_url: null, company_name: null, company_domain: null };

/** One event's candidate entry: its feed row, and the contact or account entry it would make. */
interface PollItem {
  row: ImportRow;
  contactId: string | null;
  fields: PersonFields;
  account: { id: string | null; name: string; domain: string } | null;
  entryId?: string;
}

/**
 * Rules 3-8: events of the signal's event_name after the watermark, oldest first (received_at,
 * id), at most 500; the read stops before the first PENDING event (its resolution has not
 * finished: a later poll reads it, so it is never skipped). PEOPLE: one entry per email (or per
 * matched person without email), carrying the company domain; company-only events are passed
 * over for good. COMPANIES: one entry per domain. Resolved events link the entry to the contact or
 * account; unresolved ones keep the raw email or domain. Entries land whether or not the person is
 * excluded (events are trusted); enrollment still refuses excluded people. A dedup key already
 * looked at (a re-read, or the same person again) makes no second entry. No caps. A person or
 * domain already on the list (put there another way) is SKIPPED_DUPLICATE. The poll's rows,
 * entries, events and watermark are one transaction (writePoll); enrollments follow its commit,
 * and a retried poll (same `at`) resumes them first.
 */
async function pollEvents(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, at: Date): Promise<CheckResult> {
  await resumeEnrollments(em, deps, signal, at);
  const wm = signal.watermark;
  const after = wm ? sql`AND (e.received_at, e.id) > (${new Date(wm.received_at)}::timestamptz, ${wm.id}::uuid)` : sql``;
  const { rows } = await sql<EventRow>`
    SELECT e.id, e.occurred_at, e.received_at, e.subject, e.payload_json, e.resolution_status, e.contact_id, e.account_id,
           c.email AS contact_email, a.domain AS account_domain, a.name AS account_name
      FROM ingested_events e LEFT JOIN contacts c ON c.id = e.contact_id LEFT JOIN accounts a ON a.id = e.account_id
     WHERE e.organization_id = ${signal.organization_id} AND e.event_name = ${signal.event_name} ${after}
     ORDER BY e.received_at, e.id LIMIT ${EVENTS_PER_POLL}`.execute(em.getKysely());
  const pending = rows.findIndex((r) => r.resolution_status === 'PENDING');
  const finished = pending === -1 ? rows : rows.slice(0, pending);
  const people = (signal.event_subject ?? (signal.import_target === 'COMPANIES' ? 'COMPANIES' : 'PEOPLE')) === 'PEOPLE';

  const items = new Map<string, PollItem>();
  for (const event of finished) {
    const resolved = event.resolution_status === 'RESOLVED';
    const copy = payloadCopy(event.payload_json);
    const metadata: Record<string, unknown> = {
      event_id: event.id, event_name: signal.event_name, resolution_status: event.resolution_status, subject: event.subject,
      ...(copy === undefined ? { payload_omitted: true } : { payload: copy }), check_at: at.toISOString(),
    };
    const subjectDomain = event.subject.company_domain ? normalizeDomain(event.subject.company_domain) : null;
    const domain = (resolved ? event.account_domain : null) ?? subjectDomain;
    const occurred_at = new Date(event.occurred_at);
    if (people) {
      const email = event.subject.email ? normalizeEmail(event.subject.email) ?? event.subject.email : (resolved ? event.contact_email : null);
      const linkedin = event.subject.linkedin_url ? normalizeLinkedinUrl(event.subject.linkedin_url) ?? event.subject.linkedin_url : null;
      const contactId = resolved ? event.contact_id : null;
      // Rule 7: a company-only event (or an unmatched subject with no email) never makes a person entry.
      const key = email ? `email:${email}` : contactId ? `contact:${contactId}` : null;
      if (!key || items.has(key)) continue;
      const fields: PersonFields = { first_name: null, last_name: null, email, job_title: null, linkedin_url: linkedin, company_name: resolved ? event.account_name : null, company_domain: domain };
      items.set(key, {
        contactId, fields, account: null,
        row: { fact_key: key, kind: 'CONTACT', status: 'IMPORTED', occurred_at, contact_id: contactId, account_id: resolved ? event.account_id : null, metadata },
      });
    } else {
      if (!domain || items.has(`domain:${domain}`)) continue;
      const key = `domain:${domain}`;
      const name = (resolved ? event.account_name : null) ?? domain;
      items.set(key, {
        contactId: null, fields: NO_PERSON,
        account: { id: resolved ? event.account_id : null, name, domain },
        row: { fact_key: key, kind: 'ACCOUNT', status: 'IMPORTED', occurred_at, account_name: name, account_domain: domain, account_id: resolved ? event.account_id : null, metadata },
      });
    }
  }

  deps.heartbeat?.();
  const last = finished.at(-1);
  const watermark = last ? { received_at: new Date(last.received_at).toISOString(), id: last.id } : null;
  const written = await retryConcurrentWrites(() => em.fork().transactional((tx) => writePoll(tx, signal, people, [...items.values()], watermark)));
  for (const item of written.filter((i) => i.entryId && i.contactId)) {
    deps.heartbeat?.();
    await enroll(em, deps, signal, item.contactId!, item.entryId!);
  }
  const imported = written.filter((i) => i.row.status === 'IMPORTED').length;
  return { outcome: 'CHECKED', imported, skipped: written.length - imported, read: finished.length };
}

/**
 * One poll's writes under the signal's advisory lock: the keys not looked at yet get their entry
 * (IMPORTED) or, when the person or domain is on the list already, none (SKIPPED_DUPLICATE); then
 * every feed row in one insert, the entries' events, and the watermark. Answers the items written.
 */
async function writePoll(tx: EntityManager, signal: SignalRow, people: boolean, candidates: PollItem[], watermark: { received_at: string; id: string } | null): Promise<PollItem[]> {
  const db = tx.getKysely();
  await lockSignal(tx, signal);
  const keys = candidates.map((i) => i.row.fact_key);
  const { rows: seen } = keys.length
    ? await sql<{ fact_key: string }>`SELECT fact_key FROM signal_imports WHERE signal_id = ${signal.id} AND fact_key = ANY (${keys}::text[])`.execute(db)
    : { rows: [] };
  const looked = new Set(seen.map((r) => r.fact_key));
  // Copies: a retried transaction starts again from the candidates as read.
  const items: PollItem[] = candidates.filter((i) => !looked.has(i.row.fact_key)).map((i) => ({ ...i, row: { ...i.row }, entryId: randomUUID() }));
  let made: Set<string>;
  if (people) {
    // A matched person's entry carries the contact's own fields (the event's identifiers first).
    const contacts = await sql<PersonFields & { id: string }>`
      SELECT id, first_name, last_name, email, job_title, linkedin_url, company_name FROM contacts
       WHERE id = ANY (${distinctPresent(items.map((i) => i.contactId))}::uuid[])`.execute(db);
    const contactOf = new Map(contacts.rows.map((c) => [c.id, c]));
    for (const i of items) {
      const c = i.contactId ? contactOf.get(i.contactId) : undefined;
      if (c) i.fields = { ...c, email: i.fields.email ?? c.email, linkedin_url: i.fields.linkedin_url ?? c.linkedin_url, company_domain: i.fields.company_domain };
      Object.assign(i.row, i.fields);
    }
    made = await insertContactEntries(tx, signal, items.map((i) => ({ id: i.entryId!, contactId: i.contactId, fields: i.fields })));
  } else {
    made = await insertAccountEntries(tx, signal, items.map((i) => ({ id: i.entryId!, accountId: i.account!.id, name: i.account!.name, domain: i.account!.domain })));
  }
  for (const i of items) {
    if (made.has(i.entryId!)) continue;
    i.entryId = undefined;
    i.row.status = 'SKIPPED_DUPLICATE';
  }
  await recordImports(tx, signal, items.map((i) => i.row), items.filter((i) => i.entryId && i.contactId).map((i) => ({ entryId: i.entryId!, contactId: i.contactId! })));
  if (watermark) await sql`UPDATE signals SET watermark = ${JSON.stringify(watermark)}::jsonb WHERE id = ${signal.id}`.execute(db);
  return items;
}
