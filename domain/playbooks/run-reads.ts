// The runs of a playbook, as the API lists them.
import { sql, type RawBuilder } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PlaybookRunStatus } from '../../db/entities/playbook-run.entity.ts';
import { RUN_COLUMNS, toRun, type PlaybookRunRecord, type RunRow } from './playbook-records.ts';
import { getPlaybook } from './playbook-crud.ts';

export const PLAYBOOK_RUN_SORT_FIELDS = ['created_at', 'updated_at'] as const;
export type PlaybookRunSort = (typeof PLAYBOOK_RUN_SORT_FIELDS)[number];

export interface PlaybookRunFilters {
  status?: PlaybookRunStatus;
  event_id?: string;
  contact_id?: string;
}

export async function listRuns(
  em: EntityManager, organizationId: string, playbookId: string, filters: PlaybookRunFilters,
  page: { limit: number; offset: number; sortBy?: PlaybookRunSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: PlaybookRunRecord[]; total: number }> {
  await getPlaybook(em, organizationId, playbookId);
  const where: RawBuilder<unknown>[] = [sql`playbook_id = ${playbookId}`, sql`organization_id = ${organizationId}`];
  if (filters.status) where.push(sql`status = ${filters.status}`);
  if (filters.event_id) where.push(sql`event_id = ${filters.event_id}`);
  if (filters.contact_id) where.push(sql`contact_id = ${filters.contact_id}`);
  const condition = sql.join(where, sql` AND `);
  const direction = sql.raw(page.sortOrder === 'desc' ? 'DESC' : 'ASC');
  const db = em.getKysely();
  const [{ rows }, counted] = await Promise.all([
    sql<RunRow>`SELECT ${RUN_COLUMNS} FROM playbook_runs WHERE ${condition}
      ORDER BY ${sql.ref(page.sortBy ?? 'created_at')} ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM playbook_runs WHERE ${condition}`.execute(db),
  ]);
  return { items: rows.map(toRun), total: Number(counted.rows[0].total) };
}
