// contact_entry.resolved: an entry linked to its contact, in the transaction that linked it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { emitEvent } from '../activity/emit.ts';
import { contactSummaryOf } from '../people/contact-summaries.ts';

export async function emitResolved(
  tx: EntityManager,
  organizationId: string,
  entry: { id: string; contact_list_id: string; contact_id: string; external_contact_id: string | null },
): Promise<void> {
  await emitEvent(tx, {
    type: 'contact_entry.resolved',
    organizationId,
    contact: await contactSummaryOf(tx, entry.contact_id),
    fields: {
      contact_entry_id: entry.id,
      contact_list_id: entry.contact_list_id,
      external_contact_id: entry.external_contact_id,
    },
  });
}
