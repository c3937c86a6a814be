// The queries of a paced mailbox's send slots (pacing.ts places them, domain/sequences/send-slot.ts
// holds the rules): the sender's reservation lock, the slots taken, a slot written with its email's
// intent, dropped with it, and a run's next planned send. Each runs on the `em` it is given; none
// opens a transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import { ENDED_STATUSES } from '../sequences/statuses.ts';

/**
 * Serializes the reservations of one sender until the transaction ends (a transaction-scoped
 * advisory lock on the sender's id): taken as the step's last statements, right before its commit,
 * so it is held for a few statements; no provider is called while it is held.
 */
export async function lockSenderSlots(tx: EntityManager, senderId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`send-slots:${senderId}`}, 0))`.execute(typedKysely(tx));
}

/** The sender's slots from `from` on, ascending (epoch milliseconds). */
export async function slotsFrom(tx: EntityManager, senderId: string, from: Date): Promise<number[]> {
  const rows = await typedKysely(tx)
    .selectFrom('sender_send_slots')
    .select('slot_at')
    .where('user_id', '=', senderId)
    .where('slot_at', '>=', from)
    .orderBy('slot_at')
    .execute();
  return rows.map((r) => new Date(r.slot_at).getTime());
}

/** Writes the slot of an email's intent (unique per sender and instant: the database refuses a double). */
export async function insertSlot(
  tx: EntityManager,
  slot: { effectKey: string; senderId: string; slotAt: Date; sequenceId: string | null },
): Promise<void> {
  await typedKysely(tx)
    .insertInto('sender_send_slots')
    .values((eb) => ({
      effect_key: slot.effectKey,
      user_id: slot.senderId,
      slot_at: slot.slotAt,
      sequence_id: slot.sequenceId,
      created_at: eb.fn<Date>('now'),
    }))
    .execute();
}

/** The slot an email's intent holds, or null. */
export async function slotOf(em: EntityManager, effectKey: string): Promise<Date | null> {
  const row = await typedKysely(em)
    .selectFrom('sender_send_slots')
    .select('slot_at')
    .where('effect_key', '=', effectKey)
    .executeTakeFirst();
  return row ? new Date(row.slot_at) : null;
}

/** Drops an email's slot; the slot it held, or null. */
export async function deleteSlot(tx: EntityManager, effectKey: string): Promise<Date | null> {
  const row = await typedKysely(tx)
    .deleteFrom('sender_send_slots')
    .where('effect_key', '=', effectKey)
    .returning('slot_at')
    .executeTakeFirst();
  return row ? new Date(row.slot_at) : null;
}

/** Drops the intent of an email that no attempt has taken (PENDING, never tried); true when dropped. */
export async function dropUntriedEffect(tx: EntityManager, key: string): Promise<boolean> {
  const row = await typedKysely(tx)
    .deleteFrom('outbound_effects')
    .where('key', '=', key)
    .where('state', '=', 'PENDING')
    .where('attempts', '=', 0)
    .returning('key')
    .executeTakeFirst();
  return !!row;
}

/** Forgets the sender's slots older than `before` (sent long ago: no hour or gap looks at them any more). */
export async function forgetSlotsBefore(tx: EntityManager, senderId: string, before: Date): Promise<void> {
  await typedKysely(tx)
    .deleteFrom('sender_send_slots')
    .where('user_id', '=', senderId)
    .where('slot_at', '<', before)
    .execute();
}

/** The sender's slots from `from` on whose email was never tried and whose run has ended (stopped while it waited). */
export async function endedRunSlots(
  tx: EntityManager,
  senderId: string,
  from: Date,
): Promise<{ effect_key: string }[]> {
  return typedKysely(tx)
    .selectFrom('sender_send_slots as s')
    .innerJoin('outbound_effects as e', 'e.key', 's.effect_key')
    .innerJoin('sequences as q', 'q.id', 's.sequence_id')
    .select('s.effect_key')
    .where('s.user_id', '=', senderId)
    .where('s.slot_at', '>=', from)
    .where('e.state', '=', 'PENDING')
    .where('e.attempts', '=', 0)
    .where('q.status', 'in', ENDED_STATUSES)
    .execute();
}

/** The slot of a running, unpaused run's email that has not gone out yet (its intent PENDING), or null. */
export async function nextSendOf(em: EntityManager, sequenceId: string): Promise<Date | null> {
  const row = await typedKysely(em)
    .selectFrom('sender_send_slots as s')
    .innerJoin('outbound_effects as e', 'e.key', 's.effect_key')
    .innerJoin('sequences as q', 'q.id', 's.sequence_id')
    .select('s.slot_at')
    .where('s.sequence_id', '=', sequenceId)
    .where('e.state', '=', 'PENDING')
    .where('q.status', 'not in', ENDED_STATUSES)
    .where('q.status_before_pause', 'is', null)
    .orderBy('s.slot_at')
    .executeTakeFirst();
  return row ? new Date(row.slot_at) : null;
}
