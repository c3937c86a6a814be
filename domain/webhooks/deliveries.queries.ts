// The webhook deliveries' queries, in typed Kysely (one batch update in SQL). The delivery engine's
// reads and writes: the dispatcher's claim of due first attempts (with a
// lease, so a crashed worker's claims come back), the retry workflow's take-over of a row, and each
// outcome (delivered, handed to a retry, failed, a subscription paused). A delivery changes only
// while it is PENDING, so a late attempt never undoes a settled one. Also the API's list and replay.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { nowPlus, typedKysely, type Row } from '../../db/kysely.ts';

type Delivery = Row<'webhook_deliveries'>;
/** The delivery columns a claim or a take-over answers. */
const CLAIMED = ['d.id', 'd.organization_id', 'd.subscription_id', 'd.activity_id', 'd.attempts'] as const;

/** A claimed row with what sending it needs: the subscription's URL, status and secrets, and the event's payload. */
const SENDING = [
  'c.id',
  'c.organization_id',
  'c.subscription_id',
  'c.attempts',
  's.url',
  's.status as subscription_status',
  's.secret_ciphertext',
  's.previous_secret_ciphertext',
  's.previous_secret_expires_at',
  'a.payload',
] as const;

/**
 * Claims up to `limit` due first attempts, oldest due first: each counts an attempt and is leased
 * for `leaseMs` (rows another dispatcher holds locked are skipped, not waited for).
 */
export async function claimDueDeliveries(em: EntityManager, limit: number, leaseMs: number) {
  return typedKysely(em)
    .with('due', (db) =>
      db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'PENDING')
        .where((eb) =>
          eb.and([
            eb('next_attempt_at', '<=', eb.fn<Date>('now')),
            eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', eb.fn<Date>('now'))]),
          ]),
        )
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .with('claimed', (db) =>
      db
        .updateTable('webhook_deliveries as d')
        .from('due')
        .set((eb) => ({
          lease_until: nowPlus(leaseMs),
          attempts: eb('d.attempts', '+', 1),
          updated_at: eb.fn<Date>('now'),
        }))
        .whereRef('d.id', '=', 'due.id')
        .returning(CLAIMED),
    )
    .selectFrom('claimed as c')
    .innerJoin('webhook_subscriptions as s', 's.id', 'c.subscription_id')
    .innerJoin('activities as a', 'a.id', 'c.activity_id')
    .select(SENDING)
    .execute();
}

/** A delivery to send now, with its subscription and payload. */
export type DueDelivery = Awaited<ReturnType<typeof claimDueDeliveries>>[number];

/**
 * The retry workflow takes the row over for one attempt (it counts the attempt and clears the
 * dispatcher's lease); undefined when the delivery is no longer PENDING.
 */
export async function takeOverDelivery(
  em: EntityManager,
  deliveryId: string,
  workflowId: string,
  now: Date,
): Promise<DueDelivery | undefined> {
  return typedKysely(em)
    .with('claimed', (db) =>
      db
        .updateTable('webhook_deliveries as d')
        .set((eb) => ({
          attempts: eb('d.attempts', '+', 1),
          next_attempt_at: null,
          lease_until: null,
          retry_workflow_id: workflowId,
          updated_at: now,
        }))
        .where('d.id', '=', deliveryId)
        .where('d.status', '=', 'PENDING')
        .returning(CLAIMED),
    )
    .selectFrom('claimed as c')
    .innerJoin('webhook_subscriptions as s', 's.id', 'c.subscription_id')
    .innerJoin('activities as a', 'a.id', 'c.activity_id')
    .select(SENDING)
    .executeTakeFirst();
}

export async function deliveryStatus(em: EntityManager, deliveryId: string): Promise<Delivery['status'] | undefined> {
  const row = await typedKysely(em)
    .selectFrom('webhook_deliveries')
    .select('status')
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  return row?.status;
}

/** The delivery fails for good; `code` null keeps the last response code, `at` null is the database's clock. */
export async function markDeliveryFailed(
  em: EntityManager,
  id: string,
  code: number | null,
  error: string,
  at: Date | null,
): Promise<void> {
  await typedKysely(em)
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: 'FAILED',
      last_response_code: code ?? eb.ref('last_response_code'),
      last_error: error,
      next_attempt_at: null,
      lease_until: null,
      updated_at: at ?? eb.fn<Date>('now'),
    }))
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

/** The dispatcher lets go of a failed first attempt: the retry workflow `workflowId` owns the rest. */
export async function handDeliveryToRetry(
  em: EntityManager,
  id: string,
  workflowId: string,
  code: number | null,
  error: string | null,
): Promise<void> {
  await typedKysely(em)
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      next_attempt_at: null,
      lease_until: null,
      retry_workflow_id: workflowId,
      last_response_code: code,
      last_error: error,
      updated_at: eb.fn<Date>('now'),
    }))
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

