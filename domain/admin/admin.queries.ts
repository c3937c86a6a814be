// The admin feature's queries (credits, the readiness ping, reconcile's
// rows), in typed Kysely where the builder says it, SQL where reconcile reads several tables alike.
// Entities (organizations, users, keys) go through MikroORM in the use cases. Each runs on the `em`
// it is given (its transaction, if any); the use cases beside this file hold the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';

/** Adds `amount` (negative: removes) to the credits in one conditional UPDATE; undefined when the balance would go below 0. */
export function addEnrichmentCredits(em: EntityManager, organizationId: string, amount: number) {
  return typedKysely(em)
    .updateTable('organizations')
    .set((eb) => ({ enrichment_credits: eb('enrichment_credits', '+', amount), updated_at: eb.fn<Date>('now') }))
    .where('id', '=', organizationId)
    .where((eb) => eb(eb('enrichment_credits', '+', amount), '>=', 0))
    .returning('enrichment_credits')
    .executeTakeFirst();
}

export async function enrichmentCredits(em: EntityManager, organizationId: string): Promise<number | undefined> {
  return (
    await typedKysely(em)
      .selectFrom('organizations')
      .select('enrichment_credits')
      .where('id', '=', organizationId)
      .executeTakeFirst()
  )?.enrichment_credits;
}

/** The smallest statement PostgreSQL answers: the readiness probe. */
export async function pingDatabase(em: EntityManager): Promise<void> {
  await em.getConnection().execute('SELECT 1');
}

// ---- Reconcile

/** A row reconcile holds against its workflow. */
export interface ReconcileRow {
  id: string;
  organization_id: string;
  status: string;
  contact_id?: string;
  sequence_template_id?: string;
}

const inOrganization = (organizationId?: string) =>
  organizationId ? sql`AND organization_id = ${organizationId}` : sql``;

/** The runs in one of `statuses` (those that have a workflow), of one organization or all. */
export async function runsWithStatus(
  em: EntityManager,
  statuses: readonly string[],
  organizationId?: string,
): Promise<ReconcileRow[]> {
  const { rows } = await sql<ReconcileRow>`
    SELECT id, organization_id, status, contact_id, sequence_template_id FROM sequences WHERE status = ANY (${statuses}::text[]) ${inOrganization(organizationId)}`.execute(
    em.getKysely(),
  );
  return rows;
}

/** Every signal, of one organization or all. */
export async function allSignals(em: EntityManager, organizationId?: string): Promise<ReconcileRow[]> {
  const { rows } =
    await sql<ReconcileRow>`SELECT id, organization_id, status FROM signals WHERE true ${inOrganization(organizationId)}`.execute(
      em.getKysely(),
    );
  return rows;
}

/** The status of each of these rows of `table` that exists. */
export async function rowStatuses(
  em: EntityManager,
  table: 'sequences' | 'signals',
  ids: string[],
): Promise<{ id: string; status: string }[]> {
  const { rows } = await sql<{
    id: string;
    status: string;
  }>`SELECT id, status FROM ${sql.table(table)} WHERE id::text = ANY (${ids}::text[])`.execute(em.getKysely());
  return rows;
}

/** Contact entries whose profile is not completed (PENDING), oldest first, of one organization or all. */
export async function pendingContactEntries(
  em: EntityManager,
  organizationId?: string,
): Promise<{ id: string; organization_id: string }[]> {
  const { rows } = await sql<{ id: string; organization_id: string }>`
    SELECT id, organization_id FROM contact_entries WHERE enrichment_status = 'PENDING' ${inOrganization(organizationId)} ORDER BY created_at, id`.execute(
    em.getKysely(),
  );
  return rows;
}
