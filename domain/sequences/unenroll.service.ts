// Ending runs on the contact's request: POST /v1/contacts/unenroll (every non-finished run FAILED with
// stopped_reason UNENROLLED, and the person excluded for at least three months from now) and the
// one-click unsubscribe link (exclusion UNSUBSCRIBED, the run FAILED with stopped_reason UNSUBSCRIBED).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { endRuns } from './runs.ts';
import { contactIdentifiers, runningRunsOfContact, runWithContact } from './runs.queries.ts';
import { isOrganizationTemplate } from './templates.queries.ts';
import type { ExclusionReason } from '../../db/entities/contact-exclusion.entity.ts';
import { ensureContactExclusion } from '../exclusions/exclusions.service.ts';
import { DomainError } from '../shared/errors.ts';
import { deliverRunsChanged } from '../workflow-commands/deliver.ts';

export const UNENROLL_EXCLUSION_MONTHS = 3;

export interface UnenrollItem {
  contact_id: string;
  status: 'UNENROLLED' | 'NOT_FOUND';
  /** Runs this call ended (FAILED, stopped_reason UNENROLLED). */
  stopped_sequence_ids: string[];
  /**
   * The person's contact exclusion, in force for at least three months from now: created now, an
   * existing one extended to that time, or an existing longer or permanent one kept; null when not
   * found or without email and LinkedIn URL.
   */
  exclusion_id: string | null;
}

type Person = { email: string | null; linkedin_url: string | null };

/** Unsubscribe: an exclusion of the person is created; an existing one is kept as it is. */
/**
 * An unsubscribe excludes the person for good: a temporary or lapsed exclusion becomes permanent
 * (until null), so an unsubscribed person is never reached again when it would have ended.
 */
async function excludeContactForGood(
  em: EntityManager,
  organizationId: string,
  contact: Person,
  reason: ExclusionReason,
): Promise<string | null> {
  if (!contact.email && !contact.linkedin_url) return null;
  const { record } = await ensureContactExclusion(
    em,
    organizationId,
    { email: contact.email, linkedin_url: contact.linkedin_url, reason, until: null },
    { reason: 'replace' },
  );
  return record.id;
}

/** Unenroll: the person is excluded until at least `until` (created, extended, or a longer one kept; never shortened). */
async function excludeContactUntil(
  em: EntityManager,
  organizationId: string,
  contact: Person,
  until: Date,
): Promise<string | null> {
  if (!contact.email && !contact.linkedin_url) return null;
  const { record } = await ensureContactExclusion(em, organizationId, {
    email: contact.email,
    linkedin_url: contact.linkedin_url,
    reason: 'CONTACT_REFUSED',
    until: until.toISOString(),
  });
  return record.id;
}

export async function unenrollContacts(
  em: EntityManager,
  workflows: WorkflowClients,
  organizationId: string,
  request: { contact_ids: string[]; sequence_template_id?: string },
): Promise<{ items: UnenrollItem[] }> {
  if (request.sequence_template_id) {
    if (!(await isOrganizationTemplate(em, organizationId, request.sequence_template_id)))
      throw DomainError.notFound('Sequence template');
  }
  const items: UnenrollItem[] = [];
  const until = new Date();
  until.setUTCMonth(until.getUTCMonth() + UNENROLL_EXCLUSION_MONTHS);
  for (const contactId of request.contact_ids) {
    const contact = await contactIdentifiers(em, organizationId, contactId);
    if (!contact) {
      items.push({ contact_id: contactId, status: 'NOT_FOUND', stopped_sequence_ids: [], exclusion_id: null });
      continue;
    }
    const running = await runningRunsOfContact(em, organizationId, contactId, request.sequence_template_id);
    // One transaction: the runs end (under their locks, each with its RUN_CHANGED command) and the
    // exclusion is written together; then their workflows are told. Runs of other templates stop at their next step through the send-time check.
    const { stopped, exclusionId } = await em.fork().transactional(async (tx) => ({
      stopped: await endRuns(tx, running, 'FAILED', 'UNENROLLED'),
      exclusionId: await excludeContactUntil(tx, organizationId, contact, until),
    }));
    await deliverRunsChanged(em, { workflows }, stopped);
    items.push({
      contact_id: contactId,
      status: 'UNENROLLED',
      stopped_sequence_ids: stopped,
      exclusion_id: exclusionId,
    });
  }
  return { items };
}

/**
 * The one-click unsubscribe of a verified token's sequence: exclusion UNSUBSCRIBED (an existing
 * temporary exclusion of the person becomes permanent) and the run FAILED with stopped_reason UNSUBSCRIBED. Idempotent.
 * False when the sequence does not exist (any more).
 */
export async function unsubscribe(em: EntityManager, workflows: WorkflowClients, sequenceId: string): Promise<boolean> {
  const row = await runWithContact(em, sequenceId);
  if (!row) return false;
  const stopped = await em.fork().transactional(async (tx) => {
    await excludeContactForGood(tx, row.organization_id, row, 'UNSUBSCRIBED');
    return endRuns(tx, [sequenceId], 'FAILED', 'UNSUBSCRIBED');
  });
  await deliverRunsChanged(em, { workflows }, stopped);
  return true;
}
