// Contact use cases: upsert (match on normalised email, then canonical LinkedIn URL; fields sent
// overwrite, omitted ones stay; company_domain links or creates the account), reads, listing,
// owner reassignment and erasure at a privacy request.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ref, type EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { Contact, Suppression } from '../../db/entities/index.ts';
import type { Directory, DirectoryCompany } from '../../providers/directory/index.ts';
import { ensureAccounts, organizationUser, primaryDomain } from './accounts.service.ts';
import { DomainError, isUniqueViolation } from '../shared/errors.ts';
import { distinctPresent, normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from './identifiers.ts';
import { contactRecordFromRow, toContactRecord, type ContactRecord, type ContactRow } from './records.ts';

export interface ContactInput {
  email?: string | null;
  linkedin_url?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  job_title?: string | null;
  company_name?: string | null;
  company_domain?: string | null;
  phone?: string | null;
}

export function identityHash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Normalised identifiers of an input; malformed ones are named. Undefined: not sent. */
export function contactIdentifiers(input: { email?: string | null; linkedin_url?: string | null }) {
  const errors: { path: string; message: string }[] = [];
  let email: string | null | undefined = input.email === undefined ? undefined : null;
  let linkedinUrl: string | null | undefined = input.linkedin_url === undefined ? undefined : null;
  if (typeof input.email === 'string') {
    email = normalizeEmail(input.email);
    if (!email) errors.push({ path: 'email', message: 'is not a valid email address' });
  }
  if (typeof input.linkedin_url === 'string') {
    linkedinUrl = normalizeLinkedinUrl(input.linkedin_url);
    if (!linkedinUrl) errors.push({ path: 'linkedin_url', message: 'is not a LinkedIn profile URL (https://www.linkedin.com/in/...)' });
  }
  if (errors.length) throw DomainError.invalidFields(`Invalid ${errors.map((e) => e.path).join(' and ')}.`, errors);
  return { email, linkedinUrl };
}

const twoContacts = (emailContactId: string, linkedinContactId: string) =>
  DomainError.conflict('The email and the linkedin_url belong to two different contacts.', { email_contact_id: emailContactId, linkedin_url_contact_id: linkedinContactId });
const erased = () => DomainError.business('This person was erased at a privacy request and cannot be added again.', { reason: 'ERASED' });

async function suppressed(em: EntityManager, organizationId: string, email: string | null | undefined, linkedinUrl: string | null | undefined): Promise<boolean> {
  const hashes = [
    ...(email ? [{ kind: 'EMAIL' as const, valueHash: identityHash(email) }] : []),
    ...(linkedinUrl ? [{ kind: 'LINKEDIN_URL' as const, valueHash: identityHash(linkedinUrl) }] : []),
  ];
  if (!hashes.length) return false;
  return (await em.count(Suppression, { organization: organizationId, $or: hashes })) > 0;
}

const TEXT_FIELDS = ['first_name', 'last_name', 'job_title', 'company_name', 'phone'] as const;

function cleanText(value: string | null | undefined): string | null | undefined {
  return typeof value === 'string' ? value.trim() || null : value;
}

/** The row, joined with its account and owner, in the shape contactRecordFromRow reads. */
const JOINED = sql`SELECT c.*, a.name AS account_name, a.domain AS account_domain, u.email AS owner_email, u.name AS owner_name
  FROM written c LEFT JOIN accounts a ON a.id = c.account_id LEFT JOIN users u ON u.id = c.owner_id`;

/**
 * One upsert, in SQL: the hot path of imports and integrations, so it runs a handful of
 * parameterised statements (match, account upsert, write-and-read) inside the ORM's transaction
 * instead of loading and flushing entities.
 */
async function upsertOnce(em: EntityManager, directory: Directory, organizationId: string, input: ContactInput): Promise<{ record: ContactRecord; created: boolean }> {
  const { email, linkedinUrl } = contactIdentifiers(input);
  if (!email && !linkedinUrl) {
    throw DomainError.invalidFields('At least one of email or linkedin_url is required.', [
      { path: 'email', message: 'is required when linkedin_url is absent' },
      { path: 'linkedin_url', message: 'is required when email is absent' },
    ]);
  }
  // Resolve the company outside the transaction: it is a directory read, not workspace state.
  const company = typeof input.company_domain === 'string' ? await primaryDomain(directory, input.company_domain, 'company_domain') : null;

  return em.transactional(async (tx) => {
    const db = tx.getKysely();
    // Timestamps come from here, not now(): the API serialises milliseconds, and a stored
    // microsecond would make `first_seen_after=<a served value>` match its own row.
    const now = new Date();
    const { rows: matches } = await sql<{ id: string; email: string | null; linkedin_url: string | null; company_name: string | null }>`
      SELECT id, email, linkedin_url, company_name FROM contacts
       WHERE organization_id = ${organizationId} AND (email = ${email ?? null} OR linkedin_url = ${linkedinUrl ?? null})`.execute(db);
    const byEmail = email ? matches.find((m) => m.email === email) : undefined;
    const byLinkedin = linkedinUrl ? matches.find((m) => m.linkedin_url === linkedinUrl) : undefined;
    if (byEmail && byLinkedin && byEmail.id !== byLinkedin.id) {
      throw twoContacts(byEmail.id, byLinkedin.id);
    }
    const existing = byEmail ?? byLinkedin;
    if (!existing && (await suppressed(tx, organizationId, email, linkedinUrl))) {
      throw erased();
    }

    let accountId: string | null | undefined;
    if (company) {
      const companyName = cleanText(input.company_name) ?? existing?.company_name ?? company.companyName ?? company.domain;
      const { rows } = await sql<{ id: string }>`
        INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at)
        VALUES (gen_random_uuid(), ${organizationId}, ${companyName}, ${company.domain}, ${now}, ${now}, ${now}, ${now})
        ON CONFLICT (organization_id, domain) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
        RETURNING id`.execute(db);
      accountId = rows[0].id;
    } else if (input.company_domain === null) {
      accountId = null;
    }

    let written;
    if (!existing) {
      const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, cleanText(input[f]) ?? null]));
      written = await sql<ContactRow>`
        WITH written AS (
          INSERT INTO contacts (id, organization_id, account_id, email, linkedin_url, first_name, last_name, job_title, company_name, phone,
                                email_status, first_seen_at, last_seen_at, created_at, updated_at)
          VALUES (${randomUUID()}, ${organizationId}, ${accountId ?? null}, ${email ?? null}, ${linkedinUrl ?? null}, ${text.first_name},
                  ${text.last_name}, ${text.job_title}, ${text.company_name}, ${text.phone}, 'UNVERIFIED', ${now}, ${now}, ${now}, ${now})
          RETURNING *)
        ${JOINED}`.execute(db);
    } else {
      const nextEmail = email !== undefined ? email : existing.email;
      const nextLinkedin = linkedinUrl !== undefined ? linkedinUrl : existing.linkedin_url;
      if (!nextEmail && !nextLinkedin) {
        throw DomainError.invalidFields('A contact keeps at least one of email or linkedin_url.', [
          { path: 'email', message: 'cannot be cleared while linkedin_url is empty' },
          { path: 'linkedin_url', message: 'cannot be cleared while email is empty' },
        ]);
      }
      const sets = [sql`last_seen_at = ${now}`, sql`updated_at = ${now}`, sql`email = ${nextEmail}`, sql`linkedin_url = ${nextLinkedin}`];
      for (const field of TEXT_FIELDS) if (input[field] !== undefined) sets.push(sql`${sql.ref(field)} = ${cleanText(input[field]) ?? null}`);
      if (accountId !== undefined) sets.push(sql`account_id = ${accountId}`);
      written = await sql<ContactRow>`
        WITH written AS (UPDATE contacts SET ${sql.join(sets)} WHERE id = ${existing.id} RETURNING *)
        ${JOINED}`.execute(db);
    }
    return { record: contactRecordFromRow(written.rows[0]), created: !existing };
  });
}


