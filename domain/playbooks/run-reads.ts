// The runs of a playbook, as the API lists them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import type { PlaybookRunStatus } from '../../db/entities/playbook-run.entity.ts';
import { RUN_COLUMNS, toRun, type PlaybookRunRecord } from './playbook-records.ts';
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
  const matching = typedKysely(em).selectFrom('playbook_runs')
    .where('playbook_id', '=', playbookId).where('organization_id', '=', organizationId)
    .$if(!!filters.status, (q) => q.where('status', '=', filters.status!))
    .$if(!!filters.event_id, (q) => q.where('event_id', '=', filters.event_id!))
    .$if(!!filters.contact_id, (q) => q.where('contact_id', '=', filters.contact_id!));
  const [rows, counted] = await Promise.all([
    matching.select(RUN_COLUMNS).orderBy(page.sortBy ?? 'created_at', page.sortOrder).orderBy('id', page.sortOrder).limit(page.limit).offset(page.offset).execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toRun), total: Number(counted.total) };
}
