// Contact use cases: reads, listing, owner reassignment and erasure at a privacy request; upsert
// and batch import live beside them (contact-upsert.ts, contact-import.ts) and are re-exported here.
import { ref, type EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { Contact, Suppression } from '../../db/entities/index.ts';
import { typedKysely } from '../../db/kysely.ts';
import type { Directory } from '../../providers/directory/index.ts';
import { organizationUser, primaryDomain } from './accounts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { contactIdentifiers, identityHash } from './contact-identity.ts';
import { contactRecordFromRow, toContactRecord, type ContactRecord } from './records.ts';
import { pageTotal } from '../shared/pagination.ts';

export { contactIdentifiers, identityHash } from './contact-identity.ts';
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
  const { email, linkedinUrl } = contactIdentifiers({ email: filters.email, linkedin_url: filters.linkedin_url });
  const domain = filters.company_domain === undefined ? undefined : (await primaryDomain(directory, filters.company_domain, 'company_domain')).domain;
  const matching = typedKysely(em)
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .where('c.organization_id', '=', organizationId)
    .$if(!!email, (q) => q.where('c.email', '=', email!))
    .$if(!!linkedinUrl, (q) => q.where('c.linkedin_url', '=', linkedinUrl!))
    .$if(!!filters.contact_id, (q) => q.where('c.id', '=', filters.contact_id!))
    .$if(domain !== undefined, (q) => q.where('a.domain', '=', domain!))
    .$if(!!filters.first_seen_after, (q) => q.where('c.first_seen_at', '>', new Date(filters.first_seen_after!)))
    .$if(!!filters.last_seen_after, (q) => q.where('c.last_seen_at', '>', new Date(filters.last_seen_after!)));
  const rows = await matching
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .selectAll('c')
    .select((eb) => ['a.name as account_name', 'a.domain as account_domain', 'u.email as owner_email', 'u.name as owner_name', eb.fn.countAll().over().as('total')])
    .orderBy(`c.${sortColumns[page.sortBy ?? 'created_at']}`, page.sortOrder)
    .orderBy('c.id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  // Past the last page the window count has no row to ride on.
  const total = await pageTotal(rows, page.offset, async () => (await matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow()).total);
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
    await typedKysely(tx).deleteFrom('activities').where('organization_id', '=', organizationId).where('contact_id', '=', contact.id).execute();
    tx.remove(contact);
  });
}
