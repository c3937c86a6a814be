// Reads of contact entries: one entry, and the entries of a list.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory } from '../../providers/directory/index.ts';
import type { EnrichmentStatus } from '../../db/entities/contact-entry.entity.ts';
import { primaryDomain } from '../people/accounts.service.ts';
import { contactIdentifiers } from '../people/contacts.service.ts';
import { typedKysely } from '../../db/kysely.ts';
import { DomainError } from '../shared/errors.ts';
import { entryRecord, entryTable, selectEntry, toRecord, type ContactEntryRecord } from './contact-entry-record.ts';

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
  const list = await typedKysely(em).selectFrom('contact_lists').select('id')
    .where('id', '=', filters.contact_list_id).where('organization_id', '=', organizationId)
    .executeTakeFirst();
  if (!list) throw DomainError.notFound('Contact list');
  const email = filters.email === undefined ? undefined : contactIdentifiers({ email: filters.email }).email;
  const domain = filters.company_domain === undefined ? undefined : (await primaryDomain(directory, filters.company_domain, 'company_domain')).domain;
  const matching = entryTable(em)
    .where('e.contact_list_id', '=', filters.contact_list_id)
    .$if(filters.email !== undefined, (q) => q.where((eb) => eb.or([
      eb('e.email', '=', email!),
      eb('e.contact_id', 'in', eb.selectFrom('contacts').select('id').where('organization_id', '=', organizationId).where('email', '=', email!)),
    ])))
    .$if(domain !== undefined, (q) => q.where((eb) => eb.or([
      eb('e.company_domain', '=', domain!),
      eb('e.contact_id', 'in', eb.selectFrom('contacts as c').innerJoin('accounts as a', 'a.id', 'c.account_id').select('c.id')
        .where('c.organization_id', '=', organizationId).where('a.domain', '=', domain!)),
    ])))
    .$if(filters.external_contact_id !== undefined, (q) => q.where('e.external_contact_id', '=', filters.external_contact_id!))
    .$if(!!filters.enrichment_status, (q) => q.where('e.enrichment_status', '=', filters.enrichment_status!))
    .$if(!!filters.created_at_after, (q) => q.where('e.created_at', '>', new Date(filters.created_at_after!)))
    .$if(!!filters.created_at_before, (q) => q.where('e.created_at', '<', new Date(filters.created_at_before!)));
  const [rows, counted] = await Promise.all([
    selectEntry(matching)
      .orderBy(`e.${page.sortBy ?? 'created_at'}`, page.sortOrder).orderBy('e.id', page.sortOrder)
      .limit(page.limit).offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toRecord), total: Number(counted.total) };
}
