// The erasure jobs' queries (db/entities/erasure-job.entity.ts): find a person's job, write a new
// one, move it through its states. Each runs on the `em` it is given.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ErasureIdentifiers } from '../../db/entities/erasure-job.entity.ts';
import { typedKysely } from '../../db/kysely.ts';

export const JOB_COLUMNS = [
  'id',
  'organization_id',
  'contact_id',
  'identifiers',
  'status',
  'erased',
  'error',
  'created_at',
  'started_at',
  'finished_at',
] as const;

/** The organization's job for this contact or this subject hash (the contact's first), or undefined. */
export async function findJob(
  em: EntityManager,
  organizationId: string,
  by: { contactId: string | null; subjectHash: string | null },
) {
  return typedKysely(em)
    .selectFrom('erasure_jobs')
    .select(JOB_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        ...(by.contactId ? [eb('contact_id', '=', by.contactId)] : []),
        ...(by.subjectHash ? [eb('subject_hash', '=', by.subjectHash)] : []),
      ]),
    )
    .orderBy('contact_id', (ob) => ob.asc().nullsLast())
    .limit(1)
    .executeTakeFirst();
}

export function jobById(em: EntityManager, organizationId: string | null, id: string) {
  let query = typedKysely(em).selectFrom('erasure_jobs').select(JOB_COLUMNS).where('id', '=', id);
  if (organizationId) query = query.where('organization_id', '=', organizationId);
  return query.executeTakeFirst();
}

/** Inserts a QUEUED job unless the person has one (same subject or contact); the new row, or undefined. */
export function insertJob(
  em: EntityManager,
  job: {
    id: string;
    organizationId: string;
    contactId: string | null;
    subjectHash: string;
    identifiers: ErasureIdentifiers;
  },
) {
  return typedKysely(em)
    .insertInto('erasure_jobs')
    .values((eb) => ({
      id: job.id,
      organization_id: job.organizationId,
      contact_id: job.contactId,
      subject_hash: job.subjectHash,
      identifiers: { ...job.identifiers },
      status: 'QUEUED',
      created_at: eb.fn<Date>('now'),
    }))
    .onConflict((oc) => oc.doNothing())
    .returning(JOB_COLUMNS)
    .executeTakeFirst();
}

/** A FAILED job asked for again goes back to QUEUED (its workflow is started anew); the row, or undefined. */
export function requeueFailedJob(em: EntityManager, id: string) {
  return typedKysely(em)
    .updateTable('erasure_jobs')
    .set({ status: 'QUEUED', error: null, finished_at: null })
    .where('id', '=', id)
    .where('status', '=', 'FAILED')
    .returning(JOB_COLUMNS)
    .executeTakeFirst();
}

/** The job under its lock (one erasure step at a time). */
export function lockJob(em: EntityManager, id: string) {
  return typedKysely(em)
    .selectFrom('erasure_jobs')
    .select(JOB_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function markJobRunning(em: EntityManager, id: string): Promise<void> {
  await typedKysely(em)
    .updateTable('erasure_jobs')
    .set((eb) => ({ status: 'RUNNING', started_at: eb.fn.coalesce('started_at', eb.fn<Date>('now')) }))
    .where('id', '=', id)
    .where('status', 'in', ['QUEUED', 'RUNNING'])
    .execute();
}

/** SUCCEEDED: the identifiers go, the counts stay. */
export async function markJobSucceeded(em: EntityManager, id: string, erased: Record<string, number>): Promise<void> {
  await typedKysely(em)
    .updateTable('erasure_jobs')
    .set((eb) => ({ status: 'SUCCEEDED', identifiers: null, erased, error: null, finished_at: eb.fn<Date>('now') }))
    .where('id', '=', id)
    .execute();
}

export async function markJobFailed(em: EntityManager, id: string, error: string): Promise<void> {
  await typedKysely(em)
    .updateTable('erasure_jobs')
    .set((eb) => ({ status: 'FAILED', error, finished_at: eb.fn<Date>('now') }))
    .where('id', '=', id)
    .where('status', '<>', 'SUCCEEDED')
    .execute();
}
