// The steps of an erasure job (the erasure workflow's activities call these): stop the person's runs,
// settle their outside effects (recorded sends cancelled, a send in flight waited for), delete their
// CRM record through the CRM (recorded before it is called), then erase every copy left in the
// database in one transaction that also emits contact.erased and marks the job done. Each step is
// safe to repeat: a retried step finds nothing left to do.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ErasureIdentifiers } from '../../db/entities/erasure-job.entity.ts';
import type { CrmConnector } from '../../providers/crm/index.ts';
import { emitEvent } from '../activity/emit.ts';
import { sealedAnswers } from '../idempotency/answer-seal.ts';
import { performOnce, recordEffect } from '../outbound/effects.ts';
import { suppressionHashes } from '../people/contact-identity.ts';
import { insertSuppressions } from '../people/suppressions.queries.ts';
import { endRuns } from '../sequences/runs.ts';
import { runningRunsOfContact } from '../sequences/runs.queries.ts';
import { DomainError } from '../shared/errors.ts';
import { truncateText } from '../shared/text.ts';
import { deliverRunsChanged, type CommandDeliveryDeps } from '../workflow-commands/deliver.ts';
import * as q from './erase.queries.ts';
import { lockJob, markJobFailed, markJobRunning, markJobSucceeded } from './jobs.queries.ts';

/** The stopped_reason of a run its person's erasure ended. */
export const ERASED_REASON = 'ERASED';

type JobRow = NonNullable<Awaited<ReturnType<typeof lockJob>>>;

interface Person {
  organizationId: string;
  contactId: string | null;
  identifiers: ErasureIdentifiers;
  /** mentionPattern of each identifier. */
  patterns: string[];
}

function personOf(job: JobRow): Person | null {
  if (job.status === 'SUCCEEDED' || !job.identifiers) return null;
  const ids = job.identifiers;
  const slug = ids.linkedinUrl?.replace(/^https:\/\/www\./, '');
  const patterns = [
    ...(ids.email ? [q.mentionPattern(ids.email)] : []),
    ...(slug ? [q.mentionPattern(slug, { anyPrefix: true })] : []),
    // A phone is matched only when it has enough digits to name one person.
    ...(ids.phone && ids.phone.replace(/\D/g, '').length >= 7 ? [q.mentionPattern(ids.phone)] : []),
  ];
  return { organizationId: job.organization_id, contactId: job.contact_id, identifiers: ids, patterns };
}

/** The job's person under the job's lock; null when the job is done. */
async function lockedPerson(tx: EntityManager, jobId: string): Promise<Person | null> {
  const job = await lockJob(tx, jobId);
  if (!job) throw DomainError.notFound('Erasure job');
  return personOf(job);
}

/** RUNNING, and the person's running runs ended (STOPPED_EARLY, ERASED) and told; false when the job is done. */
export async function beginErasure(em: EntityManager, deps: CommandDeliveryDeps, jobId: string): Promise<boolean> {
  const stopped = await em.fork().transactional(async (tx) => {
    const person = await lockedPerson(tx, jobId);
    if (!person) return null;
    await markJobRunning(tx, jobId);
    if (!person.contactId) return [];
    const running = await runningRunsOfContact(tx, person.organizationId, person.contactId, undefined);
    return endRuns(tx, running, 'STOPPED_EARLY', ERASED_REASON);
  });
  if (stopped === null) return false;
  await deliverRunsChanged(em.fork(), deps, stopped);
  return true;
}

/** The ids of the contact's runs (all of them), for the steps that wait on their workflows. */
export async function runsOfJob(em: EntityManager, jobId: string): Promise<string[]> {
  return em.fork().transactional(async (tx) => {
    const person = await lockedPerson(tx, jobId);
    return person?.contactId ? q.runIdsOfContact(tx, person.organizationId, person.contactId) : [];
  });
}

/**
 * Cancels the person's recorded effects not handed to a provider (PENDING: never sent) and answers
 * how many are in flight. `force`: one still in flight is counted as done (UNCONFIRMED), never sent again.
 */
export async function settleEffects(em: EntityManager, jobId: string, force: boolean): Promise<number> {
  return em.fork().transactional(async (tx) => {
    const person = await lockedPerson(tx, jobId);
    if (!person) return 0;
    const runIds = person.contactId ? await q.runIdsOfContact(tx, person.organizationId, person.contactId) : [];
    const scope = { organizationId: person.organizationId, runIds, patterns: person.patterns };
    await q.cancelPendingEffects(tx, scope);
    if (force) await q.redactEffects(tx, scope);
    return q.inFlightEffects(tx, scope);
  });
}

/**
 * Deletes the person's CRM record(s): those linked to the contact and the one the CRM finds by
 * their email or LinkedIn URL. Each delete is an intent committed before the call (CRM_DELETE, keyed
 * by the job and the record), performed once.
 */
