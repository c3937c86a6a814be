// The watch over inboxes nobody reads: a CONNECTED mailbox whose inbox has not been read to its end
// (last_synced_at, else since it was connected) for longer than the stall limit, while no sync
// said why, gets a sync_error saying so. That covers the syncs that cannot say it themselves: one
// that never started, waits for a free slot, hangs, or whose worker is gone. The next sync that
// reads the inbox clears it. Every mailbox worker runs it; the update is the same from any of them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { IMAP_ERROR_PREFIX } from './inbox-cursor.ts';
import { markUnread } from './mailboxes.queries.ts';

/** Marks the unread inboxes; answers how many were newly marked. */
export async function markUnreadInboxes(em: EntityManager, stallMinutes: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - stallMinutes * 60_000);
  return markUnread(em, IMAP_ERROR_PREFIX, now, before);
}
