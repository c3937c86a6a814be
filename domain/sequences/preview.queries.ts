// What a step's preview and the content check read: a contact with its account's name and domain
// (the fields a step renders with), and the organization's email settings (tracking domain, sender
// identity and postal address). Reads only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';

/** The contact of the organization as a step renders it; undefined when there is none. */
export function previewContactRow(em: EntityManager, organizationId: string, contactId: string) {
  return typedKysely(em)
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select([
      'c.id as contact_id',
      'c.account_id as contact_account_id',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.job_title',
      'c.company_name',
      'c.linkedin_url',
      'c.phone',
      'a.name as account_name',
      'a.domain as account_domain',
    ])
    .where('c.id', '=', contactId)
    .where('c.organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** The organization's settings every email of it follows. */
export function organizationEmailRow(em: EntityManager, organizationId: string) {
  return typedKysely(em)
    .selectFrom('organizations')
    .select(['tracking_domain', 'sender_identity', 'postal_address'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
}
