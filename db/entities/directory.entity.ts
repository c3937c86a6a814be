// The service's own people and company directory (the "lead database"): shared by every
// organization, filled by providers/directory/load.ts, read through providers/directory/sandbox.ts.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { DirectoryJob } from '../../providers/directory/index.ts';

const DirectoryCompanySchema = defineEntity({
  name: 'DirectoryCompany',
  tableName: 'directory_companies',
  // The signal slot of a company (providers/signals/sandbox.ts): which days it has facts.
  indexes: [
    { name: 'directory_companies_signal_slot_index', expression: 'create index "directory_companies_signal_slot_index" on "directory_companies" ((hashtext("id"::text) & 4095))' },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
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

// Primary and alias domains in one table, so any domain resolves to its company with one
// primary-key lookup.
const DirectoryCompanyDomainSchema = defineEntity({
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

const DirectoryPersonSchema = defineEntity({
  name: 'DirectoryPerson',
  tableName: 'directory_people',
  // Declared here (with the SQL of the migration) so the schema diff knows them.
  indexes: [
    { name: 'directory_people_company_index', properties: ['company'] },
    { name: 'directory_people_name_index', expression: 'create index "directory_people_name_index" on "directory_people" (lower("first_name"), lower("last_name"), "company_id")' },
    // The signal slot of a person (providers/signals/sandbox.ts).
    { name: 'directory_people_signal_slot_index', expression: 'create index "directory_people_signal_slot_index" on "directory_people" ((hashtext("id"::text) & 4095))' },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    firstName: p.text(),
    lastName: p.text(),
    /** Normalised (domain/people/identifiers.ts). */
    email: p.text().nullable().unique(),
    /** Canonical https://www.linkedin.com/in/<slug>. */
    linkedinUrl: p.text().nullable().unique(),
    jobTitle: p.text(),
    seniority: p.text(),
    /** E.164. */
    phone: p.text().nullable(),
    countryCode: p.text(),
    company: () => p.manyToOne(DirectoryCompany).ref().nullable(),
    /** Newest first; the current job has endedOn null. */
    jobHistory: p.json<DirectoryJob[]>(),
  },
});

export class DirectoryPerson extends DirectoryPersonSchema.class {}
DirectoryPersonSchema.setClass(DirectoryPerson);

// What the directory tables hold (seed version and sizes), so a start skips an identical reload.
const DirectoryMetaSchema = defineEntity({
  name: 'DirectoryMeta',
  tableName: 'directory_meta',
  properties: {
    key: p.text().primary(),
    value: p.text(),
  },
});

export class DirectoryMeta extends DirectoryMetaSchema.class {}
DirectoryMetaSchema.setClass(DirectoryMeta);
