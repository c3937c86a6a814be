// Primary and alias domains of the directory's companies in one table, so any domain resolves to
// its company with one primary-key lookup.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { DirectoryCompany } from './directory-company.entity.ts';

// Primary and alias domains in one table, so any domain resolves to its company with one
// primary-key lookup.
export const DirectoryCompanyDomainSchema = defineEntity({
  name: 'DirectoryCompanyDomain',
  tableName: 'directory_company_domains',
  indexes: [{ name: 'directory_company_domains_company_index', properties: ['company'] }],
  properties: {
    domain: p.text().primary(),
    company: () => p.manyToOne(DirectoryCompany).ref().deleteRule('cascade'),
    isPrimary: p.boolean(),
  },
});

export class DirectoryCompanyDomain extends DirectoryCompanyDomainSchema.class {}
DirectoryCompanyDomainSchema.setClass(DirectoryCompanyDomain);
