// The queries of an enrollment's email verification (verification.ts holds the rules): the address
// asked about with its stored status, and the verifier's answer stored only while the address is
// unchanged. Typed Kysely, on the `em` each is given.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../../db/kysely.ts';
import type { VerificationStatus } from '../../../providers/verifier/index.ts';

/** The email a verification asks about and its stored status. */
export async function contactEmail(em: EntityManager, organizationId: string, contactId: string) {
  return typedKysely(em)
    .selectFrom('contacts')
    .select(['email', 'email_status'])
    .where('id', '=', contactId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Stores the verifier's answer, only if the address is still `email` (an answer for an old address would be wrong). */
export async function storeVerification(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  email: string,
  status: VerificationStatus,
): Promise<void> {
  await typedKysely(em)
    .updateTable('contacts')
    .set((eb) => ({ email_status: status, email_verified_at: eb.fn<Date>('now'), updated_at: eb.fn<Date>('now') }))
    .where('id', '=', contactId)
    .where('organization_id', '=', organizationId)
    .where('email', '=', email)
    .execute();
}
