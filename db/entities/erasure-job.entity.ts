// One erasure of a person at a privacy request (POST /v1/contacts/{id}/erase, `admin erase`): the
// durable job the erasure workflow works through. While it runs it holds the person's identifiers
// (the workflow's input carries only the job id, so Temporal's history never holds them); they are
// cleared when it succeeds. `subject_hash` (the suppression hash of the email, else the LinkedIn URL)
// makes a second request for the same person find the same job.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const ERASURE_JOB_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type ErasureJobStatus = (typeof ERASURE_JOB_STATUSES)[number];

/** The identifiers a running job erases (normalised email and LinkedIn URL; names and phone as stored). */
export interface ErasureIdentifiers {
  email: string | null;
  linkedinUrl: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}

export const ErasureJobSchema = defineEntity({
  name: 'ErasureJob',
  tableName: 'erasure_jobs',
  uniques: [{ name: 'erasure_jobs_subject_unique', properties: ['organization', 'subjectHash'] }],
  indexes: [
    {
      name: 'erasure_jobs_contact_unique',
      expression: `create unique index "erasure_jobs_contact_unique" on "erasure_jobs" ("organization_id", "contact_id") where "contact_id" is not null`,
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    /** The contact erased, when the person was one (no foreign key: the contact goes). */
    contactId: p.uuid().nullable(),
    subjectHash: p.text(),
    /** Cleared when the job succeeds. */
    identifiers: p.json<ErasureIdentifiers>().nullable(),
    status: p.enum(ERASURE_JOB_STATUSES).default('QUEUED'),
    /** Rows erased or redacted per table, once it succeeded. */
    erased: p.json<Record<string, number>>().nullable(),
    error: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
  },
});

export class ErasureJob extends ErasureJobSchema.class {}
ErasureJobSchema.setClass(ErasureJob);
