// The queries of importing a batch of contacts (contact-import.ts holds the rules) in a fixed number
// of statements: the contacts and the suppressions matching the batch's identifiers, the new contacts
// inserted, and the matched ones updated in one statement (raw SQL: UPDATE ... FROM (VALUES ...)).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Insertable } from 'kysely';
import { typedKysely, type DB } from '../../db/kysely.ts';

/** The organization's contacts holding any of these emails or LinkedIn URLs. */
export function contactsMatchingIdentifiers(
  em: EntityManager,
  organizationId: string,
  emails: string[],
  linkedinUrls: string[],
) {
  return typedKysely(em)
    .selectFrom('contacts')
    .select(['id', 'email', 'linkedin_url', 'company_name', 'account_id'])
    .where('organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([eb('email', '=', eb.fn.any(eb.val(emails))), eb('linkedin_url', '=', eb.fn.any(eb.val(linkedinUrls)))]),
    )
    .execute();
}

/** The organization's suppressions among these hashes. */
export function suppressionsAmong(em: EntityManager, organizationId: string, valueHashes: string[]) {
  return typedKysely(em)
    .selectFrom('suppressions')
    .select(['kind', 'value_hash'])
    .where('organization_id', '=', organizationId)
    .where((eb) => eb('value_hash', '=', eb.fn.any(eb.val(valueHashes))))
    .execute();
}

export type ImportedContactRow = Pick<
  Insertable<DB['contacts']>,
  'id' | 'account_id' | 'email' | 'linkedin_url' | 'first_name' | 'last_name' | 'job_title' | 'company_name'
>;

/** Inserts new contacts (unverified, first seen now). */
export async function insertImportedContacts(
  em: EntityManager,
  organizationId: string,
  rows: ImportedContactRow[],
  now: Date,
): Promise<void> {
  await typedKysely(em)
    .insertInto('contacts')
    .values(
      rows.map((row) => ({
        ...row,
        organization_id: organizationId,
        email_status: 'UNVERIFIED' as const,
        first_seen_at: now,
        last_seen_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export interface ImportedContactUpdate {
  id: string;
  email: string | null;
  linkedin_url: string | null;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  company_name: string | null;
  account_id: string | null;
}

/**
 * Updates matched contacts in one statement: identifiers only fill gaps, other known (non-null)
 * fields overwrite. SQL: UPDATE ... FROM (VALUES ...) with per-column coalesce.
 */
export async function updateImportedContacts(
  em: EntityManager,
  rows: ImportedContactUpdate[],
  now: Date,
): Promise<void> {
  await sql`
    UPDATE contacts c SET
      email = coalesce(c.email, v.email), linkedin_url = coalesce(c.linkedin_url, v.linkedin_url),
      first_name = coalesce(v.first_name, c.first_name), last_name = coalesce(v.last_name, c.last_name), job_title = coalesce(v.job_title, c.job_title),
      company_name = coalesce(v.company_name, c.company_name), account_id = coalesce(v.account_id, c.account_id),
      last_seen_at = ${now}, updated_at = ${now}
    FROM (VALUES ${sql.join(rows.map((r) => sql`(${r.id}::uuid, ${r.email}::text, ${r.linkedin_url}::text, ${r.first_name}::text, ${r.last_name}::text, ${r.job_title}::text, ${r.company_name}::text, ${r.account_id}::uuid)`))}) AS v (id, email, linkedin_url, first_name, last_name, job_title, company_name, account_id)
    WHERE c.id = v.id`.execute(em.getKysely());
}
