// A provider-backed check's candidates (a fact, or a person at a fact's company): their fields,
// how they are classified (on the list, excluded), imported in order up to the day's cap, and
// written as feed rows.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FactPerson, SignalFact } from '../../providers/signals/index.ts';
import { ensureAccounts } from '../people/accounts.service.ts';
import { contactImportOf, importContacts, type ContactImport } from '../people/contacts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { exclusionsFor } from '../exclusions/exclusions.service.ts';
import { distinctPresent, normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../people/identifiers.ts';
import type { SignalCheckDeps } from './check-deps.ts';
import { insertAccountEntries, insertContactEntries, recordImports } from './import-writes.ts';
import { accountListMatches, contactListMatches, type ImportRow, type PersonFields } from './signal-imports.queries.ts';
import type { SignalRow } from './signal-row.ts';

export interface Candidate {
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
    first_name: person?.first_name ?? null,
    last_name: person?.last_name ?? null,
    email: person?.email ? (normalizeEmail(person.email) ?? person.email) : null,
    job_title: person?.job_title ?? null,
    linkedin_url: person?.linkedin_url ? (normalizeLinkedinUrl(person.linkedin_url) ?? person.linkedin_url) : null,
    company_name: fact.company?.name ?? null,
    company_domain:
      (person?.company_domain ?? fact.company?.domain)
        ? (normalizeDomain((person?.company_domain ?? fact.company?.domain)!) ?? null)
        : null,
  };
}

export const candidate = (key: string, fact: SignalFact, person: FactPerson | null): Candidate => ({
  key,
  fact,
  person,
  fields: personFields(person, fact),
});

const factMetadata = (fact: SignalFact, at: Date) => ({
  fact_key: fact.key,
  event_type: fact.event_type,
  check_at: at.toISOString(),
  ...(fact.company ? { company: fact.company } : {}),
  details: fact.metadata,
});

/** A record on the signal's list: a duplicate's feed row names it. */
interface Listed {
  contactId: string | null;
  accountId: string | null;
}

/** The emails and LinkedIn URLs of these people that the signal's contact list holds (on an entry or its contact), with the entry's contact. */
async function onContactList(
  em: EntityManager,
  signal: SignalRow,
  people: PersonFields[],
): Promise<Map<string, Listed>> {
  const emails = distinctPresent(people.map((p) => p.email));
  const linkedinUrls = distinctPresent(people.map((p) => p.linkedin_url));
  if (!emails.length && !linkedinUrls.length) return new Map();
  const rows = await contactListMatches(em, signal.contact_list_id, emails, linkedinUrls);
  return new Map(
    rows.flatMap((r) =>
      distinctPresent([r.email, r.linkedin_url, r.contact_email, r.contact_linkedin_url]).map(
        (id) => [id, { contactId: r.contact_id, accountId: r.account_id }] as const,
      ),
    ),
  );
}

/** The domains of these that the signal's account list holds, with the entry's account. */
async function onAccountList(em: EntityManager, signal: SignalRow, domains: string[]): Promise<Map<string, Listed>> {
  if (!domains.length) return new Map();
  const rows = await accountListMatches(em, signal.account_list_id, domains);
  return new Map(rows.map((r) => [r.domain, { contactId: null, accountId: r.account_id }]));
}

/** What a candidate is matched on: the list's dedup, and the page's own (a person twice, a company twice). */
export const identities = (signal: SignalRow, c: Candidate): string[] =>
  signal.import_target === 'COMPANIES'
    ? distinctPresent([c.fields.company_domain])
    : distinctPresent([c.fields.email, c.fields.linkedin_url]);

