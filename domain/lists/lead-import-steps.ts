// The lead-import workflow's steps (activities/lead-import.activities.ts): profile completion from
// the directory, failure, enrollment with source_contact_entry_id.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import type { Directory, DirectoryPerson } from '../../providers/directory/index.ts';
import { ensureAccounts } from '../people/accounts.service.ts';
import { runItems } from './lists.service.ts';
import { endRunDirectly } from '../sequences/runs.ts';
import { enrollContact, type EnrollmentDeps } from '../sequences/enrollment/enroll-contact.ts';
import { emitResolved } from './entry-resolved-event.ts';

/** Items run 8 at a time; the same person twice in a batch runs in order (one entry, CREATED then UPDATED). */
export const ITEM_CONCURRENCY = 8;

async function findPerson(directory: Directory, c: { email: string | null; linkedin_url: string | null; first_name: string | null; last_name: string | null; domain: string | null }): Promise<DirectoryPerson | null> {
  if (c.email) {
    const person = await directory.findPersonByEmail(c.email);
    if (person) return person;
  }
  if (c.linkedin_url) {
    const person = await directory.findPersonByLinkedinUrl(c.linkedin_url);
    if (person) return person;
  }
  if (c.first_name && c.last_name && c.domain) return directory.findPersonByName({ firstName: c.first_name, lastName: c.last_name, companyDomain: c.domain });
  return null;
}

/**
 * Completes each PENDING entry's contact from the directory (matched by email, LinkedIn URL, then
 * name at the company domain): only gaps are filled, workspace values always win; an email or URL
 * another contact already holds is not copied. A contact without account is linked to its
 * company's. Then, in the same transaction, the entry is DONE and contact_entry.resolved emitted.
 * Idempotent: entries no longer PENDING (or deleted) are skipped.
 */
export async function importLeads(em: EntityManager, directory: Directory, organizationId: string, entryIds: string[]): Promise<string[]> {
  if (!entryIds.length) return [];
  // The join makes e.contact_id the contact's id, so it is read as c.id (never null).
  const rows = await typedKysely(em).selectFrom('contact_entries as e')
    .innerJoin('contacts as c', 'c.id', 'e.contact_id')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select(['e.id', 'e.contact_list_id', 'c.id as contact_id', 'e.external_contact_id', 'c.email', 'c.linkedin_url', 'c.first_name', 'c.last_name', 'c.account_id', 'a.domain'])
    .where('e.organization_id', '=', organizationId).where('e.id', 'in', entryIds).where('e.enrichment_status', '=', 'PENDING')
    .execute();
  const resolved: string[] = [];
  await runItems(rows, (r) => [r.contact_id], ITEM_CONCURRENCY, async (row) => {
    const person = await findPerson(directory, row);
    const done = await em.fork().transactional(async (tx) => {
      const db = typedKysely(tx);
      const now = new Date();
      if (person) {
        const company = person.company;
        const accountId = !row.account_id && company
          ? (await ensureAccounts(tx, organizationId, new Map([[company.domain, company.name]]))).get(company.domain)!
          : null;
        await db.updateTable('contacts')
          .set((eb) => {
            // A value fills the gap only when no other contact of the organization holds it.
            const free = (column: 'email' | 'linkedin_url', value: string | null) => (value === null ? eb.ref(column) : eb.fn.coalesce(column, eb.case()
              .when(eb.not(eb.exists(eb.selectFrom('contacts as o').select('o.id').where('o.organization_id', '=', organizationId).where(`o.${column}`, '=', value))))
              .then(value).end()));
            const fill = (column: 'first_name' | 'last_name' | 'job_title' | 'phone' | 'company_name', value: string | null) => eb.fn.coalesce(column, eb.val(value));
            return {
              first_name: fill('first_name', person.firstName), last_name: fill('last_name', person.lastName),
              job_title: fill('job_title', person.jobTitle), phone: fill('phone', person.phone), company_name: fill('company_name', company?.name ?? null),
              account_id: eb.fn.coalesce('account_id', eb.val(accountId)),
              email: free('email', person.email), linkedin_url: free('linkedin_url', person.linkedinUrl), updated_at: now,
            };
          })
          .where('id', '=', row.contact_id)
          .execute();
      }
      const marked = await db.updateTable('contact_entries')
        .set({ enrichment_status: 'DONE', enrichment_error: null, resolved_at: now, updated_at: now })
        .where('id', '=', row.id).where('enrichment_status', '=', 'PENDING')
        .returning('id')
        .executeTakeFirst();
      if (!marked) return false;
      await emitResolved(tx, organizationId, row);
      return true;
    });
    if (done) resolved.push(row.id);
  });
  return resolved;
}

