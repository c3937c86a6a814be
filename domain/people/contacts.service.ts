// Contact use cases: reads, listing, owner reassignment and erasure at a privacy request; upsert
// and batch import live beside them (contact-upsert.ts, contact-import.ts) and are re-exported here.
import { ref, type EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { Contact } from '../../db/entities/index.ts';
import { CONTACT_SORT_COLUMNS, contactListCount, contactListPage, deleteContactActivities } from './people.queries.ts';
import type { Directory } from '../../providers/directory/index.ts';
import { organizationUser, primaryDomain } from './accounts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { contactIdentifiers, suppressionHashes } from './contact-identity.ts';
import { insertSuppressions } from './suppressions.queries.ts';
import { contactRecordFromRow, toContactRecord, type ContactRecord } from './records.ts';
import { pageTotal } from '../shared/pagination.ts';

export { contactIdentifiers } from './contact-identity.ts';
export { upsertContact, type ContactInput } from './contact-upsert.ts';
export { contactImportOf, importContacts, type ContactImport, type ContactImportOutcome } from './contact-import.ts';

export async function loadContact(em: EntityManager, organizationId: string, id: string): Promise<Contact> {
  const contact = await em.findOne(Contact, { id, organization: organizationId }, { populate: ['account', 'owner'] });
  if (!contact) throw DomainError.notFound('Contact');
  return contact;
}

export async function getContact(em: EntityManager, organizationId: string, id: string): Promise<ContactRecord> {
  return toContactRecord(await loadContact(em, organizationId, id));
}

export type ContactSort = keyof typeof CONTACT_SORT_COLUMNS;
export const CONTACT_SORT_FIELDS = Object.keys(CONTACT_SORT_COLUMNS) as ContactSort[];

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
  const { email, linkedinUrl } = contactIdentifiers({ email: filters.email, linkedin_url: filters.linkedin_url });
  const domain =
    filters.company_domain === undefined
      ? undefined
      : (await primaryDomain(directory, filters.company_domain, 'company_domain')).domain;
  const where = {
    email,
    linkedinUrl,
    contactId: filters.contact_id,
    domain,
    firstSeenAfter: filters.first_seen_after ? new Date(filters.first_seen_after) : undefined,
    lastSeenAfter: filters.last_seen_after ? new Date(filters.last_seen_after) : undefined,
  };
  const rows = await contactListPage(em, organizationId, where, { ...page, sortBy: page.sortBy ?? 'created_at' });
  // Past the last page the window count has no row to ride on.
  const total = await pageTotal(rows, page.offset, () => contactListCount(em, organizationId, where));
  return { items: rows.map(contactRecordFromRow), total };
}

export async function setContactOwner(
  em: EntityManager,
  organizationId: string,
  id: string,
  ownerUserId: string | null,
): Promise<ContactRecord> {
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
    const contact = await tx.findOne(
      Contact,
      { id, organization: organizationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!contact) throw DomainError.notFound('Contact');
    await insertSuppressions(
      tx,
      organizationId,
      suppressionHashes(organizationId, contact.email ?? null, contact.linkedinUrl ?? null),
    );
    // The activity stream embeds the person (name, email); its rows about them go too, and their
    // queued webhook deliveries with them (ON DELETE CASCADE).
    await deleteContactActivities(tx, organizationId, contact.id);
    tx.remove(contact);
  });
}
