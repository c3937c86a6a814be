// The suppressions of erased people (db/entities/suppression.entity.ts): the one write of their
// hashes, shared by DELETE /v1/contacts/{id} and the erasure job.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import type { SuppressionHash } from './contact-identity.ts';

/** The suppression hashes that keep the person from being added again. */
export async function insertSuppressions(
  em: EntityManager,
  organizationId: string,
  hashes: SuppressionHash[],
): Promise<void> {
  if (!hashes.length) return;
  await typedKysely(em)
    .insertInto('suppressions')
    .values((eb) =>
      hashes.map((h) => ({
        organization_id: organizationId,
        kind: h.kind,
        value_hash: h.valueHash,
        created_at: eb.fn<Date>('now'),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
