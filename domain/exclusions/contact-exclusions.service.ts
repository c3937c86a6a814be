// Contact exclusions: people (by normalised email or canonical LinkedIn URL) kept out of outreach.
// Create (with its event), the service's "excluded until at least" guarantee, read, patch, delete, list.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { contactIdentifiers } from '../people/contacts.service.ts';
import type { ContactSummary } from '../people/records.ts';
import { DomainError, isUniqueViolation } from '../shared/errors.ts';
import { emitEvent } from '../activity/emit.ts';
import {
  contactRecord,
  duplicate,
  patchColumns,
  type ContactExclusionInput,
  type ContactExclusionRecord,
  type ContactExclusionRow,
  type ExclusionPatch,
} from './records.ts';
import { pageTotal } from '../shared/pagination.ts';
import { type ContactExclusionFilters, type ListPage } from './listing.ts';
import {
  CONTACT_EXCLUSION_SORT_COLUMNS,
  contactExclusionById,
  contactExclusionCount,
  contactExclusionPage,
  contactSummariesWithIdentifiers,
  deleteContactExclusionRow,
  exclusionsOfPerson,
  insertContactExclusion,
  setContactExclusion,
  updateContactExclusion,
} from './exclusions.queries.ts';

/** The person's exclusions (by email or LinkedIn URL), those of the email first, then oldest first. */
async function personExclusions(
  em: EntityManager,
  organizationId: string,
  email: string | null,
  linkedinUrl: string | null,
  forUpdate = false,
) {
  const rows = await exclusionsOfPerson(em, organizationId, email, linkedinUrl, forUpdate);
  const byEmail = (row: ContactExclusionRow) => (email !== null && row.email === email ? 0 : 1);
  return rows.sort((a, b) => byEmail(a) - byEmail(b));
}

/** The exclusion already holding this email or LinkedIn URL (email first). */
async function existingContactExclusion(
  em: EntityManager,
  organizationId: string,
  email: string | null,
  linkedinUrl: string | null,
) {
  const rows = await personExclusions(em, organizationId, email, linkedinUrl);
  const byEmail = email ? rows.find((r) => r.email === email) : undefined;
  if (byEmail) return { row: byEmail, field: 'email' };
  const byLinkedin = linkedinUrl ? rows.find((r) => r.linkedin_url === linkedinUrl) : undefined;
  return byLinkedin ? { row: byLinkedin, field: 'linkedin_url' } : null;
}

/** The workspace contact with this email (preferred) or LinkedIn URL, as the event embeds it. */
async function contactSummaryFor(
  em: EntityManager,
  organizationId: string,
  email: string | null,
  linkedinUrl: string | null,
): Promise<ContactSummary | null> {
  if (!email && !linkedinUrl) return null;
  const rows = await contactSummariesWithIdentifiers(em, organizationId, email, linkedinUrl);
  return rows.find((row) => email !== null && row.email === email) ?? rows[0] ?? null;
}

/**
 * Creates a contact exclusion and emits `contact_exclusion.created` in the same transaction (a
 * savepoint when `em` is already in one, so a caller's unenroll or unsubscribe commits both or
 * neither). A second exclusion for the same email or LinkedIn URL is a 409 with
 * `existing_exclusion_id` for the API; for the service itself (`source: 'SERVICE'`, e.g. a
 * retried activity) the existing exclusion is returned unchanged with `created: false`.
 */
export async function createContactExclusion(
  em: EntityManager,
  organizationId: string,
  input: ContactExclusionInput,
  options: { source: 'API' | 'SERVICE' } = { source: 'API' },
): Promise<{ record: ContactExclusionRecord; created: boolean }> {
  const ids = contactIdentifiers(input);
  const email = ids.email ?? null;
  const linkedinUrl = ids.linkedinUrl ?? null;
  if (!email && !linkedinUrl) {
    throw DomainError.invalidFields(
      'At least one of email or linkedin_url is required.',
      [
        { path: 'email', message: 'is required when linkedin_url is absent' },
        { path: 'linkedin_url', message: 'is required when email is absent' },
      ],
      422,
    );
  }
  const onExisting = (existing: { row: ContactExclusionRow; field: string }) => {
    if (options.source === 'SERVICE') return { record: contactRecord(existing.row), created: false };
    throw duplicate({ id: existing.row.id, field: existing.field });
  };
  try {
    return await em.transactional(async (tx) => {
      const existing = await existingContactExclusion(tx, organizationId, email, linkedinUrl);
      if (existing) return onExisting(existing);
      const now = new Date();
      const row = await insertContactExclusion(tx, {
        id: randomUUID(),
        organization_id: organizationId,
        email,
        linkedin_url: linkedinUrl,
        reason: input.reason,
        message: input.message ?? null,
        until: input.until ? new Date(input.until) : null,
        created_at: now,
        updated_at: now,
      });
      const record = contactRecord(row);
      await emitEvent(tx, {
        type: 'contact_exclusion.created',
        organizationId,
        contact: await contactSummaryFor(tx, organizationId, email, linkedinUrl),
        fields: {
          exclusion_id: record.id,
          email: record.email,
          linkedin_url: record.linkedin_url,
          reason: record.reason,
        },
      });
      return { record, created: true };
    });
  } catch (error) {
    // A concurrent create of the same person won the race; the partial unique indexes caught it.
    if (!isUniqueViolation(error)) throw error;
    const existing = await existingContactExclusion(em, organizationId, email, linkedinUrl);
    if (!existing) throw error;
    return onExisting(existing);
  }
}

