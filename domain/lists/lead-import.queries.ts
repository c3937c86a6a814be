// The queries of the lead import's steps (lead-import-steps.ts holds the rules): the PENDING entries
// with their contacts, a contact's gaps filled from the directory, entries marked resolved or failed,
// and the resolved entries a list's default template enrolls. Typed Kysely, on the `em` each is given.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';

/** The PENDING entries among these, with their contact's identifiers, names and account domain. */
export function pendingEntriesWithContacts(em: EntityManager, organizationId: string, entryIds: string[]) {
  // The join makes e.contact_id the contact's id, so it is read as c.id (never null).
  return typedKysely(em)
    .selectFrom('contact_entries as e')
    .innerJoin('contacts as c', 'c.id', 'e.contact_id')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select([
      'e.id',
      'e.contact_list_id',
      'c.id as contact_id',
      'e.external_contact_id',
      'c.email',
      'c.linkedin_url',
      'c.first_name',
      'c.last_name',
      'c.account_id',
      'a.domain',
    ])
    .where('e.organization_id', '=', organizationId)
    .where('e.id', 'in', entryIds)
    .where('e.enrichment_status', '=', 'PENDING')
    .execute();
}

export interface FoundPerson {
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  phone: string | null;
  companyName: string | null;
  email: string | null;
  linkedinUrl: string | null;
}

/**
 * Fills a contact's gaps from what the directory found (stored values win); an email or LinkedIn
 * URL fills the gap only when no other contact of the organization holds it.
 */
export async function fillContactGaps(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  person: FoundPerson,
  accountId: string | null,
  now: Date,
): Promise<void> {
  await typedKysely(em)
    .updateTable('contacts')
    .set((eb) => {
      const free = (column: 'email' | 'linkedin_url', value: string | null) =>
        value === null
          ? eb.ref(column)
          : eb.fn.coalesce(
              column,
              eb
                .case()
                .when(
                  eb.not(
                    eb.exists(
                      eb
                        .selectFrom('contacts as o')
                        .select('o.id')
                        .where('o.organization_id', '=', organizationId)
                        .where(`o.${column}`, '=', value),
                    ),
                  ),
                )
                .then(value)
                .end(),
            );
      const fill = (
        column: 'first_name' | 'last_name' | 'job_title' | 'phone' | 'company_name',
        value: string | null,
      ) => eb.fn.coalesce(column, eb.val(value));
      return {
        first_name: fill('first_name', person.firstName),
        last_name: fill('last_name', person.lastName),
        job_title: fill('job_title', person.jobTitle),
        phone: fill('phone', person.phone),
        company_name: fill('company_name', person.companyName),
        account_id: eb.fn.coalesce('account_id', eb.val(accountId)),
        email: free('email', person.email),
        linkedin_url: free('linkedin_url', person.linkedinUrl),
        updated_at: now,
      };
    })
    .where('id', '=', contactId)
    .execute();
}

/** Marks a PENDING entry DONE (resolved now); false when it was no longer PENDING. */
export async function markEntryResolved(em: EntityManager, id: string, now: Date): Promise<boolean> {
  const marked = await typedKysely(em)
    .updateTable('contact_entries')
    .set({ enrichment_status: 'DONE', enrichment_error: null, resolved_at: now, updated_at: now })
    .where('id', '=', id)
    .where('enrichment_status', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
  return !!marked;
}

/** Marks still-PENDING entries FAILED with the reason; how many changed. */
export async function markEntriesFailed(
  em: EntityManager,
  organizationId: string,
  entryIds: string[],
  reason: string,
): Promise<number> {
  const result = await typedKysely(em)
    .updateTable('contact_entries')
    .set({ enrichment_status: 'FAILED', enrichment_error: reason, updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', 'in', entryIds)
    .where('enrichment_status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The resolved entries among these whose list has a default template, with that template and
 * whether another enrollment run than `runId` already enrolled the entry in it.
 */
export function entriesToEnroll(em: EntityManager, organizationId: string, entryIds: string[], runId: string) {
  return typedKysely(em)
    .selectFrom('contact_entries as e')
    .innerJoin('contact_lists as l', 'l.id', 'e.contact_list_id')
    .select((eb) => [
      'e.id',
      'e.contact_id',
      'l.default_sequence_template_id as template_id',
      // Enrolled in this template by another run (this run's own row is a retry's, not a prior enrollment).
      eb
        .exists(
          eb
            .selectFrom('sequences as s')
            .select('s.id')
            .whereRef('s.organization_id', '=', 'e.organization_id')
            .whereRef('s.contact_id', '=', 'e.contact_id')
            .whereRef('s.source_contact_entry_id', '=', 'e.id')
            .whereRef('s.sequence_template_id', '=', 'l.default_sequence_template_id')
            .where(
              's.enrollment_run_id',
              'is distinct from',
              eb(eb.val(`${runId}/`), '||', eb.cast<string>('e.id', 'text')),
            ),
        )
        .as('enrolled'),
    ])
    .where('e.organization_id', '=', organizationId)
    .where('e.id', 'in', entryIds)
    .where('e.enrichment_status', '=', 'DONE')
    .where('e.contact_id', 'is not', null)
    .where('l.default_sequence_template_id', 'is not', null)
    .$narrowType<{ contact_id: string; template_id: string }>()
    .execute();
}
