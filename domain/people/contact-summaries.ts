// Contact summaries as events embed them (id, names, identifiers, job title, company), read with
// the contact's account: the company name falls back to the account's, the domain is the account's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import type { ContactSummary } from './records.ts';

/** Contacts (alias c) joined with their account (alias a), selecting the summary's fields; callers add the where. */
export function contactSummaryQuery(em: EntityManager) {
  return typedKysely(em)
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select((eb) => [
      'c.id', 'c.first_name', 'c.last_name', 'c.email', 'c.linkedin_url', 'c.job_title',
      eb.fn.coalesce('c.company_name', 'a.name').as('company_name'), 'a.domain as company_domain',
    ]);
}

/** The event embed of one contact, or null when it is gone. */
export async function contactSummaryOf(em: EntityManager, contactId: string): Promise<ContactSummary | null> {
  return (await contactSummariesOf(em, [contactId])).get(contactId) ?? null;
}

/** The event embeds of several contacts, by id (one statement). */
export async function contactSummariesOf(em: EntityManager, contactIds: string[]): Promise<Map<string, ContactSummary>> {
  if (!contactIds.length) return new Map();
  const rows = await contactSummaryQuery(em).where('c.id', 'in', contactIds).execute();
  return new Map(rows.map((r) => [r.id, r]));
}
