// The signal as a check reads it: its row, which kind of check it gets, and its cadence's length.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely, type Row } from '../../db/kysely.ts';
import { DAY_MS } from '../shared/time.ts';


const COLUMNS = [
  'id', 'organization_id', 'signal_type', 'status', 'cadence', 'search_filters', 'import_search_filters', 'import_target', 'event_subject', 'event_name',
  'sequence_template_id', 'enrich_email', 'enrich_phones', 'max_companies_per_run', 'max_contacts_per_company', 'max_per_day', 'contact_list_id',
  'account_list_id', 'last_checked_at', 'watermark', 'created_at', 'updated_at',
] as const;
export type SignalRow = Pick<Row<'signals'>, (typeof COLUMNS)[number]>;

export async function loadSignal(em: EntityManager, organizationId: string, signalId: string): Promise<SignalRow | null> {
  const row = await typedKysely(em)
    .selectFrom('signals').select(COLUMNS)
    .where('id', '=', signalId).where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row ?? null;
}

/** A custom-event signal (it polls ingested events, not the provider). */
export const isCustom = (s: Pick<SignalRow, 'signal_type' | 'event_name'>) => s.signal_type === 'CUSTOM_EVENT' || s.event_name !== null;
export const cadenceMs = (cadence: 'DAILY' | 'WEEKLY', dayMs = DAY_MS) => (cadence === 'WEEKLY' ? 7 : 1) * dayMs;
