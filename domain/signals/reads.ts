// Reads of signals: one signal's detail, and the list.
import {
  mustRow,
  toDetail,
  toRecord,
  type SignalDetail,
  type SignalRecord,
  type SignalsDeps,
} from './signal-records.ts';
import { signalListPage } from './signals.queries.ts';

export async function getSignal(
  deps: Pick<SignalsDeps, 'em' | 'dashboardBaseUrl'>,
  organizationId: string,
  id: string,
): Promise<SignalDetail> {
  return toDetail(deps.dashboardBaseUrl, await mustRow(deps.em, organizationId, id));
}

export async function listSignals(
  deps: Pick<SignalsDeps, 'em' | 'dashboardBaseUrl'>,
  organizationId: string,
  filters: { include_archived?: boolean },
  page: { limit: number; offset: number; sortOrder?: 'asc' | 'desc' },
): Promise<{ items: SignalRecord[]; total: number }> {
  // created_at, newest first unless asked otherwise; id breaks ties the same way.
  const direction = page.sortOrder ?? 'desc';
  const { rows, total } = await signalListPage(deps.em, organizationId, !!filters.include_archived, {
    limit: page.limit,
    offset: page.offset,
    direction,
  });
  return { items: rows.map((r) => toRecord(deps.dashboardBaseUrl, r)), total };
}