/** One statement for a whole batch of successes (the common case at volume), then their subscriptions' last success. */
export async function recordDelivered(
  em: EntityManager,
  done: { id: string; code: number; subscriptionId: string }[],
): Promise<void> {
  if (done.length === 0) return;
  // SQL: UPDATE ... FROM unnest() of parallel arrays (one statement for the batch).
  await sql`
    UPDATE webhook_deliveries d SET status = 'DELIVERED', delivered_at = now(), last_response_code = v.code, last_error = NULL,
           next_attempt_at = NULL, lease_until = NULL, updated_at = now()
      FROM unnest(${done.map((d) => d.id)}::text[], ${done.map((d) => d.code)}::int[]) AS v(id, code)
     WHERE d.id = v.id AND d.status = 'PENDING'`.execute(em.getKysely());
  const subscriptions = [...new Set(done.map((d) => d.subscriptionId))];
  await typedKysely(em)
    .updateTable('webhook_subscriptions')
    .set((eb) => ({ last_success_at: eb.fn<Date>('now') }))
    .where((eb) => eb('id', '=', eb.fn.any(eb.val(subscriptions))))
    .execute();
}

/** A retry attempt succeeded at `now` (workflow time): the delivery and its subscription's last success. */
export async function markDelivered(
  em: EntityManager,
  delivery: Pick<DueDelivery, 'id' | 'subscription_id'>,
  code: number | null,
  now: Date,
): Promise<void> {
  await typedKysely(em)
    .updateTable('webhook_deliveries')
    .set({ status: 'DELIVERED', delivered_at: now, last_response_code: code, last_error: null, updated_at: now })
    .where('id', '=', delivery.id)
    .where('status', '=', 'PENDING')
    .execute();
  await typedKysely(em)
    .updateTable('webhook_subscriptions')
    .set((eb) => ({ last_success_at: eb.fn<Date>('greatest', ['last_success_at', eb.val(now)]) }))
    .where('id', '=', delivery.subscription_id)
    .execute();
}

/** A retry attempt failed: its answer is kept, the row stays PENDING for the next attempt. */
export async function recordAttemptFailure(
  em: EntityManager,
  id: string,
  code: number | null,
  error: string | null,
  now: Date,
): Promise<void> {
  await typedKysely(em)
    .updateTable('webhook_deliveries')
    .set({ last_response_code: code, last_error: error, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

/** After the last attempt: the delivery fails; answers its subscription, or undefined when it was settled already. */
export async function failExhaustedDelivery(em: EntityManager, id: string, now: Date): Promise<string | undefined> {
  const row = await typedKysely(em)
    .updateTable('webhook_deliveries')
    .set({ status: 'FAILED', next_attempt_at: null, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returning('subscription_id')
    .executeTakeFirst();
  return row?.subscription_id;
}

/**
 * Pauses an ACTIVE subscription with the service's reason (`at` null: the database's clock); with
 * `quietSince`, only one whose last success (or creation) is no later than that. True when it was paused.
 */
export async function pauseSubscription(
  em: EntityManager,
  id: string,
  reason: string,
  at: Date | null,
  quietSince?: Date,
): Promise<boolean> {
  const result = await typedKysely(em)
    .updateTable('webhook_subscriptions')
    .set((eb) => ({
      status: 'PAUSED',
      status_reason: reason,
      status_changed_at: at ?? eb.fn<Date>('now'),
      updated_at: at ?? eb.fn<Date>('now'),
    }))
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .$if(quietSince !== undefined, (q) =>
      q.where((eb) => eb(eb.fn.coalesce('last_success_at', 'created_at'), '<=', quietSince!)),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- The API's reads and the replay

/** One page of a subscription's deliveries, newest or oldest first, and how many match. */
export async function deliveryPage(
  em: EntityManager,
  organizationId: string,
  subscriptionId: string,
  filters: { status?: Delivery['status'] },
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ rows: Delivery[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('webhook_deliveries')
    .where('organization_id', '=', organizationId)
    .where('subscription_id', '=', subscriptionId)
    .$if(!!filters.status, (q) => q.where('status', '=', filters.status!));
  const rows = await matching
    .selectAll()
    .orderBy('created_at', page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(counted.total) };
}

/** Locks the subscription's delivery (FOR UPDATE) and reads its status; undefined when there is none. */
export function lockDeliveryStatus(
  tx: EntityManager,
  organizationId: string,
  subscriptionId: string,
  deliveryId: string,
) {
  return typedKysely(tx)
    .selectFrom('webhook_deliveries')
    .select('status')
    .where('id', '=', deliveryId)
    .where('subscription_id', '=', subscriptionId)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

/** Puts the delivery back in the dispatcher's queue: PENDING, no attempts, due `now`. */
export function requeueDelivery(tx: EntityManager, deliveryId: string, now: Date): Promise<Delivery> {
  return typedKysely(tx)
    .updateTable('webhook_deliveries')
    .set({
      status: 'PENDING',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      retry_workflow_id: null,
      updated_at: now,
    })
    .where('id', '=', deliveryId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
