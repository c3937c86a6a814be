// The webhook subscriptions' queries (create, read, list, patch, delete, rotate), in typed Kysely.
// Each runs on the `em` it is given (its transaction, if any); subscriptions.service.ts holds the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Insertable, Updateable } from 'kysely';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';

type SubscriptionRow = Row<'webhook_subscriptions'>;

export const SUBSCRIPTION_SORT_FIELDS = ['created_at', 'updated_at', 'name'] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORT_FIELDS)[number];

/** The organization's subscription (locked FOR UPDATE with `lock`); undefined when there is none. */
export function subscriptionRow(
  em: EntityManager,
  organizationId: string,
  id: string,
  lock: boolean,
): Promise<SubscriptionRow | undefined> {
  return typedKysely(em)
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

export function insertSubscription(
  tx: EntityManager,
  values: Insertable<DB['webhook_subscriptions']>,
): Promise<SubscriptionRow> {
  return typedKysely(tx).insertInto('webhook_subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Writes `sets` to the subscription and answers its row. */
export function updateSubscriptionRow(
  tx: EntityManager,
  id: string,
  sets: Updateable<DB['webhook_subscriptions']>,
): Promise<SubscriptionRow> {
  return typedKysely(tx)
    .updateTable('webhook_subscriptions')
    .set(sets)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the organization's subscription; true when there was one. */
export async function deleteSubscriptionRow(em: EntityManager, organizationId: string, id: string): Promise<boolean> {
  const result = await typedKysely(em)
    .deleteFrom('webhook_subscriptions')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One page of the organization's subscriptions, and how many match. */
export async function subscriptionPage(
  em: EntityManager,
  organizationId: string,
  filters: { status?: SubscriptionRow['status'] },
  page: { limit: number; offset: number; sortBy: SubscriptionSort; sortOrder: 'asc' | 'desc' },
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('webhook_subscriptions')
    .where('organization_id', '=', organizationId)
    .$if(!!filters.status, (q) => q.where('status', '=', filters.status!));
  const rows = await matching
    .selectAll()
    .orderBy(page.sortBy, page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(counted.total) };
}
