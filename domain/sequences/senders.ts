// The sender of a run's message steps and the daily send limit's counter: who an email goes out
// from, and how many emails their mailbox has sent on a UTC day.
import type { EntityManager } from '@mikro-orm/postgresql';
import { utcDate } from '../shared/time.ts';
import type { RunRow } from './runs.ts';
import { countOneSendOf, senderRow, uncountOneSend, type Sender } from './senders.queries.ts';

export type { Sender } from './senders.queries.ts';

/** The run's sender, else its template's; null when neither names one. */
export async function stepSender(
  em: EntityManager,
  row: Pick<RunRow, 'sender_id' | 'template_sender_id'>,
): Promise<Sender | null> {
  const id = row.sender_id ?? row.template_sender_id;
  return id ? senderRow(em, id) : null;
}

/**
 * Counts one email against the sender's limit for the UTC day of `at`, in the step's transaction
 * with the email's intent: counted once per email, never per attempt. False when the limit is reached.
 */
export async function countSend(tx: EntityManager, senderId: string, limit: number, at: Date): Promise<boolean> {
  if (limit < 1) return false;
  return countOneSendOf(tx, senderId, utcDate(at), limit);
}

/** A refused email was not sent: it gives its place in the day's count back. */
export async function uncountSend(tx: EntityManager, senderId: string, at: Date): Promise<void> {
  await uncountOneSend(tx, senderId, utcDate(at));
}