/** Upsert; a concurrent first insert of the same person is retried once as an update. */
export async function upsertContact(em: EntityManager, directory: Directory, organizationId: string, input: ContactInput) {
  try {
    return await upsertOnce(em.fork(), directory, organizationId, input);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return upsertOnce(em.fork(), directory, organizationId, input);
  }
}

/** A person to import (importContacts): identifiers normalised, the company resolved to its primary domain; null means "not known". */
export interface ContactImport {
  email: string | null;
  linkedinUrl: string | null;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  company_name: string | null;
  company: { domain: string; companyName: string | null } | null;
}

export type ContactImportOutcome = { contactId: string; accountId: string | null; created: boolean } | { error: DomainError };

/**
 * The ContactImport of raw identifiers and a raw company domain, given the directory's answers
 * for the domains (findCompaniesByDomains: the company's primary domain and name); a DomainError
 * when an identifier or the domain is unusable.
 */
export function contactImportOf(
  input: Omit<ContactImport, 'email' | 'linkedinUrl' | 'company'> & { email: string | null; linkedin_url: string | null; company_domain: string | null },
  companies: Map<string, DirectoryCompany | null>,
): ContactImport {
  const { email, linkedinUrl } = contactIdentifiers({ email: input.email, linkedin_url: input.linkedin_url });
  if (!email && !linkedinUrl) throw DomainError.invalid('email', 'is required when linkedin_url is absent');
  let company: ContactImport['company'] = null;
  if (input.company_domain) {
    const domain = normalizeDomain(input.company_domain);
    if (!domain) throw DomainError.invalid('company_domain', 'is not a valid domain');
    const known = companies.get(domain);
    company = known ? { domain: known.domain, companyName: known.name } : { domain, companyName: null };
  }
  return {
    email: email ?? null, linkedinUrl: linkedinUrl ?? null, first_name: input.first_name, last_name: input.last_name, job_title: input.job_title,
    company_name: input.company_name, company,
  };
}

