// One check of a signal (issue 8 items 6 and 8), called by the signal workflow's checkSignal
// activity: provider-backed signals import new facts up to the daily cap; CUSTOM_EVENT signals poll
// the organization's ingested events (SPEC 'Custom event signals' rules 3-8). Every fact looked at
// becomes one signal_imports row (unique per signal and fact_key), written in the same transaction
// as the entry it made, so a retried check never imports anything twice. `at` is the workflow's
// time (the check's slot), so time-skipping tests and real runs read the same windows.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Directory } from '../../providers/directory/index.ts';
import type { EnrichmentProvider } from '../../providers/enrichment/index.ts';
import type { FactPerson, SignalDataProvider, SignalFact } from '../../providers/signals/index.ts';
import type { EmailVerifier } from '../../providers/verifier/index.ts';
import type { SignalType } from './presets.types.ts';
import { contactSummaryOf } from '../contact-entries.service.ts';
import { upsertContact } from '../contacts.service.ts';
import { enrichPerson } from '../enrichment.service.ts';
import { DomainError } from '../errors.ts';
import { emitEvent } from '../events.ts';
import { exclusionFor } from '../exclusions.service.ts';
import { jsonStorable, normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../normalize.ts';
import * as sequences from '../sequences.service.ts';
import { DEFAULT_CONTACTS_PER_COMPANY } from './signals.service.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
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
  signals: SignalDataProvider;
  /** COMPANY or PEOPLE scope of a preset (domain/signals/presets.ts presetOf). */
  scopeOf: (type: SignalType) => Promise<'COMPANY' | 'PEOPLE'>;
  temporal: Client;
  taskQueue: string;
  /** Called as the check makes progress (each page, each candidate, each event): the activity's heartbeat. */
  heartbeat?: () => void;
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
  const result = isCustom(signal) ? await pollEvents(em, deps, signal) : await checkFacts(em, deps, signal, at, dayMs);
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

/** Inserts the feed row; false when the fact was already looked at (the unique (signal_id, fact_key)). */
async function writeImport(tx: EntityManager, signal: SignalRow, row: ImportRow): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO signal_imports (id, organization_id, signal_id, fact_key, kind, status, occurred_at, first_name, last_name, email, job_title, linkedin_url,
                                company_name, company_domain, account_name, account_domain, contact_id, account_id, metadata, created_at)
    VALUES (gen_random_uuid(), ${signal.organization_id}, ${signal.id}, ${row.fact_key}, ${row.kind}, ${row.status}, ${row.occurred_at},
            ${row.first_name ?? null}, ${row.last_name ?? null}, ${row.email ?? null}, ${row.job_title ?? null}, ${row.linkedin_url ?? null},
            ${row.company_name ?? null}, ${row.company_domain ?? null}, ${row.account_name ?? null}, ${row.account_domain ?? null},
            ${row.contact_id ?? null}, ${row.account_id ?? null}, ${JSON.stringify(row.metadata)}::jsonb, ${new Date()})
    ON CONFLICT (signal_id, fact_key) DO NOTHING RETURNING id`.execute(tx.getKysely());
  if (rows[0] && row.status === 'IMPORTED') {
    await sql`UPDATE signals SET imported_count = imported_count + 1 WHERE id = ${signal.id}`.execute(tx.getKysely());
  }
  return !!rows[0];
}

/** A contact entry of the list for the contact (resolved now, contact_entry.resolved); its id, or null when it was there. */
async function addContactEntry(tx: EntityManager, signal: SignalRow, contactId: string | null, p: PersonFields): Promise<string | null> {
  const now = new Date();
  const { rows } = await sql<{ id: string }>`
    INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, email, linkedin_url, first_name, last_name, company_name, company_domain,
                                 job_title, enrichment_status, resolved_at, created_at, updated_at)
    VALUES (gen_random_uuid(), ${signal.organization_id}, ${signal.contact_list_id}, ${contactId}, ${p.email}, ${p.linkedin_url}, ${p.first_name}, ${p.last_name},
            ${p.company_name}, ${p.company_domain}, ${p.job_title}, 'DONE', ${now}, ${now}, ${now})
    ON CONFLICT (contact_list_id, contact_id) DO NOTHING RETURNING id`.execute(tx.getKysely());
  const id = rows[0]?.id ?? null;
  if (id && contactId) {
    await emitEvent(tx, {
      type: 'contact_entry.resolved', organizationId: signal.organization_id, contact: await contactSummaryOf(tx, contactId),
      fields: { contact_entry_id: id, contact_list_id: signal.contact_list_id, external_contact_id: null },
    });
  }
  return id;
}

/**
 * An account entry of the list: linked to `accountId` when given (a resolved event, or a provider
 * fact whose account was found or created), else (an unresolved custom event) the raw domain,
 * unlinked for good (SPEC custom event rule 6). One entry per account, or per unlinked domain.
 */
async function addAccountEntry(tx: EntityManager, signal: SignalRow, accountId: string | null, name: string, domain: string): Promise<{ accountId: string | null; created: boolean }> {
  const now = new Date();
  const { rows } = await sql<{ id: string }>`
    INSERT INTO account_entries (id, organization_id, account_list_id, account_id, name, domain, company, created_at, updated_at)
    VALUES (gen_random_uuid(), ${signal.organization_id}, ${signal.account_list_id}, ${accountId}, ${name}, ${domain}, NULL, ${now}, ${now})
    ON CONFLICT DO NOTHING RETURNING id`.execute(tx.getKysely());
  return { accountId, created: !!rows[0] };
}

/** The workspace account of a domain, created when new (as POST /v1/account-entries does). */
async function ensureDomainAccount(tx: EntityManager, signal: SignalRow, name: string, domain: string): Promise<string> {
  const now = new Date();
  const account = await sql<{ id: string }>`
    INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at)
    VALUES (gen_random_uuid(), ${signal.organization_id}, ${name}, ${domain}, ${now}, ${now}, ${now}, ${now})
    ON CONFLICT (organization_id, domain) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at RETURNING id`.execute(tx.getKysely());
  return account.rows[0].id;
}

/** Enrolls an imported contact in the signal's template (eligibility includes exclusions: an excluded person is REFUSED). */
async function enroll(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, contactId: string, entryId: string): Promise<void> {
  if (!signal.sequence_template_id) return;
  const base = { organizationId: signal.organization_id, contactId, sequenceTemplateId: signal.sequence_template_id };
  let check = await sequences.checkEligibility(em.fork(), deps.directory, { ...base, verificationDone: false });
  if (!check.refusal && check.needsVerification) {
    let verified = true;
    try {
      await sequences.verifyContactEmail(em.fork(), deps.verifier, signal.organization_id, contactId);
    } catch {
      verified = false;
    }
    check = await sequences.checkEligibility(em.fork(), deps.directory, { ...base, verificationDone: !verified });
  }
  const written = await sequences.writeEnrollment(em.fork(), {
    ...base, enrollmentRunId: `signal/${signal.id}/${entryId}`, refusal: check.refusal, sourceContactEntryId: entryId,
  });
  if (written.start) await sequences.startSequenceWorkflow(deps.temporal, deps.taskQueue, signal.organization_id, written.start);
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

/** Rolls back an entry whose fact another attempt of the check already recorded. */
class AlreadyLookedAt extends Error {}

interface Candidate {
  key: string;
  fact: SignalFact;
  person: FactPerson | null;
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

async function seenKeys(em: EntityManager, signal: SignalRow, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const { rows } = await sql<{ key: string }>`
    SELECT DISTINCT split_part(fact_key, '|person:', 1) AS key FROM signal_imports
     WHERE signal_id = ${signal.id} AND split_part(fact_key, '|person:', 1) = ANY (${keys}::text[])`.execute(em.getKysely());
  return new Set(rows.map((r) => r.key));
}

async function onContactList(em: EntityManager, signal: SignalRow, p: PersonFields): Promise<boolean> {
  if (!p.email && !p.linkedin_url) return false;
  const { rows } = await sql<{ one: number }>`
    SELECT 1 AS one FROM contact_entries e LEFT JOIN contacts c ON c.id = e.contact_id
     WHERE e.contact_list_id = ${signal.contact_list_id}
       AND (e.email = ${p.email}::text OR e.linkedin_url = ${p.linkedin_url}::text OR c.email = ${p.email}::text OR c.linkedin_url = ${p.linkedin_url}::text)
     LIMIT 1`.execute(em.getKysely());
  return rows.length > 0;
}

async function onAccountList(em: EntityManager, signal: SignalRow, domain: string): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    SELECT 1 AS one FROM account_entries WHERE account_list_id = ${signal.account_list_id} AND domain = ${domain} LIMIT 1`.execute(em.getKysely());
  return rows.length > 0;
}