/** SKIPPED_DUPLICATE (on the list) and SKIPPED_EXCLUDED for the round's candidates, in one read each; the rest stay eligible. */
export async function classify(
  tx: EntityManager,
  deps: SignalCheckDeps,
  signal: SignalRow,
  round: Candidate[],
): Promise<void> {
  // A company fact whose people were not looked up (the day's company or import cap was reached).
  for (const c of round) if (signal.import_target === 'PEOPLE' && !c.person) c.status = 'SKIPPED_CAP';
  const open = round.filter((c) => !c.status);
  if (!open.length) return;
  const listed =
    signal.import_target === 'COMPANIES'
      ? await onAccountList(tx, signal, distinctPresent(open.map((c) => c.fields.company_domain)))
      : await onContactList(
          tx,
          signal,
          open.map((c) => c.fields),
        );
  const fresh = open.filter((c) => {
    const entry = identities(signal, c)
      .map((id) => listed.get(id))
      .find((l) => l);
    if (entry) Object.assign(c, { status: 'SKIPPED_DUPLICATE', ...entry });
    return !c.status;
  });
  const verdicts = await exclusionsFor(
    tx,
    signal.organization_id,
    fresh.map((c) =>
      signal.import_target === 'COMPANIES'
        ? { accountDomain: c.fields.company_domain }
        : { email: c.fields.email, linkedinUrl: c.fields.linkedin_url, accountDomain: c.fields.company_domain },
    ),
    new Date(),
    signal.import_target === 'COMPANIES' ? undefined : deps.directory,
  );
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
export async function importInOrder(
  tx: EntityManager,
  deps: SignalCheckDeps,
  signal: SignalRow,
  round: Candidate[],
  left: number,
): Promise<number> {
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
async function importPeople(
  tx: EntityManager,
  deps: SignalCheckDeps,
  signal: SignalRow,
  take: Candidate[],
): Promise<void> {
  const refuse = (c: Candidate, error: DomainError) => {
    // An erased person is left out for good (erased people are never imported again); an unusable or conflicting identifier is not imported.
    c.status = error.data?.reason === 'ERASED' ? 'SKIPPED_EXCLUDED' : 'SKIPPED_DUPLICATE';
    c.reason = error.message;
  };
  const companies = await deps.directory.findCompaniesByDomains(
    distinctPresent(take.map((c) => c.fields.company_domain)),
  );
  const ready: { c: Candidate; input: ContactImport }[] = [];
  for (const c of take) {
    try {
      ready.push({ c, input: contactImportOf(c.fields, companies) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refuse(c, error);
    }
  }
  const outcomes = await importContacts(
    tx,
    signal.organization_id,
    ready.map((r) => r.input),
  );
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
  for (const c of take)
    if (!named.has(c.fields.company_domain!))
      named.set(c.fields.company_domain!, c.fact.company?.name ?? c.fields.company_domain!);
  const accountOf = await ensureAccounts(tx, signal.organization_id, named);
  const entryOf = new Map(
    [...named].map(([domain, name]) => [domain, { id: randomUUID(), accountId: accountOf.get(domain)!, name, domain }]),
  );
  const made = await insertAccountEntries(tx, signal, [...entryOf.values()]);
  for (const c of take) {
    const entry = entryOf.get(c.fields.company_domain!)!;
    c.accountId = entry.accountId;
    c.status = made.has(entry.id) ? 'IMPORTED' : 'SKIPPED_DUPLICATE';
  }
}

/** Every candidate's feed row in one insert (and the signal's imported_count), and one contact_entry.resolved per new entry. */
export async function writeRows(tx: EntityManager, signal: SignalRow, all: Candidate[], at: Date): Promise<void> {
  if (!all.length) return;
  const rows: ImportRow[] = all.map((c) => {
    const metadata = { ...factMetadata(c.fact, at), ...(c.reason ? { reason: c.reason } : {}) };
    const linked = { contact_id: c.contactId ?? null, account_id: c.accountId ?? null };
    const occurred_at = new Date(c.fact.occurred_at);
    return signal.import_target === 'COMPANIES'
      ? {
          fact_key: c.key,
          kind: 'ACCOUNT',
          status: c.status!,
          occurred_at,
          account_name: c.fact.company?.name ?? c.fields.company_domain,
          account_domain: c.fields.company_domain,
          ...linked,
          metadata,
        }
      : { fact_key: c.key, kind: 'CONTACT', status: c.status!, occurred_at, ...c.fields, ...linked, metadata };
  });
  await recordImports(
    tx,
    signal,
    rows,
    all.filter((c) => c.entryId).map((c) => ({ entryId: c.entryId!, contactId: c.contactId! })),
  );
}
