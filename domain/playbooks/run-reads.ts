// The runs of a playbook, as the API lists them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { toRun, type PlaybookRunRecord } from './playbook-records.ts';
import { runPage, type PlaybookRunFilters, type PlaybookRunSort } from './playbooks.queries.ts';
import { getPlaybook } from './playbook-crud.ts';

/** The list's filters and sort fields are the query's. */
export { PLAYBOOK_RUN_SORT_FIELDS, type PlaybookRunFilters, type PlaybookRunSort } from './playbooks.queries.ts';

export async function listRuns(
  em: EntityManager,
  organizationId: string,
  playbookId: string,
  filters: PlaybookRunFilters,
  page: { limit: number; offset: number; sortBy?: PlaybookRunSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: PlaybookRunRecord[]; total: number }> {
  await getPlaybook(em, organizationId, playbookId);
  const { rows, total } = await runPage(em, organizationId, playbookId, filters, {
    ...page,
    sortBy: page.sortBy ?? 'created_at',
  });
  return { items: rows.map(toRun), total };
}