/**
 * Facts that occurred since the last check (the first check: the last cadence period before `at`),
 * newest first, page by page. COMPANY-scope facts imported as PEOPLE become the people at the
 * company (peopleAt with import_search_filters, at most max_contacts_per_company each, at most
 * max_companies_per_run companies a day). Imported entries stop at max_per_day a day; the rest of
 * the page read is SKIPPED_CAP, and facts not read are never looked at.
 */
async function checkFacts(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, at: Date, dayMs: number): Promise<CheckResult> {
  const provider = deps.signals;
  const from = signal.last_checked_at && new Date(signal.last_checked_at) < at ? new Date(signal.last_checked_at) : new Date(at.getTime() - cadenceMs(signal.cadence, dayMs));
  const companyScope = (await deps.scopeOf(signal.signal_type)) === 'COMPANY';
  const peopleAtCompanies = companyScope && signal.import_target === 'PEOPLE';
  const perCompany = signal.max_contacts_per_company ?? DEFAULT_CONTACTS_PER_COMPANY;
  let left = Math.max(0, signal.max_per_day - await importedToday(em, signal, at, dayMs));
  const { rows: consumed } = await sql<{ n: string }>`
    SELECT count(DISTINCT metadata->>'fact_key') AS n FROM signal_imports
     WHERE signal_id = ${signal.id} AND (metadata->>'check_at') > ${checkAtText(at.getTime() - dayMs)} AND fact_key LIKE '%|person:%'`.execute(em.getKysely());
  let companiesLeft = signal.max_companies_per_run === null ? Number.POSITIVE_INFINITY : Math.max(0, signal.max_companies_per_run - Number(consumed[0].n));
  const result: CheckResult = { outcome: 'CHECKED', imported: 0, skipped: 0, read: 0 };
  const companiesThisCheck = new Set<string>();

  for (let page = 0; page < MAX_PAGES; page++) {
    deps.heartbeat?.();
    const { items } = await provider.search({ signalType: signal.signal_type, filters: signal.search_filters, from, to: at, limit: FACT_PAGE, offset: page * FACT_PAGE });
    result.read += items.length;
    const seen = await seenKeys(em, signal, items.map((f) => f.key));
    for (const fact of items) {
      if (seen.has(fact.key)) continue;
      const candidates: Candidate[] = [];
      if (peopleAtCompanies) {
        const domain = fact.company?.domain ? normalizeDomain(fact.company.domain) : null;
        if (!domain || companiesThisCheck.has(domain)) continue;
        if (left <= 0 || companiesLeft <= 0) {
          candidates.push({ key: `${fact.key}${PERSON_KEY}*`, fact, person: null });
        } else {
          companiesThisCheck.add(domain);
          companiesLeft--;
          const people = await provider.peopleAt(domain, signal.import_search_filters, perCompany);
          for (const person of people.slice(0, perCompany)) {
            const identity = person.email ?? person.linkedin_url;
            if (identity) candidates.push({ key: `${fact.key}${PERSON_KEY}${identity}`, fact, person });
          }
        }
      } else if (signal.import_target === 'COMPANIES' || fact.person?.email || fact.person?.linkedin_url) {
        candidates.push({ key: fact.key, fact, person: fact.person });
      }
      for (const c of candidates) {
        deps.heartbeat?.();
        const status = await importCandidate(em, deps, signal, c, at, left > 0);
        if (status === 'IMPORTED') { left--; result.imported++; } else if (status) result.skipped++;
      }
    }
    // Done when the page was the last, the day's imports are used up, or (people at companies) the
    // day's companies are: further facts could only be written SKIPPED_CAP.
    if (items.length < FACT_PAGE || left <= 0 || (peopleAtCompanies && companiesLeft <= 0)) break;
  }
  return result;
}

