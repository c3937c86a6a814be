// The CRM feature's queries, in typed Kysely; each runs on the `em` it is given.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CrmLinkObjectType } from '../../db/entities/crm-link.entity.ts';
import { typedKysely } from '../../db/kysely.ts';

/**
 * Records the link of a local record to a CRM record unless one for the same CRM exists (another
 * CRM's link is replaced); the external id that holds, in one atomic statement.
 */
export async function saveCrmLink(
  em: EntityManager,
  organizationId: string,
  objectType: CrmLinkObjectType,
  localId: string,
  crmType: string,
  externalId: string,
): Promise<string> {
  const row = await typedKysely(em)
    .insertInto('crm_links')
    .values((eb) => ({
      organization_id: organizationId,
      object_type: objectType,
      local_id: localId,
      crm_type: crmType,
      external_id: externalId,
      created_at: eb.fn<Date>('now'),
    }))
    .onConflict((oc) =>
      oc.columns(['organization_id', 'object_type', 'local_id']).doUpdateSet((eb) => {
        // The same CRM keeps its link; another CRM's link is replaced.
        const sameCrm = eb('crm_links.crm_type', '=', eb.ref('excluded.crm_type'));
        return {
          external_id: eb
            .case()
            .when(sameCrm)
            .then(eb.ref('crm_links.external_id'))
            .else(eb.ref('excluded.external_id'))
            .end(),
          created_at: eb
            .case()
            .when(sameCrm)
            .then(eb.ref('crm_links.created_at'))
            .else(eb.ref('excluded.created_at'))
            .end(),
          crm_type: eb.ref('excluded.crm_type'),
        };
      }),
    )
    .returning('external_id')
    .executeTakeFirstOrThrow();
  return row.external_id;
}
