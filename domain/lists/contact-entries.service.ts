// Contact entries (issue 6 item 6, SPEC 'Contact lists and entries', entry resolution rules):
// the batch add, reads, delete, and the lead-import workflow's steps (profile completion from the
// directory, failure, enrollment with source_contact_entry_id).
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Directory, DirectoryPerson } from '../../providers/directory/index.ts';
import type { EnrichmentStatus } from '../../db/entities/contact-entry.entity.ts';
import { primaryDomain } from '../people/accounts.service.ts';
import { contactIdentifiers, upsertContact } from '../people/contacts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { emitEvent } from '../activity/emit.ts';
import { failed, itemError, runItems, sourcedRunningSequences, startLeadImport, type BatchItem, type LeadImportDeps } from './lists.service.ts';
import type { ContactSummary } from '../people/records.ts';
import { endRunDirectly, endRuns } from '../sequences/runs.ts';
import { enrollContact, type EnrollmentDeps } from '../sequences/enrollment/enroll-contact.ts';
import { LEAD_IMPORT_ENTRY_PREFIX } from '../workflow-commands/commands.ts';
import { FAST_PATH_GRACE_MS, claimCommandsById, markDone, markEntryCommandsDone } from '../workflow-commands/outbox.ts';
import { iso } from '../shared/time.ts';

export const ENTRY_BATCH_MAX = 100;

export interface ContactEntryInput {
  contact_list_id: string;
  email?: string | null;
  linkedin_url?: string | null;
  external_contact_id?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  company_domain?: string | null;
  job_title?: string | null;
  phone?: string | null;
}

/** The entry's fields, with its times as `Time` (ISO strings in the record, Dates in the row). */
interface ContactEntryFields<Time> {
  id: string;
  contact_list_id: string;
  contact_id: string | null;
  email: string | null;
  linkedin_url: string | null;
  external_contact_id: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  company_domain: string | null;
  job_title: string | null;
  phone: string | null;
  enrichment_status: EnrichmentStatus;
  enrichment_error: string | null;
  resolved_at: Time | null;
  created_at: Time;
  updated_at: Time;
}

export interface ContactEntryRecord extends ContactEntryFields<string> {
  /** The latest sequence this entry sourced (list auto-enrollment), or null. */
  sequence: { id: string; status: string; stopped_reason: string | null } | null;
}

interface EntryRow extends ContactEntryFields<Date> {
  sequence_id: string | null;
  sequence_status: string | null;
  sequence_stopped_reason: string | null;
}


function toRecord(row: EntryRow): ContactEntryRecord {
  return {
    id: row.id, contact_list_id: row.contact_list_id, contact_id: row.contact_id, email: row.email, linkedin_url: row.linkedin_url,
    external_contact_id: row.external_contact_id, first_name: row.first_name, last_name: row.last_name, company_name: row.company_name,
    company_domain: row.company_domain, job_title: row.job_title, phone: row.phone, enrichment_status: row.enrichment_status,
    enrichment_error: row.enrichment_error, resolved_at: iso(row.resolved_at),
    sequence: row.sequence_id ? { id: row.sequence_id, status: row.sequence_status!, stopped_reason: row.sequence_stopped_reason } : null,
    created_at: iso(row.created_at)!, updated_at: iso(row.updated_at)!,
  };
}

/** Entry columns plus its latest sourced sequence (found through the sequences' contact index). */
const SELECT_ENTRY = sql`
  SELECT e.id, e.contact_list_id, e.contact_id, e.email, e.linkedin_url, e.external_contact_id, e.first_name, e.last_name, e.company_name,
         e.company_domain, e.job_title, e.phone, e.enrichment_status, e.enrichment_error, e.resolved_at, e.created_at, e.updated_at,
         s.id AS sequence_id, s.status AS sequence_status, s.stopped_reason AS sequence_stopped_reason
    FROM contact_entries e
    LEFT JOIN LATERAL (
      SELECT id, status, stopped_reason FROM sequences
       WHERE organization_id = e.organization_id AND contact_id = e.contact_id AND source_contact_entry_id = e.id
       ORDER BY created_at DESC, id DESC LIMIT 1) s ON true`;

