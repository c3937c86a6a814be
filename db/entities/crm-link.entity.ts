// Which CRM record each account or contact is linked to.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { Organization } from './organization.entity.ts';

/** Workspace objects that can be linked to a CRM record. */
export const CRM_LINK_OBJECT_TYPES = ['account', 'contact'] as const;
export type CrmLinkObjectType = (typeof CRM_LINK_OBJECT_TYPES)[number];

export const CrmLinkSchema = defineEntity({
  name: 'CrmLink',
  tableName: 'crm_links',
  // From a CRM id back to the workspace record (events name contacts by external_contact_id).
  indexes: [{ name: 'crm_links_external_index', properties: ['organization', 'objectType', 'externalId'] }],
  properties: {
    organization: () => p.manyToOne(Organization).ref().primary(),
    objectType: p.enum(CRM_LINK_OBJECT_TYPES).primary(),
    /** The account or contact id (no foreign key: it points into either table). */
    localId: p.uuid().primary(),
    crmType: p.text(),
    externalId: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class CrmLink extends CrmLinkSchema.class {}
CrmLinkSchema.setClass(CrmLink);