interface ImportTarget {
  id: string;
  email: string | null;
  linkedin_url: string | null;
  company_name: string | null;
  account_id: string | null;
  /** Already a workspace contact (updated), or new in this batch (inserted). */
  existing: boolean;
  /** Set for the first person of the batch that lands on this contact; later ones change nothing. */
  person?: ContactImport;
}

/**
 * Imports a batch of people into the workspace inside the caller's transaction, in a fixed
 * number of statements whatever the batch size: one match read, one suppression read, one
 * account upsert, one insert of the new contacts and one update of the matched ones. A person
 * matches a contact on email, then LinkedIn URL, as upsertContact does, but an import only adds:
 * known fields overwrite, unknown (null) ones never clear a value, and a matched contact's
 * identifiers are only filled where empty. A person whose email and URL belong to two contacts
 * (409) or who was erased (422) gets that error as its outcome, and the rest of the batch goes
 * on. Two people of the batch that land on one contact: the first one's fields are written, both
 * answer the contact. A concurrent insert of the same person surfaces as a unique violation: the
 * caller retries its transaction.
 */
export async function importContacts(tx: EntityManager, organizationId: string, people: ContactImport[]): Promise<ContactImportOutcome[]> {
  if (!people.length) return [];
  const db = tx.getKysely();
  const now = new Date();
  const emails = distinctPresent(people.map((p) => p.email));
  const linkedinUrls = distinctPresent(people.map((p) => p.linkedinUrl));
  const { rows: matches } = await sql<Omit<ImportTarget, 'existing'>>`
    SELECT id, email, linkedin_url, company_name, account_id FROM contacts
     WHERE organization_id = ${organizationId} AND (email = ANY (${emails}::text[]) OR linkedin_url = ANY (${linkedinUrls}::text[]))`.execute(db);
  const byEmail = new Map<string, ImportTarget>();
  const byLinkedin = new Map<string, ImportTarget>();
  const register = (t: ImportTarget) => {
    if (t.email) byEmail.set(t.email, t);
    if (t.linkedin_url) byLinkedin.set(t.linkedin_url, t);
  };
  for (const m of matches) register({ ...m, existing: true });

  // Erasure hashes of the identifiers no contact holds (only a new contact can be an erased person).
  const unmatched = [...emails.filter((e) => !byEmail.has(e)).map((e) => ['EMAIL', e]), ...linkedinUrls.filter((u) => !byLinkedin.has(u)).map((u) => ['LINKEDIN_URL', u])];
  const { rows: suppressions } = unmatched.length
    ? await sql<{ kind: string; value_hash: string }>`
        SELECT kind, value_hash FROM suppressions WHERE organization_id = ${organizationId} AND value_hash = ANY (${unmatched.map(([, v]) => identityHash(v))}::text[])`.execute(db)
    : { rows: [] };
  const suppressed = new Set(suppressions.map((r) => `${r.kind}:${r.value_hash}`));
  const isErased = (p: ContactImport) => (p.email !== null && suppressed.has(`EMAIL:${identityHash(p.email)}`))
    || (p.linkedinUrl !== null && suppressed.has(`LINKEDIN_URL:${identityHash(p.linkedinUrl)}`));

  const targets: (ImportTarget | DomainError)[] = people.map((p) => {
    const emailTarget = p.email ? byEmail.get(p.email) : undefined;
    const linkedinTarget = p.linkedinUrl ? byLinkedin.get(p.linkedinUrl) : undefined;
    if (emailTarget && linkedinTarget && emailTarget !== linkedinTarget) return twoContacts(emailTarget.id, linkedinTarget.id);
    let target = emailTarget ?? linkedinTarget;
    if (!target) {
      if (isErased(p)) return erased();
      target = { id: randomUUID(), email: null, linkedin_url: null, company_name: null, account_id: null, existing: false };
    }
    if (!target.person) {
      target.person = p;
      // Identifiers only fill gaps: later people of the batch find the contact by them too.
      target.email ??= p.email;
      target.linkedin_url ??= p.linkedinUrl;
      register(target);
    }
    return target;
  });

  // The accounts of the people's companies.
  const companies = new Map<string, string>();
  for (const t of targets) {
    if (t instanceof DomainError || t.person?.company == null) continue;
    const { domain, companyName } = t.person.company;
    if (!companies.has(domain)) companies.set(domain, cleanText(t.person.company_name) ?? t.company_name ?? companyName ?? domain);
  }
  const accountOf = await ensureAccounts(tx, organizationId, companies);

  const written = [...new Set(targets.filter((t): t is ImportTarget => !(t instanceof DomainError)))];
  for (const t of written) {
    const company = t.person!.company;
    if (company) t.account_id = accountOf.get(company.domain)!;
  }
  const text = (p: ContactImport) => ({
    first_name: cleanText(p.first_name) ?? null, last_name: cleanText(p.last_name) ?? null, job_title: cleanText(p.job_title) ?? null, company_name: cleanText(p.company_name) ?? null,
  });
  const inserted = written.filter((t) => !t.existing);
  if (inserted.length) {
    await sql`
      INSERT INTO contacts (id, organization_id, account_id, email, linkedin_url, first_name, last_name, job_title, company_name, email_status,
                            first_seen_at, last_seen_at, created_at, updated_at)
      VALUES ${sql.join(inserted.map((t) => {
        const f = text(t.person!);
        return sql`(${t.id}, ${organizationId}, ${t.account_id}, ${t.email}, ${t.linkedin_url}, ${f.first_name}, ${f.last_name}, ${f.job_title}, ${f.company_name},
                    'UNVERIFIED', ${now}, ${now}, ${now}, ${now})`;
      }))}`.execute(db);
  }
  const updated = written.filter((t) => t.existing).sort((a, b) => a.id.localeCompare(b.id));
  if (updated.length) {
    await sql`
      UPDATE contacts c SET
        email = coalesce(c.email, v.email), linkedin_url = coalesce(c.linkedin_url, v.linkedin_url),
        first_name = coalesce(v.first_name, c.first_name), last_name = coalesce(v.last_name, c.last_name), job_title = coalesce(v.job_title, c.job_title),
        company_name = coalesce(v.company_name, c.company_name), account_id = coalesce(v.account_id, c.account_id),
        last_seen_at = ${now}, updated_at = ${now}
      FROM (VALUES ${sql.join(updated.map((t) => {
        const f = text(t.person!);
        return sql`(${t.id}::uuid, ${t.email}::text, ${t.linkedin_url}::text, ${f.first_name}::text, ${f.last_name}::text, ${f.job_title}::text, ${f.company_name}::text, ${t.account_id}::uuid)`;
      }))}) AS v (id, email, linkedin_url, first_name, last_name, job_title, company_name, account_id)
      WHERE c.id = v.id`.execute(db);
  }
  return targets.map((t, i) => {
    if (t instanceof DomainError) return { error: t };
    return { contactId: t.id, accountId: t.account_id, created: !t.existing && t.person === people[i] };
  });
}

