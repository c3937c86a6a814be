// The sequences feature's queries on templates: whether the organization has them, the list, and
// the running runs of one, in typed Kysely. Each runs on the `em` it is given (its transaction, if
// any); the use cases beside this file hold the rules (templates.service.ts loads and flushes the
// template entities themselves).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TemplateStatus } from '../../db/entities/sequence-template.entity.ts';
import { typedKysely } from '../../db/kysely.ts';
import { RUNNING_STATUSES } from './statuses.ts';

/** Whether the organization has this sequence template. */
export async function isOrganizationTemplate(
  em: EntityManager,
  organizationId: string,
  templateId: string,
): Promise<boolean> {
  return !!(await typedKysely(em)
    .selectFrom('sequence_templates')
    .select('id')
    .where('id', '=', templateId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst());
}

/** The ids among `ids` that are templates of the organization. */
export async function organizationTemplateIds(
  em: EntityManager,
  organizationId: string,
  ids: string[],
): Promise<string[]> {
  const rows = await typedKysely(em)
    .selectFrom('sequence_templates')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .execute();
  return rows.map((r) => r.id);
}

/** The ids of the organization's runs of the template that are still running. */
export async function runningRunsOfTemplate(
  tx: EntityManager,
  organizationId: string,
  templateId: string,
): Promise<string[]> {
  const rows = await typedKysely(tx)
    .selectFrom('sequences')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('sequence_template_id', '=', templateId)
    .where('status', 'in', RUNNING_STATUSES)
    .execute();
  return rows.map((r) => r.id);
}

// ---- The list

/** The list's filters: `namePattern` a LIKE pattern on the lower-cased name, already escaped. */
export interface TemplateWhere {
  namePattern?: string;
  status?: TemplateStatus;
  createdBefore?: Date;
  createdAfter?: Date;
}

function matchingTemplates(em: EntityManager, organizationId: string, where: TemplateWhere) {
  return typedKysely(em)
    .selectFrom('sequence_templates')
    .where('organization_id', '=', organizationId)
    .$if(where.namePattern !== undefined, (q) =>
      q.where((eb) => eb(eb.fn<string>('lower', ['name']), 'like', where.namePattern!)),
    )
    .$if(!!where.status, (q) => q.where('status', '=', where.status!))
    .$if(where.createdBefore !== undefined, (q) => q.where('created_at', '<', where.createdBefore!))
    .$if(where.createdAfter !== undefined, (q) => q.where('created_at', '>', where.createdAfter!));
}

/** One page of the matching templates' ids (name sorts lower-cased; id breaks ties), each row carrying the total (window count). */
export function templateIdsPage(
  em: EntityManager,
  organizationId: string,
  where: TemplateWhere,
  page: { limit: number; offset: number; sortBy: 'created_at' | 'updated_at' | 'name'; sortOrder: 'asc' | 'desc' },
) {
  return matchingTemplates(em, organizationId, where)
    .select((eb) => ['id', eb.fn.countAll().over().as('total')])
    .orderBy((eb) => (page.sortBy === 'name' ? eb.fn('lower', ['name']) : eb.ref(page.sortBy)), page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many templates match. */
export async function templateCount(em: EntityManager, organizationId: string, where: TemplateWhere): Promise<number> {
  const counted = await matchingTemplates(em, organizationId, where)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}
