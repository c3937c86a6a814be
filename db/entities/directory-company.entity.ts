// The service's own company directory (part of the "lead database"): shared by every organization,
// filled by providers/directory/load.ts, read through providers/directory/sandbox.ts.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

export const DirectoryCompanySchema = defineEntity({
  name: 'DirectoryCompany',
  tableName: 'directory_companies',
  // The signal slot of a company (providers/signals/sandbox.ts): which days it has facts.
  indexes: [
    {
      name: 'directory_companies_signal_slot_index',
      expression:
        'create index "directory_companies_signal_slot_index" on "directory_companies" ((hashtext("id"::text) & 4095))',
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    name: p.text(),
    /** Primary domain; also listed in directory_company_domains. */
    domain: p.text().unique(),
    industry: p.text(),
    sizeBand: p.text(),
    employeeCount: p.integer(),
    countryCode: p.text(),
    companyType: p.text(),
    technologies: p.array(),
  },
});

export class DirectoryCompany extends DirectoryCompanySchema.class {}
DirectoryCompanySchema.setClass(DirectoryCompany);