async function entryRecord(em: EntityManager, organizationId: string, id: string): Promise<ContactEntryRecord | null> {
  const { rows } = await sql<EntryRow>`${SELECT_ENTRY} WHERE e.id = ${id} AND e.organization_id = ${organizationId}`.execute(em.getKysely());
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function getContactEntry(em: EntityManager, organizationId: string, id: string): Promise<ContactEntryRecord> {
  const record = await entryRecord(em, organizationId, id);
  if (!record) throw DomainError.notFound('Contact entry');
  return record;
}

/** The contact summary events embed (company from the linked account when the contact has none). */
export async function contactSummaryOf(em: EntityManager, contactId: string): Promise<ContactSummary | null> {
  return (await contactSummariesOf(em, [contactId])).get(contactId) ?? null;
}

/** The event embeds of several contacts, by id (one statement). */
export async function contactSummariesOf(em: EntityManager, contactIds: string[]): Promise<Map<string, ContactSummary>> {
  if (!contactIds.length) return new Map();
  const { rows } = await sql<ContactSummary>`
    SELECT c.id, c.first_name, c.last_name, c.email, c.linkedin_url, c.job_title, COALESCE(c.company_name, a.name) AS company_name, a.domain AS company_domain
      FROM contacts c LEFT JOIN accounts a ON a.id = c.account_id WHERE c.id = ANY (${contactIds}::uuid[])`.execute(em.getKysely());
  return new Map(rows.map((r) => [r.id, r]));
}

async function emitResolved(tx: EntityManager, organizationId: string, entry: { id: string; contact_list_id: string; contact_id: string; external_contact_id: string | null }): Promise<void> {
  await emitEvent(tx, {
    type: 'contact_entry.resolved',
    organizationId,
    contact: await contactSummaryOf(tx, entry.contact_id),
    fields: { contact_entry_id: entry.id, contact_list_id: entry.contact_list_id, external_contact_id: entry.external_contact_id },
  });
}

// ---------------------------------------------------------------------------------------------
// POST /v1/contact-entries

const TEXT_FIELDS = ['external_contact_id', 'first_name', 'last_name', 'company_name', 'job_title', 'phone'] as const;

interface Prepared {
  index: number;
  input: ContactEntryInput;
  email: string | null;
  linkedinUrl: string | null;
  companyDomain: string | null | undefined;
}

const clean = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() || null : value);

/** Normalised identifiers and domain of one item; a malformed value is a ValidationIssue naming it. */
async function prepare(directory: Directory, index: number, input: ContactEntryInput): Promise<Prepared> {
  const { email, linkedinUrl } = contactIdentifiers(input);
  if (!email && !linkedinUrl) {
    throw DomainError.invalidFields('At least one of email or linkedin_url is required.', [
      { path: 'email', message: 'is required when linkedin_url is absent' },
      { path: 'linkedin_url', message: 'is required when email is absent' },
    ]);
  }
  const companyDomain = typeof input.company_domain === 'string' ? (await primaryDomain(directory, input.company_domain, 'company_domain')).domain : input.company_domain;
  return { index, input, email: email ?? null, linkedinUrl: linkedinUrl ?? null, companyDomain };
}

interface Written {
  item: BatchItem<ContactEntryRecord>;
  /** A person new to the workspace (or a FAILED entry sent again): the lead import completes it. */
  importId: string | null;
  /** A resolved entry of a list with a default template: enrolled (at most once per template). */
  enrollId: string | null;
  /** The outbox command that carries the entry to its lead import, when it has one. */
  commandId: string | null;
}

/**
 * Resolution rules 1-4 for one item: a known contact (email first, then LinkedIn URL) is used as
 * is and the entry resolves now (DONE, contact_entry.resolved in the same transaction); an unknown
 * person becomes a contact from the fields sent and the entry waits for the lead import (PENDING).
 * The same contact again in the same list updates its one entry (fields sent overwrite; omitted
 * ones stay); a FAILED entry sent again is imported again.
 */
