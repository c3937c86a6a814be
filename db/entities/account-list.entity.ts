// Account lists (their entries are in account-entry.entity.ts).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const AccountListSchema = defineEntity({
  name: 'AccountList',
  tableName: 'account_lists',
  indexes: [
    { name: 'account_lists_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'account_lists_organization_name_index', properties: ['organization', 'name'] },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    name: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class AccountList extends AccountListSchema.class {}
AccountListSchema.setClass(AccountList);