export async function eraseInCrm(em: EntityManager, crm: CrmConnector, jobId: string): Promise<number> {
  const found = await em.fork().transactional(async (tx) => {
    const person = await lockedPerson(tx, jobId);
    if (!person) return null;
    const links = person.contactId ? await q.crmLinksOfContact(tx, person.organizationId, person.contactId) : [];
    return { person, externalIds: links.filter((l) => l.crm_type === crm.type).map((l) => l.external_id) };
  });
  if (!found) return 0;
  const { person } = found;
  const { email, linkedinUrl } = person.identifiers;
  const byIdentity = await crm.findByIdentity(person.organizationId, 'contact', {
    ...(email ? { email } : {}),
    ...(linkedinUrl ? { linkedinUrl } : {}),
  });
  const externalIds = [...new Set([...found.externalIds, ...(byIdentity ? [byIdentity.externalId] : [])])];
  for (const externalId of externalIds) {
    const key = `crm-delete/${jobId}/${crm.type}/${externalId}`;
    const request = { objectType: 'contact' as const, externalId };
    await em
      .fork()
      .transactional((tx) =>
        recordEffect(tx, { organizationId: person.organizationId, key, kind: 'CRM_DELETE', request }),
      );
    await performOnce<typeof request>(em.fork(), key, {
      perform: async (r) => {
        await crm.deleteRecord(person.organizationId, r.objectType, r.externalId);
        return { accepted: true, providerId: r.externalId, error: null };
      },
      // Gone from the CRM: the delete happened; still there: it did not, and is made again (harmless).
      lookup: async (r) =>
        (await crm.findRecord(person.organizationId, r.objectType, r.externalId))
          ? null
          : { accepted: true, providerId: r.externalId, error: null },
    });
  }
  return externalIds.length;
}

/** Stored idempotent answers (opened with the service's key) that name the person. */
async function answersNaming(tx: EntityManager, secretKey: string, person: Person): Promise<string[]> {
  const seal = sealedAnswers(secretKey);
  const regexes = person.patterns.map((p) => new RegExp(p, 'i'));
  const ids: string[] = [];
  for (const row of await q.storedAnswers(tx, person.organizationId)) {
    let text: string;
    try {
      text = seal.decrypt(row.response_body!);
    } catch {
      continue; // sealed under another key: unreadable to anyone holding this one
    }
    if (regexes.some((r) => r.test(text)) || (person.contactId && text.includes(person.contactId))) ids.push(row.id);
  }
  return ids;
}

/**
 * Erases every copy left in the database, in one transaction: the job's identifiers go with it,
 * only the suppression hashes (and the job's counts) stay. Answers the counts; null when the job was done.
 */
export async function eraseRows(
  em: EntityManager,
  secretKey: string,
  jobId: string,
): Promise<Record<string, number> | null> {
  return em.fork().transactional(async (tx) => {
    const person = await lockedPerson(tx, jobId);
    if (!person) return null;
    const { organizationId: org, contactId, patterns } = person;
    const { email, linkedinUrl } = person.identifiers;
    const runIds = contactId ? await q.runIdsOfContact(tx, org, contactId) : [];
    const erased: Record<string, number> = {
      outbound_effects: await q.redactEffects(tx, { organizationId: org, runIds, patterns }),
      mailbox_inbox_messages: await q.redactInboxRecords(tx, org, contactId, patterns),
      activities: await q.deletePersonRows(tx, 'activities', org, contactId, patterns),
      ingested_events: await q.deletePersonRows(tx, 'ingested_events', org, contactId, patterns),
      idempotency_keys: await q.deleteIdempotencyKeys(tx, await answersNaming(tx, secretKey, person)),
      contact_exclusions: await q.deleteContactExclusions(tx, org, email, linkedinUrl),
      contact_entries: await q.deletePersonRows(tx, 'contact_entries', org, contactId, patterns),
      signal_imports: await q.deletePersonRows(tx, 'signal_imports', org, contactId, patterns),
      quoted_text: await q.redactQuotes(tx, org, contactId, patterns),
      crm_links: contactId ? await q.deleteCrmLinks(tx, org, contactId) : 0,
      sequences: runIds.length,
      contacts: contactId ? await q.deleteContact(tx, org, contactId) : 0,
    };
    await insertSuppressions(tx, org, suppressionHashes(org, email, linkedinUrl));
    await emitEvent(tx, {
      type: 'contact.erased',
      organizationId: org,
      contact: contactId ? erasedContact(contactId) : null,
      fields: { erasure_job_id: jobId },
    });
    await markJobSucceeded(tx, jobId, erased);
    return erased;
  });
}

/** What the contact.erased event shows of the contact: its id, nothing else. */
function erasedContact(id: string) {
  return {
    id,
    first_name: null,
    last_name: null,
    email: null,
    linkedin_url: null,
    job_title: null,
    company_name: null,
    company_domain: null,
  };
}

export async function failErasure(em: EntityManager, jobId: string, error: string): Promise<void> {
  await markJobFailed(em.fork(), jobId, truncateText(error, 1000));
}
