// Contact use cases: upsert (match on normalised email, then canonical LinkedIn URL; fields sent
// overwrite, omitted ones stay; company_domain links or creates the account), reads, listing,
// owner reassignment and erasure at a privacy request.
import { createHash } from 'node:crypto';
import { ref, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { type Account, Contact, Suppression } from '../db/entities/index.ts';
import type { Directory } from '../providers/directory/index.ts';
import { ensureAccount, organizationUser, primaryDomain } from './accounts.service.ts';
import { DomainError } from './errors.ts';
import { normalizeEmail, normalizeLinkedinUrl } from './normalize.ts';
import { toContactRecord, type ContactRecord } from './records.ts';

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

async function suppressed(em: EntityManager, organizationId: string, email: string | null | undefined, linkedinUrl: string | null | undefined): Promise<boolean> {
  const hashes = [
    ...(email ? [{ kind: 'EMAIL' as const, valueHash: identityHash(email) }] : []),
    ...(linkedinUrl ? [{ kind: 'LINKEDIN_URL' as const, valueHash: identityHash(linkedinUrl) }] : []),
  ];
  if (!hashes.length) return false;
  return (await em.count(Suppression, { organization: organizationId, $or: hashes })) > 0;
}

function assignText(contact: Contact, input: ContactInput): void {
  const trim = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() || null : v);
  if (input.first_name !== undefined) contact.firstName = trim(input.first_name);
  if (input.last_name !== undefined) contact.lastName = trim(input.last_name);
  if (input.job_title !== undefined) contact.jobTitle = trim(input.job_title);
  if (input.company_name !== undefined) contact.companyName = trim(input.company_name);
  if (input.phone !== undefined) contact.phone = trim(input.phone);
}

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
    const byEmail = email ? await tx.findOne(Contact, { organization: organizationId, email }) : null;
    const byLinkedin = !byEmail && linkedinUrl ? await tx.findOne(Contact, { organization: organizationId, linkedinUrl }) : null;
    let contact = byEmail ?? byLinkedin;
    if (contact && linkedinUrl && contact.linkedinUrl !== linkedinUrl) {
      const holder = await tx.findOne(Contact, { organization: organizationId, linkedinUrl });
      if (holder && holder.id !== contact.id) {
        throw DomainError.conflict('The email and the linkedin_url belong to two different contacts.', { email_contact_id: contact.id, linkedin_url_contact_id: holder.id });
      }
    }
    const created = !contact;
    if (!contact) {
      if (await suppressed(tx, organizationId, email, linkedinUrl)) {
        throw DomainError.business('This person was erased at a privacy request and cannot be added again.', { reason: 'ERASED' });
      }
      contact = tx.create(Contact, { organization: organizationId, email: email ?? null, linkedinUrl: linkedinUrl ?? null });
    } else {
      if (email !== undefined && email !== null) contact.email = email;
      if (linkedinUrl !== undefined && linkedinUrl !== null) contact.linkedinUrl = linkedinUrl;
      if (input.email === null && contact.linkedinUrl) contact.email = null;
      if (input.linkedin_url === null && contact.email) contact.linkedinUrl = null;
      contact.lastSeenAt = new Date();
    }
    assignText(contact, input);
    if (company) {
      const name = contact.companyName ?? company.companyName ?? company.domain;
      contact.account = ref(await ensureAccount(tx, organizationId, company.domain, name));
    } else if (input.company_domain === null) {
      contact.account = null;
    }
    await tx.flush();
    await tx.populate(contact, ['account', 'owner']);
    return { record: toContactRecord(contact), created };
  });
}

/** Upsert; a concurrent first insert of the same person is retried once as an update. */
export async function upsertContact(em: EntityManager, directory: Directory, organizationId: string, input: ContactInput) {
  try {
    return await upsertOnce(em.fork(), directory, organizationId, input);
  } catch (error) {
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    return upsertOnce(em.fork(), directory, organizationId, input);
  }
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
  created_at: 'createdAt', updated_at: 'updatedAt', first_seen_at: 'firstSeenAt', last_seen_at: 'lastSeenAt',
  email: 'email', first_name: 'firstName', last_name: 'lastName',
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

export async function listContacts(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  filters: ContactFilters,
  page: { limit: number; offset: number; sortBy?: ContactSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: ContactRecord[]; total: number }> {
  const where: FilterQuery<Contact> = { organization: organizationId };
  const { email, linkedinUrl } = contactIdentifiers({ email: filters.email, linkedin_url: filters.linkedin_url });
  if (email) where.email = email;
  if (linkedinUrl) where.linkedinUrl = linkedinUrl;
  if (filters.contact_id) where.id = filters.contact_id;
  if (filters.company_domain !== undefined) {
    const { domain } = await primaryDomain(directory, filters.company_domain, 'company_domain');
    where.account = { domain } as FilterQuery<Account>;
  }
  if (filters.first_seen_after) where.firstSeenAt = { $gt: new Date(filters.first_seen_after) };
  if (filters.last_seen_after) where.lastSeenAt = { $gt: new Date(filters.last_seen_after) };
  const column = sortColumns[page.sortBy ?? 'created_at'];
  const [contacts, total] = await em.findAndCount(Contact, where, {
    populate: ['account', 'owner'],
    orderBy: { [column]: page.sortOrder, id: page.sortOrder },
    limit: page.limit,
    offset: page.offset,
  });
  return { items: contacts.map(toContactRecord), total };
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
 * (Later issues stop their sequences and remove their list entries in this same transaction.)
 */
export async function eraseContact(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    const contact = await tx.findOne(Contact, { id, organization: organizationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!contact) throw DomainError.notFound('Contact');
    for (const [kind, value] of [['EMAIL', contact.email], ['LINKEDIN_URL', contact.linkedinUrl]] as const) {
      if (!value) continue;
      await tx.upsert(Suppression, { organization: organizationId, kind, valueHash: identityHash(value) }, { onConflictAction: 'ignore' });
    }
    tx.remove(contact);
  });
}