/** EXTENDED: an existing exclusion's until was moved later; KEPT: an existing one already lasted long enough. */
export type EnsuredExclusion = { record: ContactExclusionRecord; outcome: 'CREATED' | 'EXTENDED' | 'KEPT' };

/** Lasts at least until `target` (null: permanent). */
const lastsUntil = (row: ContactExclusionRow, target: Date | null) =>
  row.until === null || (target !== null && new Date(row.until).getTime() >= target.getTime());

/**
 * A guarantee for the service (unenroll): the person is excluded until at least `input.until`
 * (null: permanently) when this returns. An exclusion of the person (its email or its LinkedIn
 * URL) that already lasts that long is kept as it is; otherwise the person's exclusion (email
 * first) that ends earlier or has lapsed gets `until` moved to `input.until` (`updated_at` moves;
 * the message stays, and so does the reason unless `options.reason` is 'replace' (an unsubscribe
 * names itself); no event, as for a PATCH); with none, one is created with
 * `contact_exclusion.created`. Never shortens an exclusion. In the caller's transaction (a
 * savepoint when it is in one); the person's rows are locked while deciding.
 */
export async function ensureContactExclusion(
  em: EntityManager,
  organizationId: string,
  input: ContactExclusionInput & { until: string | null },
  options: { reason?: 'keep' | 'replace' } = {},
): Promise<EnsuredExclusion> {
  const { email, linkedinUrl } = contactIdentifiers(input);
  const target = input.until === null ? null : new Date(input.until);
  // Twice at most: a concurrent create of the person between our read and our insert is found
  // by createContactExclusion (created: false) and then extended like any existing one.
  for (let attempt = 0; ; attempt++) {
    const ensured = await em.transactional(async (tx): Promise<EnsuredExclusion | null> => {
      const rows = await personExclusions(tx, organizationId, email ?? null, linkedinUrl ?? null, true);
      const lasting = rows.find((row) => lastsUntil(row, target));
      if (lasting) return { record: contactRecord(lasting), outcome: 'KEPT' };
      if (rows[0]) {
        const updated = await setContactExclusion(tx, rows[0].id, {
          until: target,
          updated_at: new Date(),
          ...(options.reason === 'replace' ? { reason: input.reason } : {}),
        });
        return { record: contactRecord(updated), outcome: 'EXTENDED' };
      }
      const created = await createContactExclusion(tx, organizationId, input, { source: 'SERVICE' });
      return created.created ? { record: created.record, outcome: 'CREATED' } : null;
    });
    if (ensured) return ensured;
    if (attempt >= 1) throw new Error('contact exclusion: a concurrent create kept winning');
  }
}

export async function getContactExclusion(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<ContactExclusionRecord> {
  const row = await contactExclusionById(em, organizationId, id);
  if (!row) throw DomainError.notFound('Contact exclusion');
  return contactRecord(row);
}

export async function patchContactExclusion(
  em: EntityManager,
  organizationId: string,
  id: string,
  patch: ExclusionPatch,
): Promise<ContactExclusionRecord> {
  return em.transactional(async (tx) => {
    const row = await updateContactExclusion(tx, organizationId, id, patchColumns(patch, new Date()));
    if (!row) throw DomainError.notFound('Contact exclusion');
    return contactRecord(row);
  });
}

export async function deleteContactExclusion(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await em.transactional(async (tx) => {
    if (!(await deleteContactExclusionRow(tx, organizationId, id))) throw DomainError.notFound('Contact exclusion');
  });
}

export type ContactExclusionSort = keyof typeof CONTACT_EXCLUSION_SORT_COLUMNS;
export const CONTACT_EXCLUSION_SORT_FIELDS = Object.keys(CONTACT_EXCLUSION_SORT_COLUMNS) as ContactExclusionSort[];

/** Default order: created_at ascending, like every other list. One statement (a second only past the end). */
export async function listContactExclusions(
  em: EntityManager,
  organizationId: string,
  filters: ContactExclusionFilters,
  page: ListPage<ContactExclusionSort>,
): Promise<{ items: ContactExclusionRecord[]; total: number }> {
  const { email, linkedinUrl } = contactIdentifiers({ email: filters.email, linkedin_url: filters.linkedin_url });
  const where = {
    reason: filters.reason,
    email,
    linkedinUrl,
    createdAfter: filters.created_at_after !== undefined ? new Date(filters.created_at_after) : undefined,
    createdBefore: filters.created_at_before !== undefined ? new Date(filters.created_at_before) : undefined,
  };
  const rows = await contactExclusionPage(em, organizationId, where, {
    ...page,
    sortColumn: CONTACT_EXCLUSION_SORT_COLUMNS[page.sortBy ?? 'created_at'],
  });
  const total = await pageTotal(rows, page.offset, () => contactExclusionCount(em, organizationId, where));
  return { items: rows.map(contactRecord), total };
}
