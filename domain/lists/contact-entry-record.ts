// A contact entry as the API answers it, from the row contact-entries.queries.ts reads.
import type { EntityManager } from '@mikro-orm/postgresql';
import { entryRow, type EntryFields, type EntryRow } from './contact-entries.queries.ts';
import { iso } from '../shared/time.ts';

export interface ContactEntryRecord extends Omit<EntryFields, 'resolved_at' | 'created_at' | 'updated_at'> {
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
  /** The latest sequence this entry sourced (list auto-enrollment), or null. */
  sequence: { id: string; status: string; stopped_reason: string | null } | null;
}

export function toRecord(row: EntryRow): ContactEntryRecord {
  return {
    id: row.id,
    contact_list_id: row.contact_list_id,
    contact_id: row.contact_id,
    email: row.email,
    linkedin_url: row.linkedin_url,
    external_contact_id: row.external_contact_id,
    first_name: row.first_name,
    last_name: row.last_name,
    company_name: row.company_name,
    company_domain: row.company_domain,
    job_title: row.job_title,
    phone: row.phone,
    enrichment_status: row.enrichment_status,
    enrichment_error: row.enrichment_error,
    resolved_at: iso(row.resolved_at),
    sequence: row.sequence_id
      ? { id: row.sequence_id, status: row.sequence_status!, stopped_reason: row.sequence_stopped_reason }
      : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export async function entryRecord(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<ContactEntryRecord | null> {
  const row = await entryRow(em, organizationId, id);
  return row ? toRecord(row) : null;
}
