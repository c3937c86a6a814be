// The signal as a check reads it: its row, which kind of check it gets, and its cadence's length.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SignalType } from './presets.types.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface SignalRow {
  id: string;
  organization_id: string;
  signal_type: SignalType;
  status: 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
  cadence: 'DAILY' | 'WEEKLY';
  search_filters: Record<string, string[]>;
  import_search_filters: Record<string, string[]>;
  import_target: 'PEOPLE' | 'COMPANIES';
  event_subject: string | null;
  event_name: string | null;
  sequence_template_id: string | null;
  enrich_email: boolean;
  enrich_phones: boolean;
  max_companies_per_run: number | null;
  max_contacts_per_company: number | null;
  max_per_day: number;
  contact_list_id: string | null;
  account_list_id: string | null;
  last_checked_at: Date | null;
  watermark: { received_at: string; id: string } | null;
  created_at: Date;
  updated_at: Date;
}

export async function loadSignal(em: EntityManager, organizationId: string, signalId: string): Promise<SignalRow | null> {
  const { rows } = await sql<SignalRow>`
    SELECT id, organization_id, signal_type, status, cadence, search_filters, import_search_filters, import_target, event_subject, event_name,
           sequence_template_id, enrich_email, enrich_phones, max_companies_per_run, max_contacts_per_company, max_per_day, contact_list_id,
           account_list_id, last_checked_at, watermark, created_at, updated_at
      FROM signals WHERE id = ${signalId} AND organization_id = ${organizationId}`.execute(em.getKysely());
  return rows[0] ?? null;
}

/** A custom-event signal (it polls ingested events, not the provider). */
export const isCustom = (s: Pick<SignalRow, 'signal_type' | 'event_name'>) => s.signal_type === 'CUSTOM_EVENT' || s.event_name !== null;
export const cadenceMs = (cadence: 'DAILY' | 'WEEKLY', dayMs = DAY_MS) => (cadence === 'WEEKLY' ? 7 : 1) * dayMs;
