// A contact entry as the API answers it, the row it is read from, and its one SELECT.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely, type Row } from '../../db/kysely.ts';
import { iso } from '../shared/time.ts';

/** The entry columns the API answers, in the order of the record. */
export const ENTRY_COLUMNS = [
  'id', 'contact_list_id', 'contact_id', 'email', 'linkedin_url', 'external_contact_id', 'first_name', 'last_name', 'company_name',
  'company_domain', 'job_title', 'phone', 'enrichment_status', 'enrichment_error', 'resolved_at', 'created_at', 'updated_at',
] as const;

type EntryFields = Pick<Row<'contact_entries'>, (typeof ENTRY_COLUMNS)[number]>;

export interface ContactEntryRecord extends Omit<EntryFields, 'resolved_at' | 'created_at' | 'updated_at'> {
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
  /** The latest sequence this entry sourced (list auto-enrollment), or null. */
  sequence: { id: string; status: string; stopped_reason: string | null } | null;
}

export type EntryRow = EntryFields & {
  sequence_id: string | null;
  sequence_status: string | null;
  sequence_stopped_reason: string | null;
};

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

/** The entries table as `e`, to filter before selectEntry adds the columns. */
export function entryTable(em: EntityManager) {
  return typedKysely(em).selectFrom('contact_entries as e');
}

/** Entry columns plus its latest sourced sequence (found through the sequences' contact index). */
export function selectEntry(entries: ReturnType<typeof entryTable>) {
  return entries
    .leftJoinLateral(
      (eb) => eb.selectFrom('sequences')
        .select(['id', 'status', 'stopped_reason'])
        .whereRef('organization_id', '=', 'e.organization_id')
        .whereRef('contact_id', '=', 'e.contact_id')
        .whereRef('source_contact_entry_id', '=', 'e.id')
        .orderBy('created_at', 'desc').orderBy('id', 'desc')
        .limit(1)
        .as('s'),
      (join) => join.onTrue(),
    )
    .select(ENTRY_COLUMNS.map((c) => `e.${c}` as const))
    .select(['s.id as sequence_id', 's.status as sequence_status', 's.stopped_reason as sequence_stopped_reason']);
}

export async function entryRecord(em: EntityManager, organizationId: string, id: string): Promise<ContactEntryRecord | null> {
  const row = await selectEntry(entryTable(em)).where('e.id', '=', id).where('e.organization_id', '=', organizationId).executeTakeFirst();
  return row ? toRecord(row) : null;
}
