// A signal as the API answers it (record and detail), the row it is read from, and its deep links.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { DomainError } from '../shared/errors.ts';
import type { Filters, ImportTarget, SignalCadence, SignalStatus } from './settings.ts';
import { iso } from '../shared/time.ts';
import { signalRow, type SignalRow } from './signals.queries.ts';

export interface SignalRecord {
  id: string;
  name: string;
  signal_type: string;
  status: SignalStatus;
  cadence: SignalCadence;
  max_per_run: number | null;
  max_companies_per_run: number | null;
  max_contacts_per_company: number | null;
  max_per_day: number;
  enrich_email: boolean;
  enrich_phones: boolean;
  imported_count: number;
  contact_list_id: string | null;
  account_list_id: string | null;
  last_checked_at: string | null;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  url: string;
  list_url: string | null;
}

export interface SignalDetail extends SignalRecord {
  search_filters: Filters;
  import_search_filters: Filters;
  sequence_template_id: string | null;
  import_target: ImportTarget;
  event_subject: ImportTarget | null;
}

export interface SignalsDeps {
  workflows: WorkflowClients;
  em: EntityManager;
  /** Where a delivery left to the outbox drain is reported. */
  logger?: Pick<Logger, 'warn'>;
  /** Dashboard origin the deep links start with (config DASHBOARD_BASE_URL), without a trailing slash. */
  dashboardBaseUrl: string;
}

export function signalUrl(base: string, id: string): string {
  return `${base.replace(/\/+$/, '')}/signals/${id}`;
}

export function listUrl(base: string, row: Pick<SignalRow, 'contact_list_id' | 'account_list_id'>): string | null {
  const root = base.replace(/\/+$/, '');
  if (row.contact_list_id) return `${root}/lists/contacts/${row.contact_list_id}`;
  if (row.account_list_id) return `${root}/lists/accounts/${row.account_list_id}`;
  return null;
}

export function toRecord(base: string, r: SignalRow): SignalRecord {
  return {
    id: r.id,
    name: r.name,
    signal_type: r.signal_type,
    status: r.status,
    cadence: r.cadence,
    max_per_run: r.max_per_run,
    max_companies_per_run: r.max_companies_per_run,
    max_contacts_per_company: r.max_contacts_per_company,
    max_per_day: r.max_per_day,
    enrich_email: r.enrich_email,
    enrich_phones: r.enrich_phones,
    imported_count: r.imported_count,
    contact_list_id: r.contact_list_id,
    account_list_id: r.account_list_id,
    last_checked_at: iso(r.last_checked_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    archived_at: iso(r.archived_at),
    url: signalUrl(base, r.id),
    list_url: listUrl(base, r),
  };
}

export function toDetail(base: string, r: SignalRow): SignalDetail {
  return {
    ...toRecord(base, r),
    search_filters: r.search_filters,
    import_search_filters: r.import_search_filters,
    sequence_template_id: r.sequence_template_id,
    import_target: r.import_target,
    event_subject: r.event_subject,
  };
}

export async function mustRow(em: EntityManager, organizationId: string, id: string, lock = false): Promise<SignalRow> {
  const row = await signalRow(em, organizationId, id, lock);
  if (!row) throw DomainError.notFound('Signal');
  return row;
}
