// Reads of contact entries: one entry, and the entries of a list.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory } from '../../providers/directory/index.ts';
import type { EnrichmentStatus } from '../../db/entities/contact-entry.entity.ts';
import { primaryDomain } from '../people/accounts.service.ts';
import { contactIdentifiers } from '../people/contacts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { entryRecord, toRecord, type ContactEntryRecord } from './contact-entry-record.ts';
import { contactListExists, entryPage } from './contact-entries.queries.ts';

export async function getContactEntry(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<ContactEntryRecord> {
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
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  filters: ContactEntryFilters,
  page: { limit: number; offset: number; sortBy?: ContactEntrySort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: ContactEntryRecord[]; total: number }> {
  if (!(await contactListExists(em, organizationId, filters.contact_list_id)))
    throw DomainError.notFound('Contact list');
  const email = filters.email === undefined ? undefined : contactIdentifiers({ email: filters.email }).email;
  const domain =
    filters.company_domain === undefined
      ? undefined
      : (await primaryDomain(directory, filters.company_domain, 'company_domain')).domain;
  const where = {
    listId: filters.contact_list_id,
    email: filters.email === undefined ? undefined : (email ?? null),
    domain,
    externalContactId: filters.external_contact_id,
    enrichmentStatus: filters.enrichment_status,
    createdAfter: filters.created_at_after ? new Date(filters.created_at_after) : undefined,
    createdBefore: filters.created_at_before ? new Date(filters.created_at_before) : undefined,
  };
  const { rows, total } = await entryPage(em, organizationId, where, { ...page, sortBy: page.sortBy ?? 'created_at' });
  return { items: rows.map(toRecord), total };
}