async function writeItem(em: EntityManager, directory: Directory, organizationId: string, p: Prepared, templateOf: Map<string, string | null>): Promise<Written> {
  const db = em.getKysely();
  const { rows: matches } = await sql<{ id: string; email: string | null; linkedin_url: string | null }>`
    SELECT id, email, linkedin_url FROM contacts WHERE organization_id = ${organizationId} AND (email = ${p.email}::text OR linkedin_url = ${p.linkedinUrl}::text)`.execute(db);
  const byEmail = p.email ? matches.find((m) => m.email === p.email) : undefined;
  const byLinkedin = p.linkedinUrl ? matches.find((m) => m.linkedin_url === p.linkedinUrl) : undefined;
  if (byEmail && byLinkedin && byEmail.id !== byLinkedin.id) {
    throw DomainError.conflict('The email and the linkedin_url belong to two different contacts.', { email_contact_id: byEmail.id, linkedin_url_contact_id: byLinkedin.id });
  }
  let contactId = (byEmail ?? byLinkedin)?.id;
  let known = !!contactId;
  if (!contactId) {
    const { record, created } = await upsertContact(em, directory, organizationId, {
      email: p.email, linkedin_url: p.linkedinUrl, first_name: p.input.first_name, last_name: p.input.last_name, job_title: p.input.job_title,
      company_name: p.input.company_name, company_domain: p.companyDomain ?? undefined, phone: p.input.phone,
    });
    contactId = record.id;
    known = !created; // a concurrent request created it first
  }

  // A known contact's entry resolves now: the row and its event in one transaction. A new person's
  // entry is one statement (no event yet), the batch's hot path.
  const write = async (tx: EntityManager): Promise<Written> => {
    const now = new Date();
    const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, clean(p.input[f])]));
    const status: EnrichmentStatus = known ? 'DONE' : 'PENDING';
    const updates = [sql`updated_at = ${now}`];
    if (p.email) updates.push(sql`email = ${p.email}`);
    if (p.linkedinUrl) updates.push(sql`linkedin_url = ${p.linkedinUrl}`);
    if (p.companyDomain !== undefined) updates.push(sql`company_domain = ${p.companyDomain}`);
    for (const f of TEXT_FIELDS) if (text[f] !== undefined) updates.push(sql`${sql.ref(f)} = ${text[f]}`);
    // A FAILED entry sent again goes back to its lead import.
    updates.push(sql`enrichment_status = CASE WHEN contact_entries.enrichment_status = 'FAILED' THEN 'PENDING' ELSE contact_entries.enrichment_status END`);
    updates.push(sql`enrichment_error = CASE WHEN contact_entries.enrichment_status = 'FAILED' THEN NULL ELSE contact_entries.enrichment_error END`);
    // The entry and, when it needs the lead import (a new person, a FAILED entry sent again, or a
    // resolved entry of a list with a default template), its outbox command: one statement.
    const hasTemplate = !!templateOf.get(p.input.contact_list_id);
    const { rows } = await sql<EntryRow & { inserted: boolean; was_failed: boolean; command_id: string | null }>`
      WITH before AS (SELECT enrichment_status FROM contact_entries WHERE contact_list_id = ${p.input.contact_list_id} AND contact_id = ${contactId}),
      e AS (
      INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, email, linkedin_url, external_contact_id, first_name, last_name,
                                   company_name, company_domain, job_title, phone, enrichment_status, resolved_at, created_at, updated_at)
      VALUES (gen_random_uuid(), ${organizationId}, ${p.input.contact_list_id}, ${contactId}, ${p.email}, ${p.linkedinUrl}, ${text.external_contact_id ?? null},
              ${text.first_name ?? null}, ${text.last_name ?? null}, ${text.company_name ?? null}, ${p.companyDomain ?? null}, ${text.job_title ?? null},
              ${text.phone ?? null}, ${status}, ${known ? now : null}, ${now}, ${now})
      ON CONFLICT (contact_list_id, contact_id) DO UPDATE SET ${sql.join(updates)}
      RETURNING *, NULL AS sequence_id, (xmax = 0) AS inserted, COALESCE((SELECT enrichment_status = 'FAILED' FROM before), false) AS was_failed),
      x AS (SELECT e.id, CASE WHEN e.inserted THEN ${!known} ELSE e.was_failed END AS reimport, e.enrichment_status FROM e),
      cmd AS (
        INSERT INTO workflow_commands (id, organization_id, kind, workflow_id, payload, next_attempt_at, created_at)
        SELECT gen_random_uuid(), ${organizationId}, 'LEAD_IMPORT', ${LEAD_IMPORT_ENTRY_PREFIX} || x.id::text,
               jsonb_build_object('kind', 'LEAD_IMPORT', 'organizationId', ${organizationId}::text, 'entryId', x.id::text, 'import', x.reimport),
               ${new Date(now.getTime() + FAST_PATH_GRACE_MS)}, ${now}
          FROM x WHERE x.reimport OR (x.enrichment_status = 'DONE' AND ${hasTemplate})
        RETURNING id)
      SELECT e.*, (SELECT id FROM cmd) AS command_id FROM e`.execute(tx.getKysely());
    const row = rows[0];
    if (row.inserted && known) await emitResolved(tx, organizationId, { ...row, contact_id: contactId });
    // A new entry sourced nothing yet; an updated one may have.
    const { command_id: commandId, ...entry } = row;
    const record = row.inserted ? toRecord(entry) : (await entryRecord(tx, organizationId, row.id))!;
    const reimport = row.inserted ? !known : row.was_failed;
    const enroll = !reimport && row.enrichment_status === 'DONE' && hasTemplate;
    return {
      item: { index: p.index, status: row.inserted ? 'CREATED' : 'UPDATED', resource: record, error: null },
      importId: reimport ? row.id : null,
      enrollId: enroll ? row.id : null,
      commandId,
    };
  };
  return known ? em.fork().transactional(write) : write(em);
}

