// The lead-import workflow's steps (activities/lead-import.activities.ts): profile completion from
// the directory, failure, enrollment with source_contact_entry_id.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory, DirectoryPerson } from '../../providers/directory/index.ts';
import { ensureAccounts } from '../people/accounts.service.ts';
import { runItems } from './lists.service.ts';
import { DomainError } from '../shared/errors.ts';
import { enrollInStep, type EnrollmentDeps } from '../sequences/enrollment/enroll.ts';
import { emitResolved } from './entry-resolved-event.ts';
import {
  entriesToEnroll,
  fillContactGaps,
  markEntriesFailed,
  markEntryResolved,
  pendingEntriesWithContacts,
} from './lead-import.queries.ts';

/** Items run 8 at a time; the same person twice in a batch runs in order (one entry, CREATED then UPDATED). */
export const ITEM_CONCURRENCY = 8;

async function findPerson(
  directory: Directory,
  c: {
    email: string | null;
    linkedin_url: string | null;
    first_name: string | null;
    last_name: string | null;
    domain: string | null;
  },
): Promise<DirectoryPerson | null> {
  if (c.email) {
    const person = await directory.findPersonByEmail(c.email);
    if (person) return person;
  }
  if (c.linkedin_url) {
    const person = await directory.findPersonByLinkedinUrl(c.linkedin_url);
    if (person) return person;
  }
  if (c.first_name && c.last_name && c.domain)
    return directory.findPersonByName({ firstName: c.first_name, lastName: c.last_name, companyDomain: c.domain });
  return null;
}

/**
 * Completes each PENDING entry's contact from the directory (matched by email, LinkedIn URL, then
 * name at the company domain): only gaps are filled, workspace values always win; an email or URL
 * another contact already holds is not copied. A contact without account is linked to its
 * company's. Then, in the same transaction, the entry is DONE and contact_entry.resolved emitted.
 * Idempotent: entries no longer PENDING (or deleted) are skipped.
 */
export async function importLeads(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  entryIds: string[],
): Promise<string[]> {
  if (!entryIds.length) return [];
  const rows = await pendingEntriesWithContacts(em, organizationId, entryIds);
  const resolved: string[] = [];
  await runItems(
    rows,
    (r) => [r.contact_id],
    ITEM_CONCURRENCY,
    async (row) => {
      const person = await findPerson(directory, row);
      const done = await em.fork().transactional(async (tx) => {
        const now = new Date();
        if (person) {
          const company = person.company;
          const accountId =
            !row.account_id && company
              ? (await ensureAccounts(tx, organizationId, new Map([[company.domain, company.name]]))).get(
                  company.domain,
                )!
              : null;
          await fillContactGaps(
            tx,
            organizationId,
            row.contact_id,
            {
              firstName: person.firstName,
              lastName: person.lastName,
              jobTitle: person.jobTitle,
              phone: person.phone,
              companyName: company?.name ?? null,
              email: person.email,
              linkedinUrl: person.linkedinUrl,
            },
            accountId,
            now,
          );
        }
        const marked = await markEntryResolved(tx, row.id, now);
        if (!marked) return false;
        await emitResolved(tx, organizationId, row);
        return true;
      });
      if (done) resolved.push(row.id);
    },
  );
  return resolved;
}

/** Marks still-PENDING entries FAILED with the reason; answers how many changed. */
export async function failEntries(
  em: EntityManager,
  organizationId: string,
  entryIds: string[],
  reason: string,
): Promise<number> {
  if (!entryIds.length) return 0;
  return markEntriesFailed(em, organizationId, entryIds, reason);
}

/**
 * Enrolls resolved entries in their list's current default template through the one enrollment
 * (domain/sequences/enrollment/enroll.ts), with source_contact_entry_id set. An entry is enrolled at
 * most once per template. An entry whose email must be verified first is handed to the enrollment
 * workflow, which writes its row later (counted as created: the verification may still refuse it).
 * An entry or contact deleted meanwhile is skipped (its delete ends a run it sourced). Idempotent
 * per (run, entry): a retried chunk finds the rows it wrote.
 */
export async function enrollEntries(
  em: EntityManager,
  deps: EnrollmentDeps,
  organizationId: string,
  entryIds: string[],
  runId: string,
) {
  const rows = !entryIds.length ? [] : await entriesToEnroll(em, organizationId, entryIds, runId);
  const counts = { created: 0, refused: 0, skipped: entryIds.length - rows.length };
  await runItems(
    rows.filter((r) => !r.enrolled),
    (r) => [r.contact_id],
    16,
    async (row) => {
      const input = {
        organizationId,
        contactId: row.contact_id,
        sequenceTemplateId: row.template_id,
        enrollmentRunId: `${runId}/${row.id}`,
        sourceContactEntryId: row.id,
      };
      const result = await enrollInStep(em, deps, input).catch((error: unknown) => {
        if (error instanceof DomainError && error.kind === 'not_found') return 'GONE' as const;
        throw error;
      });
      if (result === 'GONE' || result?.outcome === 'DUPLICATE') counts.skipped++;
      else if (result?.outcome === 'REFUSED') counts.refused++;
      else counts.created++;
    },
  );
  counts.skipped += rows.filter((r) => r.enrolled).length;
  return counts;
}
