// Contact summaries as events embed them (id, names, identifiers, job title, company), read with
// the contact's account: the company name falls back to the account's, the domain is the account's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { contactSummaryRows } from './people.queries.ts';
import type { ContactSummary } from './records.ts';

/** The event embed of one contact, or null when it is gone. */
export async function contactSummaryOf(em: EntityManager, contactId: string): Promise<ContactSummary | null> {
  return (await contactSummariesOf(em, [contactId])).get(contactId) ?? null;
}

/** The event embeds of several contacts, by id (one statement). */
export async function contactSummariesOf(
  em: EntityManager,
  contactIds: string[],
): Promise<Map<string, ContactSummary>> {
  if (!contactIds.length) return new Map();
  const rows = await contactSummaryRows(em, contactIds);
  return new Map(rows.map((r) => [r.id, r]));
}