export async function loadContact(em: EntityManager, organizationId: string, id: string): Promise<Contact> {
  const contact = await em.findOne(Contact, { id, organization: organizationId }, { populate: ['account', 'owner'] });
  if (!contact) throw DomainError.notFound('Contact');
  return contact;
}

export async function getContact(em: EntityManager, organizationId: string, id: string): Promise<ContactRecord> {
  return toContactRecord(await loadContact(em, organizationId, id));
}

const sortColumns = {
  created_at: 'created_at', updated_at: 'updated_at', first_seen_at: 'first_seen_at', last_seen_at: 'last_seen_at',
  email: 'email', first_name: 'first_name', last_name: 'last_name',
} as const;
export type ContactSort = keyof typeof sortColumns;
export const CONTACT_SORT_FIELDS = Object.keys(sortColumns) as ContactSort[];

export interface ContactFilters {
  email?: string;
  linkedin_url?: string;
  contact_id?: string;
  company_domain?: string;
  first_seen_after?: string;
  last_seen_after?: string;
}

/**
 * The contact list in one SQL statement (rows, joined account and owner, and the total through a
 * window count): lookups by email are the integrations' hot read path.
 */
export async function listContacts(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  filters: ContactFilters,
  page: { limit: number; offset: number; sortBy?: ContactSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: ContactRecord[]; total: number }> {
  const where = [sql`c.organization_id = ${organizationId}`];
  const { email, linkedinUrl } = contactIdentifiers({ email: filters.email, linkedin_url: filters.linkedin_url });
  if (email) where.push(sql`c.email = ${email}`);
  if (linkedinUrl) where.push(sql`c.linkedin_url = ${linkedinUrl}`);
  if (filters.contact_id) where.push(sql`c.id = ${filters.contact_id}`);
  if (filters.company_domain !== undefined) {
    const { domain } = await primaryDomain(directory, filters.company_domain, 'company_domain');
    where.push(sql`a.domain = ${domain}`);
  }
  if (filters.first_seen_after) where.push(sql`c.first_seen_at > ${new Date(filters.first_seen_after)}`);
  if (filters.last_seen_after) where.push(sql`c.last_seen_at > ${new Date(filters.last_seen_after)}`);
  const column = sql.ref(`c.${sortColumns[page.sortBy ?? 'created_at']}`);
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const db = em.getKysely();
  const { rows } = await sql<ContactRow & { total: string }>`
    SELECT c.*, a.name AS account_name, a.domain AS account_domain, u.email AS owner_email, u.name AS owner_name, count(*) OVER () AS total
      FROM contacts c LEFT JOIN accounts a ON a.id = c.account_id LEFT JOIN users u ON u.id = c.owner_id
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY ${column} ${direction}, c.id ${direction}
     LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page.offset > 0) {
    // Past the last page the window count has no row to ride on.
    const counted = await sql<{ total: string }>`
      SELECT count(*) AS total FROM contacts c LEFT JOIN accounts a ON a.id = c.account_id WHERE ${sql.join(where, sql` AND `)}`.execute(db);
    total = Number(counted.rows[0].total);
  }
  return { items: rows.map(contactRecordFromRow), total };
}

export async function setContactOwner(em: EntityManager, organizationId: string, id: string, ownerUserId: string | null): Promise<ContactRecord> {
  return em.transactional(async (tx) => {
    const contact = await loadContact(tx, organizationId, id);
    contact.owner = ownerUserId ? ref(await organizationUser(tx, organizationId, ownerUserId, 'owner_user_id')) : null;
    await tx.flush();
    await tx.populate(contact, ['account', 'owner']);
    return toContactRecord(contact);
  });
}

/**
 * Erases a person at a privacy request: the contact row and everything hanging off it go; only
 * the SHA-256 of their email and LinkedIn URL stays, so imports do not bring them back.
 * Their activity rows (which embed the person) are deleted too. Sequences and list entries join
 * this transaction when those features land.
 */
export async function eraseContact(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    const contact = await tx.findOne(Contact, { id, organization: organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!contact) throw DomainError.notFound('Contact');
    for (const [kind, value] of [['EMAIL', contact.email], ['LINKEDIN_URL', contact.linkedinUrl]] as const) {
      if (!value) continue;
      await tx.upsert(Suppression, { organization: organizationId, kind, valueHash: identityHash(value) }, { onConflictAction: 'ignore' });
    }
    // The activity stream embeds the person (name, email); its rows about them go too, and their
    // queued webhook deliveries with them (ON DELETE CASCADE).
    await tx.getConnection().execute('DELETE FROM activities WHERE organization_id = ? AND contact_id = ?', [organizationId, contact.id], 'run', tx.getTransactionContext());
    tx.remove(contact);
  });
}
