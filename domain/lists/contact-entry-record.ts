// A contact entry as the API answers it, the row it is read from, and its one SELECT.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EnrichmentStatus } from '../../db/entities/contact-entry.entity.ts';

/** The entry's fields, with its times as `Time` (ISO strings in the record, Dates in the row). */
interface ContactEntryFields<Time> {
  id: string;
  contact_list_id: string;
  contact_id: string | null;
  email: string | null;
  linkedin_url: string | null;
  external_contact_id: string | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  company_domain: string | null;
  job_title: string | null;
  phone: string | null;
  enrichment_status: EnrichmentStatus;
  enrichment_error: string | null;
  resolved_at: Time | null;
  created_at: Time;
  updated_at: Time;
}

export interface ContactEntryRecord extends ContactEntryFields<string> {
  /** The latest sequence this entry sourced (list auto-enrollment), or null. */
  sequence: { id: string; status: string; stopped_reason: string | null } | null;
}

export interface EntryRow extends ContactEntryFields<Date> {
  sequence_id: string | null;
  sequence_status: string | null;
  sequence_stopped_reason: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toRecord(row: EntryRow): ContactEntryRecord {
  return {
    id: row.id, contact_list_id: row.contact_list_id, contact_id: row.contact_id, email: row.email, linkedin_url: row.linkedin_url,
    external_contact_id: row.external_contact_id, first_name: row.first_name, last_name: row.last_name, company_name: row.company_name,
    company_domain: row.company_domain, job_title: row.job_title, phone: row.phone, enrichment_status: row.enrichment_status,
    enrichment_error: row.enrichment_error, resolved_at: iso(row.resolved_at),
    sequence: row.sequence_id ? { id: row.sequence_id, status: row.sequence_status!, stopped_reason: row.sequence_stopped_reason } : null,
    created_at: iso(row.created_at)!, updated_at: iso(row.updated_at)!,
  };
}

/** Entry columns plus its latest sourced sequence (found through the sequences' contact index). */
export const SELECT_ENTRY = sql`
  SELECT e.id, e.contact_list_id, e.contact_id, e.email, e.linkedin_url, e.external_contact_id, e.first_name, e.last_name, e.company_name,
         e.company_domain, e.job_title, e.phone, e.enrichment_status, e.enrichment_error, e.resolved_at, e.created_at, e.updated_at,
         s.id AS sequence_id, s.status AS sequence_status, s.stopped_reason AS sequence_stopped_reason
    FROM contact_entries e
    LEFT JOIN LATERAL (
      SELECT id, status, stopped_reason FROM sequences
       WHERE organization_id = e.organization_id AND contact_id = e.contact_id AND source_contact_entry_id = e.id
       ORDER BY created_at DESC, id DESC LIMIT 1) s ON true`;

export async function entryRecord(em: EntityManager, organizationId: string, id: string): Promise<ContactEntryRecord | null> {
  const { rows } = await sql<EntryRow>`${SELECT_ENTRY} WHERE e.id = ${id} AND e.organization_id = ${organizationId}`.execute(em.getKysely());
  return rows[0] ? toRecord(rows[0]) : null;
}