/** One candidate: its row and, when IMPORTED, its entry; answers the status written (null: already looked at). */
async function importCandidate(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow, c: Candidate, at: Date, underCap: boolean): Promise<ImportRow['status'] | null> {
  const fields = personFields(c.person, c.fact);
  const metadata = factMetadata(c.fact, at);
  const occurred = new Date(c.fact.occurred_at);
  if (signal.import_target === 'COMPANIES') {
    const domain = fields.company_domain;
    if (!domain) return null;
    const name = c.fact.company?.name ?? domain;
    const base = { fact_key: c.key, kind: 'ACCOUNT' as const, occurred_at: occurred, account_name: name, account_domain: domain, metadata };
    let status: ImportRow['status'] = 'IMPORTED';
    if (await onAccountList(em, signal, domain)) status = 'SKIPPED_DUPLICATE';
    else if ((await exclusionFor(em, signal.organization_id, { accountDomain: domain })).excluded) status = 'SKIPPED_EXCLUDED';
    else if (!underCap) status = 'SKIPPED_CAP';
    if (status !== 'IMPORTED') return (await writeImport(em, signal, { ...base, status })) ? status : null;
    const wrote = await em.fork().transactional(async (tx) => {
      const { accountId } = await addAccountEntry(tx, signal, await ensureDomainAccount(tx, signal, name, domain), name, domain);
      return writeImport(tx, signal, { ...base, status, account_id: accountId });
    });
    return wrote ? status : null;
  }

  const base = { fact_key: c.key, kind: 'CONTACT' as const, occurred_at: occurred, ...fields, metadata };
  let status: ImportRow['status'] = 'IMPORTED';
  // A company fact whose people were not looked up (the day's company or import cap was reached).
  if (!c.person) status = 'SKIPPED_CAP';
  else if (await onContactList(em, signal, fields)) status = 'SKIPPED_DUPLICATE';
  else if ((await exclusionFor(em, signal.organization_id, { email: fields.email, linkedinUrl: fields.linkedin_url, accountDomain: fields.company_domain }, new Date(), deps.directory)).excluded) status = 'SKIPPED_EXCLUDED';
  else if (!underCap) status = 'SKIPPED_CAP';
  if (status !== 'IMPORTED') return (await writeImport(em, signal, { ...base, status })) ? status : null;

  let contactId: string;
  try {
    const { record } = await upsertContact(em.fork(), deps.directory, signal.organization_id, {
      email: fields.email, linkedin_url: fields.linkedin_url, first_name: fields.first_name, last_name: fields.last_name, job_title: fields.job_title,
      company_name: fields.company_name, company_domain: fields.company_domain ?? undefined,
    });
    contactId = record.id;
  } catch (error) {
    // The email and the URL belong to two workspace contacts, or an identifier is unusable: not imported.
    if (!(error instanceof DomainError)) throw error;
    return (await writeImport(em, signal, { ...base, status: 'SKIPPED_DUPLICATE', metadata: { ...metadata, reason: error.message } })) ? 'SKIPPED_DUPLICATE' : null;
  }
  const { rows: account } = await sql<{ account_id: string | null }>`SELECT account_id FROM contacts WHERE id = ${contactId}`.execute(em.getKysely());
  const linked = { contact_id: contactId, account_id: account[0]?.account_id ?? null };
  const written = await em.fork().transactional(async (tx) => {
    const entry = await addContactEntry(tx, signal, contactId, fields);
    // The contact is on the list already (under another identifier): a duplicate, no second entry.
    if (!entry) return (await writeImport(tx, signal, { ...base, ...linked, status: 'SKIPPED_DUPLICATE' })) ? { status: 'SKIPPED_DUPLICATE' as const, entry } : null;
    if (!(await writeImport(tx, signal, { ...base, ...linked, status }))) throw new AlreadyLookedAt();
    return { status, entry };
  }).catch((error: unknown) => {
    if (error instanceof AlreadyLookedAt) return null;
    throw error;
  });
  if (!written) return null;
  if (!written.entry) return written.status;
  await enrich(em, deps, signal, contactId, fields);
  await enroll(em, deps, signal, contactId, written.entry);
  return status;
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

/**
 * Rules 3-8: events of the signal's event_name after the watermark, oldest first (received_at,
 * id), at most 500; the read stops before the first PENDING event (its resolution has not
 * finished: a later poll reads it, so it is never skipped). PEOPLE: one entry per email (or per
 * matched person without email), carrying the company domain; company-only events are passed
 * over for good. COMPANIES: one entry per domain. Resolved events link the entry to the contact or
 * account; unresolved ones keep the raw email or domain. Entries land whether or not the person is
 * excluded (events are trusted); enrollment still refuses excluded people. A dedup key already
 * looked at (a re-read, or the same person again) makes no second entry. No caps.
 */
async function pollEvents(em: EntityManager, deps: SignalCheckDeps, signal: SignalRow): Promise<CheckResult> {
  const db = em.getKysely();
  const wm = signal.watermark;
  const after = wm ? sql`AND (e.received_at, e.id) > (${new Date(wm.received_at)}::timestamptz, ${wm.id}::uuid)` : sql``;
  const { rows } = await sql<EventRow>`
    SELECT e.id, e.occurred_at, e.received_at, e.subject, e.payload_json, e.resolution_status, e.contact_id, e.account_id,
           c.email AS contact_email, a.domain AS account_domain, a.name AS account_name
      FROM ingested_events e LEFT JOIN contacts c ON c.id = e.contact_id LEFT JOIN accounts a ON a.id = e.account_id
     WHERE e.organization_id = ${signal.organization_id} AND e.event_name = ${signal.event_name} ${after}
     ORDER BY e.received_at, e.id LIMIT ${EVENTS_PER_POLL}`.execute(db);
  const pending = rows.findIndex((r) => r.resolution_status === 'PENDING');
  const finished = pending === -1 ? rows : rows.slice(0, pending);
  const result: CheckResult = { outcome: 'CHECKED', imported: 0, skipped: 0, read: finished.length };
  const people = (signal.event_subject ?? (signal.import_target === 'COMPANIES' ? 'COMPANIES' : 'PEOPLE')) === 'PEOPLE';

  for (const event of finished) {
    deps.heartbeat?.();
    const resolved = event.resolution_status === 'RESOLVED';
    const copy = payloadCopy(event.payload_json);
    const metadata: Record<string, unknown> = {
      event_id: event.id, event_name: signal.event_name, resolution_status: event.resolution_status, subject: event.subject,
      ...(copy === undefined ? { payload_omitted: true } : { payload: copy }),
    };
    const subjectDomain = event.subject.company_domain ? normalizeDomain(event.subject.company_domain) : null;
    const domain = (resolved ? event.account_domain : null) ?? subjectDomain;
    if (people) {
      const email = event.subject.email ? normalizeEmail(event.subject.email) ?? event.subject.email : (resolved ? event.contact_email : null);
      const linkedin = event.subject.linkedin_url ? normalizeLinkedinUrl(event.subject.linkedin_url) ?? event.subject.linkedin_url : null;
      const contactId = resolved ? event.contact_id : null;
      // Rule 7: a company-only event (or an unmatched subject with no email) never makes a person entry.
      const key = email ? `email:${email}` : contactId ? `contact:${contactId}` : null;
      if (!key) continue;
      const fields: PersonFields = { first_name: null, last_name: null, email, job_title: null, linkedin_url: linkedin, company_name: resolved ? event.account_name : null, company_domain: domain };
      const entryId = await em.fork().transactional(async (tx) => {
        if (contactId) {
          const { rows: contact } = await sql<PersonFields>`
            SELECT first_name, last_name, email, job_title, linkedin_url, company_name, NULL AS company_domain FROM contacts WHERE id = ${contactId}`.execute(tx.getKysely());
          if (contact[0]) Object.assign(fields, { ...contact[0], email: fields.email ?? contact[0].email, linkedin_url: fields.linkedin_url ?? contact[0].linkedin_url, company_domain: domain });
        }
        const wrote = await writeImport(tx, signal, {
          fact_key: key, kind: 'CONTACT', status: 'IMPORTED', occurred_at: new Date(event.occurred_at), ...fields,
          contact_id: contactId, account_id: resolved ? event.account_id : null, metadata,
        });
        if (!wrote) return null;
        return (await addContactEntry(tx, signal, contactId, fields)) ?? '';
      });
      if (entryId === null) continue;
      result.imported++;
      if (entryId && contactId) await enroll(em, deps, signal, contactId, entryId);
    } else {
      if (!domain) continue;
      const key = `domain:${domain}`;
      const wrote = await em.fork().transactional(async (tx) => {
        const name = (resolved ? event.account_name : null) ?? domain;
        const { accountId } = await addAccountEntry(tx, signal, resolved ? event.account_id : null, name, domain);
        return writeImport(tx, signal, {
          fact_key: key, kind: 'ACCOUNT', status: 'IMPORTED', occurred_at: new Date(event.occurred_at), account_name: name, account_domain: domain,
          account_id: accountId, metadata,
        });
      });
      if (wrote) result.imported++;
    }
  }

  const last = finished.at(-1);
  if (last) {
    const watermark = { received_at: new Date(last.received_at).toISOString(), id: last.id };
    await sql`UPDATE signals SET watermark = ${JSON.stringify(watermark)}::jsonb WHERE id = ${signal.id}`.execute(db);
  }
  return result;
}
