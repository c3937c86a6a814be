// Reads of signals: one signal's detail, and the list.
import { typedKysely } from '../../db/kysely.ts';
import { COLUMNS, mustRow, toDetail, toRecord, type SignalDetail, type SignalRecord, type SignalsDeps } from './signal-records.ts';

export async function getSignal(deps: Pick<SignalsDeps, 'em' | 'dashboardBaseUrl'>, organizationId: string, id: string): Promise<SignalDetail> {
  return toDetail(deps.dashboardBaseUrl, await mustRow(deps.em, organizationId, id));
}

export async function listSignals(
  deps: Pick<SignalsDeps, 'em' | 'dashboardBaseUrl'>, organizationId: string, filters: { include_archived?: boolean },
  page: { limit: number; offset: number; sortOrder?: 'asc' | 'desc' },
): Promise<{ items: SignalRecord[]; total: number }> {
  const matching = typedKysely(deps.em)
    .selectFrom('signals')
    .where('organization_id', '=', organizationId)
    .$if(!filters.include_archived, (q) => q.where('status', '<>', 'ARCHIVED'));
  // created_at, newest first unless asked otherwise; id breaks ties the same way.
  const direction = page.sortOrder ?? 'desc';
  const [rows, counted] = await Promise.all([
    matching.select(COLUMNS).orderBy('created_at', direction).orderBy('id', direction).limit(page.limit).offset(page.offset).execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toRecord(deps.dashboardBaseUrl, r)), total: Number(counted.total) };
}
