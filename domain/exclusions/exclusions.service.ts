// Contact and account exclusions (SPEC 'Exclusions'): who outreach must leave alone, and
// exclusionFor, the one question enrollment, sending, imports and signals ask before they act.
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExclusionReason } from '../../db/entities/contact-exclusion.entity.ts';
import type { Directory, DirectoryCompany } from '../../providers/directory/index.ts';
import { primaryDomain } from '../people/accounts.service.ts';
import { contactIdentifiers } from '../people/contacts.service.ts';
import { DomainError, isUniqueViolation } from '../shared/errors.ts';
import { emitEvent } from '../activity/emit.ts';
import { distinctPresent, emailDomain, normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../people/identifiers.ts';
import type { ContactSummary } from '../people/records.ts';
import { iso } from '../shared/time.ts';

export const EXCLUSION_MESSAGE_MAX = 2000;

export interface ContactExclusionRecord {
  id: string;
  email: string | null;
  linkedin_url: string | null;
  reason: ExclusionReason;
  message: string | null;
  until: string | null;
  created_at: string;
  updated_at: string;
}

export interface AccountExclusionRecord {
  id: string;
  domain: string;
  reason: ExclusionReason;
  message: string | null;
  until: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContactExclusionInput {
  email?: string | null;
  linkedin_url?: string | null;
  reason: ExclusionReason;
  message?: string | null;
  /** ISO date-time; a past value is accepted and simply not in force. */
  until?: string | null;
}

export interface AccountExclusionInput {
  domain: string;
  reason: ExclusionReason;
  message?: string | null;
  until?: string | null;
}

export interface ExclusionPatch {
  reason?: ExclusionReason;
  message?: string | null;
  /** null: permanent from now on; omitted: unchanged. */
  until?: string | null;
}

interface ContactExclusionRow {
  id: string;
  email: string | null;
  linkedin_url: string | null;
  reason: ExclusionReason;
  message: string | null;
  until: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface AccountExclusionRow {
  id: string;
  domain: string;
  reason: ExclusionReason;
  message: string | null;
  until: Date | null;
  created_at: Date;
  updated_at: Date;
}


function contactRecord(row: ContactExclusionRow): ContactExclusionRecord {
  return {
    id: row.id, email: row.email, linkedin_url: row.linkedin_url, reason: row.reason, message: row.message,
    until: iso(row.until), created_at: iso(row.created_at)!, updated_at: iso(row.updated_at)!,
  };
}

function accountRecord(row: AccountExclusionRow): AccountExclusionRecord {
  return {
    id: row.id, domain: row.domain, reason: row.reason, message: row.message,
    until: iso(row.until), created_at: iso(row.created_at)!, updated_at: iso(row.updated_at)!,
  };
}


function duplicate(existing: { id: string; field: string }): DomainError {
  return DomainError.conflict(`An exclusion for this ${existing.field} already exists.`, { existing_exclusion_id: existing.id, field: existing.field });
}

// ---------------------------------------------------------------------------------------------
// Contact exclusions

/** The exclusion already holding this email or LinkedIn URL (email first). */
async function existingContactExclusion(em: EntityManager, organizationId: string, email: string | null, linkedinUrl: string | null) {
  const { rows } = await sql<ContactExclusionRow>`
    SELECT * FROM contact_exclusions
     WHERE organization_id = ${organizationId} AND (email = ${email}::text OR linkedin_url = ${linkedinUrl}::text)`.execute(em.getKysely());
  const byEmail = email ? rows.find((r) => r.email === email) : undefined;
  if (byEmail) return { row: byEmail, field: 'email' };
  const byLinkedin = linkedinUrl ? rows.find((r) => r.linkedin_url === linkedinUrl) : undefined;
  return byLinkedin ? { row: byLinkedin, field: 'linkedin_url' } : null;
}

/** The workspace contact with this email (preferred) or LinkedIn URL, as the event embeds it. */
async function contactSummaryFor(em: EntityManager, organizationId: string, email: string | null, linkedinUrl: string | null): Promise<ContactSummary | null> {
  if (!email && !linkedinUrl) return null;
  const { rows } = await sql<ContactSummary>`
    SELECT c.id, c.first_name, c.last_name, c.email, c.linkedin_url, c.job_title,
           coalesce(c.company_name, a.name) AS company_name, a.domain AS company_domain
      FROM contacts c LEFT JOIN accounts a ON a.id = c.account_id
     WHERE c.organization_id = ${organizationId} AND (c.email = ${email}::text OR c.linkedin_url = ${linkedinUrl}::text)
     ORDER BY (c.email IS NOT DISTINCT FROM ${email}::text) DESC, c.created_at
     LIMIT 1`.execute(em.getKysely());
  return rows[0] ?? null;
}

/**
 * Creates a contact exclusion and emits `contact_exclusion.created` in the same transaction (a
 * savepoint when `em` is already in one, so a caller's unenroll or unsubscribe commits both or
 * neither). A second exclusion for the same email or LinkedIn URL is a 409 with
 * `existing_exclusion_id` for the API; for the service itself (`source: 'SERVICE'`, e.g. a
 * retried activity) the existing exclusion is returned unchanged with `created: false`.
 */
export async function createContactExclusion(
  em: EntityManager,
  organizationId: string,
  input: ContactExclusionInput,
  options: { source: 'API' | 'SERVICE' } = { source: 'API' },
): Promise<{ record: ContactExclusionRecord; created: boolean }> {
  const ids = contactIdentifiers(input);
  const email = ids.email ?? null;
  const linkedinUrl = ids.linkedinUrl ?? null;
  if (!email && !linkedinUrl) {
    throw DomainError.invalidFields('At least one of email or linkedin_url is required.', [
      { path: 'email', message: 'is required when linkedin_url is absent' },
      { path: 'linkedin_url', message: 'is required when email is absent' },
    ], 422);
  }
  const onExisting = (existing: { row: ContactExclusionRow; field: string }) => {
    if (options.source === 'SERVICE') return { record: contactRecord(existing.row), created: false };
    throw duplicate({ id: existing.row.id, field: existing.field });
  };
  try {
    return await em.transactional(async (tx) => {
      const existing = await existingContactExclusion(tx, organizationId, email, linkedinUrl);
      if (existing) return onExisting(existing);
      const now = new Date();
      const { rows } = await sql<ContactExclusionRow>`
        INSERT INTO contact_exclusions (id, organization_id, email, linkedin_url, reason, message, until, created_at, updated_at)
        VALUES (${randomUUID()}, ${organizationId}, ${email}, ${linkedinUrl}, ${input.reason}, ${input.message ?? null},
                ${input.until ? new Date(input.until) : null}, ${now}, ${now})
        RETURNING *`.execute(tx.getKysely());
      const record = contactRecord(rows[0]);
      await emitEvent(tx, {
        type: 'contact_exclusion.created',
        organizationId,
        contact: await contactSummaryFor(tx, organizationId, email, linkedinUrl),
        fields: { exclusion_id: record.id, email: record.email, linkedin_url: record.linkedin_url, reason: record.reason },
      });
      return { record, created: true };
    });
  } catch (error) {
    // A concurrent create of the same person won the race; the partial unique indexes caught it.
    if (!isUniqueViolation(error)) throw error;
    const existing = await existingContactExclusion(em, organizationId, email, linkedinUrl);
    if (!existing) throw error;
    return onExisting(existing);
  }
}

/** EXTENDED: an existing exclusion's until was moved later; KEPT: an existing one already lasted long enough. */
export type EnsuredExclusion = { record: ContactExclusionRecord; outcome: 'CREATED' | 'EXTENDED' | 'KEPT' };

/** Lasts at least until `target` (null: permanent). */
const lastsUntil = (row: ContactExclusionRow, target: Date | null) =>
  row.until === null || (target !== null && new Date(row.until).getTime() >= target.getTime());

/**
 * A guarantee for the service (unenroll): the person is excluded until at least `input.until`
 * (null: permanently) when this returns. An exclusion of the person (its email or its LinkedIn
 * URL) that already lasts that long is kept as it is; otherwise the person's exclusion (email
 * first) that ends earlier or has lapsed gets `until` moved to `input.until` (`updated_at` moves;
 * the message stays, and so does the reason unless `options.reason` is 'replace' (an unsubscribe
 * names itself); no event, as for a PATCH); with none, one is created with
 * `contact_exclusion.created`. Never shortens an exclusion. In the caller's transaction (a
 * savepoint when it is in one); the person's rows are locked while deciding.
 */
export async function ensureContactExclusion(
  em: EntityManager, organizationId: string, input: ContactExclusionInput & { until: string | null }, options: { reason?: 'keep' | 'replace' } = {},
): Promise<EnsuredExclusion> {
  const reason = options.reason === 'replace' ? input.reason : null;
  const { email, linkedinUrl } = contactIdentifiers(input);
  const target = input.until === null ? null : new Date(input.until);
  // Twice at most: a concurrent create of the person between our read and our insert is found
  // by createContactExclusion (created: false) and then extended like any existing one.
  for (let attempt = 0; ; attempt++) {
    const ensured = await em.transactional(async (tx): Promise<EnsuredExclusion | null> => {
      const { rows } = await sql<ContactExclusionRow>`
        SELECT * FROM contact_exclusions
         WHERE organization_id = ${organizationId} AND (email = ${email ?? null}::text OR linkedin_url = ${linkedinUrl ?? null}::text)
         ORDER BY (email IS NOT DISTINCT FROM ${email ?? null}::text) DESC, created_at, id
         FOR UPDATE`.execute(tx.getKysely());
      const lasting = rows.find((row) => lastsUntil(row, target));
      if (lasting) return { record: contactRecord(lasting), outcome: 'KEPT' };
      if (rows[0]) {
        const { rows: updated } = await sql<ContactExclusionRow>`
          UPDATE contact_exclusions SET until = ${target}, reason = coalesce(${reason}::text, reason), updated_at = ${new Date()}
           WHERE id = ${rows[0].id} RETURNING *`.execute(tx.getKysely());
        return { record: contactRecord(updated[0]), outcome: 'EXTENDED' };
      }
      const created = await createContactExclusion(tx, organizationId, input, { source: 'SERVICE' });
      return created.created ? { record: created.record, outcome: 'CREATED' } : null;
    });
    if (ensured) return ensured;
    if (attempt >= 1) throw new Error('contact exclusion: a concurrent create kept winning');
  }
}

export async function getContactExclusion(em: EntityManager, organizationId: string, id: string): Promise<ContactExclusionRecord> {
  const { rows } = await sql<ContactExclusionRow>`
    SELECT * FROM contact_exclusions WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Contact exclusion');
  return contactRecord(rows[0]);
}

/** The SET list of a PATCH: only the fields sent, plus updated_at. */
function patchSets(patch: ExclusionPatch, now: Date): RawBuilder<unknown>[] {
  const sets = [sql`updated_at = ${now}`];
  if (patch.reason !== undefined) sets.push(sql`reason = ${patch.reason}`);
  if (patch.message !== undefined) sets.push(sql`message = ${patch.message}`);
  if (patch.until !== undefined) sets.push(sql`until = ${patch.until === null ? null : new Date(patch.until)}`);
  return sets;
}

export async function patchContactExclusion(em: EntityManager, organizationId: string, id: string, patch: ExclusionPatch): Promise<ContactExclusionRecord> {
  return em.transactional(async (tx) => {
    const { rows } = await sql<ContactExclusionRow>`
      UPDATE contact_exclusions SET ${sql.join(patchSets(patch, new Date()))}
       WHERE id = ${id} AND organization_id = ${organizationId} RETURNING *`.execute(tx.getKysely());
    if (!rows[0]) throw DomainError.notFound('Contact exclusion');
    return contactRecord(rows[0]);
  });
}

export async function deleteContactExclusion(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    const { rows } = await sql<{ id: string }>`
      DELETE FROM contact_exclusions WHERE id = ${id} AND organization_id = ${organizationId} RETURNING id`.execute(tx.getKysely());
    if (!rows[0]) throw DomainError.notFound('Contact exclusion');
  });
}

const contactSortColumns = { created_at: 'created_at', updated_at: 'updated_at', email: 'email', reason: 'reason' } as const;
export type ContactExclusionSort = keyof typeof contactSortColumns;
export const CONTACT_EXCLUSION_SORT_FIELDS = Object.keys(contactSortColumns) as ContactExclusionSort[];

interface CommonFilters {
  reason?: ExclusionReason;
  created_at_after?: string;
  created_at_before?: string;
}

export interface ContactExclusionFilters extends CommonFilters {
  email?: string;
  linkedin_url?: string;
}

export interface AccountExclusionFilters extends CommonFilters {
  domain?: string;
}

export interface ListPage<S extends string> {
  limit: number;
  offset: number;
  sortBy?: S;
  sortOrder: 'asc' | 'desc';
}

function commonWhere(organizationId: string, filters: CommonFilters): RawBuilder<unknown>[] {
  const where = [sql`organization_id = ${organizationId}`];
  if (filters.reason) where.push(sql`reason = ${filters.reason}`);
  if (filters.created_at_after) where.push(sql`created_at > ${new Date(filters.created_at_after)}`);
  if (filters.created_at_before) where.push(sql`created_at < ${new Date(filters.created_at_before)}`);
  return where;
}

/** One statement: the page and, through a window count, the total (a second only past the end). */
async function listRows<R>(em: EntityManager, table: string, where: RawBuilder<unknown>[], column: string, page: ListPage<string>) {
  const db = em.getKysely();
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const condition = sql.join(where, sql` AND `);
  const { rows } = await sql<R & { total: string }>`
    SELECT *, count(*) OVER () AS total FROM ${sql.table(table)}
     WHERE ${condition}
     ORDER BY ${sql.ref(column)} ${direction}, id ${direction}
     LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && page.offset > 0) {
    const counted = await sql<{ total: string }>`SELECT count(*) AS total FROM ${sql.table(table)} WHERE ${condition}`.execute(db);
    total = Number(counted.rows[0].total);
  }
  return { rows, total };
}

/** Default order: created_at ascending, like every other list. */
export async function listContactExclusions(
  em: EntityManager,
  organizationId: string,
  filters: ContactExclusionFilters,
  page: ListPage<ContactExclusionSort>,
): Promise<{ items: ContactExclusionRecord[]; total: number }> {
  const where = commonWhere(organizationId, filters);
  const { email, linkedinUrl } = contactIdentifiers({ email: filters.email, linkedin_url: filters.linkedin_url });
  if (email) where.push(sql`email = ${email}`);
  if (linkedinUrl) where.push(sql`linkedin_url = ${linkedinUrl}`);
  const { rows, total } = await listRows<ContactExclusionRow>(em, 'contact_exclusions', where, contactSortColumns[page.sortBy ?? 'created_at'], page);
  return { items: rows.map(contactRecord), total };
}

// ---------------------------------------------------------------------------------------------
// Account exclusions

async function existingAccountExclusion(em: EntityManager, organizationId: string, domain: string): Promise<AccountExclusionRow | null> {
  const { rows } = await sql<AccountExclusionRow>`
    SELECT * FROM account_exclusions WHERE organization_id = ${organizationId} AND domain = ${domain}`.execute(em.getKysely());
  return rows[0] ?? null;
}

/** Creates an account exclusion on the primary domain (an alias resolves through the directory). */
export async function createAccountExclusion(em: EntityManager, directory: Directory, organizationId: string, input: AccountExclusionInput): Promise<AccountExclusionRecord> {
  const { domain } = await primaryDomain(directory, input.domain, 'domain');
  try {
    return await em.transactional(async (tx) => {
      const existing = await existingAccountExclusion(tx, organizationId, domain);
      if (existing) throw duplicate({ id: existing.id, field: 'domain' });
      const now = new Date();
      const { rows } = await sql<AccountExclusionRow>`
        INSERT INTO account_exclusions (id, organization_id, domain, reason, message, until, created_at, updated_at)
        VALUES (${randomUUID()}, ${organizationId}, ${domain}, ${input.reason}, ${input.message ?? null},
                ${input.until ? new Date(input.until) : null}, ${now}, ${now})
        RETURNING *`.execute(tx.getKysely());
      return accountRecord(rows[0]);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await existingAccountExclusion(em, organizationId, domain);
    if (!existing) throw error;
    throw duplicate({ id: existing.id, field: 'domain' });
  }
}

export async function getAccountExclusion(em: EntityManager, organizationId: string, id: string): Promise<AccountExclusionRecord> {
  const { rows } = await sql<AccountExclusionRow>`
    SELECT * FROM account_exclusions WHERE id = ${id} AND organization_id = ${organizationId}`.execute(em.getKysely());
  if (!rows[0]) throw DomainError.notFound('Account exclusion');
  return accountRecord(rows[0]);
}

export async function patchAccountExclusion(em: EntityManager, organizationId: string, id: string, patch: ExclusionPatch): Promise<AccountExclusionRecord> {
  return em.transactional(async (tx) => {
    const { rows } = await sql<AccountExclusionRow>`
      UPDATE account_exclusions SET ${sql.join(patchSets(patch, new Date()))}
       WHERE id = ${id} AND organization_id = ${organizationId} RETURNING *`.execute(tx.getKysely());
    if (!rows[0]) throw DomainError.notFound('Account exclusion');
    return accountRecord(rows[0]);
  });
}

export async function deleteAccountExclusion(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    const { rows } = await sql<{ id: string }>`
      DELETE FROM account_exclusions WHERE id = ${id} AND organization_id = ${organizationId} RETURNING id`.execute(tx.getKysely());
    if (!rows[0]) throw DomainError.notFound('Account exclusion');
  });
}

const accountSortColumns = { created_at: 'created_at', updated_at: 'updated_at', domain: 'domain', reason: 'reason' } as const;
export type AccountExclusionSort = keyof typeof accountSortColumns;
export const ACCOUNT_EXCLUSION_SORT_FIELDS = Object.keys(accountSortColumns) as AccountExclusionSort[];

/** Default order: created_at ascending, like every other list. */
export async function listAccountExclusions(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  filters: AccountExclusionFilters,
  page: ListPage<AccountExclusionSort>,
): Promise<{ items: AccountExclusionRecord[]; total: number }> {
  const where = commonWhere(organizationId, filters);
  if (filters.domain !== undefined) where.push(sql`domain = ${(await primaryDomain(directory, filters.domain, 'domain')).domain}`);
  const { rows, total } = await listRows<AccountExclusionRow>(em, 'account_exclusions', where, accountSortColumns[page.sortBy ?? 'created_at'], page);
  return { items: rows.map(accountRecord), total };
}

// ---------------------------------------------------------------------------------------------
// Is this person excluded?

export type ExclusionMatch = 'email' | 'linkedin_url' | 'account_domain' | 'email_domain';

export type ExclusionVerdict =
  | { excluded: false }
  | { excluded: true; kind: 'CONTACT' | 'ACCOUNT'; exclusion_id: string; reason: ExclusionReason; until: string | null; matched_on: ExclusionMatch };

export interface ExclusionSubject {
  email?: string | null;
  linkedinUrl?: string | null;
  /** Domain of the contact's linked account (a primary domain). */
  accountDomain?: string | null;
}

/**
 * Whether outreach to this person is excluded at `at`: an exclusion is in force when its until is
 * null or later than `at`. Contact exclusions match the normalised email or canonical LinkedIn
 * URL; account exclusions match the linked account's domain and the domain of the email. With a
 * directory, an alias email domain resolves to its primary domain first (a directory read);
 * without one it is matched as written. Values are normalised here, so raw input is fine. When
 * several exclusions apply, the answer is the first of email, linkedin_url, account_domain,
 * email_domain. One SQL statement.
 */
export async function exclusionFor(
  em: EntityManager,
  organizationId: string,
  person: ExclusionSubject,
  at: Date = new Date(),
  directory?: Directory,
): Promise<ExclusionVerdict> {
  return (await exclusionsFor(em, organizationId, [person], at, directory))[0];
}

/** exclusionFor of several people in one statement (a signal check's page of candidates): one verdict per subject, in order. */
export async function exclusionsFor(
  em: EntityManager,
  organizationId: string,
  people: ExclusionSubject[],
  at: Date = new Date(),
  directory?: Directory,
): Promise<ExclusionVerdict[]> {
  const emailsOf = people.map((person) => (person.email ? normalizeEmail(person.email) : null));
  const mailDomains = distinctPresent(emailsOf.map((email) => (email ? emailDomain(email) : null)));
  const primary = directory && mailDomains.length ? await directory.findCompaniesByDomains(mailDomains) : new Map<string, DirectoryCompany | null>();
  const subjects = people.map((person, i) => {
    const email = emailsOf[i];
    const mailDomain = email ? emailDomain(email) : null;
    return {
      email, mailDomain: mailDomain && (primary.get(mailDomain)?.domain ?? mailDomain),
      linkedinUrl: person.linkedinUrl ? normalizeLinkedinUrl(person.linkedinUrl) : null,
      accountDomain: person.accountDomain ? normalizeDomain(person.accountDomain) : null,
    };
  });
  const emails = distinctPresent(subjects.map((s) => s.email));
  const linkedinUrls = distinctPresent(subjects.map((s) => s.linkedinUrl));
  const domains = distinctPresent(subjects.flatMap((s) => [s.accountDomain, s.mailDomain]));
  if (!emails.length && !linkedinUrls.length && !domains.length) return people.map(() => ({ excluded: false }));

  const { rows } = await sql<{ kind: 'CONTACT' | 'ACCOUNT'; id: string; reason: ExclusionReason; until: Date | null; email: string | null; linkedin_url: string | null; domain: string | null }>`
    SELECT 'CONTACT' AS kind, id, reason, until, email, linkedin_url, NULL AS domain
      FROM contact_exclusions
     WHERE organization_id = ${organizationId} AND (email = ANY (${emails}::text[]) OR linkedin_url = ANY (${linkedinUrls}::text[]))
       AND (until IS NULL OR until > ${at})
    UNION ALL
    SELECT 'ACCOUNT', id, reason, until, NULL, NULL, domain
      FROM account_exclusions
     WHERE organization_id = ${organizationId} AND domain = ANY (${domains}::text[]) AND (until IS NULL OR until > ${at})`.execute(em.getKysely());
  const index = (field: 'email' | 'linkedin_url' | 'domain') => new Map(rows.filter((r) => r[field] !== null).map((r) => [r[field]!, r]));
  const byEmail = index('email');
  const byLinkedin = index('linkedin_url');
  const byDomain = index('domain');
  return subjects.map((s) => {
    // The first that applies of email, linkedin_url, account_domain, email_domain.
    const matches: [ExclusionMatch, (typeof rows)[number] | undefined][] = [
      ['email', s.email ? byEmail.get(s.email) : undefined],
      ['linkedin_url', s.linkedinUrl ? byLinkedin.get(s.linkedinUrl) : undefined],
      ['account_domain', s.accountDomain ? byDomain.get(s.accountDomain) : undefined],
      ['email_domain', s.mailDomain ? byDomain.get(s.mailDomain) : undefined],
    ];
    const hit = matches.find(([, row]) => row);
    if (!hit) return { excluded: false };
    const [matchedOn, row] = hit;
    return { excluded: true, kind: row!.kind, exclusion_id: row!.id, reason: row!.reason, until: iso(row!.until), matched_on: matchedOn };
  });
}

/** exclusionFor a workspace contact: its email, LinkedIn URL and linked account's domain. 404 when not in the organization. */
export async function contactExclusionFor(em: EntityManager, organizationId: string, contactId: string, at: Date = new Date(), directory?: Directory): Promise<ExclusionVerdict> {
  const { rows } = await sql<{ email: string | null; linkedin_url: string | null; account_domain: string | null }>`
    SELECT c.email, c.linkedin_url, a.domain AS account_domain
      FROM contacts c LEFT JOIN accounts a ON a.id = c.account_id
     WHERE c.id = ${contactId} AND c.organization_id = ${organizationId}`.execute(em.getKysely());
  const contact = rows[0];
  if (!contact) throw DomainError.notFound('Contact');
  return exclusionFor(em, organizationId, { email: contact.email, linkedinUrl: contact.linkedin_url, accountDomain: contact.account_domain }, at, directory);
}
