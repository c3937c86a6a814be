// The queries of who a step sends as and how much: the sender's user with their connected mailbox,
// and the sender's daily send counter (senders.ts holds the rules). The read and the count, run by
// every email step, are compiled once (db/statement.ts); each runs on the `em` it is given.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';

/**
 * The user a step sends as: the From address is their connected mailbox's, else their
 * mailbox_email, else their email; with the mailbox's id and status when one is connected.
 */
const selectSender = statement((db, userId: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('mailboxes as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.status', '<>', 'DISCONNECTED'))
    .select((eb) => [
      'u.id',
      'u.name',
      eb.fn.coalesce('m.email', 'u.mailbox_email', 'u.email').as('email'),
      'u.daily_send_limit',
      'u.ramp_start',
      'u.ramp_increase',
      'u.ramp_target',
      'u.ramp_started_at',
      'u.hourly_send_limit',
      'u.min_send_gap_seconds',
      'u.max_send_gap_seconds',
      'u.reputation_paused_at',
      eb('u.removed_at', 'is not', null).as('removed'),
      'm.id as mailbox_id',
      'm.status as mailbox_status',
    ])
    .where('u.id', '=', userId),
);

export type Sender = Awaited<ReturnType<typeof selectSender>>['rows'][number];

/** The user as a step sends as them; null when there is none. */
export async function senderRow(em: EntityManager, userId: string): Promise<Sender | null> {
  return (await selectSender(em, userId)).rows[0] ?? null;
}

// Every email step counts one send: compiled once (db/statement.ts).
const countOneSend = statement((db, senderId: string, day: string, limit: number) =>
  db
    .insertInto('sender_daily_sends')
    .values({ user_id: senderId, day, sent: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day'])
        .doUpdateSet((eb) => ({ sent: eb('sender_daily_sends.sent', '+', 1) }))
        .where('sender_daily_sends.sent', '<', limit),
    )
    .returning('sent'),
);

/** Counts one send of the sender on `day` (YYYY-MM-DD) unless the count is at `limit`; true when counted. */
export async function countOneSendOf(
  tx: EntityManager,
  senderId: string,
  day: string,
  limit: number,
): Promise<boolean> {
  return (await countOneSend(tx, senderId, day, limit)).rows.length > 0;
}

/** Gives one send of the sender on `day` (YYYY-MM-DD) back (never below 0). */
export async function uncountOneSend(tx: EntityManager, senderId: string, day: string): Promise<void> {
  await typedKysely(tx)
    .updateTable('sender_daily_sends')
    .set((eb) => ({ sent: eb.fn<number>('greatest', [eb('sent', '-', 1), eb.lit(0)]) }))
    .where('user_id', '=', senderId)
    .where('day', '=', day)
    .execute();
}