/** Items run 8 at a time; the same person twice in a batch runs in order (one entry, CREATED then UPDATED). */
const ITEM_CONCURRENCY = 8;

/**
 * POST /v1/contact-entries for the items that passed the schema (`items`, with their index in the
 * request). Answers the items' results; one lead-import workflow (at most) carries the batch's new
 * people and its resolved entries to enroll. If that workflow cannot be started, the entries it
 * would import are FAILED with the reason (sending them again retries).
 */
export async function addContactEntries(
  em: EntityManager, directory: Directory, deps: LeadImportDeps, organizationId: string, items: { index: number; input: ContactEntryInput }[],
): Promise<BatchItem<ContactEntryRecord>[]> {
  const listIds = [...new Set(items.map((i) => i.input.contact_list_id))];
  const { rows: lists } = await sql<{ id: string; default_sequence_template_id: string | null }>`
    SELECT id, default_sequence_template_id FROM contact_lists WHERE organization_id = ${organizationId} AND id = ANY (${listIds}::uuid[])`.execute(em.getKysely());
  const templateOf = new Map(lists.map((l) => [l.id, l.default_sequence_template_id]));

  const out: BatchItem<ContactEntryRecord>[] = [];
  const ready: Prepared[] = [];
  for (const { index, input } of items) {
    if (!templateOf.has(input.contact_list_id)) { out.push(failed(index, { type: 'NotFoundIssue', message: 'contact_list_id: Contact list not found.' })); continue; }
    try {
      ready.push(await prepare(directory, index, input));
    } catch (error) {
      out.push(failed(index, itemError(error)));
    }
  }
  const imports: string[] = [];
  const enrolls: string[] = [];
  const commandIds: string[] = [];
  const keysOf = (p: Prepared) => [p.email ? `e:${p.email}` : null, p.linkedinUrl ? `l:${p.linkedinUrl}` : null].filter((k): k is string => !!k);
  await runItems(ready, keysOf, ITEM_CONCURRENCY, async (p) => {
    try {
      const written = await writeItem(em.fork(), directory, organizationId, p, templateOf);
      out.push(written.item);
      if (written.importId) imports.push(written.importId);
      if (written.enrollId) enrolls.push(written.enrollId);
      if (written.commandId) commandIds.push(written.commandId);
    } catch (error) {
      out.push(failed(p.index, itemError(error)));
    }
  });

  // The fast path of the batch's outbox commands: one lead import for the batch, as recorded.
  await claimCommandsById(em.fork(), commandIds);
  try {
    await startLeadImport(deps, organizationId, imports, enrolls);
    await markDone(em.fork(), commandIds);
  } catch {
    // The entries to import are FAILED (sending them again retries); the ones to enroll stay with the drain.
    const reason = 'The lead import could not be started (the workflow service is unavailable); send the entry again to retry.';
    await em.fork().transactional(async (tx) => {
      await failEntries(tx, organizationId, imports, reason);
      await markEntryCommandsDone(tx, imports);
    });
    for (const item of out) {
      if (item.resource && imports.includes(item.resource.id)) Object.assign(item.resource, { enrichment_status: 'FAILED', enrichment_error: reason });
    }
  }
  return out;
}


