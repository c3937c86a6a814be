// The sandbox CRM's own store (a stand-in for an outside system, so no foreign keys into ours).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { CRM_OBJECT_TYPES } from '../../providers/crm/index.ts';

export const SandboxCrmRecordSchema = defineEntity({
  name: 'SandboxCrmRecord',
  tableName: 'crm_records',
  // A null organization_id is a seeded record every organization sees; an organization's own
  // record with the same external id shadows it. NULLs never collide in a plain unique index,
  // hence one partial unique index per kind of record.
  indexes: [
    {
      name: 'crm_records_organization_external_unique',
      expression:
        'create unique index "crm_records_organization_external_unique" on "crm_records" ("organization_id", "object_type", "external_id") where "organization_id" is not null',
    },
    {
      name: 'crm_records_seed_external_unique',
      expression:
        'create unique index "crm_records_seed_external_unique" on "crm_records" ("object_type", "external_id") where "organization_id" is null',
    },
    {
      name: 'crm_records_email_index',
      expression: `create index "crm_records_email_index" on "crm_records" ("object_type", lower("properties" ->> 'email'))`,
    },
    {
      name: 'crm_records_linkedin_url_index',
      expression: `create index "crm_records_linkedin_url_index" on "crm_records" ("object_type", lower("properties" ->> 'linkedin_url'))`,
    },
    {
      name: 'crm_records_creation_key_unique',
      expression:
        'create unique index "crm_records_creation_key_unique" on "crm_records" ("creation_key") where "creation_key" is not null',
    },
    {
      name: 'crm_records_domain_index',
      expression: `create index "crm_records_domain_index" on "crm_records" ("object_type", lower("properties" ->> 'domain'))`,
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organizationId: p.uuid().nullable(),
    objectType: p.enum(CRM_OBJECT_TYPES),
    externalId: p.text(),
    properties: p.json<Record<string, string>>(),
    /** The caller's idempotency key of the creation: a retried create with it answers the same record. */
    creationKey: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class SandboxCrmRecord extends SandboxCrmRecordSchema.class {}
SandboxCrmRecordSchema.setClass(SandboxCrmRecord);
