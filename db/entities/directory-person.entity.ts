// The service's own people directory (part of the "lead database"): shared by every organization,
// filled by providers/directory/load.ts, read through providers/directory/sandbox.ts.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { DirectoryJob } from '../../providers/directory/index.ts';
import { DirectoryCompany } from './directory-company.entity.ts';

export const DirectoryPersonSchema = defineEntity({
  name: 'DirectoryPerson',
  tableName: 'directory_people',
  // Declared here (with the SQL of the migration) so the schema diff knows them.
  indexes: [
    { name: 'directory_people_company_index', properties: ['company'] },
    {
      name: 'directory_people_name_index',
      expression:
        'create index "directory_people_name_index" on "directory_people" (lower("first_name"), lower("last_name"), "company_id")',
    },
    // The signal slot of a person (providers/signals/sandbox.ts).
    {
      name: 'directory_people_signal_slot_index',
      expression:
        'create index "directory_people_signal_slot_index" on "directory_people" ((hashtext("id"::text) & 4095))',
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
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
