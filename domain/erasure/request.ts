// Asking for a person's erasure (POST /v1/contacts/{id}/erase, `admin erase --email`): one job per
// person and organization. The job's row (holding the identifiers it erases) and its ERASE_PERSON
// command commit together; the command is then delivered at once (the drain retries a failed
// delivery), which starts the job's workflow. Asking again answers the same job; a FAILED job is
// queued again.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ErasureIdentifiers } from '../../db/entities/erasure-job.entity.ts';
import { suppressionHash } from '../people/suppression-hash.ts';
import { normalizeEmail, normalizeLinkedinUrl } from '../people/identifiers.ts';
import { DomainError } from '../shared/errors.ts';
import { deliverRecorded, type CommandDeliveryDeps } from '../workflow-commands/deliver.ts';
import { recordStoredCommands } from '../workflow-commands/outbox.ts';
import type { StoredCommand } from '../workflow-commands/commands.ts';
import { contactOfPerson } from './erase.queries.ts';
import { findJob, insertJob, jobById, requeueFailedJob } from './jobs.queries.ts';
import { toErasureJobRecord, type ErasureJobRecord } from './record.ts';

export type ErasureDeps = CommandDeliveryDeps;

/** Who to erase: a contact of the organization, or a person named by email or LinkedIn URL who may be none. */
export type ErasureSubject = { contactId: string } | { email?: string; linkedinUrl?: string };

async function identify(em: EntityManager, organizationId: string, subject: ErasureSubject) {
  if ('contactId' in subject) {
    const contact = await contactOfPerson(em, organizationId, { contactId: subject.contactId });
    return { contact, email: contact?.email ?? null, linkedinUrl: contact?.linkedin_url ?? null };
  }
  const email = subject.email === undefined ? null : normalizeEmail(subject.email);
  const linkedinUrl = subject.linkedinUrl === undefined ? null : normalizeLinkedinUrl(subject.linkedinUrl);
  if (subject.email !== undefined && !email) throw DomainError.invalid('email', 'is not a valid email address');
  if (subject.linkedinUrl !== undefined && !linkedinUrl)
    throw DomainError.invalid('linkedin_url', 'is not a LinkedIn profile URL');
  if (!email && !linkedinUrl) throw DomainError.invalid('email', 'an email or a LinkedIn URL is required');
  const contact = await contactOfPerson(em, organizationId, { email, linkedinUrl });
  return { contact, email: contact?.email ?? email, linkedinUrl: contact?.linkedin_url ?? linkedinUrl };
}

/** Answers the person's job, queued now or found; `created` when this call queued it. */
export async function requestErasure(
  em: EntityManager,
  deps: ErasureDeps,
  organizationId: string,
  subject: ErasureSubject,
): Promise<{ job: ErasureJobRecord; created: boolean }> {
  const queued = await em.fork().transactional(async (tx) => {
    const { contact, email, linkedinUrl } = await identify(tx, organizationId, subject);
    const contactId = contact?.id ?? ('contactId' in subject ? subject.contactId : null);
    const subjectValue = email ?? linkedinUrl;
    const subjectHash = subjectValue ? suppressionHash(organizationId, subjectValue) : null;
    const existing = await findJob(tx, organizationId, { contactId, subjectHash });
    if (existing) {
      const again = existing.status === 'FAILED' ? await requeueFailedJob(tx, existing.id) : undefined;
      return { row: again ?? existing, created: false, commands: again ? await record(tx, deps, again.id) : [] };
    }
    // A contact already gone with no job of its own (deleted another way) is not found.
    if (!subjectHash || ('contactId' in subject && !contact)) throw DomainError.notFound('Contact');
    const identifiers: ErasureIdentifiers = {
      email,
      linkedinUrl,
      firstName: contact?.first_name ?? null,
      lastName: contact?.last_name ?? null,
      phone: contact?.phone ?? null,
    };
    const id = randomUUID();
    const row = await insertJob(tx, { id, organizationId, contactId: contact?.id ?? null, subjectHash, identifiers });
    // A concurrent request for the same person queued it first: theirs is the job.
    if (!row)
      return { row: await findJob(tx, organizationId, { contactId, subjectHash }), created: false, commands: [] };
    return { row, created: true, commands: await record(tx, deps, id) };
  });
  if (!queued.row) throw DomainError.conflict('An erasure of this person is being queued; retry.');
  if (queued.commands.length) await deliverRecorded(em.fork(), deps, queued.commands);
  return { job: toErasureJobRecord(queued.row), created: queued.created };

  function record(tx: EntityManager, d: ErasureDeps, jobId: string): Promise<StoredCommand[]> {
    return recordStoredCommands(tx, d.workflows.taskQueue, [{ kind: 'ERASE_PERSON', organizationId, jobId }]);
  }
}

export async function getErasureJob(em: EntityManager, organizationId: string, id: string): Promise<ErasureJobRecord> {
  const row = await jobById(em, organizationId, id);
  if (!row) throw DomainError.notFound('Erasure job');
  return toErasureJobRecord(row);
}
