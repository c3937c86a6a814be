// The activity stream, which is also the outbox of webhooks: every event is one row written in the
// transaction of the state change that causes it (domain/activity/emit.ts). `payload` is the webhook
// body (snake_case, with embeds); the activities API serves it camelCased.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const ActivitySchema = defineEntity({
  name: 'Activity',
  tableName: 'activities',
  indexes: [
    { name: 'activities_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'activities_organization_contact_index', properties: ['organization', 'contactId', 'createdAt'] },
    { name: 'activities_organization_sequence_index', properties: ['organization', 'sequenceId', 'createdAt'] },
    { name: 'activities_organization_type_index', properties: ['organization', 'type', 'createdAt'] },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    type: p.text(),
    contactId: p.uuid().nullable(),
    sequenceId: p.uuid().nullable(),
    sequenceTemplateId: p.uuid().nullable(),
    resourceType: p.text().nullable(),
    channel: p.text().nullable(),
    payload: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Activity extends ActivitySchema.class {}
ActivitySchema.setClass(Activity);
