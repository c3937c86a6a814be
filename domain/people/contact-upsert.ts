// Upserting one contact: match on normalised email, then canonical LinkedIn URL; fields sent
// overwrite, omitted ones stay; company_domain links or creates the account; an erased person is
// refused.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Suppression } from '../../db/entities/index.ts';
import type { QueryCreator } from 'kysely';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';
import type { Directory } from '../../providers/directory/index.ts';
import { ensureAccounts, primaryDomain } from './accounts.service.ts';
import { DomainError, isUniqueViolation } from '../shared/errors.ts';
import { TEXT_FIELDS, cleanText, contactIdentifiers, erased, identityHash, twoContacts } from './contact-identity.ts';
import { contactRecordFromRow, type ContactRecord } from './records.ts';

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

async function suppressed(em: EntityManager, organizationId: string, email: string | null | undefined, linkedinUrl: string | null | undefined): Promise<boolean> {
  const hashes = [
    ...(email ? [{ kind: 'EMAIL' as const, valueHash: identityHash(email) }] : []),
    ...(linkedinUrl ? [{ kind: 'LINKEDIN_URL' as const, valueHash: identityHash(linkedinUrl) }] : []),
  ];
  if (!hashes.length) return false;
  return (await em.count(Suppression, { organization: organizationId, $or: hashes })) > 0;
}

/** The contact row a statement wrote (the CTE `written`), joined with its account and owner as contactRecordFromRow reads it. */
function readWritten(db: QueryCreator<DB & { written: Row<'contacts'> }>) {
  return db
    .selectFrom('written as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .selectAll('c')
    .select(['a.name as account_name', 'a.domain as account_domain', 'u.email as owner_email', 'u.name as owner_name'])
    .executeTakeFirstOrThrow();
}

/**
 * One upsert, in a handful of statements (match, account upsert, write-and-read): the hot path of
 * imports and integrations, so it runs queries inside the ORM's transaction instead of loading and
 * flushing entities.
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
    const db = typedKysely(tx);
    // Timestamps come from here, not now(): the API serialises milliseconds, and a stored
    // microsecond would make `first_seen_after=<a served value>` match its own row.
    const now = new Date();
    const matches = await db
      .selectFrom('contacts')
      .select(['id', 'email', 'linkedin_url', 'company_name'])
      .where('organization_id', '=', organizationId)
      .where((eb) => eb.or([...(email ? [eb('email', '=', email)] : []), ...(linkedinUrl ? [eb('linkedin_url', '=', linkedinUrl)] : [])]))
      .execute();
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
      accountId = (await ensureAccounts(tx, organizationId, new Map([[company.domain, companyName]]))).get(company.domain);
    } else if (input.company_domain === null) {
      accountId = null;
    }

    let written;
    if (!existing) {
      const text = (field: (typeof TEXT_FIELDS)[number]) => cleanText(input[field]) ?? null;
      written = await readWritten(db
        .with('written', (w) => w
          .insertInto('contacts')
          .values({
            id: randomUUID(), organization_id: organizationId, account_id: accountId ?? null, email: email ?? null, linkedin_url: linkedinUrl ?? null,
            first_name: text('first_name'), last_name: text('last_name'), job_title: text('job_title'), company_name: text('company_name'), phone: text('phone'),
            email_status: 'UNVERIFIED', first_seen_at: now, last_seen_at: now, created_at: now, updated_at: now,
          })
          .returningAll()));
    } else {
      const nextEmail = email !== undefined ? email : existing.email;
      const nextLinkedin = linkedinUrl !== undefined ? linkedinUrl : existing.linkedin_url;
      if (!nextEmail && !nextLinkedin) {
        throw DomainError.invalidFields('A contact keeps at least one of email or linkedin_url.', [
          { path: 'email', message: 'cannot be cleared while linkedin_url is empty' },
          { path: 'linkedin_url', message: 'cannot be cleared while email is empty' },
        ]);
      }
      const sent = Object.fromEntries(TEXT_FIELDS.filter((field) => input[field] !== undefined).map((field) => [field, cleanText(input[field]) ?? null]));
      written = await readWritten(db
        .with('written', (w) => w
          .updateTable('contacts')
          .set({
            ...sent, last_seen_at: now, updated_at: now, email: nextEmail, linkedin_url: nextLinkedin,
            ...(accountId !== undefined ? { account_id: accountId } : {}),
          })
          .where('id', '=', existing.id)
          .returningAll()));
    }
    return { record: contactRecordFromRow(written), created: !existing };
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
