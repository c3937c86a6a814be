// Account exclusions: companies (by primary domain) kept out of outreach, permanently or until a
// time. An exclusion whose `until` has passed is simply not in force: nothing flips it.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { EXCLUSION_REASONS } from './contact-exclusion.entity.ts';
import { Organization } from './organization.entity.ts';

export const AccountExclusionSchema = defineEntity({
  name: 'AccountExclusion',
  tableName: 'account_exclusions',
  uniques: [{ name: 'account_exclusions_organization_domain_unique', properties: ['organization', 'domain'] }],
  indexes: [{ name: 'account_exclusions_organization_created_index', properties: ['organization', 'createdAt', 'id'] }],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    domain: p.text(),
    reason: p.enum(EXCLUSION_REASONS),
    message: p.text().nullable(),
    until: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class AccountExclusion extends AccountExclusionSchema.class {}
AccountExclusionSchema.setClass(AccountExclusion);
