// Reads of signals: one signal's detail, and the list.
import { sql } from 'kysely';
import { COLUMNS, mustRow, toDetail, toRecord, type SignalDetail, type SignalRecord, type SignalRow, type SignalsDeps } from './signal-records.ts';

export async function getSignal(deps: Pick<SignalsDeps, 'em' | 'dashboardBaseUrl'>, organizationId: string, id: string): Promise<SignalDetail> {
  return toDetail(deps.dashboardBaseUrl, await mustRow(deps.em, organizationId, id));
}

export async function listSignals(
  deps: Pick<SignalsDeps, 'em' | 'dashboardBaseUrl'>, organizationId: string, filters: { include_archived?: boolean },
  page: { limit: number; offset: number; sortOrder?: 'asc' | 'desc' },
): Promise<{ items: SignalRecord[]; total: number }> {
  const where = filters.include_archived ? sql`organization_id = ${organizationId}` : sql`organization_id = ${organizationId} AND status <> 'ARCHIVED'`;
  const db = deps.em.getKysely();
  // created_at, newest first unless asked otherwise; id breaks ties the same way.
  const direction = sql.raw(page.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const [{ rows }, counted] = await Promise.all([
    sql<SignalRow>`SELECT ${COLUMNS} FROM signals WHERE ${where} ORDER BY created_at ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM signals WHERE ${where}`.execute(db),
  ]);
  return { items: rows.map((r) => toRecord(deps.dashboardBaseUrl, r)), total: Number(counted.rows[0].total) };
}
