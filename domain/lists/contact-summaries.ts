// The contact summary events embed (contact_entry.resolved and the other contact events).
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContactSummary } from '../people/records.ts';

/** The contact summary events embed (company from the linked account when the contact has none). */
export async function contactSummaryOf(em: EntityManager, contactId: string): Promise<ContactSummary | null> {
  return (await contactSummariesOf(em, [contactId])).get(contactId) ?? null;
}

/** The event embeds of several contacts, by id (one statement). */
export async function contactSummariesOf(em: EntityManager, contactIds: string[]): Promise<Map<string, ContactSummary>> {
  if (!contactIds.length) return new Map();
  const { rows } = await sql<ContactSummary>`
    SELECT c.id, c.first_name, c.last_name, c.email, c.linkedin_url, c.job_title, COALESCE(c.company_name, a.name) AS company_name, a.domain AS company_domain
      FROM contacts c LEFT JOIN accounts a ON a.id = c.account_id WHERE c.id = ANY (${contactIds}::uuid[])`.execute(em.getKysely());
  return new Map(rows.map((r) => [r.id, r]));
}
