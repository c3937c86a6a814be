// The lead-import workflow's steps (activities/lead-import.activities.ts): profile completion from
// the directory, failure, enrollment with source_contact_entry_id.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory, DirectoryPerson } from '../../providers/directory/index.ts';
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

interface PendingRow {
  id: string;
  contact_list_id: string;
  contact_id: string;
  external_contact_id: string | null;
  email: string | null;
  linkedin_url: string | null;
  first_name: string | null;
  last_name: string | null;
  account_id: string | null;
  domain: string | null;
}

/**
 * Completes each PENDING entry's contact from the directory (matched by email, LinkedIn URL, then
 * name at the company domain): only gaps are filled, workspace values always win; an email or URL
 * another contact already holds is not copied. A contact without account is linked to its
 * company's. Then, in the same transaction, the entry is DONE and contact_entry.resolved emitted.
 * Idempotent: entries no longer PENDING (or deleted) are skipped.
 */
export async function importLeads(em: EntityManager, directory: Directory, organizationId: string, entryIds: string[]): Promise<string[]> {
  const { rows } = await sql<PendingRow>`
    SELECT e.id, e.contact_list_id, e.contact_id, e.external_contact_id, c.email, c.linkedin_url, c.first_name, c.last_name, c.account_id, a.domain
      FROM contact_entries e JOIN contacts c ON c.id = e.contact_id LEFT JOIN accounts a ON a.id = c.account_id
     WHERE e.organization_id = ${organizationId} AND e.id = ANY (${entryIds}::uuid[]) AND e.enrichment_status = 'PENDING'`.execute(em.getKysely());
  const resolved: string[] = [];
  await runItems(rows, (r) => [r.contact_id], ITEM_CONCURRENCY, async (row) => {
    const person = await findPerson(directory, row);
    const done = await em.fork().transactional(async (tx) => {
      const db = tx.getKysely();
      const now = new Date();
      if (person) {
        let accountId: string | null = null;
        if (!row.account_id && person.company) {
          const account = await sql<{ id: string }>`
            INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at)
            VALUES (gen_random_uuid(), ${organizationId}, ${person.company.name}, ${person.company.domain}, ${now}, ${now}, ${now}, ${now})
            ON CONFLICT (organization_id, domain) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at RETURNING id`.execute(db);
          accountId = account.rows[0].id;
        }
        const free = (column: 'email' | 'linkedin_url', value: string | null) => sql`COALESCE(${sql.ref(column)}, (
          SELECT ${value}::text WHERE ${value}::text IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM contacts o WHERE o.organization_id = ${organizationId} AND o.${sql.ref(column)} = ${value}::text)))`;
        await sql`
          UPDATE contacts SET first_name = COALESCE(first_name, ${person.firstName}), last_name = COALESCE(last_name, ${person.lastName}),
                 job_title = COALESCE(job_title, ${person.jobTitle}), phone = COALESCE(phone, ${person.phone}),
                 company_name = COALESCE(company_name, ${person.company?.name ?? null}), account_id = COALESCE(account_id, ${accountId}::uuid),
                 email = ${free('email', person.email)}, linkedin_url = ${free('linkedin_url', person.linkedinUrl)}, updated_at = ${now}
           WHERE id = ${row.contact_id}`.execute(db);
      }
      const marked = await sql<{ id: string }>`
        UPDATE contact_entries SET enrichment_status = 'DONE', enrichment_error = NULL, resolved_at = ${now}, updated_at = ${now}
         WHERE id = ${row.id} AND enrichment_status = 'PENDING' RETURNING id`.execute(db);
      if (!marked.rows[0]) return false;
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
  const result = await sql`
    UPDATE contact_entries SET enrichment_status = 'FAILED', enrichment_error = ${reason}, updated_at = ${new Date()}
     WHERE organization_id = ${organizationId} AND id = ANY (${entryIds}::uuid[]) AND enrichment_status = 'PENDING'`.execute(em.getKysely());
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Enrolls resolved entries in their list's current default template through the one enrollment
 * path (domain/sequences/enrollment), with source_contact_entry_id set. An entry is enrolled at
 * most once per template; an entry deleted meanwhile has its new run stopped instead of started.
 * Idempotent per (run, entry): a retried chunk finds the rows it wrote.
 */
export async function enrollEntries(em: EntityManager, deps: EnrollmentDeps, organizationId: string, entryIds: string[], runId: string) {
  const { rows } = await sql<{ id: string; contact_id: string; template_id: string; enrolled: boolean }>`
    SELECT e.id, e.contact_id, l.default_sequence_template_id AS template_id,
           EXISTS (SELECT 1 FROM sequences s WHERE s.organization_id = e.organization_id AND s.contact_id = e.contact_id
                      AND s.source_contact_entry_id = e.id AND s.sequence_template_id = l.default_sequence_template_id
                      AND s.enrollment_run_id IS DISTINCT FROM (${runId} || '/' || e.id::text)) AS enrolled
      FROM contact_entries e JOIN contact_lists l ON l.id = e.contact_list_id
     WHERE e.organization_id = ${organizationId} AND e.id = ANY (${entryIds}::uuid[]) AND e.enrichment_status = 'DONE'
       AND e.contact_id IS NOT NULL AND l.default_sequence_template_id IS NOT NULL`.execute(em.getKysely());
  const counts = { created: 0, refused: 0, skipped: entryIds.length - rows.length };
  await runItems(rows.filter((r) => !r.enrolled), (r) => [r.contact_id], 16, async (row) => {
    const input = { organizationId, contactId: row.contact_id, sequenceTemplateId: row.template_id, enrollmentRunId: `${runId}/${row.id}`, sourceContactEntryId: row.id };
    const result = await enrollContact(em, deps, input, {
      onCreated: async (created) => {
        const still = await sql<{ id: string }>`SELECT id FROM contact_entries WHERE id = ${row.id}`.execute(em.getKysely());
        if (still.rows[0]) return true;
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
