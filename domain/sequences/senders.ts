// The sender of a run's message steps and the daily send limit's counter: who an email goes out
// from, and how many emails their mailbox has sent on a UTC day.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';
import { utcDate } from '../shared/time.ts';
import type { RunRow } from './runs.ts';

/**
 * The user a step sends as: the From address is their connected mailbox's, else their
 * mailbox_email, else their email; with the mailbox's id and status when one is connected.
 */
const selectSender = statement((db, userId: string) => db.selectFrom('users as u')
    .leftJoin('mailboxes as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.status', '<>', 'DISCONNECTED'))
    .select((eb) => [
      'u.id', 'u.name', eb.fn.coalesce('m.email', 'u.mailbox_email', 'u.email').as('email'), 'u.daily_send_limit', eb('u.removed_at', 'is not', null).as('removed'),
      'm.id as mailbox_id', 'm.status as mailbox_status',
    ])
    .where('u.id', '=', userId));

export type Sender = Awaited<ReturnType<typeof selectSender>>['rows'][number];

/** The run's sender, else its template's; null when neither names one. */
export async function stepSender(em: EntityManager, row: Pick<RunRow, 'sender_id' | 'template_sender_id'>): Promise<Sender | null> {
  const id = row.sender_id ?? row.template_sender_id;
  return id ? (await selectSender(em, id)).rows[0] ?? null : null;
}

/**
 * Counts one email against the sender's limit for the UTC day of `at`, in the step's transaction
 * with the email's intent: counted once per email, never per attempt. False when the limit is reached.
 */
export async function countSend(tx: EntityManager, senderId: string, limit: number, at: Date): Promise<boolean> {
  if (limit < 1) return false;
  return (await countOneSend(tx, senderId, utcDate(at), limit)).rows.length > 0;
}

// Every email step counts one send: compiled once (db/statement.ts).
const countOneSend = statement((db, senderId: string, day: string, limit: number) => db.insertInto('sender_daily_sends')
  .values({ user_id: senderId, day, sent: 1 })
  .onConflict((oc) => oc.columns(['user_id', 'day'])
    .doUpdateSet((eb) => ({ sent: eb('sender_daily_sends.sent', '+', 1) }))
    .where('sender_daily_sends.sent', '<', limit))
  .returning('sent'));

/** A refused email was not sent: it gives its place in the day's count back. */
export async function uncountSend(tx: EntityManager, senderId: string, at: Date): Promise<void> {
  await typedKysely(tx).updateTable('sender_daily_sends')
    .set((eb) => ({ sent: eb.fn<number>('greatest', [eb('sent', '-', 1), eb.lit(0)]) }))
    .where('user_id', '=', senderId).where('day', '=', utcDate(at))
    .execute();
}
