// The watch over inboxes nobody reads: a CONNECTED mailbox whose inbox has not been read to its end
// (last_synced_at, else since it was connected) for longer than the stall limit, while no sync
// said why, gets a sync_error saying so. That covers the syncs that cannot say it themselves: one
// that never started, waits for a free slot, hangs, or whose worker is gone. The next sync that
// reads the inbox clears it. Every mailbox worker runs it; the update is the same from any of them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import { IMAP_ERROR_PREFIX } from './inbox-cursor.ts';

/** Marks the unread inboxes; answers how many were newly marked. */
export async function markUnreadInboxes(em: EntityManager, stallMinutes: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - stallMinutes * 60_000);
  const since = sql<Date>`coalesce("last_synced_at", "created_at")`;
  const minutes = sql<string>`floor(extract(epoch from (${now}::timestamptz - ${since})) / 60)::int`;
  const marked = await typedKysely(em).updateTable('mailboxes')
    .set({
      sync_error: sql<string>`${IMAP_ERROR_PREFIX} || 'the inbox has not been read for ' || ${minutes} || ' minutes: no sync is reading it (mailbox worker down, out of slots, or stuck)'`,
      sync_error_since: since,
    })
    .where('status', '=', 'CONNECTED').where('sync_error', 'is', null).where(since, '<', before)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows);
}
