// Contact lists. A contact list may carry a default sequence template that auto-enrolls its entries.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';
import { SequenceTemplate } from './sequence-template.entity.ts';

export const ContactListSchema = defineEntity({
  name: 'ContactList',
  tableName: 'contact_lists',
  indexes: [
    { name: 'contact_lists_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'contact_lists_organization_name_index', properties: ['organization', 'name'] },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    name: p.text(),
    defaultSequenceTemplate: () => p.manyToOne(SequenceTemplate).ref().nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class ContactList extends ContactListSchema.class {}
ContactListSchema.setClass(ContactList);
