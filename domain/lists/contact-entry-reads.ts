// Reads of contact entries: one entry, and the entries of a list.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory } from '../../providers/directory/index.ts';
import type { EnrichmentStatus } from '../../db/entities/contact-entry.entity.ts';
import { primaryDomain } from '../people/accounts.service.ts';
import { contactIdentifiers } from '../people/contacts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { SELECT_ENTRY, entryRecord, toRecord, type ContactEntryRecord, type EntryRow } from './contact-entry-record.ts';

export async function getContactEntry(em: EntityManager, organizationId: string, id: string): Promise<ContactEntryRecord> {
  const record = await entryRecord(em, organizationId, id);
  if (!record) throw DomainError.notFound('Contact entry');
  return record;
}

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
