// Upserting one contact: match on normalised email, then canonical LinkedIn URL; fields sent
// overwrite, omitted ones stay; company_domain links or creates the account; an erased person is
// refused.
import { randomUUID } from 'node:crypto';
import { TransactionPropagation, type EntityManager } from '@mikro-orm/postgresql';
import type { Directory } from '../../providers/directory/index.ts';
import { ensureAccounts, primaryDomain } from './accounts.service.ts';
import { DomainError, isUniqueViolation } from '../shared/errors.ts';
import { WRITTEN_FIELDS, cleanText, contactIdentifiers, erased, twoContacts } from './contact-identity.ts';
import { suppressionHash } from './suppression-hash.ts';
import { contactRecordFromRow, type ContactRecord } from './records.ts';
import { insertContact, matchAndSuppression, updateContact } from './contact-upsert.queries.ts';
import type { RequestAudit } from '../audit/audit-log.ts';
import { auditEntryValues } from '../audit/audit.queries.ts';

export interface ContactInput {
  email?: string | null;
  linkedin_url?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  job_title?: string | null;
  company_name?: string | null;
  company_domain?: string | null;
  phone?: string | null;
  /** ISO 3166-1 alpha-2 (the schema holds it to the known codes). */
  country?: string | null;
  region?: string | null;
  city?: string | null;
  /** IANA name (the schema holds it to the known zones). */
  timezone?: string | null;
}

/**
 * One upsert, in a handful of statements (match, account upsert, write-and-read): the hot path of
 * imports and integrations, so it runs queries inside the ORM's transaction instead of loading and
 * flushing entities.
 */
async function upsertOnce(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  input: ContactInput,
  audit: RequestAudit | undefined,
): Promise<{ record: ContactRecord; created: boolean }> {
  const { email, linkedinUrl } = contactIdentifiers(input);
  if (!email && !linkedinUrl) {
    throw DomainError.invalidFields('At least one of email or linkedin_url is required.', [
      { path: 'email', message: 'is required when linkedin_url is absent' },
      { path: 'linkedin_url', message: 'is required when email is absent' },
    ]);
  }
  // Resolve the company outside the transaction: it is a directory read, not workspace state.
  const company =
    typeof input.company_domain === 'string'
      ? await primaryDomain(directory, input.company_domain, 'company_domain')
      : null;

  // Its own transaction, whatever the caller's em is in (the caller may be a request's root
  // EntityManager: the transaction forks its own).
  return em.transactional(
    async (tx) => {
      // Timestamps come from here, not now(): the API serialises milliseconds, and a stored
      // microsecond would make `first_seen_after=<a served value>` match its own row.
      const now = new Date();
      const { rows } = await matchAndSuppression(
        tx,
        organizationId,
        email ?? null,
        linkedinUrl ?? null,
        email ? suppressionHash(organizationId, email) : null,
        linkedinUrl ? suppressionHash(organizationId, linkedinUrl) : null,
      );
      const matches = rows.flatMap((r) => (r.id === null ? [] : [{ ...r, id: r.id }]));
      const byEmail = email ? matches.find((m) => m.email === email) : undefined;
      const byLinkedin = linkedinUrl ? matches.find((m) => m.linkedin_url === linkedinUrl) : undefined;
      if (byEmail && byLinkedin && byEmail.id !== byLinkedin.id) {
        throw twoContacts(byEmail.id, byLinkedin.id);
      }
      const existing = byEmail ?? byLinkedin;
      if (!existing && rows[0]?.suppressed) {
        throw erased();
      }

      let accountId: string | null | undefined;
      if (company) {
        const companyName =
          cleanText(input.company_name) ?? existing?.company_name ?? company.companyName ?? company.domain;
        accountId = (await ensureAccounts(tx, organizationId, new Map([[company.domain, companyName]]))).get(
          company.domain,
        );
      } else if (input.company_domain === null) {
        accountId = null;
      }

      // The request's audit entry commits with the contact, in the statement that writes it (a 201
      // whether created or updated).
      const id = existing?.id ?? randomUUID();
      const entry = audit ? auditEntryValues(audit.entry(201, id)) : null;
      let written;
      if (!existing) {
        const text = (field: (typeof WRITTEN_FIELDS)[number]) => cleanText(input[field]) ?? null;
        const { rows } = await insertContact(
          tx,
          entry,
          id,
          organizationId,
          accountId ?? null,
          email ?? null,
          linkedinUrl ?? null,
          text('first_name'),
          text('last_name'),
          text('job_title'),
          text('company_name'),
          text('phone'),
          text('country'),
          text('region'),
          text('city'),
          text('timezone'),
          now,
        );
        written = rows[0];
        if (!written) throw new Error('the contact INSERT returned no row');
      } else {
        const nextEmail = email !== undefined ? email : existing.email;
        const nextLinkedin = linkedinUrl !== undefined ? linkedinUrl : existing.linkedin_url;
        if (!nextEmail && !nextLinkedin) {
          throw DomainError.invalidFields('A contact keeps at least one of email or linkedin_url.', [
            { path: 'email', message: 'cannot be cleared while linkedin_url is empty' },
            { path: 'linkedin_url', message: 'cannot be cleared while email is empty' },
          ]);
        }
        const sent = Object.fromEntries(
          WRITTEN_FIELDS.filter((field) => input[field] !== undefined).map((field) => [
            field,
            cleanText(input[field]) ?? null,
          ]),
        );
        written = await updateContact(tx, entry, existing.id, {
          ...sent,
          last_seen_at: now,
          updated_at: now,
          email: nextEmail,
          linkedin_url: nextLinkedin,
          ...(accountId !== undefined ? { account_id: accountId } : {}),
        });
      }
      return { record: contactRecordFromRow(written), created: !existing };
    },
    { propagation: TransactionPropagation.REQUIRES_NEW },
  );
}

/**
 * Upsert; a concurrent first insert of the same person is retried once as an update. With the
 * request's `audit`, its entry is written in the upsert's transaction.
 */
export async function upsertContact(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  input: ContactInput,
  audit?: RequestAudit,
) {
  try {
    return await upsertOnce(em, directory, organizationId, input, audit);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return upsertOnce(em, directory, organizationId, input, audit);
  }
}
