// The queries of a sender's reputation (reputation.ts holds the rules): who sent a message (the
// run's sender, else its template's), the sender's latest emails and how many bounced, and the
// pause columns of the user row.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';

/** The sender of an outbound message of a run (the run's sender, else its template's); null when none. */
export async function senderOfMessage(tx: EntityManager, organizationId: string, messageId: string) {
  const row = await typedKysely(tx)
    .selectFrom('messages as m')
    .innerJoin('sequences as s', 's.id', 'm.sequence_id')
    .innerJoin('sequence_templates as t', 't.id', 's.sequence_template_id')
    .select((eb) => eb.fn.coalesce('s.sender_id', 't.sender_user_id').as('sender_id'))
    .where('m.organization_id', '=', organizationId)
    .where('m.id', '=', messageId)
    .executeTakeFirst();
  return row?.sender_id ?? null;
}

/** The sender's latest `window` outbound emails sent after `since` (null: ever): how many, and how many bounced. */
export async function recentSendsOf(
  tx: EntityManager,
  organizationId: string,
  senderId: string,
  window: number,
  since: Date | null,
): Promise<{ sent: number; bounced: number }> {
  const db = typedKysely(tx);
  let latest = db
    .selectFrom('messages as m')
    .innerJoin('sequences as s', 's.id', 'm.sequence_id')
    .innerJoin('sequence_templates as t', 't.id', 's.sequence_template_id')
    .select('m.bounced_at')
    .where('m.organization_id', '=', organizationId)
    .where('m.direction', '=', 'OUTBOUND')
    .where('m.channel', '=', 'EMAIL')
    .where((eb) => eb(eb.fn.coalesce('s.sender_id', 't.sender_user_id'), '=', senderId));
  if (since) latest = latest.where('m.sent_at', '>', since);
  const row = await db
    .selectFrom(latest.orderBy('m.sent_at', 'desc').orderBy('m.id', 'desc').limit(window).as('w'))
    .select((eb) => [eb.fn.countAll<string>().as('sent'), eb.fn.count<string>('w.bounced_at').as('bounced')])
    .executeTakeFirstOrThrow();
  return { sent: Number(row.sent), bounced: Number(row.bounced) };
}

/** Pauses the sender unless already paused; the row when this call paused it. */
export function pauseSenderRow(tx: EntityManager, userId: string, reason: string, at: Date) {
  return typedKysely(tx)
    .updateTable('users')
    .set({ reputation_paused_at: at, reputation_pause_reason: reason })
    .where('id', '=', userId)
    .where('reputation_paused_at', 'is', null)
    .returning(['id', 'organization_id', 'email'])
    .executeTakeFirst();
}

/** The sender's pause, read under a row lock (the resume's transaction). */
export function lockedPauseOf(tx: EntityManager, userId: string) {
  return typedKysely(tx)
    .selectFrom('users')
    .select(['id', 'organization_id', 'reputation_paused_at', 'reputation_pause_reason'])
    .where('id', '=', userId)
    .where('removed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Clears the sender's pause; the bounce window starts again at `at`. */
export async function clearPause(tx: EntityManager, userId: string, at: Date): Promise<void> {
  await typedKysely(tx)
    .updateTable('users')
    .set({ reputation_paused_at: null, reputation_pause_reason: null, reputation_resumed_at: at })
    .where('id', '=', userId)
    .execute();
}

/** Whether the sender's emails are paused for their reputation. */
export async function senderPaused(em: EntityManager, userId: string): Promise<boolean> {
  const row = await typedKysely(em)
    .selectFrom('users')
    .select('reputation_paused_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return !!row?.reputation_paused_at;
}

/** When the sender was last resumed (the bounce window's start), or null. */
export async function resumedAtOf(tx: EntityManager, userId: string): Promise<Date | null> {
  const row = await typedKysely(tx)
    .selectFrom('users')
    .select('reputation_resumed_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.reputation_resumed_at ? new Date(row.reputation_resumed_at) : null;
}