/** Marks still-PENDING entries FAILED with the reason; answers how many changed. */
export async function failEntries(em: EntityManager, organizationId: string, entryIds: string[], reason: string): Promise<number> {
  if (!entryIds.length) return 0;
  const result = await typedKysely(em).updateTable('contact_entries')
    .set({ enrichment_status: 'FAILED', enrichment_error: reason, updated_at: new Date() })
    .where('organization_id', '=', organizationId).where('id', 'in', entryIds).where('enrichment_status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Enrolls resolved entries in their list's current default template through the one enrollment
 * path (domain/sequences/enrollment), with source_contact_entry_id set. An entry is enrolled at
 * most once per template; an entry deleted meanwhile has its new run stopped instead of started.
 * Idempotent per (run, entry): a retried chunk finds the rows it wrote.
 */
export async function enrollEntries(em: EntityManager, deps: EnrollmentDeps, organizationId: string, entryIds: string[], runId: string) {
  const rows = !entryIds.length ? [] : await typedKysely(em).selectFrom('contact_entries as e')
    .innerJoin('contact_lists as l', 'l.id', 'e.contact_list_id')
    .select((eb) => [
      'e.id', 'e.contact_id', 'l.default_sequence_template_id as template_id',
      // Enrolled in this template by another run (this run's own row is a retry's, not a prior enrollment).
      eb.exists(eb.selectFrom('sequences as s').select('s.id')
        .whereRef('s.organization_id', '=', 'e.organization_id').whereRef('s.contact_id', '=', 'e.contact_id')
        .whereRef('s.source_contact_entry_id', '=', 'e.id').whereRef('s.sequence_template_id', '=', 'l.default_sequence_template_id')
        .where('s.enrollment_run_id', 'is distinct from', eb(eb.val(`${runId}/`), '||', eb.cast<string>('e.id', 'text')))).as('enrolled'),
    ])
    .where('e.organization_id', '=', organizationId).where('e.id', 'in', entryIds).where('e.enrichment_status', '=', 'DONE')
    .where('e.contact_id', 'is not', null).where('l.default_sequence_template_id', 'is not', null)
    .$narrowType<{ contact_id: string; template_id: string }>()
    .execute();
  const counts = { created: 0, refused: 0, skipped: entryIds.length - rows.length };
  await runItems(rows.filter((r) => !r.enrolled), (r) => [r.contact_id], 16, async (row) => {
    const input = { organizationId, contactId: row.contact_id, sequenceTemplateId: row.template_id, enrollmentRunId: `${runId}/${row.id}`, sourceContactEntryId: row.id };
    const result = await enrollContact(em, deps, input, {
      onCreated: async (created) => {
        const still = await typedKysely(em).selectFrom('contact_entries').select('id').where('id', '=', row.id).executeTakeFirst();
        if (still) return true;
        await endRunDirectly(em, created.sequenceId, 'STOPPED_EARLY', 'REMOVED_FROM_SOURCE_LIST');
        return false;
      },
    });
    if (result.outcome === 'DUPLICATE') counts.skipped++;
    else if (result.outcome === 'REFUSED') counts.refused++;
    else counts.created++;
  });
  counts.skipped += rows.filter((r) => r.enrolled).length;
  return counts;
}
