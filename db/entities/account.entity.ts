// A workspace account (company), matched inside its organization on the normalised primary domain.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';
import { User } from './user.entity.ts';

export const AccountSchema = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  indexes: [
    { name: 'accounts_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    {
      name: 'accounts_search_trgm',
      expression: `create index "accounts_search_trgm" on "accounts" using gin (lower("name" || ' ' || "domain") gin_trgm_ops)`,
    },
  ],
  uniques: [{ name: 'accounts_organization_domain_unique', properties: ['organization', 'domain'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    name: p.text(),
    domain: p.text(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: p.text().nullable(),
    region: p.text().nullable(),
    city: p.text().nullable(),
    owner: () => p.manyToOne(User).ref().nullable(),
    firstSeenAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime().onCreate(() => new Date()),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Account extends AccountSchema.class {}
AccountSchema.setClass(Account);