// ---------------------------------------------------------------------------------------------
// GET /v1/contact-entries

export const CONTACT_ENTRY_SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type ContactEntrySort = (typeof CONTACT_ENTRY_SORT_FIELDS)[number];

export interface ContactEntryFilters {
  contact_list_id: string;
  email?: string;
  company_domain?: string;
  external_contact_id?: string;
  enrichment_status?: EnrichmentStatus;
  created_at_after?: string;
  created_at_before?: string;
}

/**
 * Entries of one list (404 when the list is not the organization's). email matches the entry's or
 * its contact's normalised email; company_domain (an alias resolves) the entry's domain or its
 * contact's account domain.
 */
export async function listContactEntries(
  em: EntityManager, directory: Directory, organizationId: string, filters: ContactEntryFilters,
  page: { limit: number; offset: number; sortBy?: ContactEntrySort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: ContactEntryRecord[]; total: number }> {
  const db = em.getKysely();
  const list = await sql<{ id: string }>`SELECT id FROM contact_lists WHERE id = ${filters.contact_list_id} AND organization_id = ${organizationId}`.execute(db);
  if (!list.rows[0]) throw DomainError.notFound('Contact list');
  const where = [sql`e.contact_list_id = ${filters.contact_list_id}`];
  if (filters.email !== undefined) {
    const { email } = contactIdentifiers({ email: filters.email });
    where.push(sql`(e.email = ${email} OR e.contact_id IN (SELECT id FROM contacts WHERE organization_id = ${organizationId} AND email = ${email}))`);
  }
  if (filters.company_domain !== undefined) {
    const { domain } = await primaryDomain(directory, filters.company_domain, 'company_domain');
    where.push(sql`(e.company_domain = ${domain} OR e.contact_id IN (
      SELECT c.id FROM contacts c JOIN accounts a ON a.id = c.account_id WHERE c.organization_id = ${organizationId} AND a.domain = ${domain}))`);
  }
  if (filters.external_contact_id !== undefined) where.push(sql`e.external_contact_id = ${filters.external_contact_id}`);
  if (filters.enrichment_status) where.push(sql`e.enrichment_status = ${filters.enrichment_status}`);
  if (filters.created_at_after) where.push(sql`e.created_at > ${new Date(filters.created_at_after)}`);
  if (filters.created_at_before) where.push(sql`e.created_at < ${new Date(filters.created_at_before)}`);
  const condition = sql.join(where, sql` AND `);
  const column = sql.ref(`e.${page.sortBy ?? 'created_at'}`);
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const [{ rows }, counted] = await Promise.all([
    sql<EntryRow>`${SELECT_ENTRY} WHERE ${condition} ORDER BY ${column} ${direction}, e.id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM contact_entries e WHERE ${condition}`.execute(db),
  ]);
  return { items: rows.map(toRecord), total: Number(counted.rows[0].total) };
}

// ---------------------------------------------------------------------------------------------
// DELETE /v1/contact-entries/{id}

/** Rule 5: the running sequence this entry sourced ends STOPPED_EARLY (REMOVED_FROM_SOURCE_LIST); other runs of the contact stay. */
export async function deleteContactEntry(em: EntityManager, workflows: WorkflowClients, organizationId: string, id: string): Promise<ContactEntryRecord> {
  const { record, stopped } = await em.transactional(async (tx) => {
    const locked = await sql<{ id: string }>`SELECT id FROM contact_entries WHERE id = ${id} AND organization_id = ${organizationId} FOR UPDATE`.execute(tx.getKysely());
    if (!locked.rows[0]) throw DomainError.notFound('Contact entry');
    const stopped = await endRuns(tx, await sourcedRunningSequences(tx, organizationId, { entryId: id }), 'STOPPED_EARLY', 'REMOVED_FROM_SOURCE_LIST');
    const record = (await entryRecord(tx, organizationId, id))!;
    await sql`DELETE FROM contact_entries WHERE id = ${id}`.execute(tx.getKysely());
    return { record, stopped };
  });
  await workflows.sequence.notifyChanged(stopped);
  return record;
}

// ---------------------------------------------------------------------------------------------
// The lead-import workflow's steps (activities/lead-import.activities.ts)

async function findPerson(directory: Directory, c: { email: string | null; linkedin_url: string | null; first_name: string | null; last_name: string | null; domain: string | null }): Promise<DirectoryPerson | null> {
  if (c.email) {
    const person = await directory.findPersonByEmail(c.email);
    if (person) return person;
  }
  if (c.linkedin_url) {
    const person = await directory.findPersonByLinkedinUrl(c.linkedin_url);
    if (person) return person;
  }
  if (c.first_name && c.last_name && c.domain) return directory.findPersonByName({ firstName: c.first_name, lastName: c.last_name, companyDomain: c.domain });
  return null;
}

interface PendingRow {
  id: string;
  contact_list_id: string;
  contact_id: string;
  external_contact_id: string | null;
  email: string | null;
  linkedin_url: string | null;
  first_name: string | null;
  last_name: string | null;
  account_id: string | null;
  domain: string | null;
}

/**
 * Completes each PENDING entry's contact from the directory (matched by email, LinkedIn URL, then
 * name at the company domain): only gaps are filled, workspace values always win; an email or URL
 * another contact already holds is not copied. A contact without account is linked to its
 * company's. Then, in the same transaction, the entry is DONE and contact_entry.resolved emitted.
 * Idempotent: entries no longer PENDING (or deleted) are skipped.
 */
export async function importLeads(em: EntityManager, directory: Directory, organizationId: string, entryIds: string[]): Promise<string[]> {
  const { rows } = await sql<PendingRow>`
    SELECT e.id, e.contact_list_id, e.contact_id, e.external_contact_id, c.email, c.linkedin_url, c.first_name, c.last_name, c.account_id, a.domain
      FROM contact_entries e JOIN contacts c ON c.id = e.contact_id LEFT JOIN accounts a ON a.id = c.account_id
     WHERE e.organization_id = ${organizationId} AND e.id = ANY (${entryIds}::uuid[]) AND e.enrichment_status = 'PENDING'`.execute(em.getKysely());
  const resolved: string[] = [];
  await runItems(rows, (r) => [r.contact_id], ITEM_CONCURRENCY, async (row) => {
    const person = await findPerson(directory, row);
    const done = await em.fork().transactional(async (tx) => {
      const db = tx.getKysely();
      const now = new Date();
      if (person) {
        let accountId: string | null = null;
        if (!row.account_id && person.company) {
          const account = await sql<{ id: string }>`
            INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at)
            VALUES (gen_random_uuid(), ${organizationId}, ${person.company.name}, ${person.company.domain}, ${now}, ${now}, ${now}, ${now})
            ON CONFLICT (organization_id, domain) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at RETURNING id`.execute(db);
          accountId = account.rows[0].id;
        }
        const free = (column: 'email' | 'linkedin_url', value: string | null) => sql`COALESCE(${sql.ref(column)}, (
          SELECT ${value}::text WHERE ${value}::text IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM contacts o WHERE o.organization_id = ${organizationId} AND o.${sql.ref(column)} = ${value}::text)))`;
        await sql`
          UPDATE contacts SET first_name = COALESCE(first_name, ${person.firstName}), last_name = COALESCE(last_name, ${person.lastName}),
                 job_title = COALESCE(job_title, ${person.jobTitle}), phone = COALESCE(phone, ${person.phone}),
                 company_name = COALESCE(company_name, ${person.company?.name ?? null}), account_id = COALESCE(account_id, ${accountId}::uuid),
                 email = ${free('email', person.email)}, linkedin_url = ${free('linkedin_url', person.linkedinUrl)}, updated_at = ${now}
           WHERE id = ${row.contact_id}`.execute(db);
      }
      const marked = await sql<{ id: string }>`
        UPDATE contact_entries SET enrichment_status = 'DONE', enrichment_error = NULL, resolved_at = ${now}, updated_at = ${now}
         WHERE id = ${row.id} AND enrichment_status = 'PENDING' RETURNING id`.execute(db);
      if (!marked.rows[0]) return false;
      await emitResolved(tx, organizationId, row);
      return true;
    });
    if (done) resolved.push(row.id);
  });
  return resolved;
}

/** Marks still-PENDING entries FAILED with the reason; answers how many changed. */
export async function failEntries(em: EntityManager, organizationId: string, entryIds: string[], reason: string): Promise<number> {
  if (!entryIds.length) return 0;
  const result = await sql`
    UPDATE contact_entries SET enrichment_status = 'FAILED', enrichment_error = ${reason}, updated_at = ${new Date()}
     WHERE organization_id = ${organizationId} AND id = ANY (${entryIds}::uuid[]) AND enrichment_status = 'PENDING'`.execute(em.getKysely());
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Enrolls resolved entries in their list's current default template through the one enrollment
 * path (domain/sequences/enrollment), with source_contact_entry_id set. An entry is enrolled at
 * most once per template; an entry deleted meanwhile has its new run stopped instead of started.
 * Idempotent per (run, entry): a retried chunk finds the rows it wrote.
 */
export async function enrollEntries(em: EntityManager, deps: EnrollmentDeps, organizationId: string, entryIds: string[], runId: string) {
  const { rows } = await sql<{ id: string; contact_id: string; template_id: string; enrolled: boolean }>`
    SELECT e.id, e.contact_id, l.default_sequence_template_id AS template_id,
           EXISTS (SELECT 1 FROM sequences s WHERE s.organization_id = e.organization_id AND s.contact_id = e.contact_id
                      AND s.source_contact_entry_id = e.id AND s.sequence_template_id = l.default_sequence_template_id
                      AND s.enrollment_run_id IS DISTINCT FROM (${runId} || '/' || e.id::text)) AS enrolled
      FROM contact_entries e JOIN contact_lists l ON l.id = e.contact_list_id
     WHERE e.organization_id = ${organizationId} AND e.id = ANY (${entryIds}::uuid[]) AND e.enrichment_status = 'DONE'
       AND e.contact_id IS NOT NULL AND l.default_sequence_template_id IS NOT NULL`.execute(em.getKysely());
  const counts = { created: 0, refused: 0, skipped: entryIds.length - rows.length };
  await runItems(rows.filter((r) => !r.enrolled), (r) => [r.contact_id], 16, async (row) => {
    const input = { organizationId, contactId: row.contact_id, sequenceTemplateId: row.template_id, enrollmentRunId: `${runId}/${row.id}`, sourceContactEntryId: row.id };
    const result = await enrollContact(em, deps, input, {
      onCreated: async (created) => {
        const still = await sql<{ id: string }>`SELECT id FROM contact_entries WHERE id = ${row.id}`.execute(em.getKysely());
        if (still.rows[0]) return true;
        await endRunDirectly(em, created.sequenceId, 'STOPPED_EARLY', 'REMOVED_FROM_SOURCE_LIST');
        return false;
      },
    });
    if (result.outcome === 'DUPLICATE') counts.skipped++;
    else if (result.outcome === 'REFUSED') counts.refused++;
    else counts.created++;
  });
  counts.skipped += rows.filter((r) => r.enrolled).length;
  return counts;
}

